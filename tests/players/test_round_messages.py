"""Seat and results messages through the change channel (tournament.events.tournament_changed): seating a
round tells each signed-up player with an e-mail his table and seat; closing the last round tells his rank."""

from __future__ import annotations

import re

import pytest

from players.models import Message, MessageKind
from signup import services as signup_services
from tournament import rounds
from tournament.models import Seat

pytestmark = pytest.mark.django_db


def _checked_in_sign_ups(tournament, count: int) -> None:
    for number in range(count):
        done = signup_services.sign_up(tournament=tournament, name=f"Gast {number}", club="TC Test",
                                       email=f"gast{number}@example.invalid", address=f"a{number}")
        signup_services.confirm(sign_up=done)
        signup_services.check_in(sign_up=done)


def test_seating_a_round_tells_each_player_table_and_seat(coming_tournament, make_tournament, smtp_server, mail_to,
                                                         run_worker, django_capture_on_commit_callbacks):
    server = smtp_server()
    mail_to(server)
    tournament = coming_tournament(cap=None)
    with django_capture_on_commit_callbacks(execute=True):
        _checked_in_sign_ups(tournament, 8)
    run_worker()
    server.wait_for(8)  # the sign-ups' confirmations
    first = tournament.round_set.get(number=1)
    with django_capture_on_commit_callbacks(execute=True):
        rounds.seat_round(round=first, seed="x")
    assert Message.objects.filter(kind=MessageKind.SEATED, round_number=1).count() == 8
    run_worker()
    seat_mails = [m for m in server.wait_for(16) if "Tisch" in m["Subject"]]
    assert len(seat_mails) == 8
    for mail in seat_mails:
        name = re.search(r"Hallo (.+),", mail.get_content()).group(1)
        seat = first.tables.get(seats__entry__player__name=name).seats.get(entry__player__name=name)
        assert f"Tisch {seat.table.number}, Platz {seat.position + 1}" in mail["Subject"]
        assert name in mail.get_content().split("Am Tisch:")[1]
    told = {m["To"]: m["Subject"] for m in seat_mails}
    # Seated again (a redraw): each player whose seat is another now is told his new one, the others nothing.
    seats_before = {seat.entry.player.name: (seat.table.number, seat.position)
                    for seat in Seat.objects.filter(table__round=first).select_related("entry__player", "table")}
    with django_capture_on_commit_callbacks(execute=True):
        rounds.seat_round(round=first, seed="y")
    moved = {seat.entry.player.name: seat for seat in Seat.objects.filter(table__round=first).select_related(
        "entry__player", "table") if (seat.table.number, seat.position) != seats_before[seat.entry.player.name]}
    assert 0 < len(moved) <= 8
    corrections = Message.objects.filter(kind=MessageKind.SEATED, revision=1)
    assert corrections.count() == len(moved)
    run_worker()
    new_mails = [m for m in server.wait_for(16 + len(moved))[16:]]
    assert len(new_mails) == len(moved)
    for mail in new_mails:
        name = re.search(r"Hallo (.+),", mail.get_content()).group(1)
        seat = moved[name]
        assert mail["Subject"].startswith("Neuer Platz") and mail["Subject"] != told[mail["To"]]
        assert f"Tisch {seat.table.number}, Platz {seat.position + 1}" in mail["Subject"]
        assert "neu gesetzt" in mail.get_content()
    # The same seating once more (a first dealer drawn, the links renewed): nobody is told again.
    with django_capture_on_commit_callbacks(execute=True):
        rounds.seat_round(round=first, seed="y")
    assert Message.objects.filter(kind=MessageKind.SEATED).count() == 8 + len(moved)


def test_the_last_round_closed_tells_each_player_the_results(coming_tournament, play_round, smtp_server, mail_to,
                                                            run_worker, django_capture_on_commit_callbacks):
    server = smtp_server()
    mail_to(server)
    tournament = coming_tournament(cap=None)
    with django_capture_on_commit_callbacks(execute=True):
        _checked_in_sign_ups(tournament, 4)
        for round in tournament.round_set.order_by("number"):
            rounds.seat_round(round=round, seed=f"s{round.number}")
            play_round(round, seed=round.number, hands=1)
            for table in round.tables.all():
                rounds.end_table(table=table, reason="Zeit")
            rounds.close_round(round=round)
    assert Message.objects.filter(kind=MessageKind.RESULTS).count() == 4
    run_worker()
    results = [m for m in server.wait_for(Message.objects.exclude(kind=MessageKind.REMINDER).count()) if "Ergebnisse" in m["Subject"]]
    assert len(results) == 4 and all(re.search(r"Rang \d+ mit", m.get_content()) for m in results)

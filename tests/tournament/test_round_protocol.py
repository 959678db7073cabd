"""The round board's protocol tells what happened to the round in the order it happened (issue 31, point 3):
what the director did, the hands corrected, the pauses and leaves in one list by time, and a player's withdrawal
on the round it first concerns, with who did it."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring import services as scoring
from scoring.absences import pause_player
from tournament import rounds
from tournament.models import RoundEvent, Table


def _protocol(client, round, language: str = "de") -> list[str]:
    page = client.get(reverse("tournament:round", args=[round.tournament.slug, round.number]),
                      HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert page.count('<ul class="plain log">') == 1, "no protocol on the board"
    lines = page.split('<ul class="plain log">')[1].split("</ul>")[0].split("<li")[1:]
    return [" ".join(re.sub(r"<[^>]+>", " ", line.split(">", 1)[1]).split()) for line in lines]


def _at(lines: list[str], words: str) -> int:
    (place,) = [number for number, line in enumerate(lines) if words in line]
    return place


def test_a_correction_and_a_pause_before_the_close_are_told_before_the_close(make_tournament, play_round, client, director):
    tournament = make_tournament("tirol", players=13)  # a table of five: someone can pause there
    round = tournament.round_set.get(number=1)
    play_round(round, seed=3, hands=2)
    table = round.tables.order_by("number").first()
    five = next(table for table in round.tables.all() if table.seats.count() == 5)
    scoring.correct_hand(hand=table.hands.get(number=2), data={"contract": "dreier", "declarer": 0, "result": "lost"},
                         expected_version=Table.objects.get(pk=table.pk).version, reason="Ergebnis vertauscht",
                         director=True, user=director)
    pause_player(by="director:leitung", table=five, position=1, director=True)

    rounds.end_tables_and_close(round=round, reason="Zeit ist um", user=director)

    lines = _protocol(client, round)
    assert (_at(lines, "Runde gesetzt") < _at(lines, "Spiel 2 korrigiert – Begründung: Ergebnis vertauscht")
            < _at(lines, "pausiert ab Spiel 3") < _at(lines, "Tisch 1 beendet nach 2 Spielen")
            < _at(lines, "Runde abgeschlossen")), lines
    assert _at(lines, "Runde abgeschlossen") == len(lines) - 1


@pytest.mark.parametrize("language", ["de", "en"])
def test_a_withdrawal_is_told_on_the_round_it_first_concerns_with_who_did_it(make_tournament, client, director, language):
    tournament = make_tournament("tirol", players=12)
    entry = tournament.entries.order_by("pk").first()
    withdraw = reverse("tournament:withdraw", args=[tournament.slug, entry.pk])
    second = tournament.round_set.get(number=2)

    client.post(withdraw, {"after_round": "1"})
    client.post(withdraw, {"after_round": "1"})  # sent twice (a double tap): told once
    client.post(withdraw, {"after_round": ""})  # a mistake: he plays on

    lines = _protocol(client, second, language)
    said = {"de": ["Spielerin 000 ist nach Runde 1 ausgeschieden. (leitung)", "Spielerin 000 spielt wieder mit. (leitung)"],
            "en": ["Spielerin 000 withdrew after round 1. (leitung)", "Spielerin 000 plays again. (leitung)"]}[language]
    assert [line.split(" · ", 1)[1] for line in lines] == said
    assert not RoundEvent.objects.filter(round__number__in=(1, 3), action="withdraw").exists()


def test_a_withdrawal_after_the_last_round_or_before_the_first(make_tournament, client, director):
    tournament = make_tournament("tirol", players=12)
    first, last = tournament.round_set.get(number=1), tournament.round_set.order_by("number").last()
    late, early = tournament.entries.order_by("pk")[:2]

    too_late = client.post(reverse("tournament:withdraw", args=[tournament.slug, late.pk]), {"after_round": "4"},
                             follow=True)
    assert "Das Turnier hat die Runden 1 bis 3: nach Runde 4 geht nicht." in too_late.content.decode()
    late.refresh_from_db()
    assert late.withdrawn_after_round is None and not RoundEvent.objects.filter(action="withdraw").exists()
    client.post(reverse("tournament:withdraw", args=[tournament.slug, late.pk]), {"after_round": "3"})
    client.post(reverse("tournament:withdraw", args=[tournament.slug, early.pk]), {"after_round": "0"})

    assert any("Spielerin 000 ist nach Runde 3 ausgeschieden. (leitung)" in line for line in _protocol(client, last))
    assert any("Spielerin 001 spielt nicht mit (vor Runde 1 abgemeldet). (leitung)" in line
               for line in _protocol(client, first, "de"))
    assert any("Spielerin 001 does not play (withdrew before round 1). (leitung)" in line
               for line in _protocol(client, first, "en"))


def test_a_withdrawal_before_a_round_that_began_with_him_is_refused(make_tournament):
    from language import ServiceError
    from scoring.services import record_hands
    from tournament.services import withdraw

    tournament = make_tournament("tirol", players=12)
    entry = tournament.entries.order_by("pk").first()
    other_table = tournament.round_set.get(number=1).tables.exclude(seats__entry=entry).order_by("number").first()
    record_hands(table=other_table, hands=[{"contract": "dreier", "declarer": 0, "result": "won"}], key_prefix="x")

    with pytest.raises(ServiceError) as refused:
        withdraw(entry=entry, after_round=0)

    assert refused.value.message("de") == ("Spielerin 000 sitzt in Runde 1, die schon begonnen hat: ausgeschieden "
                                           "frühestens nach Runde 1 (wer jetzt geht, verlässt seinen Tisch).")
    entry.refresh_from_db()
    assert entry.withdrawn_after_round is None and not RoundEvent.objects.filter(action="withdraw").exists()
    withdraw(entry=entry, after_round=1)
    entry.refresh_from_db()
    assert entry.withdrawn_after_round == 1


def test_the_board_asks_to_draw_again_when_a_seated_player_withdrew(make_tournament, play_round, client, director):
    tournament = make_tournament("tirol", players=13)
    first = tournament.round_set.get(number=1)
    entry = tournament.entries.order_by("pk").first()
    table = first.tables.get(seats__entry=entry).number
    board = reverse("tournament:round", args=[tournament.slug, 1])
    assert 'id="withdrawn-seated"' not in client.get(board).content.decode()

    answer = client.post(reverse("tournament:withdraw", args=[tournament.slug, entry.pk]), {"after_round": "0"},
                         follow=True)
    assert f"Spielerin 000 sitzt in Runde 1 schon an Tisch {table}: dort die Sitzordnung neu auslosen." in (
        answer.content.decode())

    page = client.get(board).content.decode()
    assert f"Ausgeschieden, aber in dieser Runde gesetzt:</strong> Spielerin 000 (Tisch {table})." in page
    assert '<a href="#reseat">Sitzordnung neu auslosen …</a>' in page and 'id="reseat"' in page
    english = client.get(board, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Withdrawn, but seated in this round:</strong> Spielerin 000" in english

    client.post(reverse("tournament:round_action", args=[tournament.slug, 1, "seat"]))  # drawn again

    page = client.get(board).content.decode()
    assert 'id="withdrawn-seated"' not in page and not first.tables.filter(seats__entry=entry).exists()


def test_the_board_of_a_round_under_way_says_what_to_do_with_a_withdrawn_player(make_tournament, play_round, client,
                                                                                director):
    tournament = make_tournament("tirol", players=12)
    first = tournament.round_set.get(number=1)
    entry = tournament.entries.order_by("pk").first()
    client.post(reverse("tournament:withdraw", args=[tournament.slug, entry.pk]), {"after_round": "0"})
    play_round(first, seed=1, hands=1)  # the tables played on before anyone looked at the board

    page = client.get(reverse("tournament:round", args=[tournament.slug, 1])).content.decode()

    assert "Die Runde läuft schon: auf der Spielerliste „ausgeschieden nach Runde 1“ eintragen" in page
    assert 'href="#reseat"' not in page
    client.post(reverse("tournament:withdraw", args=[tournament.slug, entry.pk]), {"after_round": "1"})
    assert 'id="withdrawn-seated"' not in client.get(reverse("tournament:round", args=[tournament.slug, 1])).content.decode()

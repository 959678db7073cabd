"""What directors and players look for at the venue: the round clock and the idle tables on the
director's board, the round's progress on the projector, and the player's day on his own page
(where he sits next, per-round subtotals, who sat with him, partners per hand, contracts by name)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone

from scoring import services as scoring_services
from scoring.selectors import player_day
from tournament import rounds, selectors
from tournament.models import Round, Table

RUFER = {"contract": "rufer", "declarer": 0, "partner": 2, "result": "won"}
DREIER = {"contract": "dreier", "declarer": 1, "result": "lost"}


@pytest.fixture
def event(make_tournament):
    return make_tournament("tirol", players=12, slug="tag")  # three tables of four


def _round(event, number=1) -> Round:
    return event.round_set.get(number=number)


def _age(round: Round, minutes: int) -> None:
    """The round was seated ``minutes`` ago (as if the clock had run)."""
    Round.objects.filter(pk=round.pk).update(seated_at=timezone.now() - timedelta(minutes=minutes))


# --- the round clock and the idle tables -------------------------------------------------------------


def test_the_round_clock_runs_from_seating_and_stops_at_closing(event, play_round):
    round = _round(event)
    seated = round.seated_at
    play_round(round)
    assert selectors.round_clock(round, now=seated + timedelta(minutes=65)).text == "1:05"
    assert selectors.round_clock(_round(event, 2)).minutes is None  # not seated yet
    rounds.close_round(round=round)
    round.refresh_from_db()
    clock = selectors.round_clock(round, now=seated + timedelta(hours=5))
    assert clock.ended == round.closed_at and clock.minutes == int((round.closed_at - seated).total_seconds() // 60)


def test_a_playing_table_without_a_hand_for_the_idle_minutes_is_idle(event):
    round = _round(event)
    first, second, third = round.tables.order_by("number")
    scoring_services.store_hand(table=first, number=1, data=RUFER)
    now = timezone.now()
    Table.objects.filter(pk=first.pk).update(last_hand_at=now - timedelta(minutes=3))
    Table.objects.filter(pk=second.pk).update(last_hand_at=now - timedelta(minutes=25), hands_entered=5)
    Table.objects.filter(pk=third.pk).update(ended_early=True, last_hand_at=now - timedelta(minutes=40))
    _age(round, 60)
    round.refresh_from_db()
    board = {row.table.number: row for row in selectors.progress_board(round, idle_minutes=20, now=now)}
    assert [board[t.number].idle for t in (first, second, third)] == [False, True, False]  # an ended table is not playing
    assert board[second.number].minutes_idle == 25
    stricter = {row.table.number: row.idle for row in selectors.progress_board(round, idle_minutes=2, now=now)}
    assert stricter[first.number] is True
    summary = selectors.board_summary(list(board.values()))
    assert (summary.done, summary.playing, summary.idle) == (1, 2, 1)


def test_a_table_that_never_entered_a_hand_is_idle_from_seating(event):
    round = _round(event)
    _age(round, 30)
    round.refresh_from_db()
    board = selectors.progress_board(round, idle_minutes=20)
    assert all(row.idle and row.minutes_idle >= 30 for row in board)


def test_the_board_shows_the_clock_and_highlights_idle_tables(client, director, event):
    round = _round(event)
    _age(round, 83)
    second = round.tables.order_by("number")[1]
    Table.objects.filter(pk=second.pk).update(last_hand_at=timezone.now() - timedelta(minutes=2), hands_entered=4)
    html = client.get(reverse("tournament:round", args=[event.slug, 1]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert 'class="clock-time"' in html and ">1:23<" in html
    assert "0 Tische fertig · 3 Tische spielen · 4/48 Spiele" in html
    assert "2 Tische ruhen (≥ 20 min ohne Spiel)" in html
    assert html.count('<tr class="late') == 2 and html.count("idle-badge") == 2
    relaxed = client.get(reverse("tournament:round", args=[event.slug, 1]) + "?idle=90", HTTP_ACCEPT_LANGUAGE="de")
    assert relaxed.content.decode().count('<tr class="late') == 0
    assert 'value="90"' in relaxed.content.decode()


@override_settings(ROUND_IDLE_MINUTES=5)
def test_the_idle_minutes_come_from_the_settings(client, director, event):
    _age(_round(event), 6)
    html = client.get(reverse("tournament:round", args=[event.slug, 1]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert html.count('<tr class="late') == 3 and 'value="5"' in html


@pytest.mark.parametrize("idle", ["abc", "-3", "0", "100000"])
def test_a_strange_idle_value_falls_back_to_the_default(client, director, event, idle):
    response = client.get(reverse("tournament:round", args=[event.slug, 1]) + f"?idle={idle}")
    assert response.status_code == 200 and 'value="20"' in response.content.decode()


def test_a_planned_round_has_no_clock(client, director, event):
    html = client.get(reverse("tournament:round", args=[event.slug, 2]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "clock-time" not in html


# --- the projector ---------------------------------------------------------------------------------


def test_the_projector_shows_tables_done_and_playing(client, event, play_round):
    round = _round(event)
    first = round.tables.order_by("number").first()
    for number in range(1, first.hands_planned + 1):
        scoring_services.store_hand(table=first, number=number, data=RUFER)
    progress = selectors.round_progress(event)
    assert (progress.tables_done, progress.tables_playing, progress.entered, progress.planned) == (1, 2, 16, 48)
    html = client.get(reverse("tournament:projector", args=[event.slug]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Runde 1: 16/48 Spiele (33 %)" in html
    assert "1 Tisch fertig" in html and "2 Tische spielen" in html
    assert 'aria-valuenow="16"' in html


# --- the player's page -------------------------------------------------------------------------------


def _seat_of(table, position):
    return table.seats.select_related("entry__player").get(position=position).entry


def test_the_player_day_names_partners_opponents_and_subtotals(event):
    round = _round(event)
    table = round.tables.order_by("number").first()
    scoring_services.store_hand(table=table, number=1, data=RUFER)
    scoring_services.store_hand(table=table, number=2, data=DREIER)
    hand_one = table.hands.get(number=1)
    by_seat = {score.hand_seat: score.entry for score in hand_one.scores.select_related("entry__player")}
    declarer, partner, defender = by_seat[0], by_seat[2], by_seat[1]
    day = player_day(event, declarer)
    first = day.rounds[0]
    assert (first.table_number, first.seat) == (table.number, table.seats.get(entry=declarer).position + 1)
    assert sorted(first.table_mates) == sorted(s.entry.player.name for s in table.seats.all() if s.entry != declarer)
    rufer = first.hands[0]
    assert (rufer.contract, rufer.role, rufer.partners) == ("Rufer", "declarer", [partner.player.name])
    assert player_day(event, partner).rounds[0].hands[0].partners == [declarer.player.name]
    assert player_day(event, partner).rounds[0].hands[0].role == "partner"
    defended = player_day(event, defender).rounds[0].hands[0]
    assert defended.role == "opponent"
    assert sorted(defended.against) == sorted([declarer.player.name, partner.player.name])
    assert first.points == sum((hand.points for hand in first.hands), Decimal(0))
    assert day.next_seat is first  # round 1 is being played: he sits there


def test_the_player_page_on_a_phone_has_seat_subtotals_and_names(client, event):
    round = _round(event)
    table = round.tables.order_by("number").first()
    scoring_services.store_hand(table=table, number=1, data=RUFER)
    entry = table.hands.get(number=1).scores.get(hand_seat=0).entry
    html = client.get(reverse("tournament:player", args=[event.slug, entry.pk]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    seat = table.seats.get(entry=entry).position + 1
    assert f"Tisch {table.number} · Platz {seat}" in html
    assert "Summe Runde 1" in html and "gespielt mit" in html
    assert '<td class="contract">Rufer<small' in html and ">rufer<" not in html


def test_the_player_sees_the_next_round_once_it_is_seated(client, event, play_round):
    round = _round(event)
    play_round(round)
    rounds.close_round(round=round)
    entry = event.entries.order_by("pk").first()
    url = reverse("tournament:player", args=[event.slug, entry.pk])
    waiting = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Runde 2 ist noch nicht gesetzt" in waiting
    rounds.seat_round(round=_round(event, 2), seed="r2")
    seat = entry.seats.select_related("table").get(table__round__number=2)
    seated = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()  # seating makes the cached page stale
    assert f"Tisch {seat.table.number} · Platz {seat.position + 1}" in seated
    day = player_day(event, entry)
    assert day.next_seat.number == 2 and day.rounds[0].points == sum((h.points for h in day.rounds[0].hands), Decimal(0))


def test_a_correction_counts_in_the_round_subtotal(client, director, event):
    round = _round(event)
    table = round.tables.order_by("number").first()
    scoring_services.store_hand(table=table, number=1, data=RUFER)
    entry = table.hands.get(number=1).scores.get(hand_seat=0).entry
    points_before = player_day(event, entry).rounds[0].points
    scoring_services.book_correction(entry=entry, round=round, points=Decimal(-6), reason="Renonce nachträglich",
                                     user=director)
    day = player_day(event, entry)
    assert day.rounds[0].points == points_before - 6
    html = client.get(reverse("tournament:player", args=[event.slug, entry.pk]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Renonce nachträglich" in html


def test_a_withdrawn_player_is_told_so(client, event):
    from tournament import services

    entry = event.entries.order_by("pk").first()
    services.withdraw(entry=entry, after_round=1)
    html = client.get(reverse("tournament:player", args=[event.slug, entry.pk]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Ausgeschieden nach Runde 1." in html


def test_once_his_table_is_done_the_player_waits_for_the_next_round(client, event, play_round):
    round = _round(event)
    table = round.tables.order_by("number").first()
    for number in range(1, table.hands_planned + 1):
        scoring_services.store_hand(table=table, number=number, data=RUFER)
    entry = table.seats.get(position=0).entry
    day = player_day(event, entry)
    assert day.rounds[0].table_done and day.next_seat is None and day.waiting_for.number == 2
    html = client.get(reverse("tournament:player", args=[event.slug, entry.pk]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Runde 2 ist noch nicht gesetzt" in html
    other = round.tables.order_by("number").last().seats.first().entry
    assert player_day(event, other).next_seat.number == 1  # still playing round 1


def test_an_open_round_without_his_seat_is_named():
    from scoring.selectors.players import PlayerDay, PlayerRound

    day = PlayerDay([PlayerRound(1, "Runde 1", Round.CLOSED, 2, 3, True), PlayerRound(2, "Finalrunde", Round.RUNNING)])
    assert day.next_seat is None and day.waiting_for is None and day.left_out.label == "Finalrunde"
    assert PlayerDay([PlayerRound(1, "Runde 1", Round.CLOSED, 2, 3, True)]).left_out is None


def test_at_a_table_of_five_the_page_says_why_hands_are_missing(client, make_tournament):
    event = make_tournament("tirol", players=13, slug="fuenf")
    table = next(t for t in event.round_set.get(number=1).tables.all() if t.seats.count() == 5)
    scoring_services.store_hand(table=table, number=1, data=RUFER)
    entry = table.seats.get(position=0).entry  # deals hand 1 at a table of five: sits it out
    day = player_day(event, entry)
    assert day.rounds[0].hands == [] and len(day.rounds[0].table_mates) == 4
    html = client.get(reverse("tournament:player", args=[event.slug, entry.pk]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Fünfertisch: wer gibt, setzt aus" in html


def test_the_projector_shows_the_lots_column_only_where_a_lot_decided(client, make_tournament):
    from scoring.services import store_hand
    from tournament import rounds

    tournament = make_tournament("tirol", players=8, slug="lose", seat=False)
    url = reverse("tournament:projector", args=[tournament.slug]) + "?fragment=1"
    assert ">Los<" not in client.get(url).content.decode()  # nobody ranked yet: no lot decided anything
    rounds.seat_round(round=tournament.round_set.get(number=1), seed="lose")
    for table in tournament.round_set.get(number=1).tables.all():
        store_hand(table=table, number=1, data={"contract": "annulled"})  # everyone level on 0: lots decide
    assert ">Los<" in client.get(url).content.decode()

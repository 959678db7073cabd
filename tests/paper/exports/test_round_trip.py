"""tournament.xlsx imported into an empty tournament gives the same standings (players, seatings, hands)."""

from __future__ import annotations

import io
import random
from datetime import date

from openpyxl import load_workbook

from paper.exports.workbook import TournamentWorkbook
from paper.imports import players as player_import
from paper.imports.hands import import_hands
from rules.engine.sampling import random_hand
from scoring import selectors as scoring_selectors
from scoring.models import Hand
from scoring.services import store_hand
from tournament import rounds, services
from tournament.models import Round


def play_event(make_tournament, play_round):
    """17 players, three rounds; one player leaves after round 2, one table of round 2 ends early."""
    tournament = make_tournament("tirol", players=17, slug="original")
    for number in (1, 2, 3):
        round = tournament.round_set.get(number=number)
        if number > 1:
            rounds.seat_round(round=round, seed=f"runde-{number}")
        if number == 2:
            play_round(round, seed=number, hands=10)
            rounds.end_table(table=round.tables.order_by("number").first(), reason="Zeit")
        rng = random.Random(number)
        for table in round.tables.filter(ended_early=False).order_by("number"):
            for hand in range(table.hands.count() + 1, table.hands_planned + 1):
                store_hand(table=table, number=hand, data=random_hand(tournament.ruleset, rng))
        rounds.close_round(round=round)
        if number == 2:
            services.withdraw(entry=tournament.entries.order_by("pk").first(), after_round=2)
    return tournament


def summary(tournament):
    return [(row.rank, row.shared, row.player.name, row.player.club, row.total, dict(row.player.rounds),
             row.player.euros, row.tie_values) for row in scoring_selectors.standings(tournament)]


def test_tournament_xlsx_round_trips_into_an_empty_tournament(make_tournament, play_round):
    original = play_event(make_tournament, play_round)
    content = TournamentWorkbook(original).render().content
    assert {"Spieler", "Tische", "Spiele"} <= set(load_workbook(io.BytesIO(content)).sheetnames)

    copy = services.create_tournament(name="Kopie", slug="kopie", date=date(2026, 11, 22), ruleset=original.ruleset)
    rows = player_import.player_rows_from_file("original-tournament.xlsx", content)
    report = player_import.import_players(tournament=copy, rows=rows)
    assert len(report.entered) == 17 and not report.flagged
    report = import_hands(tournament=copy, source=content, filename="original-tournament.xlsx")
    assert report.ok, report.lines("de")
    assert report.rounds_seated == [1, 2, 3]
    assert report.hands_imported == Hand.objects.filter(table__round__tournament=original).count()
    # The workbook does not say that a table was ended early: the director ends it again, as on the day.
    ended = original.round_set.get(number=2).tables.get(ended_early=True)
    rounds.end_table(table=copy.round_set.get(number=2).tables.get(number=ended.number), reason="wie im Original")
    for round in copy.round_set.order_by("number"):
        rounds.close_round(round=round)
    assert set(copy.round_set.values_list("status", flat=True)) == {Round.CLOSED}

    assert summary(copy) == summary(original)
    ranked = scoring_selectors.standings(copy)
    assert len({row.rank for row in ranked}) > 1 and any(row.player.euros for row in ranked)
    # the same file again adds nothing: every hand is already stored the same way
    again = import_hands(tournament=copy, source=content, filename="original-tournament.xlsx")
    assert again.ok and again.hands_imported == 0 and again.hands_skipped == report.hands_imported


def test_a_table_of_six_round_trips_through_tournament_xlsx(make_tournament, play_round):
    """11 players at a six and a five: the workbook's seats and hands seat and score the copy alike."""
    original = make_tournament("tirol", players=11, slug="elf-sechs", tables_of_six=True)
    for number in (1, 2, 3):
        round = original.round_set.get(number=number)
        if number > 1:
            rounds.seat_round(round=round, seed=f"s{number}")
        play_round(round, seed=number)
        rounds.close_round(round=round)
    assert original.round_set.get(number=1).tables.filter(hands_planned=24).count() == 1
    content = TournamentWorkbook(original).render().content
    copy = services.create_tournament(name="Kopie", slug="kopie-sechs", date=date(2026, 11, 22),
                                      ruleset=original.ruleset, tables_of_six=True)
    player_import.import_players(tournament=copy, rows=player_import.player_rows_from_file("elf.xlsx", content))
    report = import_hands(tournament=copy, source=content, filename="elf.xlsx")
    assert report.ok, report.lines("de")
    assert report.hands_imported == Hand.objects.filter(table__round__tournament=original).count()
    for round in copy.round_set.order_by("number"):
        rounds.close_round(round=round)
    assert summary(copy) == summary(original)

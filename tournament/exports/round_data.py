"""Reads for the per-round sheets: a whole round's tables in a fixed number of queries.

selectors.table_sheet builds one table's Schreibzettel in three queries; a round of 250 tables
would take 750. These read every table of a round at once (seats: two queries; seats and hands:
four) and build the same selectors.Sheet objects, so the layout code never runs a query.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch

from scoring.models import Hand, HandScore
from scoring.services import active_positions, dealer_position
from tournament.models import Round, Seat, Table
from tournament.selectors import ZERO, Sheet, SheetRow


@dataclass
class SeatedTable:
    """A table of the round and its seats in position order (position 0 deals the first hand)."""

    table: Table
    seats: list[Seat]


def _seats() -> Prefetch:
    return Prefetch("seats", queryset=Seat.objects.select_related("entry__player").order_by("position"))


def round_tables(round: Round) -> list[SeatedTable]:
    """Every table of the round with its seated players, by table number (two queries)."""
    tables = round.tables.order_by("number").prefetch_related(_seats())
    return [SeatedTable(table, list(table.seats.all())) for table in tables]


def round_sheets(round: Round) -> list[Sheet]:
    """Every table's Schreibzettel, as selectors.table_sheet builds it, by table number (four queries).

    The hands are loaded without their stored engine result (``Hand.result``, the largest field and
    not shown on a sheet); reading it from a row's hand would cost a query per hand.
    """
    hands = Hand.objects.defer("result").order_by("number").prefetch_related(
        Prefetch("scores", queryset=HandScore.objects.only("id", "hand_id", "entry_id", "points", "cash"))
    )
    tables = round.tables.order_by("number").prefetch_related(_seats(), Prefetch("hands", queryset=hands))
    ruleset = round.tournament.ruleset
    return [_sheet(table, list(table.seats.all()), list(table.hands.all()), ruleset) for table in tables]


def _sheet(table: Table, seats: list[Seat], hands: list[Hand], ruleset) -> Sheet:
    """The same Sheet selectors.table_sheet builds, from rows already loaded."""
    size = len(seats)
    position_of = {seat.entry_id: seat.position for seat in seats}
    sheet = Sheet(table, seats)
    running = [ZERO] * size
    cash = [ZERO] * size
    for hand in hands:
        points: list = [None] * size
        for score in hand.scores.all():
            position = position_of[score.entry_id]
            points[position] = score.points
            running[position] += score.points
            cash[position] += score.cash
        declarer_seat = hand.data.get("declarer", 0)
        declarer = seats[active_positions(hand.number, size)[declarer_seat]].entry.player.name
        contract = ruleset.contract(hand.contract)
        name = contract.name if contract is not None else hand.contract
        sheet.rows.append(SheetRow(hand.number, name, declarer, hand.dealer_position, points, list(running), hand))
    sheet.totals, sheet.cash_totals = running, cash
    sheet.next_number = len(hands) + 1
    if not sheet.complete:
        sheet.next_dealer = dealer_position(sheet.next_number, size)
        sheet.next_positions = active_positions(sheet.next_number, size)
    return sheet

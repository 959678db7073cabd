"""Reads for the per-round sheets: a whole round's tables in a fixed number of queries.

selectors.table_sheet builds one table's Schreibzettel in three queries; a round of 250 tables
would take 750. These read every table of a round at once (seats: two queries; seats and hands:
four) and build the same selectors.Sheet objects (selectors.build_sheet), so the layout code never runs a query.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch

from scoring.models import Hand, HandScore
from tournament.models import Round, Seat, Table
from tournament.selectors import Sheet, build_sheet


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
    return [build_sheet(table, list(table.seats.all()), list(table.hands.all()), ruleset) for table in tables]


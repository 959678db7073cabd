"""Reads behind the tournament workbook (paper/exports/workbook.py): a fixed number, whatever the size of the event.

Entries (numbered 1..n by name, then pk: the "Nr" every sheet uses), rounds with their counts, the
seats, the score rows of every hand, the euros of every hand (scoring.selectors.money_by_hand) and
the hands themselves, streamed in order (round, table, hand number) so 15,000 rows never sit in
memory as model instances.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Iterator

from django.db.models import Count

from scoring.models import Correction, Hand, HandRevision
from scoring.selectors.money import MoneyOfHand, money_by_hand
from tournament.models import Round, Seat, Tournament

ZERO = Decimal("0")


@dataclass(frozen=True)
class EntryRow:
    number: int  # "Nr"
    entry_id: int
    name: str
    club: str
    region: str
    notes: str
    lot: int | None
    checked_in: bool
    withdrawn_after_round: int | None


@dataclass(frozen=True)
class RoundRow:
    number: int
    status: str
    status_label: str
    is_final: bool
    tables: int
    hands: int
    repeats: int
    seed: str
    seated_at: datetime | None
    closed_at: datetime | None


@dataclass
class SeatRow:
    """A player's place at a table with their sums over the table's hands."""

    round_number: int
    table_id: int
    table_number: int
    position: int
    entry_id: int
    confirmed_at: datetime | None
    hands: int = 0
    points: Decimal = ZERO
    cash: Decimal = ZERO
    euros: Decimal = ZERO


@dataclass(frozen=True)
class ScoreRow:
    hand_seat: int
    entry_id: int
    points: Decimal
    cash: Decimal


@dataclass(frozen=True)
class HandRow:
    hand_id: int
    table_id: int
    round_number: int
    table_number: int
    number: int
    dealer_position: int
    data: dict
    contract: str
    entered_by: str


@dataclass(frozen=True)
class HandChangeRow:
    """A hand corrected or removed after it was entered: the audit trail the workbook keeps."""

    round_number: int
    table_number: int
    number: int
    removed: bool
    before: dict | None
    after: dict | None
    reason: str
    by: str  # the user, or the name the scorer gave
    at: datetime
    confirmed_at: datetime | None  # the table's confirmation by its players

    @property
    def after_confirmation(self) -> bool:
        return self.confirmed_at is not None and self.at > self.confirmed_at


@dataclass
class WorkbookData:
    tournament: Tournament
    entries: list[EntryRow]
    rounds: list[RoundRow]
    seats: list[SeatRow]
    scores: dict[int, list[ScoreRow]]
    money: dict[int, MoneyOfHand]
    seated: dict[tuple[int, int], int] = field(default_factory=dict)  # (round, entry) -> table number
    corrections: list[Correction] = field(default_factory=list)  # points booked outside a hand

    @property
    def number_of(self) -> dict[int, int]:
        return {entry.entry_id: entry.number for entry in self.entries}

    @property
    def hand_count(self) -> int:
        return sum(round.hands for round in self.rounds)

    @property
    def round_numbers(self) -> list[int]:
        """The rounds that have been seated (have tables), in order."""
        return [round.number for round in self.rounds if round.tables]

    def hands(self) -> Iterator[HandRow]:
        """Every hand in order (round, table, number), streamed from the database."""
        rows = (
            Hand.objects.filter(table__round__tournament=self.tournament)
            .order_by("table__round__number", "table__number", "number")
            .values_list("id", "table_id", "table__round__number", "table__number", "number", "dealer_position",
                         "data", "contract", "entered_by")
        )
        for row in rows.iterator(chunk_size=2000):
            yield HandRow(*row)

    def hand_changes(self) -> Iterator[HandChangeRow]:
        """Every hand correction and removal with its reason, oldest first (one query, streamed)."""
        rows = (HandRevision.objects.filter(table__round__tournament=self.tournament, action__in=(
            HandRevision.CORRECTED, HandRevision.REMOVED)).order_by("at", "id")
            .values_list("table__round__number", "table__number", "number", "action", "before", "after", "reason",
                         "by", "user__username", "at", "table__confirmed_at"))
        for round_number, table, number, action, before, after, reason, by, username, at, confirmed in rows.iterator():
            yield HandChangeRow(round_number, table, number, action == HandRevision.REMOVED, before, after, reason,
                                username or by, at, confirmed)


def workbook_data(tournament: Tournament) -> WorkbookData:
    """Everything the workbook writes except the hands themselves (streamed later): five queries
    (entries, rounds with their counts, seats, the money of every hand, the corrections)."""
    entries = [
        EntryRow(number, entry.pk, entry.player.name, entry.player.club, entry.player.region, entry.player.notes,
                 entry.lot, entry.checked_in, entry.withdrawn_after_round)
        for number, entry in enumerate(
            tournament.entries.select_related("player").order_by("player__name", "pk"), start=1)
    ]
    rounds = [
        RoundRow(r.number, r.status, str(r.get_status_display()), r.is_final, r.tables_count, r.hands_count,
                 r.repeats, r.seed, r.seated_at, r.closed_at)
        for r in Round.objects.filter(tournament=tournament)
        .annotate(tables_count=Count("tables", distinct=True), hands_count=Count("tables__hands", distinct=True))
        .order_by("number")
    ]
    seats = [
        SeatRow(*row)
        for row in Seat.objects.filter(table__round__tournament=tournament)
        .order_by("table__round__number", "table__number", "position")
        .values_list("table__round__number", "table_id", "table__number", "position", "entry_id", "table__confirmed_at")
    ]
    money = money_by_hand(tournament)
    scores: dict[int, list[ScoreRow]] = {}
    by_seat = {(seat.table_id, seat.entry_id): seat for seat in seats}
    for hand_id, hand in money.items():
        scores[hand_id] = [ScoreRow(*row) for row in zip(range(4), hand.entries, hand.points, hand.cash, strict=True)]
        for entry_id, points, cash, euros in zip(hand.entries, hand.points, hand.cash, hand.money.seats, strict=True):
            seat = by_seat.get((hand.table_id, entry_id))
            if seat is None:  # a score of someone no longer seated there: cannot happen through the services
                continue
            seat.hands += 1
            seat.points += points
            seat.cash += cash
            seat.euros += euros
    seated = {(seat.round_number, seat.entry_id): seat.table_number for seat in seats}
    corrections = list(Correction.objects.filter(round__tournament=tournament).select_related("round", "user")
                       .order_by("round__number", "at", "id"))
    return WorkbookData(tournament, entries, rounds, seats, scores, money, seated, corrections)

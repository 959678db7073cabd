"""Reads for pages and exports: a fixed number of queries each, whatever the size of the event."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Count, Max, Prefetch, Sum
from django.utils import timezone

from scoring.models import Hand, HandScore
from scoring.services import active_positions, dealer_position
from tournament.models import Entry, Round, Seat, Table, Tournament
from tournament.standings import PlayerScores, Ranked, rank

ZERO = Decimal("0")


def standings(tournament: Tournament) -> list[Ranked]:
    """Every entry ranked: two queries (entries, and scores summed per entry and round)."""
    entries = list(tournament.entries.select_related("player"))
    sums = (
        HandScore.objects.filter(hand__table__round__tournament=tournament)
        .values("entry_id", "hand__table__round__number", "hand__table__round__is_final")
        .annotate(points=Sum("points"), cash=Sum("cash"))
    )
    rounds: dict[int, dict[int, Decimal]] = defaultdict(dict)
    finals: dict[int, Decimal] = {}
    cash: dict[int, Decimal] = defaultdict(lambda: ZERO)
    for row in sums:
        if row["hand__table__round__is_final"]:
            finals[row["entry_id"]] = row["points"]
        else:
            rounds[row["entry_id"]][row["hand__table__round__number"]] = row["points"]
        cash[row["entry_id"]] += row["cash"]
    players = [
        PlayerScores(entry.pk, entry.player.name, entry.player.club, entry.lot, rounds.get(entry.pk, {}),
                     cash[entry.pk], finals.get(entry.pk))
        for entry in entries
    ]
    carry = tournament.final_round_carry_percent if tournament.has_final else None
    return rank(players, tie_breaks=tuple(tournament.tie_breaks), carry_percent=carry)


def rounds_with_progress(tournament: Tournament) -> list[Round]:
    return list(tournament.round_set.annotate(tables_count=Count("tables")).order_by("number"))


@dataclass
class TableProgress:
    table: Table
    players: list[str]
    entered: int
    last_entry: object
    five: bool
    minutes_idle: int  # since the last hand (or since seating): a late table stands out


def progress_board(round: Round) -> list[TableProgress]:
    """Each table of a round: hands entered of planned, time of the last entry (two queries)."""
    tables = (
        round.tables.annotate(entered=Count("hands", distinct=True), last_entry=Max("hands__created_at"))
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("entry__player").order_by("position")))
        .order_by("number")
    )
    now = timezone.now()
    board = []
    for t in tables:
        players = [s.entry.player.name for s in t.seats.all()]
        since = t.last_entry or round.seated_at or now
        idle = int((now - since).total_seconds() // 60)
        board.append(TableProgress(t, players, t.entered, t.last_entry, len(players) == 5, idle))
    return board


@dataclass
class SheetRow:
    number: int
    contract: str
    declarer: str
    dealer: int
    points: list[Decimal | None]
    totals: list[Decimal]
    hand: Hand

    @property
    def cells(self):
        """(this hand's points or None for the dealer sitting out, running total) per position."""
        return list(zip(self.points, self.totals, strict=True))


@dataclass
class Sheet:
    table: Table
    seats: list[Seat]
    rows: list[SheetRow] = field(default_factory=list)
    totals: list[Decimal] = field(default_factory=list)
    cash_totals: list[Decimal] = field(default_factory=list)
    next_number: int = 1
    next_dealer: int | None = None
    next_positions: list[int] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return len(self.rows) >= self.table.hands_planned or self.table.ended_early


def table_sheet(table: Table) -> Sheet:
    """The Schreibzettel: every hand with each position's points and running totals (three queries)."""
    seats = list(table.seats.select_related("entry__player").order_by("position"))
    hands = list(table.hands.prefetch_related("scores").order_by("number"))
    return build_sheet(table, seats, hands, table.round.tournament.ruleset)


def build_sheet(table: Table, seats: list[Seat], hands: list[Hand], ruleset) -> Sheet:
    """A table's Sheet from its seats (position order) and hands (number order, scores prefetched),
    loaded by the caller: one table here, a whole round at once for the printed score sheets."""
    size = len(seats)
    position_of = {seat.entry_id: seat.position for seat in seats}
    sheet = Sheet(table, seats)
    running = [ZERO] * size
    cash = [ZERO] * size
    for hand in hands:
        points: list[Decimal | None] = [None] * size
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


def repeated_pairs(round: Round) -> list[tuple[str, str, int]]:
    """The pairs who met again in this draw (names), as the seating recorded them."""
    event = round.events.filter(action="seat").order_by("-at", "-id").first()
    pairs = (event.detail.get("repeated_pairs", []) if event else [])
    names = dict(Entry.objects.filter(tournament_id=round.tournament_id).values_list("pk", "player__name"))
    return [(names.get(a, "?"), names.get(b, "?"), count) for a, b, count in pairs]


def player_hands(tournament: Tournament, entry: Entry) -> list[HandScore]:
    return list(
        HandScore.objects.filter(entry=entry, hand__table__round__tournament=tournament)
        .select_related("hand__table__round")
        .order_by("hand__table__round__number", "hand__number")
    )

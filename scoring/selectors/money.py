"""Reads of the money: each hand in euros, each player's euros, each table's settlement.

Every euro amount the site shows, prints or writes into a workbook is a sum of the euros fixed per
hand when it was stored (HandScore.euros, Hand.box_euros; the arithmetic is scoring/settlement.py's
hand_money, applied by scoring.services): the settlement, the score sheets and the workbook read
``money_by_hand``; the standings' money column is the one SQL sum of them per entry
(``PlayerScores.euros``, summed in the standings' own query beside the points, so it costs no query
of its own). Cents become euros only through tournament.money.
With a charity box that is what a player takes home: kontra money the losers paid into the box is
in nobody's total.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from itertools import groupby

from django.db.models import Prefetch

from scoring.models import Correction, HandScore
from scoring.selectors.standings import standings
from scoring.settlement import ZERO, HandMoney, claim_cents, prize_money, settle
from tournament.models import Round, Seat, Table, Tournament
from tournament.money import from_cents
from tournament.ranks import rank_text
from tournament.selectors import fee_payers
from tournament.standings import Ranked

BOX = "box"  # the charity box's key among the players' entry ids in a table's balances


@dataclass(frozen=True)
class MoneyOfHand:
    """One stored hand by hand seat (0 = Vorhand): entry ids, points, cash points, and its money in euros."""

    hand_id: int
    table_id: int
    entries: tuple[int, ...]
    points: tuple[Decimal, ...]
    cash: tuple[Decimal, ...]
    money: HandMoney


def money_by_hand(tournament: Tournament, *, round: Round | None = None) -> dict[int, MoneyOfHand]:
    """Every hand of the tournament (or of one of its rounds) with its stored shares and euros (one
    query), keyed by hand id."""
    scores = HandScore.objects.filter(round__tournament=tournament)
    if round is not None:
        scores = scores.filter(round=round)
    rows = (
        scores.order_by("hand_id", "hand_seat")
        .values_list("hand_id", "hand__table_id", "entry_id", "cash", "points", "euros", "hand__box_euros")
    )
    hands = {}
    for hand_id, seats in groupby(rows.iterator(chunk_size=4000), key=lambda row: row[0]):
        seats = list(seats)
        money = HandMoney(tuple(s[5] for s in seats), seats[0][6])
        hands[hand_id] = MoneyOfHand(hand_id, seats[0][1], tuple(s[2] for s in seats), tuple(s[4] for s in seats),
                                     tuple(s[3] for s in seats), money)
    return hands


def claim_cents_by_table(tournament: Tournament) -> dict[tuple[int, int], int]:
    """What the revoke claims booked against hands pay each entry at each table, in cents (one query):
    (table id, entry id) -> cents (scoring.settlement.claim_cents)."""
    cents: dict[tuple[int, int], int] = defaultdict(int)
    claims = Correction.objects.filter(round__tournament=tournament, hand__isnull=False)
    for table_id, entry_id, points in claims.values_list("hand__table_id", "entry_id", "points"):
        cents[table_id, entry_id] += claim_cents(points, tournament.stake_cents)
    return cents


def euros_by_table(hands: dict[int, MoneyOfHand]) -> dict[tuple[int, int], Decimal]:
    """What each entry takes home from each table: (table id, entry id) -> euros."""
    totals: dict[tuple[int, int], Decimal] = defaultdict(lambda: ZERO)
    for hand in hands.values():
        for entry_id, amount in zip(hand.entries, hand.money.seats, strict=True):
            totals[hand.table_id, entry_id] += amount
    return dict(totals)


@dataclass
class SettlementLine:
    """A player at a table: cash points over the table's hands and what that is in euros."""

    entry_id: int
    name: str
    position: int
    cash_points: Decimal = ZERO
    euros: Decimal = ZERO


@dataclass(frozen=True)
class NamedPayment:
    payer: str
    payee: str
    amount: Decimal


@dataclass
class TableSettlement:
    table_id: int
    round_number: int
    table_number: int
    lines: list[SettlementLine]
    hands: int = 0
    box: Decimal = ZERO
    payments: list[NamedPayment] = field(default_factory=list)

    @property
    def balance(self) -> Decimal:
        """What the table's euros and box add up to: zero, to the cent, or the sheet is wrong."""
        return sum((line.euros for line in self.lines), self.box)


@dataclass
class PlayerMoney:
    entry_id: int
    name: str
    club: str
    rounds: dict[int, Decimal] = field(default_factory=dict)

    @property
    def total(self) -> Decimal:
        return sum(self.rounds.values(), ZERO)


@dataclass(frozen=True)
class PrizeLine:
    """A prize paid: the rank (shared: "3=" splits the prizes of the places it covers), who, how much."""

    rank: int
    shared: bool
    entry_id: int
    name: str
    club: str
    amount: Decimal

    @property
    def rank_text(self) -> str:
        return rank_text(self.rank, self.shared)


@dataclass(frozen=True)
class Prizes:
    """Entry fees collected and the prizes paid by final rank, beside the points money of the tables."""

    entry_fee: Decimal
    payers: int
    listed: tuple[Decimal, ...]  # the prize list as the director set it, place 1 first
    paid: tuple[PrizeLine, ...]

    @property
    def fees_total(self) -> Decimal:
        return self.entry_fee * self.payers

    @property
    def prizes_total(self) -> Decimal:
        return sum((line.amount for line in self.paid), ZERO)

    @property
    def rest(self) -> Decimal:
        """Fees left after the prizes (negative: the prizes need money from elsewhere, e.g. a sponsor)."""
        return self.fees_total - self.prizes_total

    @property
    def any(self) -> bool:
        return bool(self.entry_fee or self.listed)

    def by_entry(self) -> dict[int, Decimal]:
        return {line.entry_id: line.amount for line in self.paid}


def prizes(tournament: Tournament, ranked: list[Ranked] | None = None) -> Prizes:
    """The entry fees and the prize list paid by the final rank (scoring.settlement.prize_money): the
    standings' three queries (none when ``ranked`` is given) and one for who paid the fee."""
    if ranked is None:
        ranked = standings(tournament)
    listed = tuple(from_cents(amount) for amount in tournament.prizes_cents)
    players = {row.player.entry_id: row.player for row in ranked}
    paid = tuple(
        PrizeLine(prize.rank, prize.shared, prize.who, players[prize.who].name, players[prize.who].club, prize.amount)
        for prize in prize_money(listed, [(row.player.entry_id, row.rank) for row in ranked]))
    return Prizes(from_cents(tournament.entry_fee_cents), fee_payers(tournament), listed, paid)


@dataclass
class Settlement:
    tournament: Tournament
    tables: list[TableSettlement]
    players: list[PlayerMoney]
    box_label: str
    prizes: Prizes

    @property
    def charity(self) -> bool:
        return self.tournament.kontra_to_charity

    @property
    def box_total(self) -> Decimal:
        return sum((table.box for table in self.tables), ZERO)

    @property
    def round_numbers(self) -> list[int]:
        return sorted({table.round_number for table in self.tables})


def settlement(tournament: Tournament, *, box_label: str = "Spendenkassa") -> Settlement:
    """Each table of each round settled in euros with the fewest payments, each player's total, and the
    entry fees and prizes (nine queries: tables, their seats, the money of every hand, the revoke claims,
    the entries; the standings' three and the fee payers for the prizes)."""
    tables = list(
        Table.objects.filter(round__tournament=tournament)
        .select_related("round")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("entry__player").order_by("position")))
        .order_by("round__number", "number")
    )
    by_table: dict[int, TableSettlement] = {}
    for table in tables:
        lines = [SettlementLine(seat.entry_id, seat.entry.player.name, seat.position) for seat in table.seats.all()]
        by_table[table.pk] = TableSettlement(table.pk, table.round.number, table.number, lines)
    points: dict[tuple[int, int], Decimal] = defaultdict(lambda: ZERO)
    hands = money_by_hand(tournament)
    for hand in hands.values():
        table = by_table[hand.table_id]
        table.hands += 1
        table.box += hand.money.box
        for entry_id, cash in zip(hand.entries, hand.cash, strict=True):
            points[hand.table_id, entry_id] += cash
    euros = euros_by_table(hands)
    for key, cents in claim_cents_by_table(tournament).items():  # revoke claims are paid (scoring.claims)
        euros[key] = euros.get(key, ZERO) + from_cents(cents)
    players: dict[int, PlayerMoney] = {}
    for entry in tournament.entries.select_related("player").order_by("player__name", "pk"):
        players[entry.pk] = PlayerMoney(entry.pk, entry.player.name, entry.player.club)
    for table in by_table.values():
        names = {line.entry_id: line.name for line in table.lines}
        names[BOX] = box_label
        balances: dict[object, Decimal] = {}
        for line in table.lines:
            line.cash_points = points[table.table_id, line.entry_id]
            line.euros = euros.get((table.table_id, line.entry_id), ZERO)
            balances[line.entry_id] = line.euros
            money = players[line.entry_id].rounds
            money[table.round_number] = money.get(table.round_number, ZERO) + line.euros
        if table.box:
            balances[BOX] = table.box
        table.payments = [NamedPayment(names[p.payer], names[p.payee], p.amount) for p in settle(balances)]
    return Settlement(tournament, list(by_table.values()), list(players.values()), box_label, prizes(tournament))

"""A player's hands across tournaments: how often he declared each contract and how often he won it."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal

from django.utils.translation import get_language

from rules.engine.catalogue import ANNULLED, TRISCHAKEN
from rules.rulesets import contract_name
from scoring.models import Correction, HandScore
from tournament.models import Entry, Round, Seat, Tournament

ZERO = Decimal(0)


def declarer_hands(entry_ids: list[int]) -> list[tuple[str, int, int]]:
    """(contract, hands as declarer, won) for the given entries, most played first (one query).

    The declarer is the hand seat named in the hand's data ("declarer"); a hand counts as won when
    the declarer's points for it are positive. Hands without a declarer (e.g. Trischaken) are left out."""
    if not entry_ids:
        return []
    played, won = Counter(), Counter()
    rows = HandScore.objects.filter(entry_id__in=entry_ids).values_list(
        "hand_seat", "points", "hand__contract", "hand__data")
    for seat, points, contract, data in rows.iterator():
        declarer = data.get("declarer") if isinstance(data, dict) else None
        if declarer is None or declarer != seat:
            continue
        played[contract] += 1
        if points > 0:
            won[contract] += 1
    return sorted(((c, n, won[c]) for c, n in played.items()), key=lambda item: (-item[1], item[0]))


# --- a player's day in one tournament ---------------------------------------------------------------


@dataclass
class PlayerHand:
    """One hand as the player saw it: the contract by name, the side and who was with or against him."""

    number: int
    contract: str  # the rule set's name ("Rufer"), not the slug
    points: Decimal
    cash: Decimal
    euros: Decimal
    role: str  # "declarer", "partner", "opponent" or "" (Trischaken: everyone for himself)
    partners: list[str] = field(default_factory=list)  # with him on this hand, where known
    against: list[str] = field(default_factory=list)  # the declarer's side, when he defended


@dataclass
class PlayerRound:
    """A round of the player's day: where he sat, with whom, his hands and the round's subtotals."""

    number: int
    label: str
    status: str
    table_number: int | None = None
    seat: int | None = None  # Platz, as on the table card (1 deals first)
    table_done: bool = False  # every hand of his table is in (or the director ended it)
    table_mates: list[str] = field(default_factory=list)  # the others at the table, in seat order
    hands: list[PlayerHand] = field(default_factory=list)
    corrections: list[tuple[Decimal, str, datetime]] = field(default_factory=list)  # points, reason, booked at

    @property
    def points(self) -> Decimal:
        return sum((hand.points for hand in self.hands), ZERO) + sum((points for points, _r, _at in self.corrections), ZERO)

    @property
    def euros(self) -> Decimal:
        return sum((hand.euros for hand in self.hands), ZERO)

    @property
    def seated(self) -> bool:
        return self.table_number is not None

    @property
    def is_open(self) -> bool:
        return self.status in (Round.SEATED, Round.RUNNING)


@dataclass
class PlayerDay:
    rounds: list[PlayerRound]

    @property
    def next_seat(self) -> PlayerRound | None:
        """Where the player sits now or next: the first open round with a seat for him at a table still
        playing (once his table is done, the next round's seat, as soon as it is seated)."""
        return next((r for r in self.rounds if r.is_open and r.seated and not r.table_done), None)

    @property
    def waiting_for(self) -> PlayerRound | None:
        """The next round, not seated yet, when no open round holds a seat for the player."""
        if self.next_seat is not None:
            return None
        return next((r for r in self.rounds if r.status == Round.PLANNED), None)

    @property
    def left_out(self) -> PlayerRound | None:
        """An open round that has no seat for him (a final he did not reach), when nothing else is next."""
        if self.next_seat is not None or self.waiting_for is not None:
            return None
        return next((r for r in self.rounds if r.is_open and not r.seated), None)


def _lang() -> str:
    return "en" if (get_language() or "").startswith("en") else "de"


def _role(data: dict, seat: int, kind: str) -> tuple[str, set[int], set[int]]:
    """The player's side in a hand: role, the seats with him, the seats of the declarer's side against him."""
    declarer = data.get("declarer")
    partner = data.get("partner")
    if kind in (TRISCHAKEN, ANNULLED) or declarer is None:  # an annulled deal was played by nobody
        return "", set(), set()
    team = {declarer} | ({partner} if partner is not None else set())
    if seat == declarer:
        return "declarer", team - {seat}, set()
    if seat in team:
        return "partner", team - {seat}, set()
    return "opponent", set(range(4)) - team - {seat}, team


def player_day(tournament: Tournament, entry: Entry) -> PlayerDay:
    """Every round of the tournament for one player: table, seat, table-mates, each hand with its
    contract's name and the partner or the declarer's side, the corrections and the subtotals (six
    queries: rounds, the player's seats, the table-mates, his hands, everyone's seat in them, corrections)."""
    ruleset = tournament.ruleset
    rounds = {r.pk: PlayerRound(r.number, r.label, r.status) for r in tournament.round_set.order_by("number")}
    seats = list(Seat.objects.filter(entry=entry, table__round__tournament=tournament).select_related("table"))
    tables = {seat.table_id: seat for seat in seats}
    names: dict[int, str] = {}
    mates = (Seat.objects.filter(table_id__in=list(tables)).order_by("table_id", "position")
             .values_list("table_id", "entry_id", "entry__player__name"))
    for table_id, entry_id, name in mates:
        names[entry_id] = name
        if entry_id != entry.pk:
            rounds[tables[table_id].table.round_id].table_mates.append(name)
    for seat in seats:
        line = rounds[seat.table.round_id]
        line.table_number, line.seat, line.table_done = seat.table.number, seat.position + 1, seat.table.is_complete
    scores = list(HandScore.objects.filter(entry=entry, hand__table__round__tournament=tournament)
                  .select_related("hand__table").order_by("hand__table__round__number", "hand__number"))
    who: dict[tuple[int, int], int] = {
        (hand_id, hand_seat): entry_id for hand_id, hand_seat, entry_id in HandScore.objects.filter(
            hand_id__in=[score.hand_id for score in scores]).values_list("hand_id", "hand_seat", "entry_id")}
    for score in scores:
        hand = score.hand
        contract = ruleset.contract(hand.contract)
        data = hand.data if isinstance(hand.data, dict) else {}
        kind = ANNULLED if hand.contract == ANNULLED else contract.kind if contract else ""
        role, with_seats, against_seats = _role(data, score.hand_seat, kind)

        def named(hand_seats: set[int], hand_id: int = hand.pk) -> list[str]:
            return [names.get(who.get((hand_id, s)), "?") for s in sorted(hand_seats)]

        rounds[hand.table.round_id].hands.append(PlayerHand(
            hand.number, contract.name if contract else contract_name(hand.contract, _lang()), score.points, score.cash,
            score.euros, role,
            named(with_seats), named(against_seats)))
    for round_id, points, reason, at in (Correction.objects.filter(entry=entry, round__tournament=tournament)
                                         .order_by("at", "id").values_list("round_id", "points", "reason", "at")):
        rounds[round_id].corrections.append((points, reason, at))
    return PlayerDay(list(rounds.values()))


@dataclass(frozen=True)
class ContractRecord:
    """A player's hands of one contract by role: declared, as the declarer's partner, against it; each
    with how many of them the player came out ahead (positive points for the hand)."""

    contract: str
    declared: int = 0
    declared_won: int = 0
    partnered: int = 0
    partnered_won: int = 0
    against: int = 0
    against_won: int = 0

    @property
    def hands(self) -> int:
        return self.declared + self.partnered + self.against


def contract_record(entry_ids: list[int]) -> list[ContractRecord]:
    """Every hand of the given entries by contract and role, most played first (one query). Hands
    without a declarer (Trischaken) count as "against" for everybody."""
    if not entry_ids:
        return []
    counts: dict[str, Counter] = {}
    rows = HandScore.objects.filter(entry_id__in=entry_ids).values_list("hand_seat", "points", "hand__contract",
                                                                        "hand__data")
    for seat, points, contract, data in rows.iterator():
        data = data if isinstance(data, dict) else {}
        role = "declared" if data.get("declarer") == seat else "partnered" if data.get("partner") == seat else "against"
        tally = counts.setdefault(contract, Counter())
        tally[role] += 1
        if points > 0:
            tally[f"{role}_won"] += 1
    records = [ContractRecord(contract, **tally) for contract, tally in counts.items()]
    return sorted(records, key=lambda r: (-r.hands, r.contract))


def hand_totals(entry_ids: list[int]) -> dict[int, tuple[int, Decimal]]:
    """entry id -> (hands played, points from them) (one query)."""
    from django.db.models import Count, Sum

    rows = HandScore.objects.filter(entry_id__in=entry_ids).values("entry_id").annotate(n=Count("id"), p=Sum("points"))
    return {row["entry_id"]: (row["n"], row["p"] or ZERO) for row in rows}

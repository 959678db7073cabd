"""Money at the table: points into euros to the cent, and the fewest payments that settle a table.

Pure Python (no Django), like the rules engine: the selector in scoring/selectors/money.py feeds it the
stored cash of each hand and reads back euros and payments.

Euros are fixed per hand, not per table: each hand's cash (in points, two decimals) times the stake
is rounded to whole cents by the largest-remainder rule, so every hand still adds up to exactly
zero and any sum of hands (a table, a round, a player's day, an auditor's SUMIFS over the Hands
sheet of the workbook) is exact to the cent without being rounded again. With whole points, as in
nearly every hand, nothing is rounded at all.

With a charity box (Tournament.kontra_to_charity) the money the kontras moved in a hand
(HandScore.kontra_cash) is not paid to the winners: whoever lost it pays it into the box, whoever
would have won it goes without. Per hand: each player gets ``cash - max(kontra, 0)`` and the box
gets the sum of the positive kontra shares, which together is again exactly zero.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from itertools import combinations, groupby
from typing import Any, Hashable, Iterable, Mapping, Sequence

from rules.engine.rounding import hundredths
from tournament.money import from_cents, round_cent

ZERO = Decimal("0")


@dataclass(frozen=True)
class HandMoney:
    """One hand in euros: what each seat gets (negative: pays) and what goes into the charity box."""

    seats: tuple[Decimal, ...]
    box: Decimal = ZERO


def hand_money(cash: Sequence[Decimal], kontra: Sequence[Decimal], stake_cents: int, *, charity: bool) -> HandMoney:
    """A hand's cash (points per seat) as euros, exact to the cent and zero-sum with the box."""
    stake = from_cents(stake_cents)  # euros per point
    if not charity or not any(kontra):
        # Nearly every hand: whole points times whole cents are exact, with nothing to round.
        euros = tuple(value * stake for value in cash)
        rounded = tuple(round_cent(value) for value in euros)
        if rounded == euros:
            return HandMoney(rounded)
    stake = Fraction(stake)
    if not charity:
        return HandMoney(hundredths([Fraction(value) * stake for value in cash]))
    kept = [Fraction(c) - max(Fraction(k), 0) for c, k in zip(cash, kontra, strict=True)]
    box = sum((max(Fraction(k), 0) for k in kontra), Fraction(0))
    *seats, box_euros = hundredths([value * stake for value in kept] + [box * stake])
    return HandMoney(tuple(seats), box_euros)


def claim_cents(points: Decimal, stake_cents: int) -> int:
    """A revoke claim's points (services.book_revoke_claim) in whole cents at the stake: Tirol's claimant is
    made whole in the money too ("ist schadlos zu halten", REGELN.js:106; 10 cents a point, REGELN.js:112).
    The credit and the debit of one booking are priced alike (half away from zero on the amount, then the
    sign), so each booking stays zero-sum to the cent."""
    cents = int((abs(points) * stake_cents).quantize(Decimal(1), rounding=ROUND_HALF_UP))
    return cents if points >= 0 else -cents


def price_hands(scores: Iterable[Any], stake_cents: int, *, charity: bool) -> dict[Any, Decimal]:
    """Set ``euros`` on every score row (anything with hand_id, cash, kontra_cash and a settable euros,
    in hand and seat order) by hand_money, and return each hand's box money by hand id."""
    boxes: dict[Any, Decimal] = {}
    for hand_id, rows in groupby(scores, key=lambda score: score.hand_id):
        rows = list(rows)
        money = hand_money([row.cash for row in rows], [row.kontra_cash for row in rows], stake_cents, charity=charity)
        for row, euros in zip(rows, money.seats, strict=True):
            row.euros = euros
        boxes[hand_id] = money.box
    return boxes


@dataclass(frozen=True)
class Payment:
    payer: Hashable
    payee: Hashable
    amount: Decimal


# Exact search for the fewest payments up to this many people with a balance (a table of five and
# the charity box are six); beyond it the greedy settlement still needs at most n - 1 payments.
EXACT_LIMIT = 10


def settle(balances: Mapping[Hashable, Decimal]) -> list[Payment]:
    """The fewest payments that bring every balance to zero (positive: receives, negative: pays).

    The fewest payments for n people with a balance is n minus the largest number of groups the
    people can be split into where each group's balances add up to zero (each group of k settles
    in k - 1 payments and no fewer). Within a group the largest debt pays the largest claim first.
    Raises ValueError when the balances do not add up to zero: such a table cannot be settled.
    """
    total = sum(balances.values(), ZERO)
    if total != 0:
        raise ValueError(f"balances add up to {total}, not zero")
    open_balances = {who: amount for who, amount in balances.items() if amount != 0}
    people = sorted(open_balances, key=lambda who: (str(who)))
    if len(people) <= EXACT_LIMIT:
        groups = _zero_sum_groups(tuple(people), open_balances)
    else:
        groups = [people]
    payments: list[Payment] = []
    for group in groups:
        payments.extend(_greedy({who: open_balances[who] for who in group}))
    return payments


def _zero_sum_groups(people: tuple, balances: Mapping[Hashable, Decimal]) -> list[list]:
    """The most groups with zero sums the people split into (exhaustive, for a handful of people)."""
    if not people:
        return []
    first, rest = people[0], people[1:]
    best: list[list] | None = None
    # The group of the first person: the smallest groups first, so the split into many comes early.
    for size in range(1, len(rest) + 1):
        for others in combinations(rest, size):
            if balances[first] + sum((balances[o] for o in others), ZERO) != 0:
                continue
            remaining = tuple(p for p in rest if p not in others)
            split = [[first, *others], *_zero_sum_groups(remaining, balances)]
            if best is None or len(split) > len(best):
                best = split
        if best is not None and len(best) == len(people) // 2:
            break  # every group has two people at least (no balance here is zero): none can beat this
    assert best is not None, "the whole group always sums to zero"
    return best


def _greedy(balances: dict[Hashable, Decimal]) -> list[Payment]:
    """Largest debtor pays largest creditor until all are square: at most k - 1 payments for k people."""
    debtors = {who: -amount for who, amount in balances.items() if amount < 0}
    creditors = {who: amount for who, amount in balances.items() if amount > 0}
    payments = []
    while debtors:
        payer = max(debtors, key=lambda who: (debtors[who], str(who)))
        payee = max(creditors, key=lambda who: (creditors[who], str(who)))
        amount = min(debtors[payer], creditors[payee])
        payments.append(Payment(payer, payee, amount))
        for side, who in ((debtors, payer), (creditors, payee)):
            side[who] -= amount
            if side[who] == 0:
                del side[who]
    return payments


# --- entry fees and prizes --------------------------------------------------------------------------


@dataclass(frozen=True)
class Prize:
    """What one ranked player is paid from the prize list; ``places`` are the places the rank covers."""

    who: Hashable
    rank: int
    places: tuple[int, ...]
    amount: Decimal

    @property
    def shared(self) -> bool:
        return len(self.places) > 1


def prize_money(prizes: Sequence[Decimal], ranked: Sequence[tuple[Hashable, int | None]]) -> list[Prize]:
    """The prize list (``prizes[0]`` for place 1, …) paid by final rank, best first.

    ``ranked`` is every player in standings order with the rank (competition ranking: two players
    sharing rank 3 are followed by rank 5); unranked players (None: never played) get nothing.
    Players sharing a rank share the prizes of every place their rank covers, in equal parts: two
    sharing rank 3 split the prizes for places 3 and 4 half and half. Cents that do not split evenly
    go one each to the first of them in standings order (largest remainder, as every hand is
    rounded), so the shares always add up to exactly the prizes of those places. Players whose
    places carry no prize are left out.
    """
    by_rank: dict[int, list[Hashable]] = {}
    for who, rank in ranked:
        if rank is not None:
            by_rank.setdefault(rank, []).append(who)
    paid: list[Prize] = []
    for rank in sorted(by_rank):
        people = by_rank[rank]
        places = tuple(range(rank, rank + len(people)))
        pool = sum((prizes[place - 1] for place in places if place <= len(prizes)), ZERO)
        if pool <= 0:
            continue
        shares = hundredths([Fraction(pool) / len(people)] * len(people))
        paid.extend(Prize(who, rank, places, share) for who, share in zip(people, shares, strict=True) if share > 0)
    return paid

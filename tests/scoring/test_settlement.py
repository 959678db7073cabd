"""Money: each hand in euros to the cent (zero-sum with the box), the fewest payments per table,
and the settlement of a played event (every table balances, per-player totals, the charity box)."""

from __future__ import annotations

import random
from collections import defaultdict
from decimal import Decimal as D
from fractions import Fraction

import pytest
from events import play_rounds
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_budget import examples

from scoring.settlement import EXACT_LIMIT, ZERO, hand_money, settle

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once

CENT = D("0.01")


# --- hand_money -----------------------------------------------------------------------------------


def zero_sum(draw, size: int, low: int, high: int) -> list[D]:
    """``size`` amounts in hundredths that add up to zero (the last one balances the others)."""
    values = [draw(st.integers(low, high)) for _ in range(size - 1)]
    return [D(v).scaleb(-2) for v in values] + [D(-sum(values)).scaleb(-2)]


@st.composite
def hands(draw):
    cash = zero_sum(draw, 4, -20000, 20000)
    kontra = zero_sum(draw, 4, -5000, 5000) if draw(st.booleans()) else [ZERO] * 4
    return cash, kontra, draw(st.integers(1, 200)), draw(st.booleans())


def whole_cents(value: D) -> bool:
    return value == value.quantize(CENT)


@settings(max_examples=examples(400), deadline=None)
@given(hands())
def test_every_hand_is_zero_sum_to_the_cent(hand):
    cash, kontra, stake, charity = hand
    money = hand_money(cash, kontra, stake, charity=charity)
    assert sum(money.seats, money.box) == 0
    assert all(whole_cents(v) for v in (*money.seats, money.box))
    rate = Fraction(stake, 100)
    for value, c, k in zip(money.seats, cash, kontra, strict=True):
        kept = Fraction(c) - (max(Fraction(k), 0) if charity else 0)
        assert abs(Fraction(value) - kept * rate) < Fraction(1, 100)  # off by less than a cent
    if charity:
        box = sum((max(Fraction(k), 0) for k in kontra), Fraction(0)) * rate
        assert abs(Fraction(money.box) - box) < Fraction(1, 100) and money.box >= 0
    else:
        assert money.box == 0


def test_trischaken_thirds_at_ten_cents_still_add_up():
    # A tie in Trischaken splits a payment into thirds: 2/3 is stored as 0.67, 0.67 and 0.66.
    cash = [D("-0.67"), D("-0.67"), D("-0.66"), D("2")]
    money = hand_money(cash, [ZERO] * 4, 10, charity=False)
    assert money.seats == (D("-0.07"), D("-0.07"), D("-0.06"), D("0.20"))
    assert sum(money.seats) == 0


def test_thirds_with_a_charity_box():
    cash = [D("4.33"), D("-1.67"), D("-1.33"), D("-1.33")]
    kontra = [D("1.33"), D("-0.67"), D("-0.33"), D("-0.33")]
    money = hand_money(cash, kontra, 10, charity=True)
    assert sum(money.seats, money.box) == 0
    assert money.box == D("0.13")  # 1.33 points x 10 cent, to the nearest cent that keeps the sum


def test_whole_points_are_never_rounded():
    money = hand_money([D(3), D(-1), D(-1), D(-1)], [D(2), D(-2), D(0), D(0)], 10, charity=True)
    assert money.seats == (D("0.10"), D("-0.10"), D("-0.10"), D("-0.10")) and money.box == D("0.20")


# --- settle ---------------------------------------------------------------------------------------


def partitions(items: list):
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for partition in partitions(rest):
        for index in range(len(partition)):
            yield partition[:index] + [[first, *partition[index]]] + partition[index + 1:]
        yield [[first], *partition]


def most_zero_sum_groups(balances: dict) -> int:
    """Brute force: the most blocks of a set partition of the people whose blocks all add up to zero."""
    people = [who for who, amount in balances.items() if amount != 0]
    best = 0
    for partition in partitions(people):
        if all(sum((balances[who] for who in block), ZERO) == 0 for block in partition):
            best = max(best, len(partition))
    return best


def apply(balances: dict, payments) -> dict:
    left = dict(balances)
    for payment in payments:
        assert payment.amount > 0 and payment.payer != payment.payee
        left[payment.payer] += payment.amount
        left[payment.payee] -= payment.amount
    return left


@st.composite
def balance_sets(draw, max_people: int = 7):
    size = draw(st.integers(1, max_people))
    # Small amounts, so that groups adding up to zero happen often.
    values = [draw(st.sampled_from([0, 10, 20, 30, 50, 120, -10, -20, -30, -50, -120, 70, -70])) for _ in range(size - 1)]
    values.append(-sum(values))
    return {f"P{i}": D(v).scaleb(-2) for i, v in enumerate(values)}


@settings(max_examples=examples(300), deadline=None)
@given(balance_sets())
def test_settle_makes_the_fewest_payments(balances):
    payments = settle(balances)
    people = sum(1 for amount in balances.values() if amount != 0)
    assert len(payments) == people - most_zero_sum_groups(balances)
    assert len(payments) <= max(people - 1, 0)
    assert all(amount == 0 for amount in apply(balances, payments).values())


def test_settle_finds_groups_the_greedy_way_would_miss():
    # Largest debt to largest claim would take 4 payments (B->C, D->A, E->A, E->C); the pair A, B
    # and the group C, D, E settle in 1 + 2 = 3.
    balances = {"A": D("5"), "B": D("-5"), "C": D("6"), "D": D("-4"), "E": D("-2")}
    payments = settle(balances)
    assert len(payments) == 3
    assert any({p.payer, p.payee} == {"A", "B"} and p.amount == 5 for p in payments)


def test_settle_many_people_still_needs_at_most_n_minus_one():
    rng = random.Random(7)
    values = [rng.randint(-500, 500) for _ in range(EXACT_LIMIT + 5)]
    values.append(-sum(values))
    balances = {i: D(v).scaleb(-2) for i, v in enumerate(values)}
    payments = settle(balances)
    assert len(payments) <= len(balances) - 1
    assert all(amount == 0 for amount in apply(balances, payments).values())


def test_settle_nothing_to_pay():
    assert settle({}) == [] and settle({"A": ZERO, "B": ZERO}) == []


@pytest.mark.parametrize("balances", [{"A": D("1.00"), "B": D("-0.99")}, {"A": D("0.01")}])
def test_settle_refuses_balances_that_do_not_add_up(balances):
    with pytest.raises(ValueError):
        settle(balances)


# --- the settlement of a played event -------------------------------------------------------------


def played_event(make_tournament, play_round, *, charity: bool, rounds: int = 2):
    tournament = make_tournament(players=17, slug=f"money-{charity}", kontra_to_charity=charity)
    return play_rounds(tournament, play_round, rounds)


@pytest.mark.parametrize("charity", [False, True])
def test_settlement_of_a_played_event(make_tournament, play_round, charity):
    from scoring.models import HandScore
    from scoring.selectors import settlement

    tournament = played_event(make_tournament, play_round, charity=charity)
    money = settlement(tournament)
    assert money.round_numbers == [1, 2]
    assert len(money.tables) == 8 and sum(t.hands for t in money.tables) == 2 * (3 * 16 + 20)
    sums: dict[int, D] = defaultdict(lambda: ZERO)
    for table in money.tables:
        assert table.balance == 0  # exactly, to the cent
        assert len(table.lines) in (4, 5)
        people = len(table.lines) + (1 if table.box else 0)
        assert len(table.payments) <= people - 1
        balances = {line.name: line.euros for line in table.lines}
        if table.box:
            balances[money.box_label] = table.box
        assert all(amount == 0 for amount in apply(balances, table.payments).values())
        for line in table.lines:
            sums[line.entry_id] += line.euros
            assert whole_cents(line.euros)
    assert len(money.players) == 17
    assert [p.name for p in money.players] == sorted(p.name for p in money.players)
    for player in money.players:
        assert player.total == sums[player.entry_id]
        assert set(player.rounds) == {1, 2}
    assert sum((p.total for p in money.players), money.box_total) == 0
    stake = D(tournament.stake_cents) / 100
    positive_kontra = sum(
        (k for k in HandScore.objects.filter(hand__table__round__tournament=tournament).values_list("kontra_cash", flat=True)
         if k > 0), ZERO)
    if charity:
        assert positive_kontra > 0, "the sample should contain kontras"
        assert money.box_total == positive_kontra * stake
        assert any(payment.payee == money.box_label for table in money.tables for payment in table.payments)
    else:
        assert money.box_total == 0 and all(table.box == 0 for table in money.tables)
    # Euros are the stored cash (less the kontra share paid into the box) times the stake; a hand
    # rounds by less than a cent, only where cash is not whole points.
    cash, hands = defaultdict(lambda: ZERO), defaultdict(int)
    for entry_id, value, kontra in HandScore.objects.filter(hand__table__round__tournament=tournament).values_list(
            "entry_id", "cash", "kontra_cash"):
        cash[entry_id] += value - (max(kontra, ZERO) if charity else ZERO)
        hands[entry_id] += 1
    for player in money.players:
        assert abs(player.total - cash[player.entry_id] * stake) < CENT * hands[player.entry_id]


def test_three_equal_trischaken_shares_are_stored_and_summed_equal(make_tournament):
    """Three players tie for the most card points and split -2: each reads -0,67 on every page and in
    the standings (it was -0,66 / -0,67 / -0,67, and their totals then differed); the hand is zero-sum."""
    from scoring.models import HandScore
    from scoring.selectors import standings
    from scoring.services import store_hand

    tournament = make_tournament("tirol", players=8, slug="drittel")
    table = tournament.round_set.get(number=1).tables.order_by("number").first()
    hand = store_hand(table=table, number=1, data={"contract": "trischaken", "card_points": ["20", "20", "20", "10"]}).hand
    points = {s.hand_seat: s.points for s in HandScore.objects.filter(hand=hand)}
    assert points[0] == points[1] == points[2] == D("-0.67") and sum(points.values()) == 0
    totals = {row.player.entry_id: row.total for row in standings(tournament)}
    tied = [s.entry_id for s in HandScore.objects.filter(hand=hand, hand_seat__in=(0, 1, 2))]
    assert len({totals[e] for e in tied}) == 1

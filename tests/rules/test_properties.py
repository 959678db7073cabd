"""Properties every rule set must have, over generated valid hands (hypothesis)."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from hypothesis_budget import examples

from rules.engine import read_hand, score, score_hand
from rules.engine.catalogue import DECLARER, NEGATIVE, OPPONENTS, POSITIVE, TRISCHAKEN
from rules.engine.kontra import kontra_cash, without_kontras
from rules.engine.sampling import random_hand
from rules.rulesets import BUILTIN

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once

SETTINGS = settings(max_examples=examples(250), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def hands(draw, contract_kind: str | None = None):
    """A rule set and a valid hand under it, optionally of one kind of contract."""
    slug = draw(st.sampled_from([
        slug for slug, rs in sorted(BUILTIN.items())
        if contract_kind is None or any(c.kind == contract_kind for c in rs.contracts)
    ]))
    ruleset = BUILTIN[slug]
    contract = None
    if contract_kind is not None:
        contract = draw(st.sampled_from([c for c in ruleset.contracts if c.kind == contract_kind]))
    rng = draw(st.randoms(use_true_random=False))
    return ruleset, random_hand(ruleset, rng, contract)


@SETTINGS
@given(hands())
def test_every_hand_is_zero_sum_in_points_and_cash(case):
    ruleset, hand = case
    result = score(hand, ruleset)
    assert sum(result.points) == 0
    assert sum(result.cash) == 0
    for item in result.items:
        assert sum(item.points) == 0 and sum(item.cash) == 0, item


@SETTINGS
@given(hands())
def test_totals_are_the_sum_of_the_line_items(case):
    ruleset, hand = case
    result = score(hand, ruleset)
    for seat in range(4):
        assert result.points[seat] == sum(item.points[seat] for item in result.items)
        assert result.cash[seat] == sum(item.cash[seat] for item in result.items)


@SETTINGS
@given(hands(), st.permutations([0, 1, 2, 3]))
def test_relabelling_the_seats_permutes_the_result(case, permutation):
    ruleset, hand = case
    contract = ruleset.contract(hand["contract"])
    if contract.vorhand_only or contract.kind == TRISCHAKEN:
        # Vorhand (seat 0) carries meaning there: only relabel the other three seats.
        assume(permutation[0] == 0)
    moved = copy.deepcopy(hand)
    for key in ("declarer", "partner", "renonce"):
        if moved.get(key) is not None:
            moved[key] = permutation[moved[key]]
    if isinstance(moved.get("kontra"), dict):
        moved["kontra"] = {str(permutation[int(seat)]): level for seat, level in moved["kontra"].items()}
    if "card_points" in moved:
        moved["card_points"] = [None] * 4
        for seat, value in enumerate(hand["card_points"]):
            moved["card_points"][permutation[seat]] = value
    before, after = score(hand, ruleset), score(moved, ruleset)
    for seat in range(4):
        assert after.points[permutation[seat]] == before.points[seat]
        assert after.cash[permutation[seat]] == before.cash[seat]


def _game_kontra_lines(ruleset, items):
    """The lines the game's kontra applies to: the game, or the Valat that replaces it."""
    return [
        index for index, item in enumerate(items)
        if item.code == "game" or (item.code == "valat" and ruleset.valat.kind == "game_multiple")
    ]


@SETTINGS
@given(hands(POSITIVE), st.sampled_from([2, 4, 8]))
def test_a_game_kontra_multiplies_exactly_the_game(case, level):
    ruleset, hand = case
    assume(level in ruleset.kontra_levels and not hand.get("surrender") and hand.get("renonce") is None)
    plain = {**hand, "kontra": 1}
    doubled = {**hand, "kontra": level}
    before, after = score(plain, ruleset), score(doubled, ruleset)
    parsed = read_hand(plain, ruleset)
    contract = ruleset.contract(hand["contract"])
    void = contract.kontra_void_when_alone and (parsed.partner is None or parsed.partner == parsed.declarer)
    factor = 1 if void else level
    scaled = set(_game_kontra_lines(ruleset, before.items))
    assert len(before.items) == len(after.items)
    for index, (old, new) in enumerate(zip(before.items, after.items, strict=True)):
        cash_factor = factor if index in scaled else 1
        points_factor = cash_factor if ruleset.kontra_counts_for_standings else 1
        assert new.cash == tuple(v * cash_factor for v in old.cash), (index, old, new)
        assert new.points == tuple(v * points_factor for v in old.points), (index, old, new)


@SETTINGS
@given(hands(POSITIVE), st.data())
def test_a_bonus_kontra_multiplies_exactly_that_bonus(case, data):
    ruleset, hand = case
    assume(not hand.get("surrender") and hand.get("renonce") is None)
    candidates = [
        i for i, claim in enumerate(hand.get("bonuses", []))
        if claim.get("announced") and ruleset.bonus(claim["bonus"]).kontra_allowed
    ]
    assume(candidates)
    index = data.draw(st.sampled_from(candidates))
    level = data.draw(st.sampled_from([level for level in ruleset.kontra_levels if level > 1]))
    plain, doubled = copy.deepcopy(hand), copy.deepcopy(hand)
    plain["bonuses"][index]["kontra"] = 1
    doubled["bonuses"][index]["kontra"] = level
    slug = hand["bonuses"][index]["bonus"]
    before, after = score(plain, ruleset), score(doubled, ruleset)
    parsed = read_hand(plain, ruleset)
    contract = ruleset.contract(hand["contract"])
    void = contract.kontra_void_when_alone and (parsed.partner is None or parsed.partner == parsed.declarer)
    # A Valat that multiplies (Hopfgarten's Durch) carries its kontra onto the lines it multiplies.
    spreads = slug == "valat" and ruleset.valat.kind == "multiplier"
    for old, new in zip(before.items, after.items, strict=True):
        hit = old.code != "void" and (old.subject == slug or (spreads and any(f.code == "valat" for f in old.factors)))
        cash_factor = level if hit and not void else 1
        points_factor = cash_factor if ruleset.kontra_counts_for_standings else 1
        assert new.cash == tuple(v * cash_factor for v in old.cash), (old, new)
        assert new.points == tuple(v * points_factor for v in old.points), (old, new)


@SETTINGS
@given(hands(NEGATIVE), st.sampled_from([0, 1, 2, 3]), st.sampled_from([2, 4, 8]))
def test_a_negative_contract_kontra_touches_only_that_opponent(case, seat, level):
    ruleset, hand = case
    assume(seat != hand["declarer"] and hand.get("renonce") is None and level in ruleset.kontra_levels)
    plain = {**hand, "kontra": {}}
    doubled = {**hand, "kontra": {str(seat): level}}
    before, after = score(plain, ruleset), score(doubled, ruleset)
    counts = ruleset.kontra_counts_for_standings
    for other in range(4):
        if other == hand["declarer"]:
            continue
        factor = level if other == seat else 1
        assert after.cash[other] == before.cash[other] * factor
        assert after.points[other] == before.points[other] * (factor if counts else 1)


@SETTINGS
@given(hands(POSITIVE), st.data())
def test_a_bonus_scores_the_same_for_either_side(case, data):
    """Side symmetry: the same feat by the other side moves the same amount the other way."""
    ruleset, hand = case
    contract = ruleset.contract(hand["contract"])
    claims = hand.get("bonuses", [])
    assume(not hand.get("surrender") and hand.get("renonce") is None)
    assume(not any(c["bonus"] == "valat" for c in claims))
    candidates = [i for i, c in enumerate(claims) if c["bonus"] not in contract.required_birds]
    assume(candidates)
    index = data.draw(st.sampled_from(candidates))
    flipped = copy.deepcopy(hand)
    claim = flipped["bonuses"][index]
    claim["side"] = OPPONENTS if claim["side"] == DECLARER else DECLARER
    # Flipping the side can make a hand invalid (a Rufer that needs an announcement; Skill7's opponents'
    # Absolut, which needs a kontra on the game).
    assume(read_hand_ok(flipped, ruleset))
    before, after = score(hand, ruleset), score(flipped, ruleset)
    slug = claim["bonus"]
    for old, new in zip(before.items, after.items, strict=True):
        if old.subject == slug:
            assert new.cash == tuple(-v for v in old.cash)
            assert new.points == tuple(-v for v in old.points)
        else:
            assert new == old


def read_hand_ok(hand, ruleset) -> bool:
    try:
        read_hand(hand, ruleset)
    except ValueError:
        return False
    return True


@SETTINGS
@given(hands(POSITIVE))
def test_winning_and_losing_a_partner_game_mirror_each_other(case):
    ruleset, hand = case
    contract = ruleset.contract(hand["contract"])
    claims = hand.get("bonuses", [])
    assume(contract.loss_factor == 1 and not hand.get("surrender") and hand.get("renonce") is None)
    assume(not any(c["bonus"] == "valat" for c in claims))
    won = {k: v for k, v in hand.items() if k != "declarer_points"} | {"result": "won"}
    lost = won | {"result": "lost"}
    # A claim that needs card points (a Sack) may fit only one of the two results.
    assume(read_hand_ok(won, ruleset) and read_hand_ok(lost, ruleset))
    a, b = score(won, ruleset), score(lost, ruleset)
    game_a = next(item for item in a.items if item.code == "game")
    game_b = next(item for item in b.items if item.code == "game")
    assert game_b.cash == tuple(-v for v in game_a.cash)
    assert game_b.points == tuple(-v for v in game_a.points)


@settings(max_examples=examples(60), deadline=None)
@given(hands(TRISCHAKEN))
def test_trischaken_rewards_fewer_card_points(case):
    """Nobody with strictly more card points ends up better off than someone with fewer,
    unless a special case (mayor, Vorhand, virgin) is in play."""
    ruleset, hand = case
    assume("card_points" in hand)
    parsed = read_hand(hand, ruleset)
    result = score(hand, ruleset)
    if {item.code for item in result.items} == {"pairs"} or ruleset.trischaken.kind == "loser_pays" and not any(
        v == 0 for v in parsed.card_points
    ):
        for a in range(4):
            for b in range(4):
                if parsed.card_points[a] > parsed.card_points[b]:
                    assert result.points[a] <= result.points[b]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 100) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
FIELDS = ["contract", "declarer", "partner", "result", "declarer_points", "kontra", "bonuses", "card_points",
          "renonce", "surrender"]


@settings(max_examples=examples(400), deadline=None)
@given(hands(), st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=3), st.data())
def test_any_json_gives_a_hand_or_a_clear_refusal_never_a_crash(case, garbage, data):
    ruleset, hand = case
    broken = {**hand, **garbage}
    if hand.get("bonuses") and data.draw(st.booleans()):
        broken["bonuses"] = [dict(hand["bonuses"][0], **data.draw(st.dictionaries(
            st.sampled_from(["bonus", "side", "announced", "made", "kontra"]), JSON, max_size=2)))]
    try:
        parsed = read_hand(broken, ruleset)
    except ValueError as error:
        assert error.__class__.__name__ == "InvalidHand"
        assert all(p.message_de and p.message_en for p in error.problems)
    else:
        result = score(broken, ruleset)
        assert sum(result.points) == 0 and sum(result.cash) == 0 and parsed.contract == broken["contract"]


@SETTINGS
@given(hands())
def test_kontra_money_is_zero_sum_and_the_rest_is_the_undoubled_hand(case):
    ruleset, data = case
    hand = read_hand(data, ruleset)
    result = score_hand(hand, ruleset)
    moved = kontra_cash(hand, ruleset, result)
    assert sum(moved) == 0
    plain = score_hand(without_kontras(hand), ruleset)
    assert tuple(c - m for c, m in zip(result.cash, moved, strict=True)) == plain.cash
    assert kontra_cash(hand, ruleset) == moved

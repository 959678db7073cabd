"""Builders and checks shared by the golden-hand files in tests/rules/golden/ (one per rule set).

A golden row is a hand, the standings points and cash computed by hand from the seed text, and
the citation it checks; every expectation must itself be zero-sum.
"""

from __future__ import annotations

import pytest

from rules.engine import InvalidHand, score
from rules.engine.ruleset import RuleSet


def bonus(slug, side="declarer", announced=False, made=True, kontra=1) -> dict:
    entry = {"bonus": slug, "side": side}
    if announced:
        entry["announced"] = True
    if not made:
        entry["made"] = False
    if kontra != 1:
        entry["kontra"] = kontra
    return entry


def _contract(contract, declarer, partner, result, extra) -> dict:
    hand = {"contract": contract, "declarer": declarer, "result": result, **extra}
    if partner is not None:
        hand["partner"] = partner
    return hand


def won(contract, declarer, partner=None, **extra) -> dict:
    return _contract(contract, declarer, partner, "won", extra)


def lost(contract, declarer, partner=None, **extra) -> dict:
    return _contract(contract, declarer, partner, "lost", extra)


def row(id, hand, points, cash, cite, xfail=None):
    marks = [pytest.mark.xfail(reason=xfail, strict=True)] if xfail else []
    return pytest.param(hand, points, cash, cite, id=id, marks=marks)


def err(id, hand, codes):
    return pytest.param(hand, codes, id=id)


def check_golden(ruleset: RuleSet, hand: dict, points: list, cash: list, cite: str) -> None:
    assert cite, "every golden hand cites what it checks"
    assert sum(points) == 0 and sum(cash) == 0, "the expectation itself must be zero-sum"
    result = score(hand, ruleset)
    assert list(result.points) == points, cite
    assert list(result.cash) == cash, cite


def check_refused(ruleset: RuleSet, hand: dict, codes: list[str]) -> None:
    with pytest.raises(InvalidHand) as excinfo:
        score(hand, ruleset)
    assert sorted(problem.code for problem in excinfo.value.problems) == sorted(codes)


def check_coverage(ruleset: RuleSet, rows: list) -> None:
    """Every contract and every bonus of the rule set appears in at least one golden hand."""
    hands = [param.values[0] for param in rows]
    assert {hand["contract"] for hand in hands} == {c.slug for c in ruleset.contracts}
    assert {b["bonus"] for hand in hands for b in hand.get("bonuses", [])} == {b.slug for b in ruleset.bonuses}

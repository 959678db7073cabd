"""The kontra share of a hand's money (rules/engine/kontra.py), which a charity box may collect."""

from __future__ import annotations

import pytest

from rules.engine import read_hand
from rules.engine.kontra import kontra_cash, without_kontras
from rules.rulesets import BUILTIN

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once


def share(data: dict, slug: str):
    ruleset = BUILTIN[slug]
    return kontra_cash(read_hand(data, ruleset), ruleset)


def test_a_hand_without_doublings_moves_no_kontra_money():
    assert share({"contract": "dreier", "declarer": 2, "result": "won"}, "tirol") == (0, 0, 0, 0)


def test_tirol_dreier_with_kontra_the_doubling_is_the_kontra_money():
    # Seed 000 table: Dreier 5 (a solo game, declarer alone: 3x from each), kontra x2 (rule-notes.md,
    # Tirol: kontras are still paid). Won: cash 30/-10 each, of which 15/-5 only because of the kontra.
    assert share({"contract": "dreier", "declarer": 2, "result": "won", "kontra": 2}, "tirol") == (-5, -5, 15, -5)


def test_tirol_rekontra_on_a_lost_rufer_is_three_quarters_of_the_money():
    # Rufer 1, lost, rekontra x4: cash 4 per player; without kontra 1; so 3 per player came from it.
    data = {"contract": "rufer", "declarer": 0, "partner": 1, "result": "lost", "kontra": 4}
    assert share(data, "tirol") == (-3, -3, 3, 3)


def test_only_the_opponent_who_doubled_a_negative_contract_moves_kontra_money():
    # Seed 000 section 1: "In negative contracts each opponent can kontra individually".
    data = {"contract": "bettler", "declarer": 1, "result": "lost", "kontra": {"0": 2}}
    ruleset = BUILTIN["tirol"]
    value = ruleset.contract("bettler").value
    assert share(data, "tirol") == (value, -value, 0, 0)


def test_a_bonus_kontra_moves_only_that_bonus_money():
    data = {"contract": "rufer", "declarer": 0, "partner": 2, "result": "won",
            "bonuses": [{"bonus": "pagat", "side": "declarer", "announced": True, "kontra": 2}]}
    ruleset = BUILTIN["tirol"]
    announced_pagat = ruleset.bonus("pagat").value(True)
    assert share(data, "tirol") == (announced_pagat, -announced_pagat, announced_pagat, -announced_pagat)


def test_a_void_kontra_moves_no_money():
    # rule-notes.md, Upper Austria: Solo-Rufer with the called king in the talon, any kontra is void.
    data = {"contract": "solorufer", "declarer": 0, "partner": None, "result": "won", "kontra": 2}
    assert share(data, "ooe") == (0, 0, 0, 0)


def test_without_kontras_keeps_everything_but_the_doublings():
    ruleset = BUILTIN["tirol"]
    hand = read_hand({"contract": "rufer", "declarer": 0, "partner": 2, "result": "won", "kontra": 2,
                      "bonuses": [{"bonus": "pagat", "side": "declarer", "announced": True, "kontra": 2},
                                  {"bonus": "trull", "side": "opponents"}]}, ruleset)
    plain = without_kontras(hand)
    assert plain.kontra == 1 and all(claim.kontra == 1 for claim in plain.bonuses)
    assert [c.bonus for c in plain.bonuses] == ["pagat", "trull"] and plain.partner == 2

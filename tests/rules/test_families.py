"""Contract families as rule-set data (issue 22, point 3's engine part): a club's variant adds a
Quapil-Rufer and a Triccolo through ``derive``, scores hands with them, and is refused, field by field,
when a contract does not fit its family; ``score_hands --list-contracts`` lists what a rule set offers."""

import json
from io import StringIO

import pytest
from django.core.management import call_command

from rules.engine import InvalidHand, score
from rules.engine.custom import RuleSetInvalid, derive
from rules.engine.families import contract_row, describe, family, target_tricks
from rules.rulesets import BUILTIN, load_custom

pytestmark = pytest.mark.once

RUFER_BONUSES = ["pagat", "uhu", "kakadu", "quapil", "king_ultimo", "trull", "four_kings", "valat"]
QUAPIL_RUFER = contract_row("call_king_bird", slug="quapilrufer", name="Quapil-Rufer", value=5, talon="half",
                            birds=["quapil"], bonuses=RUFER_BONUSES)
TRICCOLO = contract_row("negative", slug="triccolo", name="Triccolo", value=3, tricks=3)
KLUB = {"slug": "klub", "name": "Klub-Tarock", "version": 1, "base": "raiffeisen",
        "overrides": {"contracts": {"quapilrufer": QUAPIL_RUFER, "triccolo": TRICCOLO}}}


def klub(**contracts):
    return derive(BUILTIN["raiffeisen"], {**KLUB, "overrides": {"contracts": contracts}})


def test_a_variant_with_a_quapil_rufer_and_a_triccolo_scores_hands():
    rs = load_custom(KLUB)
    rufer, triccolo = rs.contract("quapilrufer"), rs.contract("triccolo")
    assert (family(rufer), rufer.required_birds, family(triccolo), target_tricks(triccolo)) == (
        "call_king_bird", frozenset({"quapil"}), "negative", 3)
    # Quapil-Rufer (5) won with its announced Quapil (8): 13 each for declarer 1 and partner 2.
    hand = {"contract": "quapilrufer", "declarer": 1, "partner": 2, "result": "won",
            "bonuses": [{"bonus": "quapil", "side": "declarer", "announced": True}]}
    assert score(hand, rs).points == (-13, 13, 13, -13)
    # Triccolo (3) lost, seat 0 doubled alone: 3 each in the standings, the kontra only in the cash.
    result = score({"contract": "triccolo", "declarer": 3, "result": "lost", "kontra": {"0": 2}}, rs)
    assert (result.points, result.cash) == ((3, 3, 3, -9), (6, 3, 3, -12))
    assert result.items[0].label_en == "Triccolo"


def test_the_quapil_rufer_needs_its_bird_and_other_rule_sets_do_not_know_it():
    rs = load_custom(KLUB)
    with pytest.raises(InvalidHand) as excinfo:
        score({"contract": "quapilrufer", "declarer": 1, "partner": 2, "result": "won",
               "bonuses": [{"bonus": "pagat", "side": "declarer", "announced": True}]}, rs)
    assert [p.code for p in excinfo.value.problems] == ["bird_required"]
    with pytest.raises(InvalidHand) as excinfo:
        score({"contract": "triccolo", "declarer": 1, "result": "won"}, BUILTIN["raiffeisen"])
    assert [p.code for p in excinfo.value.problems] == ["contract_unknown"]


@pytest.mark.parametrize("family, params, fields", [
    ("alone", {"talon": "one"}, {"talon": 1}),
    ("alone", {"talon": "whole"}, {"talon": 6}),
    ("colour", {"talon": "none"}, {"talon": 0}),
    ("colour", {"talon": "half"}, {"talon": 3}),
    ("call_king", {"talon": "none"}, {"talon": 0}),
    ("negative", {"tricks": 0, "ouvert": "half_open"}, {"tricks": 0, "open": "half_open"}),
    ("negative", {"tricks": 2, "ouvert": "open"}, {"tricks": 2, "open": "open"}),
])
def test_every_family_can_be_added(family, params, fields):
    row = contract_row(family, slug="eigen", name="Eigenes", value=4, **params)
    line = describe(klub(eigen=row).contract("eigen"))
    assert line == {"contract": "eigen", "name": "Eigenes", "family": family, "value": 4, **fields}


@pytest.mark.parametrize("row, field", [
    (contract_row("negative", slug="eigen", name="E", value=3, tricks=4), "contracts.eigen.tricks"),
    (contract_row("negative", slug="eigen", name="E", value=3, ouvert="see-through"), "contracts.eigen.ouvert"),
    ({**contract_row("negative", slug="eigen", name="E", value=3), "talon": "half"}, "contracts.eigen.talon"),
    ({**contract_row("alone", slug="eigen", name="E", value=3), "tricks": 1}, "contracts.eigen.tricks"),
    (contract_row("alone", slug="eigen", name="E", value=3, talon="two"), "contracts.eigen.talon"),
    (contract_row("call_king", slug="eigen", name="E", value=3, talon="whole"), "contracts.eigen.talon"),
    ({**contract_row("call_king", slug="eigen", name="E", value=3), "farbenspiel": True}, "contracts.eigen.farbenspiel"),
    ({**contract_row("alone", slug="eigen", name="E", value=3, bonuses=["pagat"]), "required_birds": ["pagat"]},
     "contracts.eigen.required_birds"),
    (contract_row("alone", slug="Eigen!", name="E", value=3), "contracts.Eigen!:"),
])
def test_a_contract_that_does_not_fit_its_family_is_refused_naming_the_field(row, field):
    with pytest.raises(RuleSetInvalid) as excinfo:
        klub(**{row["slug"]: row})
    assert any(problem.startswith(field) for problem in excinfo.value.problems), excinfo.value.problems


def test_a_second_trischaken_under_a_name_of_its_own():
    rs = klub(fahren=contract_row("trischaken", slug="fahren", name="Fahren", value=1))
    assert describe(rs.contract("fahren")) == {"contract": "fahren", "name": "Fahren", "family": "trischaken", "value": 1}
    # It pays by the rule set's Trischaken scheme (OÖ 4/2023): the loser pays 1 to each.
    assert score({"contract": "fahren", "card_points": ["20", "30", "10", "10"]}, rs).points == (1, -3, 1, 1)


def test_a_hand_format_slug_keeps_its_trick_target():
    with pytest.raises(RuleSetInvalid) as excinfo:
        klub(piccolo={"tricks": 2})
    assert excinfo.value.problems == ("contracts.piccolo.tricks: piccolo has the target 1; give another target a slug of its own",)


def test_a_trischaken_and_a_fixed_valat_are_family_data_too():
    rs = derive(BUILTIN["sauwald"], {"slug": "sw-fix", "name": "Sauwald, Valat fest", "version": 1, "base": "sauwald",
                                     "overrides": {"valat": {"kind": "premium"}, "trischaken": {"kind": "two_pairs", "unit": 2}}})
    assert describe(rs.contract("trischaken")) == {"contract": "trischaken", "name": "Trischaken", "family": "trischaken", "value": 1}
    # A fixed Valat premium: 8 beside the Vorhandrufer's 1, 9 each.
    hand = {"contract": "rufer", "declarer": 0, "partner": 1, "result": "won",
            "bonuses": [{"bonus": "valat", "side": "declarer", "announced": True}]}
    assert score(hand, rs).points == (9, 9, -9, -9)


def list_contracts(*args):
    out = StringIO()
    call_command("score_hands", *args, "--list-contracts", stdout=out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_list_contracts_prints_each_contract_of_a_rule_set():
    lines = list_contracts("--rules", "sauwald")
    assert [line["contract"] for line in lines] == [c.slug for c in BUILTIN["sauwald"].contracts]
    assert lines[0] == {"contract": "rufer", "name": "Vorhandrufer", "family": "call_king", "talon": 3, "value": 1}
    assert {"contract": "besserrufer", "name": "A-Rufer", "family": "call_king_bird", "talon": 3,
            "birds": ["pagat", "uhu", "kakadu", "quapil"], "value": 1} in lines


def test_list_contracts_of_a_custom_rule_set(tmp_path):
    path = tmp_path / "klub.json"
    path.write_text(json.dumps(KLUB), encoding="utf-8")
    lines = list_contracts("--rules-file", str(path))
    assert lines[-2:] == [
        {"contract": "quapilrufer", "name": "Quapil-Rufer", "family": "call_king_bird", "talon": 3, "birds": ["quapil"], "value": 5},
        {"contract": "triccolo", "name": "Triccolo", "family": "negative", "tricks": 3, "open": "closed", "value": 3},
    ]

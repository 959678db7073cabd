"""A director derives a rule set from a seed one; it is validated before anything is scored with it."""

import json

import pytest

from rules import rulesets
from rules.engine import custom, score
from rules.engine.custom import RuleSetInvalid, derive, validate_ruleset
from rules.engine.ruleset import RuleSet
from rules.engine.types import HandResult
from rules.rulesets import BUILTIN, UnknownRuleSet, get_ruleset, load_custom

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once

TIROL_VALAT = {
    "slug": "tirol-valat", "name": "Tirol, Valat 4×/8× des Spiels", "version": 3, "base": "tirol",
    "description": "Wie Tirol, aber der Valat zählt 4- bzw. 8-fach das Spiel.",
    "overrides": {"valat": {"kind": "game_multiple"},
                  "bonuses": {"valat": {"silent": 4, "announced": 8, "solo_doubling": False}}},
}


def problems_of(spec, base="tirol"):
    with pytest.raises(RuleSetInvalid) as excinfo:
        derive(BUILTIN[base], spec)
    return " | ".join(excinfo.value.problems)


def test_tirol_with_valat_as_a_multiple_of_the_game():
    rs = load_custom(TIROL_VALAT)
    assert (rs.slug, rs.version, rs.base, rs.key) == ("tirol-valat", 3, "tirol", "tirol-valat@3")
    assert rs.valat.kind == "game_multiple" and rs.valat.source.source == "custom"
    assert rs.bonus("valat").source.source == "custom" and rs.bonus("valat").notes == ()
    assert rs.bonus("pagat") == BUILTIN["tirol"].bonus("pagat")
    assert rs.interpretations[-1].topic == "Custom rule set"
    hand = {"contract": "solodreier", "declarer": 1, "result": "won",
            "bonuses": [{"bonus": "valat", "side": "declarer", "announced": True}, {"bonus": "trull", "side": "declarer"}]}
    # announced Valat = 8 × Solodreier 10 = 80 instead of the game; the silent Trull does not count beside it
    assert score(hand, rs).points == (-80, 240, -80, -80)
    # the seed rule set is untouched: 10 + Valat 20×2 (solo), Trull voided as material
    assert score(hand, BUILTIN["tirol"]).points == (-50, 150, -50, -50)


def test_overriding_removing_and_adding_rows_and_settings():
    spec = {
        "slug": "ooe-club", "name": "Klubrunde", "version": 1, "base": "ooe",
        "overrides": {
            "contracts": {"dreier": {"value": 5}, "bettler_ouvert": None,
                          "zwiccolo": {"name": "Zwiccolo", "value": 3, "kind": "negative",
                                       "source": {"source": "custom", "quote": "Klubbeschluss 2026"}}},
            "kontra_counts_for_standings": True,
            "format": {"stake_cents": 5},
        },
    }
    rs = derive(BUILTIN["ooe"], spec)
    assert rs.contract("dreier").value == 5 and rs.contract("bettler_ouvert") is None
    assert rs.contract("zwiccolo").source.quote == "Klubbeschluss 2026"
    assert rs.citations["kontra_counts_for_standings"].source == "custom"
    assert rs.format.stake_cents == 5 and rs.format.rounds == 3
    assert score({"contract": "dreier", "declarer": 1, "result": "won", "kontra": 2}, rs).points == (-10, 30, -10, -10)
    assert score({"contract": "zwiccolo", "declarer": 3, "result": "lost"}, rs).points == (3, 3, 3, -9)


def test_plain_round_trip_is_exact():
    for rs in BUILTIN.values():
        plain = rs.to_plain()
        assert RuleSet.from_plain(json.loads(json.dumps(plain))) == rs


@pytest.mark.parametrize("spec,expected", [
    ([], "must be a JSON object"),
    ({"name": "x", "version": 1}, "missing field 'slug'"),
    ({"slug": "ab", "name": "x", "version": 1, "overrides": []}, "'overrides' must be an object"),
    ({"slug": "ab", "name": "x", "version": 1, "overrides": {"slug": "cd"}}, "cannot be overridden"),
    ({"slug": "ab", "name": "x", "version": 1, "overrides": {"colour": "red"}}, "unknown setting 'colour'"),
    ({"slug": "ab", "name": "x", "version": 1, "overrides": {"contracts": []}}, "must map a slug"),
    ({"slug": "ab", "name": "x", "version": 1, "overrides": {"contracts": {"zwiccolo": None}}}, "cannot remove 'zwiccolo'"),
    ({"slug": "ab", "name": "x", "version": 1, "overrides": {"contracts": {"dreier": 6}}}, "expected an object of fields"),
    ({"slug": "ab", "name": "x", "version": 1, "overrides": {"contracts": {"dreier": {"value": "six"}}}}, "expected a whole number"),
    ({"slug": "ab", "name": "x", "version": 1, "overrides": {"contracts": {"dreier": {"bonuses": "all"}}}}, "expected a list"),
    ({"slug": "ab", "name": "x", "version": 1, "overrides": {"contracts": {"dreier": {"vorhand_only": 1}}}}, "expected true or false"),
    ({"slug": "ab", "name": "x", "version": 1, "overrides": {"contracts": {"dreier": {"colour": 1}}}}, "unknown field(s) colour"),
    ({"slug": "ab", "name": "x", "version": 1, "overrides": {"contracts": {"solo": {"value": 4}}}}, "missing"),
    ({"slug": "ab", "name": "x", "version": 1, "overrides": {"contracts": {"dreier": {"source": "me"}}}}, "expected an object"),
    ({"slug": "ab", "name": "x", "version": 1, "overrides": {"citations": {"win_threshold": 3}}}, "expected an object"),
    ({"slug": "ab", "name": 5, "version": 1}, "expected a text"),
    ({"slug": "ab", "name": "x", "version": 1, "overrides": {"citations": []}}, "expected an object"),
])
def test_malformed_specs_are_refused_with_a_message(spec, expected):
    assert expected in problems_of(spec)


@pytest.mark.parametrize("overrides,expected", [
    ({"win_threshold": 0}, "win_threshold"),
    ({"kontra_levels": [2, 4]}, "kontra_levels must include 1"),
    ({"valat": {"kind": "double"}}, "valat.kind must be one of"),
    ({"renonce": {"kind": "jail", "source": {"source": "custom", "quote": "-"}}}, "renonce.kind"),
    ({"trischaken": {"kind": "dice"}}, "trischaken.kind"),
    ({"trischaken": {"extras": "both"}}, "trischaken.extras"),
    ({"trischaken": {"unit": -2}}, "cannot be negative"),
    ({"trischaken": None}, "Trischaken needs a 'trischaken' payment scheme"),
    ({"bonuses": {"pagat": {"silent": None, "announced": None}}}, "needs a silent or an announced value"),
    ({"bonuses": {"pagat": {"silent": -1}}}, "values cannot be negative"),
    ({"bonuses": {"pfeife": {"name": "Pfeife", "silent": 1, "announced": 2}}}, "not a bonus of the hand format"),
    ({"bonuses": {"trull": {"excluded_by": ["king_captured"]}}}, "excluded_by names bonuses"),
    ({"bonuses": {"uhu": None}}, "allows bonuses the rule set does not have: uhu"),
    ({"contracts": {"dreier": {"value": 0}}}, "value and factors must be 1 or more"),
    ({"contracts": {"dreier": {"kind": "neutral"}}}, "kind must be one of"),
    ({"contracts": {"dreier": {"required_birds": ["trull"]}}}, "required birds"),
    ({"contracts": {"piccolo": {"bonuses": ["pagat"]}}}, "only positive contracts"),
    ({"contracts": {"dreier": {"surrender": True}}}, "only a contract that calls a king"),
    ({"contracts": {"dreier": {"needs_announcement": True, "bonuses": ["valat"]}}}, "allows no bonus that can be announced"),
    ({"contracts": {"Bauern-Schnapsen": {"name": "B", "value": 1, "kind": "positive", "source": {"source": "c", "quote": "q"}}}},
     "a contract of the rule set's own needs a slug"),
])
def test_inconsistent_rule_sets_are_refused_naming_the_problem(overrides, expected):
    assert expected in problems_of({"slug": "tirol-x", "name": "x", "version": 1, "overrides": overrides})


def test_structural_checks_on_slug_version_and_duplicates():
    rs = BUILTIN["tirol"]
    plain = rs.to_plain() | {"slug": "Tirol!", "version": 0}
    plain["contracts"] = plain["contracts"] + plain["contracts"][:1]
    plain["bonuses"] = plain["bonuses"] + plain["bonuses"][:1]
    problems = " | ".join(custom.structural_problems(RuleSet.from_plain(plain)))
    for expected in ("slug 'Tirol!'", "version must be 1", "listed once each", "a bonus is listed twice"):
        assert expected in problems


def test_zero_sum_check_reports_hands_the_rule_set_refuses(monkeypatch):
    monkeypatch.setattr(custom, "random_hands", lambda rs, n, seed: [{"contract": "dreier", "declarer": 9}] * 7)
    with pytest.raises(RuleSetInvalid) as excinfo:
        validate_ruleset(BUILTIN["tirol"])
    assert len(excinfo.value.problems) == 5
    assert "refused by the rule set itself" in excinfo.value.problems[0]


def test_zero_sum_check_reports_a_hand_that_does_not_balance(monkeypatch):
    import rules.engine.scoring as scoring

    monkeypatch.setattr(scoring, "score", lambda hand, rs: HandResult((1, 0, 0, 0), (0, 0, 0, 0)))
    with pytest.raises(RuleSetInvalid) as excinfo:
        validate_ruleset(BUILTIN["pagat"], sample_size=3)
    assert all("is not zero-sum" in p for p in excinfo.value.problems)


def test_every_seed_rule_set_passes_its_own_validation():
    for rs in BUILTIN.values():
        validate_ruleset(rs, sample_size=200)


def test_load_custom_needs_a_known_base(monkeypatch):
    monkeypatch.setattr(rulesets, "_saved_lookups", [])  # the engine alone: no club's saved rule set to ask for
    with pytest.raises(RuleSetInvalid, match="'base' must name"):
        load_custom({"slug": "x1", "name": "x", "version": 1})
    with pytest.raises(RuleSetInvalid, match="unknown base rule set 'wien'"):
        load_custom({"slug": "x1", "name": "x", "version": 1, "base": "wien"})
    with pytest.raises(UnknownRuleSet) as excinfo:
        get_ruleset("wien")
    assert "tirol" in str(excinfo.value)


def test_direction_of_play_round_trips_and_can_be_overridden():
    hopfgarten = BUILTIN["hopfgarten"]
    assert hopfgarten.format.direction == "clockwise" and BUILTIN["tirol"].format.direction == "anticlockwise"
    plain = json.loads(json.dumps(hopfgarten.to_plain()))
    assert plain["format"]["direction"] == "clockwise"
    assert RuleSet.from_plain(plain) == hopfgarten
    spec = {"slug": "tirol-cw", "name": "Tirol im Uhrzeigersinn", "version": 1, "base": "tirol",
            "overrides": {"format": {"direction": "clockwise"}}}
    rs = derive(BUILTIN["tirol"], spec)
    assert rs.format.direction == "clockwise" and rs.format.direction_source.source == "custom"
    assert rs.format.tie_breaks == BUILTIN["tirol"].format.tie_breaks


def test_direction_of_play_must_be_one_of_two():
    spec = {"slug": "tirol-x", "name": "X", "version": 1, "base": "tirol", "overrides": {"format": {"direction": "sideways"}}}
    assert "format.direction must be one of ['anticlockwise', 'clockwise']" in problems_of(spec)


def test_talon_penalty_and_unplayed_contracts_are_checked():
    spec = {"slug": "tirol-y", "name": "Y", "version": 1, "base": "tirol",
            "overrides": {"contracts": {"dreier": {"talon_king_penalty": "king_captured", "may_stay_unplayed": True}}}}
    found = problems_of(spec)
    assert "contract dreier: talon_king_penalty must name a bonus with a silent value in a contract that calls a king" in found
    assert "contract dreier: may_stay_unplayed needs needs_announcement" in found
    spec = {"slug": "hopf-y", "name": "Y", "version": 1, "base": "hopfgarten",
            "overrides": {"contracts": {"rufer": {"talon_king_penalty": "ten_tarock"}}}}
    assert "contract rufer: talon_king_penalty must name a bonus" in problems_of(spec, "hopfgarten")
    spec["overrides"] = {"contracts": {"rufer": {"talon_king_penalty": "sack"}}}
    assert "contract rufer: talon_king_penalty must name a bonus" in problems_of(spec, "hopfgarten")


def test_tie_break_keys_are_known():
    assert BUILTIN["tirol"].format.tie_breaks == ("round_results", "lots")
    assert BUILTIN["hopfgarten"].format.tie_breaks == ("final_round", "best_round", "lots")
    spec = {"slug": "tirol-z", "name": "Z", "version": 1, "base": "tirol", "overrides": {"format": {"tie_breaks": ["coin"]}}}
    assert "format.tie_breaks: unknown key(s) coin" in problems_of(spec)


def test_late_entry_comes_from_the_rule_set_and_can_be_overridden():
    hopfgarten = BUILTIN["hopfgarten"]
    assert hopfgarten.format.late_entry is False and hopfgarten.format.late_entry_source.source == "003"
    assert all(BUILTIN[slug].format.late_entry for slug in BUILTIN if slug != "hopfgarten")
    assert RuleSet.from_plain(json.loads(json.dumps(hopfgarten.to_plain()))) == hopfgarten
    spec = {"slug": "tirol-strict", "name": "Tirol pünktlich", "version": 1, "base": "tirol",
            "overrides": {"format": {"late_entry": False}}}
    rs = derive(BUILTIN["tirol"], spec)
    assert rs.format.late_entry is False and rs.format.late_entry_source.source == "custom"
    spec["overrides"]["format"]["late_entry"] = "no"
    assert "format.late_entry: expected true or false" in problems_of(spec)


def refusals(overrides: dict, base: str = "tirol") -> list[tuple[str, str]]:
    """The (code, path) of every problem the engine names for ``overrides`` on ``base``."""
    with pytest.raises(RuleSetInvalid) as excinfo:
        derive(BUILTIN[base], {"slug": "x-klub", "name": "x", "version": 1, "overrides": overrides})
    return [(problem.code, problem.path) for problem in excinfo.value.problems]


@pytest.mark.parametrize(("overrides", "base", "expected"), [
    # Issue 32 point 5: nonsense a club's form could save without a word.
    ({"bonuses": {"pagat": {"silent": 0, "announced": 0}}}, "tirol", ("bonus_worth_nothing", "bonuses.pagat.silent")),
    ({"bonuses": {"pagat": {"silent": None, "announced": 0}}}, "tirol",
     ("bonus_worth_nothing", "bonuses.pagat.announced")),
    ({"bonuses": {"pagat": {"silent": 5, "announced": 2}}}, "tirol",
     ("bonus_silent_above_announced", "bonuses.pagat.silent")),
    ({"bonuses": {"pagat": {"announced": -1}}}, "tirol", ("bonus_value_negative", "bonuses.pagat.announced")),
    ({"bonuses": {"pagat": {"silent": -1}}}, "tirol", ("bonus_value_negative", "bonuses.pagat.silent")),
    ({"contracts": {"dreier": {"name": " rufer "}}}, "tirol", ("contract_name_twice", "contracts.dreier.name")),
    ({"bonuses": {"uhu": {"name": "pagat "}}}, "tirol", ("bonus_name_twice", "bonuses.uhu.name")),
    ({"trischaken": {"unit": 0, "alone_unit": 0, "virgin_unit": 0}}, "tirol",
     ("trischaken_pays_nothing", "trischaken.unit")),
    # Upper Austria's scheme reads the unit alone: the other amounts do not make it pay.
    ({"trischaken": {"unit": 0, "alone_unit": 3}}, "ooe", ("trischaken_pays_nothing", "trischaken.unit")),
    ({"contracts": {"piccolo": {"tricks": 2}}}, "tirol", ("tricks_fixed", "contracts.piccolo.tricks")),
    ({"contracts": {"dreier": {"surrender": True}}}, "tirol", ("surrender_without_king", "contracts.dreier.surrender")),
])
def test_a_refusal_carries_a_code_and_the_path_of_its_setting(overrides, base, expected):
    """Issue 31 point 5: a site says a problem in its own language from the code, on the field the path names."""
    assert expected in refusals(overrides, base)


def test_a_problem_keeps_its_english_sentence_and_its_parameters():
    with pytest.raises(RuleSetInvalid) as excinfo:
        derive(BUILTIN["tirol"], {"slug": "x-klub", "name": "x", "version": 1,
                                  "overrides": {"bonuses": {"pagat": {"silent": 5, "announced": 2}}}})
    problem = next(p for p in excinfo.value.problems if p.code == "bonus_silent_above_announced")
    assert problem == "bonus pagat: silent (5) worth more than announced (2)"
    assert problem.params == {"bonus": "pagat", "silent": 5, "announced": 2}
    assert str(excinfo.value) == "; ".join(excinfo.value.problems)


def test_one_trischaken_amount_above_zero_is_enough():
    rs = derive(BUILTIN["tirol"], {"slug": "x-klub", "name": "x", "version": 1,
                                   "overrides": {"trischaken": {"unit": 0, "alone_unit": 0}}})
    assert rs.trischaken.virgin_unit == 2

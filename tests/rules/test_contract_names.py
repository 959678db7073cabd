"""A contract's and a bonus's name without a rule set at hand: a player's record across tournaments, the rule builder
and its problems show names in the page's language, never slugs."""

from rules.engine.catalogue import ANNULLED, BONUS_NAMES_EN, CONTRACT_NAMES_EN
from rules.rulesets import BUILTIN, bonus_name, contract_name


def test_a_german_name_comes_from_the_first_seed_rule_set_that_has_the_contract():
    assert contract_name("rufer") == next(c.name for c in BUILTIN["tirol"].contracts if c.slug == "rufer")
    assert contract_name("piccolo_ouvert") != "piccolo_ouvert"


def test_an_english_name_is_the_catalogues_short_form_without_its_gloss():
    assert contract_name("rufer", "en") == "Rufer"
    assert contract_name("sechserdreier", "en") == "Sechserdreier"
    assert "(" not in contract_name("piccolo_ouvert", "en")


def test_an_annulled_deal_is_named_in_both_languages():
    assert contract_name(ANNULLED) == "annulliert"
    assert contract_name(ANNULLED, "en") == "annulled"


def test_every_catalogue_contract_has_a_name_that_is_not_its_slug():
    for slug in CONTRACT_NAMES_EN:
        assert contract_name(slug) != slug
        assert contract_name(slug, "en") != slug


def test_an_unknown_slug_is_shown_as_it_is_rather_than_failing():
    assert contract_name("no_such_contract") == "no_such_contract"
    assert contract_name("no_such_contract", "en") == "no_such_contract"


def test_a_bonuss_german_name_is_its_rule_sets_own_else_the_first_seed_rule_sets():
    assert bonus_name("king_ultimo") == "König ultimo"
    assert bonus_name("pagat") == "Pagat" and bonus_name("pagat", "de", BUILTIN["pagat"]) == "Pagat ultimo"
    without = next(rs for rs in BUILTIN.values() if rs.bonus("mondfang") is None)
    assert bonus_name("mondfang", "de", without) == bonus_name("mondfang")  # a rule set without it: the seeds'


def test_a_bonuss_english_name_is_the_catalogues_short_form_whatever_the_rule_set():
    assert bonus_name("king_ultimo", "en") == "King ultimo" and bonus_name("four_kings", "en") == "Four kings"
    assert bonus_name("pagat", "en", BUILTIN["pagat"]) == "Pagat ultimo" and bonus_name("mondfang", "en") == "Mondfang"
    for slug in BONUS_NAMES_EN:
        assert bonus_name(slug) != slug and "(" not in bonus_name(slug, "en")


def test_an_unknown_bonus_is_shown_as_it_is_rather_than_failing():
    assert bonus_name("no_such_bonus") == "no_such_bonus" == bonus_name("no_such_bonus", "en")

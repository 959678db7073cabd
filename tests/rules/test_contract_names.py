"""A contract's name without a rule set at hand: a player's record across tournaments shows names, never slugs."""

from rules.engine.catalogue import ANNULLED, CONTRACT_NAMES_EN
from rules.rulesets import BUILTIN, contract_name


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

"""A sample hand is told in the page's language (issue 31): "Four kings (opponents, silent)" on an English page,
not "Vier Könige"; the contract by the engine's English name (RuleSet contract ``name_en``)."""

from __future__ import annotations

import pytest
from django.utils import translation

from rules.engine.catalogue import BONUS_NAMES_EN
from rules.rulesets import BUILTIN, bonus_name
from rules.samples import samples


def _told(slug: str, lang: str):
    with translation.override(lang):
        return samples(BUILTIN[slug])


@pytest.mark.parametrize("slug", sorted(BUILTIN))
def test_an_english_sample_names_each_bonus_and_contract_in_english(slug):
    ruleset = BUILTIN[slug]
    english, german = _told(slug, "en"), _told(slug, "de")
    told_en = " ".join(sample.text for sample in english)
    told_de = " ".join(sample.text for sample in german)
    named = [bonus.slug for bonus in ruleset.bonuses if bonus.slug in BONUS_NAMES_EN
             and f"{bonus.name} (" in told_de and bonus.name != bonus_name(bonus.slug, "en")]
    for bonus in named:
        assert f"{bonus_name(bonus, 'en')} (" in told_en
        assert f"{ruleset.bonus(bonus).name} (" not in told_en
    assert [s.contract for s in english] == [ruleset.contract(s.slug).name_en for s in english]
    assert [s.contract for s in german] == [ruleset.contract(s.slug).name for s in german]


def test_some_sample_tells_a_bonus_whose_names_differ():
    """The test above is not empty: a seed rule set's samples hold a bonus named otherwise in English."""
    told = {slug: " ".join(s.text for s in _told(slug, "en")) for slug in BUILTIN}
    assert any("Four kings (" in text or "King ultimo (" in text for text in told.values())
    assert not any("Vier Könige (" in text for text in told.values())

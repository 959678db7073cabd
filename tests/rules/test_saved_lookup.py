"""rules.rulesets finds a rule set saved elsewhere through a registered lookup (the site registers its own at
start-up, tournament/apps.py): the rules never import the tournament app (tests/test_boundaries.py)."""

import pytest

from rules import rulesets
from rules.rulesets import BUILTIN, UnknownRuleSet, get_ruleset, register_saved, saved_versions

pytestmark = pytest.mark.once


def test_a_registered_lookup_finds_every_version_newest_first(monkeypatch):
    monkeypatch.setattr(rulesets, "_saved_lookups", [])
    assert saved_versions("klub") == []
    with pytest.raises(UnknownRuleSet):
        get_ruleset("klub")
    newest, older = BUILTIN["ooe"], BUILTIN["tirol"]
    register_saved(lambda slug: [])  # a lookup that knows nothing: the next one is asked
    register_saved(lambda slug: [newest, older] if slug == "klub" else [])
    assert saved_versions("klub") == [newest, older] and get_ruleset("klub") is newest
    assert saved_versions("fremd") == []
    assert get_ruleset("tirol") is BUILTIN["tirol"]


def test_a_lookup_is_registered_once(monkeypatch):
    monkeypatch.setattr(rulesets, "_saved_lookups", [])

    def lookup(slug):
        return []

    register_saved(lookup)
    register_saved(lookup)
    assert rulesets._saved_lookups == [lookup]

"""A club's saved rule set is named one way everywhere (tournament.selectors.saved_ruleset): "custom:<id>" or
its slug (issue 31: "custom:<pk>" was parsed in two places with different checks)."""

import pytest

from language import ServiceError
from tournament.selectors import saved_ruleset
from tournament.services import resolve_ruleset
from tournament.variants.services import save_variant, start_from

SPEC = {"slug": "stammtisch", "name": "Stammtisch", "base": "raiffeisen",
        "overrides": {"contracts": {"dreier": {"value": 5}}}}


@pytest.fixture
def saved(db):
    save_variant(spec=SPEC)
    return save_variant(spec=SPEC)  # version 2, the newest


def test_one_reading_of_the_key_in_the_form_the_tournament_and_the_command(saved):
    assert saved_ruleset("stammtisch") == saved_ruleset(f"custom:{saved.pk}") == saved and saved.version == 2
    assert resolve_ruleset("stammtisch").version == resolve_ruleset(f"custom:{saved.pk}").version == 2
    assert start_from(f"custom:{saved.pk}").current.slug == start_from("stammtisch").current.slug == "stammtisch"
    for key in ("custom:²", "custom:", "custom:99999", "nirgends", "x" * 80):
        assert saved_ruleset(key) is None
        with pytest.raises(ServiceError):
            resolve_ruleset(key)
        with pytest.raises(ServiceError):
            start_from(key)

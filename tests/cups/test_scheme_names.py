"""A built-in scheme's name in the reader's language (cups/selectors.py BUILTIN_NAMES): an English page
says "Cubic (Tirol until 2019/20)", not the German of the pure cups/schemes.py."""

from __future__ import annotations

from datetime import date

import pytest
from django.urls import reverse
from django.utils import translation

from cups import schemes, services
from cups.selectors import BUILTIN_NAMES


def test_the_msgids_are_the_pure_modules_german():
    assert set(BUILTIN_NAMES) == set(schemes.BUILTIN)
    with translation.override("de"):
        assert {key: str(name) for key, name in BUILTIN_NAMES.items()} == {
            key: scheme.name for key, scheme in schemes.BUILTIN.items()}


@pytest.mark.parametrize(("lang", "shown", "not_shown"), [
    ("en", "Cubic (Tirol until 2019/20)", "Kubisch"),
    ("de", "Kubisch (Tirol bis 2019/20)", "Cubic"),
])
def test_the_season_page_names_the_scheme_in_the_pages_language(client, played, cup_season, lang, shown, not_shown):
    season = cup_season("cube")
    services.add_tournament(season=season, tournament=played("k-1", day=date(2026, 10, 3)))
    html = client.get(reverse("cups:season", args=["tirol", "2026-27"]), HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert shown in html and not_shown not in html

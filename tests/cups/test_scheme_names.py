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


@pytest.mark.django_db
@pytest.mark.parametrize(("lang", "shown", "not_shown"), [
    ("en", ["Cubic (Tirol until 2019/20)", "Fixed points (ranks 1–50)", "Heine (from the tournament points)"],
     ["Kubisch", "Fixpunkte (Rang", "aus den Turnierpunkten"]),
    ("de", ["Kubisch (Tirol bis 2019/20)", "Fixpunkte (Rang 1–50)", "Heine (aus den Turnierpunkten)"],
     ["Cubic", "Fixed points", "from the tournament points"]),
])
def test_the_cup_settings_name_the_schemes_in_the_pages_language(client, lang, shown, not_shown):
    """The choices of the cup's and a season's form and the season table (issue 31): the season page's names."""
    from django.contrib.auth import get_user_model
    from guardian.shortcuts import assign_perm

    from cups.abakus_import import import_abakus
    from cups.models import Cup
    from tests.cups.test_abakus_import import content

    import_abakus(content=content())
    user = get_user_model().objects.create_user("orga", password="pw-orga-12345", is_staff=True)
    assign_perm("cups.manage_cup", user, Cup.objects.get(slug="hausruckcup"))
    client.force_login(user)
    settings_page = client.get("/cup/hausruckcup/einstellungen/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    season_form = client.get("/cup/hausruckcup/2019-20/regeln/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    for html in (settings_page, season_form):
        assert all(name in html for name in shown)
        assert not any(name in html for name in not_shown)

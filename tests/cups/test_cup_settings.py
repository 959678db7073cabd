"""The cup's season settings on the cup's own pages, for its organiser (issue 30, point 6): choices instead of
typed keys, German and English, per season; a season's rules change its table and its words."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from guardian.shortcuts import assign_perm

from cups.abakus_import import import_abakus
from cups.models import Cup, Season
from cups.selectors import find_season, season_standings
from tests.cups.test_abakus_import import content, table


@pytest.fixture
def organiser(client, db):
    import_abakus(content=content())
    user = get_user_model().objects.create_user("orga", password="pw-orga-12345", is_staff=True)
    assign_perm("cups.manage_cup", user, Cup.objects.get(slug="hausruckcup"))
    client.force_login(user)
    return client


SEASON_FORM = {"scheme": "", "counting": "", "best_n": "", "final_mode": "", "final_penalties": "",
               "min_tournaments": "", "final_qualifiers": "", "tie_rule": "project"}


def test_the_settings_offer_choices_in_both_languages(organiser):
    html = organiser.get("/cup/hausruckcup/einstellungen/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert '<select name="scheme"' in html and '<option value="heine" selected>' in html
    assert '<select name="ruleset_slug"' in html and '<option value="ooe" selected>' in html
    assert "wie ABAKUS (Fixpunkte)" in html and "2019/20" in html
    english = organiser.get("/cup/hausruckcup/2019-20/regeln/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "as ABAKUS (fixed points): weighted sum of the counted results" in english
    assert '<option value="fixed" selected>a fixed number</option>' in english
    assert organiser.get("/cup/steirischer-tarockcup/einstellungen/").status_code == 404  # another cup's


def test_a_season_takes_the_project_rules_and_reads_them(organiser):
    answer = organiser.post("/cup/hausruckcup/2019-20/regeln/", SEASON_FORM)
    assert answer.status_code == 302
    season = find_season("hausruckcup", "2019/20")
    assert (season.scheme, season.counting, season.final_mode, season.tie_rule) == ("", "", "", "")
    # now the cup's rules: Heine points of the totals (120, 110, 30; 60, 30, 0), n = 1 of T = 2, no final on top
    assert table(season) == [(1, "Anna Alt", 110, 2), (2, "Bernd Bauer", 105, 2), (3, "Carla Christ", 30, 1),
                             (4, "Dieter Dorn", 0, 1)]
    assert "Es zählt das beste Ergebnis" in organiser.get("/cup/hausruckcup/2019-20/").content.decode()


def test_the_cup_defaults_apply_to_seasons_without_their_own(organiser):
    answer = organiser.post("/cup/hausruckcup/einstellungen/", {
        "scheme": "fixed", "ruleset_slug": "ooe", "best_n": "3", "final_mode": "double", "min_tournaments": "2",
        "final_qualifiers": ""})
    assert answer.status_code == 302
    cup = Cup.objects.get(slug="hausruckcup")
    assert (cup.scheme, cup.best_n, cup.final_mode, cup.min_tournaments, cup.final_qualifiers) == (
        "fixed", 3, "double", 2, None)
    imported = season_standings(find_season("hausruckcup"))
    assert (imported.scheme.key, imported.counted, imported.min_tournaments) == ("heine", 6, 2)  # its own, the cup's


@pytest.mark.parametrize(("field", "value", "words"), [
    ("best_n", "-1", "0"), ("min_tournaments", "abc", "ganze Zahl"), ("scheme", "quadratisch", "quadratisch"),
    ("counting", "fixed", "Wie viele Ergebnisse zählen?"),
])
def test_bad_input_is_refused_in_words_and_nothing_changes(organiser, field, value, words):
    answer = organiser.post("/cup/hausruckcup/2019-20/regeln/", {**SEASON_FORM, field: value},
                            HTTP_ACCEPT_LANGUAGE="de")
    assert answer.status_code == 400
    assert words in answer.content.decode()
    assert Season.objects.get(cup__slug="hausruckcup", label="2019/20").tie_rule == "abakus-fixed"

"""The organiser's rule-set form (issue 22, point 3) without a browser: who may use it, what a save stores
(a new version, the old one kept), refusals on the field they name in German and English, the sample
hands, a rule set made in the admin keeping its other settings, and no 500 on anything sent."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_budget import examples
from variant_forms import EDIT, as_posted, field_errors, new_rows, posted, posted_from, quapil_and_triccolo  # noqa: F401

from rules.engine.types import RuleSetProblem as P
from rules.rulesets import BUILTIN, load_custom
from tournament.forms import ruleset_choices
from tournament.models import CustomRuleSet
from tournament.services import resolve_ruleset
from tournament.variants.forms import VariantForm, initial_for
from tournament.variants.services import start_from
from tournament.variants.spec import problems_onto_form


def test_only_a_director_opens_it(client, db):
    assert client.get(EDIT).status_code == 302  # to the login page
    client.force_login(User.objects.create_user("gast", password="x"))
    assert client.get(EDIT).status_code == 403


def test_save_stores_a_new_version_and_keeps_the_old(client, director):
    response = client.post(EDIT, {**quapil_and_triccolo(), "save": "1"})
    assert response.status_code == 302 and response.url == "/leitung/regelwerke/"
    first = CustomRuleSet.objects.get()
    assert (first.slug, first.version, first.base) == ("klub-tarock", 1, "raiffeisen")
    rs = load_custom(first.spec())
    assert rs.contract("quapilrufer").required_birds == frozenset({"quapil"})
    assert rs.contract("triccolo").tricks == 3
    # A new version from the saved one: the Triccolo worth 4 now; version 1 stays as it was.
    data, initial = posted_from(f"custom:{first.pk}")
    at = next(k[:-4] for k, v in initial.items() if k.endswith("_slug") and v == "triccolo")
    data.update({at + "value": "4", "save": "1"})
    assert client.post(EDIT, data).status_code == 302
    assert [(c.version, load_custom(c.spec()).contract("triccolo").value)
            for c in CustomRuleSet.objects.order_by("version")] == [(1, 3), (2, 4)]
    # The director's tournament form offers both versions; each resolves to its own rules.
    labels = dict(ruleset_choices())
    assert [labels[f"custom:{c.pk}"] for c in CustomRuleSet.objects.order_by("version")] == [
        "Klub-Tarock (v1)", "Klub-Tarock (v2)"]
    assert resolve_ruleset(f"custom:{first.pk}").contract("triccolo").value == 3


def test_vorschau_without_javascript_scores_a_sample_of_every_contract(client, director):
    response = client.post(EDIT, {**quapil_and_triccolo(), "preview": "1"})
    assert response.status_code == 200
    html = response.content.decode()
    for slug in ("quapilrufer", "triccolo", "rufer", "trischaken"):
        row = re.search(rf'<tr data-contract="{slug}">(.*?)</tr>', html, re.S)
        assert row, slug
        points = [int(p) for p in re.findall(r'class="num points">(-?\d+)<', row[1])]
        assert len(points) == 4 and sum(points) == 0, (slug, points)
    # The added contracts are the rule set's own rows now, and two empty rows wait for more.
    form = response.context["form"]
    own = [row["slug"].value() for row in form.contract_rows() if row["row_kind"] == "own" and not row["new"]]
    assert own == ["quapilrufer", "triccolo"] and sum(row["new"] for row in form.contract_rows()) == 2
    assert not CustomRuleSet.objects.exists()


def test_the_live_preview_answers_with_the_samples_or_the_problems(client, director):
    response = client.post("/leitung/regelwerke/vorschau/", quapil_and_triccolo())
    assert response.status_code == 200 and 'data-contract="quapilrufer"' in response.content.decode()
    a, _b = new_rows()
    response = client.post("/leitung/regelwerke/vorschau/", quapil_and_triccolo(**{a + "talon": "whole"}))
    assert response.status_code == 422
    assert "nehmen 3 Talonkarten oder keine" in response.content.decode()


@pytest.mark.parametrize("changes, field, de, en", [
    ({"r13_talon": "whole"}, "r13_talon", "nehmen 3 Talonkarten oder keine", "take 3 talon cards or none"),
    ({"r13_birds": None}, "r13_birds", "braucht mindestens ein Vogerl", "needs at least one bird"),
    ({"b_quapil_on": None}, "r13_birds", "Quapil ist keine Prämie dieses Regelwerks", "Quapil is no bonus"),
    ({"r14_tricks": None}, "r14_tricks", "braucht ein Stichziel", "needs a trick target"),
    ({"r14_slug": "bettler_ouvert", "r11_remove": "on"}, "r14_tricks", "steht für 0 Stiche", "stands for 0 tricks"),
    ({"r14_slug": "Tri ccolo"}, "r14_slug", "2 bis 30 Kleinbuchstaben", "2 to 30 lowercase letters"),
    ({"r14_slug": "quapilrufer"}, "r14_slug", "hat schon ein anderes Spiel", "already has the slug"),
    ({"r14_name": ""}, "r14_name", "bitte einen Namen", "give it a name"),
    ({"r14_family": ""}, "r14_family", "bitte die Familie", "choose its family"),
    ({"b_pagat_silent": None, "b_pagat_announced": None}, "b_pagat_silent", "stillen oder einen angesagten Wert",
     "a silent or an announced value"),
])
def test_a_combination_that_does_not_fit_is_refused_on_its_field(client, director, changes, field, de, en):
    assert new_rows() == ("r13_", "r14_")
    for language, words in (("de", de), ("en", en)):
        with translation.override(language):
            response = client.post(EDIT, {**quapil_and_triccolo(**changes), "save": "1"},
                                   HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 422
        errors = field_errors(response)
        assert field in errors and words in " ".join(errors[field]), errors
    assert not CustomRuleSet.objects.exists()


def test_removing_every_bird_of_a_contract_that_needs_one_names_the_bonus(client, director):
    birds = {f"b_{bird}_on": None for bird in ("pagat", "uhu", "kakadu", "quapil")}
    response = client.post(EDIT, {**posted("tirol", **birds), "save": "1"})
    assert response.status_code == 422
    assert "Besserrufer braucht ein Vogerl" in " ".join(field_errors(response)["b_pagat_on"])


def test_the_engines_refusals_land_on_the_field_they_name_in_both_languages(db):
    """Issue 31 point 5: the engine's problems carry a code, a path and parameters; the site says them through
    gettext (German on a German page, English on an English one) on the field the path names."""
    base = BUILTIN["raiffeisen"]
    initial, rows = initial_for(base, base, "raiffeisen")
    problems = [P("tricks_fixed", "contracts.triccolo.tricks", "english", contract="triccolo", tricks=0),
                P("announcement_impossible", "contracts.rufer.bonuses", "english", contract="rufer"),
                P("bonus_value_negative", "bonuses.pagat.announced", "english", bonus="pagat"),
                P("kontra_levels_invalid", "kontra_levels", "english"), P("valat_kind_invalid", "valat.kind", "english"),
                P("sample_not_zero_sum", "sample_hands", "english", index=3, contract="rufer"),
                P("a_code_of_a_newer_engine", "nowhere", "english")]
    said = {}
    for language in ("de", "en"):
        form = VariantForm(quapil_and_triccolo(), base=base, current=base, row_count=rows)
        assert form.is_valid(), form.errors
        with translation.override(language):
            problems_onto_form(form, problems)
        assert set(form.errors) == {"r14_tricks", "r1_name", "b_pagat_announced", "kontra_levels", "valat_kind",
                                    "__all__"}
        said[language] = form.errors
    assert "Spiel „Rufer“: es braucht eine Ansage" in said["de"]["r1_name"][0]
    assert "Contract “Rufer”: it needs an announcement" in said["en"]["r1_name"][0]
    assert said["de"]["b_pagat_announced"] == ["Prämie Pagat: ein Wert kann nicht negativ sein."]
    assert said["en"]["b_pagat_announced"] == ["Bonus Pagat ultimo: a value cannot be negative."]  # the catalogue's English name
    assert said["de"]["__all__"][0].startswith("Beispielspiel 4 (Rufer)")
    assert said["en"]["__all__"][0].startswith("Sample hand 4 (Rufer)")
    assert "english" not in str(said)


def test_a_rule_set_made_in_the_admin_keeps_its_other_settings(client, director):
    made = CustomRuleSet.objects.create(slug="klub", version=1, name="Klub", base="tirol",
                                        overrides={"format": {"rounds": 4}, "valat": {"kind": "game_multiple"},
                                                   "contracts": {"dreier": {"vorhand_only": True}}})
    data, initial = posted_from(f"custom:{made.pk}")
    dreier = next(k[:-4] for k, v in initial.items() if k.endswith("_slug") and v == "dreier")
    data.update({dreier + "value": "6", "save": "1"})
    assert client.post(EDIT, data).status_code == 302
    saved = CustomRuleSet.objects.get(version=2)
    rs = load_custom(saved.spec())
    assert (rs.format.rounds, rs.valat.kind, rs.contract("dreier").vorhand_only, rs.contract("dreier").value) == (
        4, "game_multiple", True, 6)


def test_an_unknown_start_goes_back_to_the_list(client, director):
    for key in ("nix", "custom:999", "custom:abc", "custom:" + "9" * 30):
        response = client.get(EDIT, {"start": key})
        assert response.status_code == 302 and response.url == "/leitung/regelwerke/"


FIELDS = ["rows", "start", "name", "slug", "valat_kind", "kontra_levels", "r0_value", "r0_remove", "r13_slug",
          "r13_family", "r13_talon", "r13_birds", "r13_tricks", "r13_kind", "r0_kind", "r0_slug", "b_pagat_on",
          "b_pagat_silent", "tr_kind", "tr_unit", "tr_declarer_factor", "save"]
VALUES = st.one_of(st.text(max_size=12), st.sampled_from(["", "-1", "0", "3", "99999999999", "base", "own", "negative",
                                                          "call_king_bird", "quapil", "whole", "custom:1", "tirol"]))


@settings(max_examples=examples(20), deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(changes=st.dictionaries(st.sampled_from(FIELDS), VALUES, max_size=6))
def test_nothing_sent_gets_a_500(client, director, changes):
    for url in (EDIT, "/leitung/regelwerke/vorschau/"):
        response = client.post(url, quapil_and_triccolo(**changes))
        assert response.status_code < 500, response.content[:300]


def test_the_page_speaks_english_too(client, director):
    response = client.get(EDIT, {"start": "tirol"}, HTTP_ACCEPT_LANGUAGE="en")
    html = response.content.decode()
    assert response.status_code == 200 and "Build a rule set" in html and "Trick target" in html
    assert f"{BUILTIN['tirol'].name} (club)" in html


@pytest.mark.parametrize("slug, words", [("Klub Tarock", "2 bis 49 Kleinbuchstaben"), ("tirol", "eingebautes Regelwerk")])
def test_the_rule_sets_slug_is_refused_on_its_field(client, director, slug, words):
    response = client.post(EDIT, {**quapil_and_triccolo(slug=slug), "save": "1"})
    assert response.status_code == 422 and words in " ".join(field_errors(response)["slug"])


def test_an_unchanged_form_saves_no_override_at_all(client, director):
    assert client.post(EDIT, {**posted("tirol"), "save": "1"}).status_code == 302
    saved = CustomRuleSet.objects.get()
    assert (saved.base, saved.overrides) == ("tirol", {})


def test_values_bonuses_valat_trischaken_and_kontra_change_as_the_form_says(client, director):
    data = posted("raiffeisen", r6_remove="on", r1_value="2", b_trull_on=None, b_mondfang_on="on",
                  b_mondfang_silent="1", b_mondfang_announced="2", valat_kind="premium", tr_unit="2",
                  kontra_levels=["2", "4"])
    assert BUILTIN["raiffeisen"].contracts[6].slug == "farbendreier"
    assert client.post(EDIT, {**data, "save": "1"}).status_code == 302
    rs = load_custom(CustomRuleSet.objects.get().spec())
    assert rs.contract("farbendreier") is None and rs.contract("rufer").value == 2
    assert rs.bonus("trull") is None and not any("trull" in c.bonuses for c in rs.contracts)
    positive = [c for c in rs.contracts if c.kind == "positive"]
    assert all("mondfang" in c.bonuses for c in positive) and rs.bonus("mondfang").announced == 2
    assert (rs.valat.kind, rs.trischaken.unit, rs.kontra_levels) == ("premium", 2, (1, 2, 4))
    dreier, before = rs.contract("dreier"), BUILTIN["raiffeisen"].contract("dreier")
    assert (dreier.name, dreier.value, dreier.talon, dreier.bonuses) == (
        before.name, before.value, before.talon, (before.bonuses - {"trull"}) | {"mondfang"})


def test_a_bonus_taken_in_later_counts_in_the_rule_sets_own_contracts_too(client, director):
    assert client.post(EDIT, {**quapil_and_triccolo(), "save": "1"}).status_code == 302
    start = start_from(f"custom:{CustomRuleSet.objects.get().pk}")
    initial, _rows = initial_for(start.current, start.base, start.key)
    data = {k: ([str(x) for x in v] if isinstance(v, list) else str(v)) for k, v in initial.items()
            if v is not None and v is not False}
    data.update(b_mondfang_on="on", b_mondfang_silent="1", save="1")
    assert client.post(EDIT, data).status_code == 302
    rs = load_custom(CustomRuleSet.objects.get(version=2).spec())
    assert "mondfang" in rs.contract("quapilrufer").bonuses and "mondfang" in rs.contract("rufer").bonuses
    assert not rs.contract("triccolo").bonuses

"""The club-variant form refuses nonsense on the field it concerns (issue 32 point 5), names bonuses in words
(issue 31 point 5), writes its name's limit once (issue 31 point 6), offers only the Trischaken amounts the
chosen scheme reads, and lets a new call-a-king contract be given up as the contract it copies can."""

from __future__ import annotations

import pytest
from django.utils import translation
from variant_forms import EDIT, field_errors, new_rows, posted

from rules.rulesets import BUILTIN, load_custom
from tournament.models import CustomRuleSet
from tournament.variants import VARIANT_NAME_MAX
from tournament.variants.forms import VariantForm


def refused(client, data: dict, language: str = "de") -> dict[str, list[str]]:
    with translation.override(language):
        response = client.post(EDIT, {**data, "save": "1"}, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 422, response.status_code
        assert not CustomRuleSet.objects.exists()
        return field_errors(response)


@pytest.mark.parametrize("changes, field, de, en", [
    ({"b_pagat_announced": "-2"}, "b_pagat_announced", "größer oder gleich 0", "greater than or equal to 0"),
    ({"b_pagat_silent": "0", "b_pagat_announced": "0"}, "b_pagat_silent", "Prämie Pagat: mit 0 zählt sie nichts",
     "Bonus Pagat ultimo: at 0 it is worth nothing"),
    ({"b_pagat_silent": "3", "b_pagat_announced": "1"}, "b_pagat_silent",
     "Prämie Pagat: still (3) zählt sie mehr als angesagt (1)", "Bonus Pagat ultimo: silent (3) it is worth more"),
    ({"r4_name": "Rufer"}, "r4_name", "Spiel „Rufer“: so heißt schon ein anderes Spiel",
     "Contract “Rufer”: another contract has this name already"),
    ({"b_uhu_name": "Pagat"}, "b_uhu_name", "Prämie Uhu: so heißt schon eine andere Prämie",
     "Bonus Uhu: another bonus has this name already"),
    ({"b_uhu_name": " "}, "b_uhu_name", "Prämie Uhu: bitte einen Namen angeben", "Bonus Uhu: please give it a name"),
    ({"tr_unit": "0"}, "tr_unit", "Trischaken: alle Zahlungen sind 0", "Trischaken: every payment is 0"),
    ({"tr_unit": ""}, "tr_unit", "Trischaken: Zahlung je Spieler: bitte einen Wert angeben",
     "Trischaken: payment per player: please give a value"),
])
def test_nonsense_is_refused_on_its_field_in_the_pages_language(client, director, changes, field, de, en):
    data = posted("raiffeisen", **changes)
    assert data["r4_slug"] == "solorufer" and data["r1_slug"] == "rufer"
    for language, words in (("de", de), ("en", en)):
        errors = refused(client, data, language)
        assert field in errors and words in " ".join(errors[field]), (language, errors)


def test_a_negative_value_shows_its_refusal_in_its_own_cell(client, director):
    response = client.post(EDIT, {**posted("raiffeisen", b_pagat_announced="-2"), "save": "1"})
    html = response.content.decode()
    row = html[html.index('<tr data-bonus="pagat">'):]
    row = row[:row.index("</tr>")]
    cell = row[row.index('name="b_pagat_announced"'):]
    assert 'class="errorlist"' in cell[:cell.index("</td>")], row


def test_the_bonuses_are_named_in_words_never_slugs(client, director):
    for language, name in (("de", "König Ultimo"), ("en", "King ultimo")):
        with translation.override(language):
            html = client.get(EDIT, {"start": "raiffeisen"}, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert f'<tr data-bonus="king_ultimo"><th scope="row">{name}</th>' in html
        assert "<th>king_ultimo</th>" not in html and "(king_ultimo)" not in html and "<small>(rufer)</small>" not in html


def test_trischaken_amounts_the_scheme_does_not_read_are_not_offered_and_keep_the_base(client, director):
    html = client.get(EDIT, {"start": "raiffeisen"}).content.decode()
    virgin = html[html.index('data-trischaken="two_pairs"'):]
    assert virgin[:virgin.index(">")].endswith("hidden") and 'name="tr_virgin_unit"' in virgin[:400]
    unit = html[html.index('name="tr_unit"') - 200:html.index('name="tr_unit"')]
    assert "hidden" not in unit.rsplit("<div", 1)[1]
    # A value sent for a hidden amount changes nothing: the scheme does not read it.
    data = posted("raiffeisen", tr_virgin_unit="9", tr_alone_unit="")
    assert client.post(EDIT, {**data, "save": "1"}).status_code == 302
    saved = load_custom(CustomRuleSet.objects.get().spec())
    assert saved.trischaken == BUILTIN["raiffeisen"].trischaken
    # Under Tirol's scheme (two pairs) the virgin's payment counts and is offered.
    html = client.get(EDIT, {"start": "tirol"}).content.decode()
    virgin = html[html.index('data-trischaken="two_pairs"'):]
    assert not virgin[:virgin.index(">")].endswith("hidden")


def test_a_new_call_a_king_contract_can_be_given_up_as_its_model(client, director):
    a, _b = new_rows()
    data = posted("raiffeisen", **{a + "slug": "kreuzrufer", a + "name": "Kreuzrufer", a + "value": "2",
                                   a + "family": "call_king", a + "talon": "half"})
    assert client.post(EDIT, {**data, "save": "1"}).status_code == 302
    rs = load_custom(CustomRuleSet.objects.get().spec())
    assert BUILTIN["raiffeisen"].contract("rufer").surrender and rs.contract("kreuzrufer").surrender


def test_the_name_limit_is_written_once(client, director):
    assert CustomRuleSet._meta.get_field("name").max_length == VARIANT_NAME_MAX
    rs = BUILTIN["tirol"]
    assert VariantForm(base=rs, current=rs, row_count=0).fields["name"].max_length == VARIANT_NAME_MAX
    html = client.get(EDIT, {"start": "tirol"}).content.decode()
    assert f'maxlength="{VARIANT_NAME_MAX}"' in html and f"Höchstens {VARIANT_NAME_MAX} Zeichen." in html
    errors = refused(client, posted("tirol", name="x" * (VARIANT_NAME_MAX + 1)))
    assert list(errors) == ["name"]


def test_a_refusal_names_the_bonus_in_the_pages_language(client, director):
    """German pages say the rule set's name (König Ultimo), English ones the catalogue's (King ultimo)."""
    data = posted("raiffeisen", b_king_ultimo_silent="0", b_king_ultimo_announced="0")
    for language, words in (("de", "Prämie König Ultimo: mit 0 zählt sie nichts"), ("en", "Bonus King ultimo: at 0")):
        errors = refused(client, data, language)
        assert words in " ".join(errors["b_king_ultimo_silent"]), (language, errors)


def test_the_problems_above_the_form_name_the_bonus_in_each_readers_language():
    from rules.engine.types import RuleSetProblem
    from tournament.variants.problems import said_all

    twice = RuleSetProblem("bonus_name_twice", "bonuses.king_ultimo.name", "twice", bonus="king_ultimo")
    message = said_all([twice])
    assert "Prämie König ultimo:" in message.render("de") and "Bonus King ultimo:" in message.render("en")

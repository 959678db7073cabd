"""The club-variant form refuses nonsense on the field it concerns, visibly (issue 32 point 5): at 1,280 px and
at 390 px a refused bonus value shows its message in its own cell, inside the visible part of the page and of
the bonus table (the announced column was cut off at 1,280 px and showed no refusal at all); the form's own
refusal (a negative value) and the engine's (silent above announced, two contracts of one name) alike; the
Trischaken amounts an Upper-Austrian scheme does not read are not offered."""

from __future__ import annotations

import pytest
from browser_flows import PASSWORD, no_sideways_scroll, sign_in
from django.contrib.auth.models import User
from playwright.sync_api import expect

from tournament.models import CustomRuleSet

pytestmark = pytest.mark.once

SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


def _in_sight(page, locator) -> None:
    """``locator`` is shown whole: inside the window and inside the scrolled box around it, once scrolled to."""
    locator.scroll_into_view_if_needed()
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    assert box is not None and box["width"] > 0
    window = page.viewport_size
    assert 0 <= box["x"] and box["x"] + box["width"] <= window["width"] + 1, (box, window)
    clip = locator.evaluate("""(node) => {
        const scroller = node.closest('.table-scroll');
        if (!scroller) return null;
        const r = scroller.getBoundingClientRect();
        return {left: r.left, right: r.left + scroller.clientWidth};
    }""")
    if clip is not None:
        assert clip["left"] - 1 <= box["x"] and box["x"] + box["width"] <= clip["right"] + 1, (box, clip)


def _bonus_cell(page, bonus: str, field: str):
    return page.locator(f'tr[data-bonus="{bonus}"] td').filter(has=page.locator(f'[name="b_{bonus}_{field}"]'))


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_refused_value_says_why_beside_its_field_and_in_sight(new_context, artifacts, size):
    User.objects.create_superuser("leitung", "leitung@example.invalid", PASSWORD)
    page = new_context().new_page()
    page.set_viewport_size(SIZES[size])
    sign_in(page, "/leitung/regelwerke/")
    page.get_by_label("Ausgehend von").select_option("raiffeisen")
    page.get_by_role("button", name="Regelwerk bauen").click()
    expect(page.get_by_role("heading", name="Regelwerk bauen")).to_be_visible()
    # Words, never slugs, name the bonuses (issue 31 point 5).
    expect(page.locator('tr[data-bonus="king_ultimo"] th')).to_have_text("König Ultimo")
    # Raiffeisen's scheme (most_pays) reads no separate virgin payment: not offered.
    expect(page.get_by_label("Trischaken: an eine Jungfrau")).to_be_hidden()
    expect(page.get_by_label("Trischaken: Zahlung je Spieler")).to_be_visible()

    # The form's own refusal: a negative announced value, on the announced cell.
    page.locator('[name="b_pagat_announced"]').fill("-2")
    page.get_by_role("button", name="Vorschau").click()
    refused = _bonus_cell(page, "pagat", "announced").locator(".errorlist")
    expect(refused).to_contain_text("0")
    _in_sight(page, refused)
    page.screenshot(path=str(artifacts / f"variant-negative-{size}.png"), full_page=False)

    # The engine's refusals: silent worth more than announced, on the silent cell; a second "Rufer", on its name.
    page.locator('[name="b_pagat_announced"]').fill("1")
    page.locator('[name="b_pagat_silent"]').fill("3")
    solorufer = page.locator("fieldset.variant-row").filter(has=page.locator('input[value="solorufer"]'))
    solorufer.get_by_label("Name").fill("Rufer")
    page.get_by_role("button", name="Vorschau").click()
    above = _bonus_cell(page, "pagat", "silent").locator(".errorlist")
    expect(above).to_contain_text("Prämie Pagat: still (3) zählt sie mehr als angesagt (1)")
    _in_sight(page, above)
    expect(solorufer.locator(".errorlist")).to_contain_text("so heißt schon ein anderes Spiel")
    _in_sight(page, solorufer.locator(".errorlist"))
    page.screenshot(path=str(artifacts / f"variant-silent-above-{size}.png"), full_page=False)
    no_sideways_scroll(page)
    assert not CustomRuleSet.objects.exists()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_saved_variants_rules_page_shows_every_version_with_its_sample_hands(new_context, artifacts, size):
    from tournament.variants.services import save_variant

    spec = {"slug": "stammtisch", "name": "Stammtisch", "base": "raiffeisen",
            "overrides": {"contracts": {"dreier": {"value": 5}}}}
    save_variant(spec=spec)
    save_variant(spec={**spec, "overrides": {"contracts": {"dreier": {"value": 6}}}})
    page = new_context().new_page()
    page.set_viewport_size(SIZES[size])
    page.goto("/regeln/stammtisch/#version-1")
    for version in (2, 1):
        section = page.locator(f"#version-{version}")
        section.locator("summary").scroll_into_view_if_needed()
        if section.get_attribute("open") is None:
            section.locator("summary").click()
        expect(section.locator('table.samples tr[data-contract="dreier"]')).to_be_visible()
    page.screenshot(path=str(artifacts / f"variant-rules-page-{size}.png"), full_page=False)
    no_sideways_scroll(page)

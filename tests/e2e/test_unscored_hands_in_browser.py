"""Hopfgarten's scorer form on a 390 px phone: an annulled deal and a Rufer not played out (with the
talon-half penalty), chosen with taps, previewed and saved; only what the contract allows is offered."""

from __future__ import annotations

from datetime import date

import pytest
from playwright.sync_api import expect

from paper.imports import players as player_import
from rules.rulesets import BUILTIN
from scoring.models import Hand
from tournament import rounds, services

# A page flow in the browser: the same on every database, run once, in the SQLite phase of `make test`
# (the marker `once`); what depends on the database (locks, constraints, sums) is tested without a browser.
pytestmark = pytest.mark.once


@pytest.fixture
def table(transactional_db):
    tournament = services.create_tournament(name="Hopfgarten Test", slug="hopf-e2e", date=date(2026, 11, 22),
                                            ruleset=BUILTIN["hopfgarten"])
    player_import.import_players(tournament=tournament, check_in=True,
                                 rows=[{"name": f"Spieler {i:02d}", "club": "TC Hopfgarten"} for i in range(8)])
    round = tournament.round_set.get(number=1)
    rounds.seat_round(round=round, seed="e2e")
    return round.tables.order_by("number").first()


def chip(form, field, text):
    change = form.locator("#change-contract")  # a chosen contract folds the others away on a phone
    if field == "contract" and change.count() and change.is_visible():
        change.tap()
    return form.locator(f'[data-field="{field}"] label.chip', has_text=text).first


def test_not_played_and_annulled_from_a_phone(table, new_context, artifacts):
    page = new_context(phone=True).new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"/t/{table.token}/")
    form = page.locator("#hand-form")
    chip(form, "contract", "Rufer").tap()
    page.locator('details[data-field="special"] > summary').tap()
    not_played = form.locator('input[name="not_played"]')
    penalty = form.locator('input[name="talon_without_king"]')
    expect(not_played).to_be_enabled()
    expect(penalty).to_be_disabled()  # only with the called king in the talon
    form.locator('[data-field="partner"] label.chip', has_text="König im Talon").tap()
    expect(penalty).to_be_enabled()
    form.locator('[data-field="not_played"] label').tap()
    form.locator('[data-field="talon_without_king"] label').tap()
    for hidden in ("result", "kontra", "game-kontra", "bonuses", "surrender"):
        expect(form.locator(f'[data-field="{hidden}"]').first).to_be_hidden()
    expect(page.locator("#preview")).to_contain_text("nicht gespielt")
    expect(page.locator("#preview")).to_contain_text("Talonhälfte ohne König")
    page.screenshot(path=artifacts / "unscored-390.png", full_page=True)
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1]
    small = page.evaluate("""() => Array.from(document.querySelectorAll('#hand-form label.check'))
      .filter((el) => el.getClientRects().length)
      .map((el) => el.getBoundingClientRect()).filter((box) => box.width < 44 || box.height < 44).length""")
    assert small == 0
    # "Auf" (the Dreier) is always played out: the box is not offered.
    chip(form, "contract", "Auf").tap()
    expect(not_played).to_be_disabled()
    chip(form, "contract", "Rufer").tap()
    form.locator('[data-field="partner"] label.chip', has_text="König im Talon").tap()
    if not not_played.is_checked():
        form.locator('[data-field="not_played"] label').tap()
    if not penalty.is_checked():
        form.locator('[data-field="talon_without_king"] label').tap()
    page.locator("#save-hand").tap()
    expect(page.locator("#hand-title")).to_contain_text("Spiel 2")
    expect(page.locator("table.sheet")).to_contain_text("nicht gespielt")
    assert Hand.objects.get(table=table, number=1).data == {
        "contract": "rufer", "declarer": 0, "not_played": True, "talon_without_king": True}

    # Hand 2: annulled; everything but the declarer disappears.
    form = page.locator("#hand-form")
    chip(form, "contract", "annulliert").tap()
    expect(form.locator('[data-field="annulled-help"]')).to_be_visible()
    for hidden in ("partner", "result", "kontra", "bonuses", "special"):
        expect(form.locator(f'[data-field="{hidden}"]').first).to_be_hidden()
    page.locator("#save-hand").tap()
    expect(page.locator("#hand-title")).to_contain_text("Spiel 3")
    expect(page.locator("table.sheet")).to_contain_text("annulliert")
    assert Hand.objects.get(table=table, number=2).data == {"contract": "annulled", "declarer": 0}
    expect(page.locator("table.sheet")).to_contain_text("nicht gespielt")

"""A club's variant without code, in a real browser (issue 22, point 3, "Done when"): the organiser builds a
rule set with a Quapil-Rufer and a Triccolo in the form, sees a sample hand of each scored beside it, saves
it; a tournament is created with it, a round seated, and the scorer enters both contracts at the table."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from browser_flows import PASSWORD, chip, no_sideways_scroll, sign_in
from django.contrib.auth.models import User
from playwright.sync_api import expect

from rules.engine import score
from scoring.models import Hand
from tournament.models import CustomRuleSet, Tournament

# A page flow in the browser: the same on every database, run once, in the SQLite phase of `make test`
# (the marker `once`); what it stores goes through services the PostgreSQL phase tests without a browser.
pytestmark = pytest.mark.once

SLUG = "klub-abend"
CSP_VIOLATIONS = """document.addEventListener("securitypolicyviolation", (event) => {
  console.error(`Refused to run ${event.violatedDirective} at ${event.sourceFile || event.documentURI}`);
});"""
PLAYERS = ["Anna Berger", "Karl Huber", "Lisa Maier", "Otto Sommer"]


def _new_row(page, index: int, *, slug: str, name: str, value: int, family: str):
    """The index-th empty contract row: its slug, name, value and family (the family's fields then show)."""
    row = page.locator("fieldset.variant-row").filter(has=page.get_by_text("Neues Spiel", exact=True)).nth(index)
    row.get_by_label("Kürzel").fill(slug)
    row.get_by_label("Name").fill(name)
    row.get_by_label("Wert").fill(str(value))
    row.get_by_label("Familie").select_option(family)
    return row


def _sample_points(page, contract: str) -> list[Decimal]:
    cells = page.locator(f'#variant-preview tr[data-contract="{contract}"] td.points').all_inner_texts()
    return [Decimal(text.strip().replace(",", ".")) for text in cells]


@pytest.mark.django_db(transaction=True)
def test_an_organiser_builds_a_quapil_rufer_and_a_triccolo_and_the_scorer_enters_both(new_context, artifacts):
    User.objects.create_superuser("leitung", "leitung@example.invalid", PASSWORD)
    page = new_context().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # Nothing the strict Content-Security-Policy blocks (hall/csp.py): each violation becomes an error.
    page.add_init_script(CSP_VIOLATIONS)
    page.on("console", lambda message: errors.append(message.text) if "Refused to" in message.text else None)
    sign_in(page, "/leitung/regelwerke/")

    # --- the organiser builds the variant ------------------------------------------------------------------
    page.get_by_label("Ausgehend von").select_option("raiffeisen")
    page.get_by_role("button", name="Regelwerk bauen").click()
    expect(page.get_by_role("heading", name="Regelwerk bauen")).to_be_visible()
    page.get_by_label("Name des Regelwerks").fill("Klub-Tarock")
    page.get_by_label("Kürzel des Regelwerks").fill("klub-tarock")

    rufer = _new_row(page, 0, slug="quapilrufer", name="Quapil-Rufer", value=5, family="call_king_bird")
    expect(rufer.get_by_label("Stichziel")).to_be_hidden()  # a negative game's parameter, not this family's
    rufer.get_by_label("Talon").select_option("half")
    rufer.get_by_label("Quapil").check()
    # The first empty row is taken now; the remaining empty row adds the Triccolo.
    triccolo = _new_row(page, 1, slug="triccolo", name="Triccolo", value=3, family="negative")
    expect(triccolo.get_by_label("Talon")).to_be_hidden()
    triccolo.get_by_label("Stichziel").select_option("3")

    # The sample hands beside the form follow each change (no submit): both new contracts are scored.
    for contract in ("quapilrufer", "triccolo"):
        expect(page.locator(f'#variant-preview tr[data-contract="{contract}"] td.points')).to_have_count(4)
        points = _sample_points(page, contract)
        assert sum(points) == 0 and any(points), (contract, points)
    expect(page.locator('#variant-preview tr[data-contract="quapilrufer"]')).to_contain_text("Quapil (Spieler, angesagt")

    page.screenshot(path=str(artifacts / "club-rules-form.png"), full_page=True)
    page.get_by_role("button", name="Speichern (neue Version)").click()
    expect(page).to_have_url(re.compile(r"/leitung/regelwerke/$"))
    expect(page.locator("ul.messages")).to_contain_text("„Klub-Tarock“ als Version 1 gespeichert.")
    saved = CustomRuleSet.objects.get(slug="klub-tarock")
    # On a phone the form fits the screen's width (the bonus table scrolls inside its own box).
    phone = new_context(phone=True).new_page()
    sign_in(phone, "/leitung/regelwerke/")
    phone.goto(f"/leitung/regelwerke/bauen/?start=custom:{saved.pk}")
    expect(phone.locator('#variant-preview tr[data-contract="triccolo"]')).to_be_visible()
    no_sideways_scroll(phone)
    assert set(saved.overrides["contracts"]) == {"quapilrufer", "triccolo"}

    # --- a tournament with it, one table seated ---------------------------------------------------------------
    page.goto("/turniere/")
    page.get_by_label("Name:", exact=True).fill("Klubabend")
    page.get_by_label("Kürzel (für Links)").fill(SLUG)
    page.get_by_label("Datum").fill("2026-11-27")
    page.get_by_label("Regelwerk").select_option(label="Klub-Tarock (v1)")
    page.get_by_role("button", name="Turnier anlegen").click()
    expect(page).to_have_url(re.compile(rf"/turniere/{SLUG}/$"))
    tournament = Tournament.objects.get(slug=SLUG)
    assert (tournament.ruleset_slug, tournament.ruleset_version) == ("klub-tarock", 1)

    paste = page.locator("section.card").filter(has=page.get_by_role("heading", name="Liste einfügen"))
    paste.get_by_label("Spielerliste").fill("\n".join(f"{name}; Klub" for name in PLAYERS))
    paste.get_by_role("button", name="Übernehmen").click()
    expect(page.locator("ul.messages")).to_contain_text("4 Spieler eingetragen")
    page.locator(".round-card").filter(has=page.get_by_role("link", name="Runde 1", exact=True)).get_by_role(
        "button", name="Runde setzen").click()
    expect(page.locator("ul.messages")).to_contain_text("Runde 1 ist gesetzt.")
    link = page.locator("table.progress tbody tr").first.get_by_role("link", name="Scorer-Link").get_attribute("href")

    # --- the scorer enters a Quapil-Rufer and a Triccolo --------------------------------------------------------
    scorer = new_context(phone=True).new_page()
    scorer.on("pageerror", lambda error: errors.append(str(error)))
    scorer.goto(link)
    names = [text.replace("(Vorhand)", "").strip() for text in
             scorer.locator('#hand-form fieldset[data-field="declarer"] label.chip').all_inner_texts()]
    chip(scorer, "contract", "Quapil-Rufer").tap()
    chip(scorer, "declarer", names[0]).tap()
    chip(scorer, "partner", names[2]).tap()
    chip(scorer, "result", "gewonnen").tap()
    # The Quapil the contract needs is entered for the scorer: the declarer's side, announced.
    expect(scorer.locator('input[name="bonus_quapil"][value="declarer"]')).to_be_checked()
    expect(scorer.locator('input[name="bonus_quapil_announced"]')).to_be_checked()
    expect(scorer.locator("#preview table.preview-table tbody tr")).to_have_count(4)
    scorer.locator("#save-hand").tap()
    expect(scorer.locator("#outbox")).to_contain_text("Spiel 1 gespeichert.", timeout=15_000)

    chip(scorer, "contract", "Triccolo").tap()
    chip(scorer, "declarer", names[1]).tap()
    chip(scorer, "result", "verloren").tap()
    expect(scorer.locator("#preview table.preview-table tbody tr")).to_have_count(4)
    scorer.locator("#save-hand").tap()
    expect(scorer.locator("#outbox")).to_contain_text("Spiel 2 gespeichert.", timeout=15_000)

    # --- what is stored --------------------------------------------------------------------------------------
    hands = list(Hand.objects.filter(table__round__tournament=tournament).order_by("number"))
    assert [hand.contract for hand in hands] == ["quapilrufer", "triccolo"]
    first, second = (hand.data for hand in hands)
    assert first["bonuses"] == [{"bonus": "quapil", "side": "declarer", "announced": True}]
    assert (first["result"], second["result"]) == ("won", "lost")
    ruleset = tournament.ruleset
    # Quapil-Rufer 5 + the announced Quapil 8 (Raiffeisen's tariff): 13 each way; Triccolo 3 lost: 3 to each.
    assert sorted(score(first, ruleset).points) == [-13, -13, 13, 13]
    assert sorted(score(second, ruleset).points) == [-9, 3, 3, 3]
    for hand in hands:
        stored = {s.hand_seat: s.points for s in hand.scores.all()}
        assert stored == {seat: Decimal(p) for seat, p in enumerate(score(hand.data, ruleset).points)}
    assert not errors, errors


@pytest.mark.django_db(transaction=True)
def test_an_a_rufer_needs_its_bird_announced(make_tournament, new_context):
    """Raiffeisen's A-Rufer: the bird must be announced by the declarer's side (OÖ 4/2023 [sec §3.7, §5.3,
    Ansagen 4], issue 32): the form ticks none of the four for the scorer (it cannot know which one),
    and with the announced Pagat entered the hand is stored and scored."""
    tournament = make_tournament("raiffeisen", players=4, slug="a-rufer")
    table = tournament.round_set.get(number=1).tables.get()
    page = new_context(phone=True).new_page()
    page.goto(f"/t/{table.token}/")
    names = [text.replace("(Vorhand)", "").strip() for text in
             page.locator('#hand-form fieldset[data-field="declarer"] label.chip').all_inner_texts()]
    chip(page, "contract", "A-Rufer").tap()
    chip(page, "declarer", names[1]).tap()
    chip(page, "partner", names[3]).tap()
    chip(page, "result", "gewonnen").tap()
    for bird in ("pagat", "uhu", "kakadu", "quapil"):
        expect(page.locator(f'input[name="bonus_{bird}"][value="declarer"]')).not_to_be_checked()
    page.locator('label:has(input[name="bonus_pagat"][value="declarer"])').first.tap()
    page.locator('label:has(input[name="bonus_pagat_announced"])').first.tap()
    expect(page.locator("#preview table.preview-table tbody tr")).to_have_count(4)
    page.locator("#save-hand").tap()
    expect(page.locator("#outbox")).to_contain_text("Spiel 1 gespeichert.", timeout=15_000)
    hand = Hand.objects.get(table=table)
    assert hand.contract == "besserrufer"
    assert hand.data["bonuses"] == [{"bonus": "pagat", "side": "declarer", "announced": True}]
    assert sum(score(hand.data, tournament.ruleset).points) == 0

"""Pages in the hall, measured in a real browser: contrast of every button and chip, the scorer form
on a 390 px phone, the round board on laptops, the projector at 1280x720, the player page."""

from __future__ import annotations

import random
from datetime import date

import pytest
from browser_flows import PASSWORD, no_sideways_scroll, sign_in
from django.contrib.auth.models import User
from playwright.sync_api import expect

from paper.imports import players as player_import
from rules.engine.sampling import random_hand
from rules.rulesets import BUILTIN
from scoring import services as scoring_services
from tournament import rounds, services

# A page flow in the browser: the same on every database, run once, in the SQLite phase of `make test`
# (the marker `once`); what depends on the database (locks, constraints, sums) is tested without a browser.
pytestmark = pytest.mark.once

# Contrast ratio (WCAG 2) of every button/chip text against the first non-transparent background
# behind it; returns the offenders.
CONTRAST_JS = """(selector) => {
  const parse = (c) => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(',').map((x) => parseFloat(x)); return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1}; };
  const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b); };
  const background = (el) => { for (let n = el; n; n = n.parentElement) {
      const c = parse(getComputedStyle(n).backgroundColor); if (c && c.a > 0) return c; }
    return {r: 255, g: 255, b: 255, a: 1}; };
  const bad = [];
  for (const el of document.querySelectorAll(selector)) {
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || !el.innerText.trim()) continue;
    const fg = parse(getComputedStyle(el).color), bg = background(el);
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    if (ratio < 4.5) bad.push(`${el.tagName} "${el.innerText.trim()}" ${ratio.toFixed(2)}`);
  }
  return bad;
}"""

CONTROLS = "button, .button, .chip, label.chip, input[type=submit]"


@pytest.fixture
def hall(transactional_db):
    """A 13-player event (three tables, one of five), round 1 seated with a few hands; a director account."""
    User.objects.create_superuser("leitung", "l@example.invalid", PASSWORD)
    tournament = services.create_tournament(name="Hallentest", slug="halle", date=date(2026, 11, 22),
                                            ruleset=BUILTIN["tirol"], tables_of_five=True)
    player_import.import_players(tournament=tournament, check_in=True, rows=[
        {"name": f"Spielerin Mit Langem Namen {i:02d}", "club": "TC Innsbruck-Land"} for i in range(13)])
    round = tournament.round_set.get(number=1)
    rounds.seat_round(round=round, seed="halle")
    rng = random.Random(4)
    for table in round.tables.order_by("number"):
        for number in (1, 2, 3):
            scoring_services.store_hand(table=table, number=number, data=random_hand(tournament.ruleset, rng),
                                         idempotency_key=f"{table.pk}-{number}")
    # One player not (or no longer) checked in: the "nein" chip is on the page.
    tournament.entries.filter(pk=tournament.entries.order_by("pk").first().pk).update(checked_in=False)
    return tournament


def test_every_button_and_chip_is_readable(hall, new_context, artifacts):
    page = new_context().new_page()
    sign_in(page)
    table = hall.round_set.get(number=1).tables.order_by("number").first()
    for url, shot in ((f"/turniere/{hall.slug}/", "detail"), (f"/turniere/{hall.slug}/runde/1/", "round"),
                      (f"/t/{table.token}/", "scorer")):
        page.goto(url)
        page.screenshot(path=artifacts / f"venue-contrast-{shot}.png", full_page=True)
        assert page.evaluate(CONTRAST_JS, CONTROLS) == [], url
    # The "nein" chip and "beenden" are there and were measured.
    page.goto(f"/turniere/{hall.slug}/")
    expect(page.locator("button.chip", has_text="nein").first).to_be_visible()
    page.goto(f"/turniere/{hall.slug}/runde/1/")
    expect(page.get_by_role("button", name="beenden").first).to_be_visible()


def test_the_scorer_form_fits_a_390px_phone(hall, new_context, artifacts):
    context = new_context(phone=True)
    page = context.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    table = hall.round_set.get(number=1).tables.order_by("number").first()
    page.goto(f"/t/{table.token}/")
    form = page.locator("#hand-form")
    form.locator('fieldset[data-field="contract"] label.chip').first.tap()
    form.locator('fieldset[data-field="declarer"] label.chip').first.tap()
    page.locator('details[data-field="bonuses"] > summary').tap()
    # The game's kontra sits on the contract's row: no section to open first (issue 31).
    expect(page.locator('#hand-form [data-field="game-kontra"] label.chip', has_text="Rekontra")).to_be_visible()
    expect(page.locator(".bonus-table")).to_be_visible()
    page.screenshot(path=artifacts / "venue-scorer-390.png", full_page=True)
    no_sideways_scroll(page)
    small = page.evaluate("""() => Array.from(document.querySelectorAll(
        '#hand-form button, #hand-form a, #hand-form label.chip, #hand-form label.check, #hand-form summary, #hand-form select'))
      .filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
      .map((el) => [el.innerText.trim() || el.tagName, el.getBoundingClientRect()])
      .filter(([, box]) => box.width && (box.width < 44 || box.height < 44))
      .map(([name, box]) => `${name} ${Math.round(box.width)}x${Math.round(box.height)}`)""")
    assert small == []
    for id_ in ("#hand-form", "#save-hand", "#hand-title", "#dealer-name", "#vorhand-name", "#sits-out", "#outbox",
                "#preview"):
        assert page.locator(id_).count() == 1, id_
    # "Speichern" stays on screen at the bottom while the form is scrolled.
    page.evaluate("window.scrollTo(0, document.querySelector('.bonus-table').getBoundingClientRect().top + scrollY - 100)")
    box = page.locator("#save-hand").bounding_box()
    height = page.evaluate("innerHeight")
    assert box["y"] >= 0 and box["y"] + box["height"] <= height + 1, (box, height)
    page.screenshot(path=artifacts / "venue-scorer-390-scrolled.png")


@pytest.mark.parametrize("width", [1024, 1280, 1440])
def test_the_round_board_fits_a_laptop(hall, new_context, artifacts, width):
    page = new_context().new_page()
    page.set_viewport_size({"width": width, "height": 800})
    sign_in(page)
    tables = list(hall.round_set.get(number=1).tables.order_by("number"))
    rng = random.Random(7)
    done = tables[1]
    for number in range(4, done.hands_planned + 1):
        scoring_services.store_hand(table=done, number=number, data=random_hand(hall.ruleset, rng))
    done.refresh_from_db()
    scoring_services.confirm_table(table=done, expected_version=done.version, names="alle")
    rounds.end_table(table=tables[2], reason="Zeit")
    page.goto(f"/turniere/{hall.slug}/runde/1/")
    page.screenshot(path=artifacts / f"venue-round-{width}.png", full_page=True)
    no_sideways_scroll(page)
    scroller = page.locator(".table-scroll .table-container").first
    assert scroller.evaluate("(el) => el.scrollWidth <= el.clientWidth + 1")
    right = scroller.evaluate("(el) => el.getBoundingClientRect().left + el.clientWidth")
    for locator in (page.get_by_role("link", name="Scorer-Link").first, page.locator("span.confirmed").first,
                    page.get_by_role("button", name="beenden").first, page.get_by_role("button", name="neuer Link").first,
                    page.get_by_role("textbox", name="Begründung").first):
        box = locator.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= min(width, right), locator


def test_rotating_a_link_from_the_board(hall, new_context):
    page = new_context().new_page()
    sign_in(page)
    table = hall.round_set.get(number=1).tables.order_by("number").first()
    old = table.token
    page.goto(f"/turniere/{hall.slug}/runde/1/")
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="neuer Link").first.click()
    expect(page.locator("ul.messages")).to_contain_text("Tischkarte neu drucken")
    expect(page.locator("ul.log")).to_contain_text(f"Neuer Scorer-Link für Tisch {table.number}")
    table.refresh_from_db()
    assert table.token != old
    page.goto(f"/t/{old}/")
    expect(page.locator("h1")).to_have_text("Diese Tischkarte gilt nicht mehr.")


def test_the_projector_fits_1280x720(hall, new_context, artifacts):
    page = new_context().new_page()
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"/turnier/{hall.slug}/beamer/")
    page.screenshot(path=artifacts / "venue-projector-1280.png")
    no_sideways_scroll(page)


def test_the_player_page_shows_points_on_a_phone(hall, new_context, artifacts):
    page = new_context(phone=True).new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    entry = hall.entries.order_by("pk").first()
    page.goto(f"/turnier/{hall.slug}/spieler/{entry.pk}/")
    page.screenshot(path=artifacts / "venue-player-390.png", full_page=True)
    no_sideways_scroll(page)
    header = page.locator("table.player-hands th", has_text="Punkte").first
    box = header.bounding_box()
    assert box and box["x"] + box["width"] <= 390
    cell = page.locator("table.player-hands td.points").first
    box = cell.bounding_box()
    assert box and box["x"] + box["width"] <= 390


def test_the_director_sees_a_correction_after_confirmation(hall, new_context, artifacts):
    director = User.objects.get(username="leitung")
    table = hall.round_set.get(number=1).tables.order_by("number")[1]
    rng = random.Random(11)
    for number in range(4, table.hands_planned + 1):
        scoring_services.store_hand(table=table, number=number, data=random_hand(hall.ruleset, rng))
    table.refresh_from_db()
    scoring_services.confirm_table(table=table, expected_version=table.version, names="alle vier")
    table.refresh_from_db()
    scoring_services.correct_hand(hand=table.hands.get(number=2), data=random_hand(hall.ruleset, rng),
                                  expected_version=table.version, reason="falscher Spieler notiert",
                                  by="director:leitung", user=director, director=True)
    page = new_context().new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    sign_in(page)
    page.goto(f"/leitung/tisch/{table.pk}/")
    expect(page.locator("#changed-since-confirmation")).to_be_visible()
    expect(page.locator("table.revisions")).to_contain_text("falscher Spieler notiert")
    page.screenshot(path=artifacts / "venue-director-sheet-390.png", full_page=True)
    no_sideways_scroll(page)
    page.goto(f"/t/{table.token}/")
    expect(page.locator("#table-state")).to_have_text("bestätigt – die Runde läuft noch")
    page.goto("/t/AltesToken123/")
    page.screenshot(path=artifacts / "venue-gone-390.png")
    expect(page.locator("h1")).to_have_text("Diese Tischkarte gilt nicht mehr.")

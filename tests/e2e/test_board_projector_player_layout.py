"""The round board with its clock and idle tables on laptops, the projector's progress at 1280x720,
the player's day on a 390 px phone and the prize page, measured in a real browser: no page wider
than the window, every control at least 44 px, the idle tables visibly marked."""

from __future__ import annotations

import random
from datetime import date, timedelta

import pytest
from browser_flows import PASSWORD, no_sideways_scroll, sign_in
from django.contrib.auth.models import User
from django.utils import timezone
from playwright.sync_api import expect

from paper.imports import players as player_import
from rules.engine.sampling import random_hand
from rules.rulesets import BUILTIN
from scoring import services as scoring_services
from tournament import rounds, services
from tournament.models import Round, Table

# A page flow in the browser: the same on every database, run once, in the SQLite phase of `make test`
# (the marker `once`); what depends on the database (locks, constraints, sums) is tested without a browser.
pytestmark = pytest.mark.once

SMALL_TARGETS = """(selector) => Array.from(document.querySelectorAll(selector))
  .filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
  .map((el) => [el.innerText.trim() || el.getAttribute('aria-label') || el.tagName, el.getBoundingClientRect()])
  .filter(([, box]) => box.width && (box.width < 44 || box.height < 44))
  .map(([name, box]) => `${name} ${Math.round(box.width)}x${Math.round(box.height)}`)"""


@pytest.fixture
def day(transactional_db):
    """A 13-player event: round 1 seated 50 minutes ago, one table fast, one idle, one done; a director."""
    User.objects.create_superuser("leitung", "l@example.invalid", PASSWORD)
    tournament = services.create_tournament(name="Ein Tag am Turnier", slug="tag", date=date(2026, 11, 22),
                                            ruleset=BUILTIN["tirol"], tables_of_five=True)
    player_import.import_players(tournament=tournament, check_in=True, rows=[
        {"name": f"Spielerin Mit Langem Namen {i:02d}", "club": "TC Innsbruck-Land"} for i in range(13)])
    round = tournament.round_set.get(number=1)
    rounds.seat_round(round=round, seed="tag")
    rng = random.Random(5)
    tables = list(round.tables.order_by("number"))
    for table, hands in zip(tables, (4, 2, tables[2].hands_planned), strict=True):
        for number in range(1, hands + 1):
            scoring_services.store_hand(table=table, number=number, data=random_hand(tournament.ruleset, rng))
    now = timezone.now()
    Round.objects.filter(pk=round.pk).update(seated_at=now - timedelta(minutes=50))
    Table.objects.filter(pk=tables[0].pk).update(last_hand_at=now - timedelta(minutes=2))
    Table.objects.filter(pk=tables[1].pk).update(last_hand_at=now - timedelta(minutes=31))
    services.set_prizes(tournament=tournament, entry_fee_cents=1500, prizes_cents=[9000, 5000, 3000])
    return tournament


@pytest.mark.parametrize("width", [1024, 1280, 1440])
def test_the_board_shows_clock_and_idle_tables_on_a_laptop(day, new_context, artifacts, width):
    page = new_context().new_page()
    page.set_viewport_size({"width": width, "height": 800})
    sign_in(page)
    page.goto(f"/turniere/{day.slug}/runde/1/")
    page.screenshot(path=artifacts / f"board-clock-{width}.png", full_page=True)
    no_sideways_scroll(page)
    clock = page.locator("#round-clock .clock-time")
    expect(clock).to_have_text("0:50")
    box = clock.bounding_box()
    assert box and box["x"] + box["width"] <= width
    expect(page.locator(".idle-count")).to_contain_text("1 Tisch ruht")
    idle_rows = page.locator("table.progress tr.late")
    expect(idle_rows).to_have_count(1)
    expect(idle_rows.locator(".idle-badge")).to_have_text("ruht")
    # the idle row is visibly marked: its cells are not the white or the stripe of the others
    colour = idle_rows.locator("td").nth(1).evaluate("(el) => getComputedStyle(el).backgroundColor")
    assert colour == "rgb(253, 236, 200)"
    assert page.evaluate(SMALL_TARGETS, "#round-clock input, #round-clock button, #print-all, .print-links a, .crumbs a") == []
    button = page.locator("#print-all").bounding_box()
    assert button and button["x"] + button["width"] <= width
    # a stricter idle limit marks the fast table too, kept across the board's refresh
    page.locator("#idle-minutes").fill("1")
    page.get_by_role("button", name="anwenden").click()
    expect(page.locator("table.progress tr.late")).to_have_count(2)
    no_sideways_scroll(page)


def test_the_projector_shows_the_round_progress_at_1280x720(day, new_context, artifacts):
    page = new_context().new_page()
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"/turnier/{day.slug}/beamer/")
    page.screenshot(path=artifacts / "projector-progress-1280.png")
    no_sideways_scroll(page)
    progress = page.locator("#round-progress")
    expect(progress.locator(".tables-done")).to_have_text("1 Tisch fertig")
    expect(progress.locator(".tables-playing")).to_have_text("2 Tische spielen")
    expect(progress.locator(".bar span")).to_contain_text("Runde 1:")
    box = progress.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 1280 and box["y"] + box["height"] <= 720


def test_the_player_day_fits_a_390px_phone(day, new_context, artifacts):
    page = new_context(phone=True).new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    table = day.round_set.get(number=1).tables.order_by("number").first()
    entry = table.seats.get(position=0).entry
    page.goto(f"/turnier/{day.slug}/spieler/{entry.pk}/")
    page.screenshot(path=artifacts / "player-day-390.png", full_page=True)
    no_sideways_scroll(page)
    expect(page.locator("#next-seat .seat-big")).to_have_text(f"Tisch {table.number} · Platz 1")
    expect(page.locator("tfoot .subtotal-row")).to_contain_text("Summe Runde 1")
    for cell in (page.locator("table.player-hands td.points").first, page.locator("tfoot td.points").first,
                 page.locator("table.player-hands td.contract").first):
        box = cell.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
    scroller = page.locator(".table-scroll").first
    assert scroller.evaluate("(el) => el.scrollWidth <= el.clientWidth + 1")
    assert page.evaluate(SMALL_TARGETS, "main a, main button, main input") == []


@pytest.mark.parametrize("width", [390, 1280])
def test_the_prize_page_fits(day, new_context, artifacts, width):
    page = new_context(phone=width == 390).new_page()
    page.set_viewport_size({"width": width, "height": 844})
    sign_in(page)
    page.goto(f"/turniere/{day.slug}/preise/")
    page.screenshot(path=artifacts / f"prizes-{width}.png", full_page=True)
    no_sideways_scroll(page)
    expect(page.locator("table.money-summary")).to_contain_text("13 × 15,00 € = 195,00 €")
    for table in (page.locator("table.money-summary"), page.locator(".table-scroll:has(table.prize-list)"),
                  page.locator(".table-scroll:has(table.player-money)")):
        assert table.evaluate("(el) => el.scrollWidth <= el.clientWidth + 1")
    amount = page.locator("table.prize-list td.num").last.bounding_box()
    assert amount and amount["x"] + amount["width"] <= width
    assert page.evaluate(SMALL_TARGETS, "main a, main button, main input, main textarea") == []

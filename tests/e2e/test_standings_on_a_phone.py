"""The player's phone (390 × 844): the public standings show rank, name and points on the first screen,
even with long names and clubs and every extra column; /cup/ lists the cups; the site has a favicon."""

from __future__ import annotations

import pytest

from cups import services
from tournament.models import Player

# A page flow in the browser: the same on every database, run once, in the SQLite phase of `make test`
# (the marker `once`); what it stores goes through services the PostgreSQL phase tests without a browser.
pytestmark = pytest.mark.once

LONG_NAMES = ["Maximiliane Obermüller-Hinterberger", "Johann Sebastian Pfaffenbichler", "Anna-Katharina Zwischenbrugger"]


@pytest.fixture
def long_names(make_tournament, play_round):
    tournament = make_tournament("tirol", players=17, slug="lang")
    for number, player in enumerate(Player.objects.filter(entries__tournament=tournament).order_by("pk")):
        player.name = f"{LONG_NAMES[number % 3]} {number}"
        player.club = "Tarockrunde Kirchberg in Tirol und Umgebung"
        player.save()
    play_round(tournament.round_set.get(number=1), hands=3)
    cup = services.create_cup(name="Unterland-Cup", slug="unterland")
    services.add_tournament(season=services.create_season(cup=cup, label="2026/27"), tournament=tournament)
    return tournament


def phone_page(new_context):
    page = new_context(phone=True).new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    return page


@pytest.mark.django_db(transaction=True)
def test_the_standings_show_the_points_on_the_first_screen(long_names, new_context, artifacts):
    page = phone_page(new_context)
    page.goto("/turnier/lang/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    head = [text.strip() for text in page.locator("table.standings thead th").all_inner_texts()]
    points = head.index("Punkte")
    assert head[:3] == ["Rang", "Name", "Punkte"]
    for row in range(1, 4):  # the first three players' points within the screen (was 1,550 px to the right)
        cell = page.locator(f"table.standings tbody tr:nth-child({row}) td").nth(points)
        box = cell.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        assert box["y"] + 24 <= 844, box  # the figure at the top of its cell: on the first screen
        assert cell.inner_text().strip()
    page.screenshot(path=str(artifacts / "standings-390.png"))
    # The tournament links its season and the calendar; the nav links the cups.
    assert page.get_by_role("link", name="Unterland-Cup 2026/27").is_visible()
    page.get_by_role("navigation").get_by_role("link", name="Cups", exact=True).click()
    page.wait_for_url("**/cup/")


@pytest.mark.django_db(transaction=True)
def test_the_cup_list_on_a_390px_phone(long_names, new_context, artifacts):
    page = phone_page(new_context)
    response = page.goto("/cup/")
    assert response.status == 200
    assert page.locator("h1").inner_text() == "Cups und Saisonwertungen"
    page.get_by_role("link", name="Saison 2026/27").click()
    page.wait_for_url("**/cup/unterland/2026-27/")
    page.goto("/cup/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(artifacts / "cups-390.png"))
    icon = page.evaluate("fetch(document.querySelector('link[rel=icon]').href).then(r => [r.status, r.headers.get('content-type')])")
    assert icon == [200, "image/svg+xml"]
    assert page.evaluate("fetch('/favicon.ico').then(r => r.status)") == 200

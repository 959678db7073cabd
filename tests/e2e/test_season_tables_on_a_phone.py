"""Season, cup and player-history tables on a 390 px phone: a low header row, the name column and its
header stay in view while the table scrolls sideways, and nothing pushes the page wider than the phone."""

from __future__ import annotations

import pytest

from cups import services

# A page flow in the browser: the same on every database, run once, in the SQLite phase of `make test`
# (the marker `once`); what depends on the database (locks, constraints, sums) is tested without a browser.
pytestmark = pytest.mark.once


@pytest.fixture
def season_of_six(make_tournament, play_round):
    cup = services.create_cup(name="Unterland-Cup", slug="unterland")
    season = services.create_season(cup=cup, label="2026/27")
    for number in range(6):
        tournament = make_tournament("tirol", players=8, slug=f"herbst-{number}")
        tournament.name = f"Großes Herbstturnier Nummer {number}"
        tournament.save()
        play_round(tournament.round_set.get(number=1), seed=number, hands=2)
        services.add_tournament(season=season, tournament=tournament)
    return season


@pytest.mark.django_db(transaction=True)
def test_the_season_table_on_a_390px_phone(season_of_six, new_context, artifacts):
    page = new_context(phone=True).new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/cup/unterland/2026-27/")
    head = page.locator("table.season thead").bounding_box()
    assert head["height"] <= 80, head  # was 160 px of names standing on end
    page.locator(".table-scroll").first.evaluate("node => { node.scrollLeft = 400; }")
    name_head = page.locator("table.season th.name")
    box = name_head.bounding_box()
    # The name's header is on top where it sticks: the element under its middle is the header itself.
    on_top = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('th')?.classList.contains('name')",
                           [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
    assert on_top
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(artifacts / "season-390.png"))


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("path", ["/cup/unterland/", "/cup/unterland/statistik/", "player"])
def test_cup_pages_fit_a_390px_phone(season_of_six, new_context, path):
    from tournament.models import Player

    if path == "player":
        path = f"/spieler/{Player.objects.order_by('pk').first().pk}/"
    page = new_context(phone=True).new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(path)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, path

"""The prize-giving on a phone (390 × 844, issue 31): long names and clubs wrap, the points and the prizes
stay on the screen (no sideways scroll), and "Endstand" is said once."""

from __future__ import annotations

import pytest

from tournament import rounds, services
from tournament.models import Player

pytestmark = pytest.mark.once

LONG = ["Maximilian Brandstätter", "Theresia Pichlmayr-Aigner", "Bernhard Oberleitner", "Johann Steinbichler"]


@pytest.mark.django_db(transaction=True)
def test_the_prize_giving_fits_a_phone(make_tournament, play_round, new_context, artifacts):
    tournament = make_tournament("tirol", players=8, slug="ehrung", rounds=1)
    services.set_prizes(tournament=tournament, entry_fee_cents=1000, prizes_cents=[3000, 2000, 1000])
    for number, player in enumerate(Player.objects.filter(entries__tournament=tournament).order_by("pk")):
        player.name = LONG[number % 4] + (" Junior" if number >= 4 else "")
        player.club = "Tarockrunde Sankt Johann im Pongau"
        player.save()
    play_round(tournament.round_set.get(number=1))
    rounds.close_round(round=tournament.round_set.get(number=1))
    page = new_context(phone=True).new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/turnier/ehrung/siegerehrung/")
    page.screenshot(path=artifacts / "prize-giving-390.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for wrapper in page.locator(".table-scroll").all():  # nothing to scroll sideways inside a table either
        assert wrapper.evaluate("(box) => box.scrollWidth <= box.clientWidth")
    for cell in page.locator("table.final-standings td:last-child, table.prize-giving td:last-child").all():
        box = cell.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, cell.inner_text()
    names = page.locator("table.final-standings td:nth-child(2)").all_inner_texts()
    assert any("Brandstätter" in name for name in names) and not any("…" in name for name in names)
    assert page.locator("main").inner_text().count("Endstand") == 1

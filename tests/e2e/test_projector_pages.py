"""The projector at 1280x720 pages through the whole field by itself: every one of 53 players is shown
in turn, each page fitting the screen (it showed the first 11 and scrolled past the rest)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

# A page flow in the browser: the same on every database, run once, in the SQLite phase of `make test`
# (the marker `once`); what depends on the database (locks, constraints, sums) is tested without a browser.
pytestmark = pytest.mark.once


@pytest.mark.django_db(transaction=True)
def test_the_projector_shows_every_player_in_turn(make_tournament, play_round, new_context, settings, artifacts):
    settings.PROJECTOR_PAGE_SECONDS = 2
    tournament = make_tournament("tirol", players=53, slug="beamer")
    play_round(tournament.round_set.get(number=1), seed=5, hands=2)
    names = set(tournament.entries.values_list("player__name", flat=True))
    page = new_context().new_page()
    page.set_viewport_size({"width": 1280, "height": 720})
    page.clock.install()  # the page's timers on a fake clock: it runs by itself until paused below
    page.goto(f"/turnier/{tournament.slug}/beamer/")
    expect(page.locator("#projector-page")).to_contain_text("1 /")
    page.clock.pause_at(page.evaluate("Date.now()") + 1)  # from here the page turns when the test has looked
    pages = int(page.locator("#standings").get_attribute("data-pages"))
    assert pages > 1
    seen: set[str] = set()
    labels: set[str] = set()
    for _turn in range(pages):  # every page comes round in one cycle
        # One look at the screen: the label and the rows shown, read together in the page.
        label, shown = page.evaluate("""() => [document.getElementById("projector-page").textContent,
            Array.from(document.querySelectorAll("table.big tbody tr")).filter((row) => !row.hidden)
              .map((row) => [row.cells[1].firstChild.textContent.trim(), row.getBoundingClientRect().bottom])]""")
        assert shown and all(bottom <= 720 for _name, bottom in shown), (label, shown)  # no scrolling
        seen.update(name for name, _bottom in shown)
        if label not in labels:
            page.screenshot(path=str(artifacts / f"projector-page-{label.split()[0]}.png"))
        labels.add(label)
        if len(labels) == pages:
            break
        page.clock.run_for(settings.PROJECTOR_PAGE_SECONDS * 1000)
        expect(page.locator("#projector-page")).not_to_have_text(label)
    assert len(labels) == pages and seen == names

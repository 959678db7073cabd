"""The round's countdown ticks on the scorer's phone by the server's clock, not the device's."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

# A page flow in the browser: the same on every database, run once, in the SQLite phase of `make test`
# (the marker `once`); what depends on the database (locks, constraints, sums) is tested without a browser.
pytestmark = pytest.mark.once


@pytest.mark.django_db(transaction=True)
def test_the_countdown_ticks_by_the_servers_clock(make_tournament, new_context):
    tournament = make_tournament("hopfgarten", players=8, slug="tick")
    table = tournament.round_set.get(number=1).tables.first()
    page = new_context(phone=True).new_page()
    page.clock.install(time=1_000_000_000_000)  # the tablet's clock is wrong by decades
    page.goto(f"/t/{table.token}/")
    time = page.locator(".countdown .countdown-time")
    expect(time).to_have_text(re.compile(r"^1:4[0-4]:\d\d$"))  # 105 minutes from seating, a moment ago
    first = time.inner_text()
    page.clock.run_for(3000)
    expect(time).not_to_have_text(first)
    page.clock.run_for(2 * 3600 * 1000)
    expect(time).to_contain_text("Zeit abgelaufen")

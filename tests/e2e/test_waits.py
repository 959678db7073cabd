"""How long a browser test waits for a state on a page: as long as it lets an action take (tests/e2e/conftest.py).

Playwright's ``expect`` keeps a clock of its own (5 s unless set); an answer that took 5 to 10 s on a loaded
machine failed a test that any action would have waited for (CI once, test_club_rules_in_browser)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

# No site and no database: the same everywhere, run once, in the SQLite phase of `make test`.
pytestmark = pytest.mark.once

LATE_MS = 5_500  # later than Playwright's own 5 s, well within the suite's 10 s

LATE_ELEMENT = f"""<!doctype html><main></main>
<script>setTimeout(() => {{ document.querySelector("main").innerHTML = "<p id=late>da</p>"; }}, {LATE_MS});</script>"""


def test_an_element_that_comes_after_five_seconds_is_waited_for(browser):
    page = browser.new_page()
    try:
        page.set_content(LATE_ELEMENT)
        expect(page.locator("#late")).to_have_text("da")
    finally:
        page.close()

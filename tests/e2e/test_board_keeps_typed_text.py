"""The round board loads itself again every minute, but never wipes what the director is typing."""

from __future__ import annotations

import pytest
from browser_flows import PASSWORD, sign_in
from playwright.sync_api import expect

# A page flow in the browser: the same on every database, run once, in the SQLite phase of `make test`
# (the marker `once`); what depends on the database (locks, constraints, sums) is tested without a browser.
pytestmark = pytest.mark.once


@pytest.mark.django_db(transaction=True)
def test_a_typed_reason_survives_the_boards_refresh(make_tournament, new_context, settings):
    from django.contrib.auth.models import User

    settings.BOARD_RELOAD_SECONDS = 1
    User.objects.create_superuser("leitung", "leitung@example.invalid", PASSWORD)
    make_tournament("tirol", players=8, slug="tafel")
    page = new_context().new_page()
    # Count the board's refresh checks (static/js/board.js runs one per period): the test waits for
    # three of them, not for three seconds.
    page.add_init_script("""(() => {
        const every = window.setInterval;
        window.boardChecks = 0;
        window.setInterval = (check, ms, ...rest) => {
            const board = document.currentScript && document.currentScript.src.includes("/board");
            return every(board ? () => { window.boardChecks += 1; check(); } : check, ms, ...rest);
        };
    })()""")
    sign_in(page, "/turniere/tafel/runde/1/")
    page.evaluate("window.loadedOnce = true")
    reason = page.locator('form input[name="reason"]').first
    reason.fill("Zeit abgelaufen, Tisch 2")
    page.locator("h1").click()  # the field loses the focus; its text is still unsent
    page.evaluate("window.boardChecks = 0")
    page.evaluate("""new Promise((done) => { const check = () => window.boardChecks >= 3 ? done(true) : setTimeout(check, 50);
                                            check(); })""")  # three refresh checks went by
    expect(reason).to_have_value("Zeit abgelaufen, Tisch 2")
    assert page.evaluate("window.loadedOnce === true")  # the page was not loaded again
    with page.expect_event("load", timeout=10_000):  # nothing typed any more: it refreshes
        reason.fill("")
        page.locator("h1").click()
    assert page.evaluate("window.loadedOnce === undefined")

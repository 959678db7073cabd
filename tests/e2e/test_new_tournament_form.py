"""The new-tournament form in the browser: today's date is there, the slug fills in from the name and the
date as they are typed (the way the server forms it), and stops following once the director types one."""

from __future__ import annotations

import pytest
from browser_flows import PASSWORD, sign_in
from django.utils import timezone

# A page flow in the browser: the same on every database, run once, in the SQLite phase of `make test`
# (the marker `once`); what it stores goes through services the PostgreSQL phase tests without a browser.
pytestmark = pytest.mark.once


@pytest.mark.django_db(transaction=True)
def test_the_slug_fills_in_from_name_and_date(new_context):
    from django.contrib.auth.models import User

    from tournament.models import Tournament

    User.objects.create_superuser("leitung", "leitung@example.invalid", PASSWORD)
    page = new_context().new_page()
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    before = timezone.localdate()
    sign_in(page)
    today = page.locator("#id_date").input_value()
    assert today in {f"{day:%Y-%m-%d}" for day in (before, timezone.localdate())}  # either day across midnight
    page.locator("#id_name").fill("Tiroler Cup Wörgl")
    assert page.locator("#id_slug").input_value() == f"tiroler-cup-worgl-{today}"
    page.locator("#id_date").fill("2026-12-05")
    assert page.locator("#id_slug").input_value() == "tiroler-cup-worgl-2026-12-05"
    page.get_by_role("button", name="Turnier anlegen").click()
    page.wait_for_url("**/turniere/tiroler-cup-worgl-2026-12-05/")
    # The same name and date again: the filled-in slug is taken, the server takes the next free one.
    page.goto("/turniere/")
    page.locator("#id_name").fill("Tiroler Cup Wörgl")
    page.locator("#id_date").fill("2026-12-05")
    page.get_by_role("button", name="Turnier anlegen").click()
    page.wait_for_url("**/turniere/tiroler-cup-worgl-2026-12-05-2/")
    # A slug of his own stays his.
    page.goto("/turniere/")
    page.locator("#id_name").fill("Wörgl")
    page.locator("#id_slug").fill("woergl")
    page.locator("#id_name").fill("Wörgl im Dezember")
    assert page.locator("#id_slug").input_value() == "woergl"
    assert Tournament.objects.count() == 2 and not errors, errors

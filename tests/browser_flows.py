"""What the browser tests do again and again: sign in as the director, tap a chip of the hand form,
read the public standings, check a page for sideways scrolling."""

from __future__ import annotations

import re
from decimal import Decimal

from playwright.sync_api import Locator, Page

PASSWORD = "tarock-e2e-Leitung"


def sign_in(page: Page, next_url: str = "/turniere/") -> None:
    """The director signs in on the site's own login page (the test made the user ``leitung``)."""
    page.goto(f"/anmelden/?next={next_url}")
    page.locator("#id_username").fill("leitung")
    page.locator("#id_password").fill(PASSWORD)
    page.get_by_role("button", name="Anmelden").click()
    page.wait_for_url(f"**{next_url}")


def chip(page: Page, field: str, text: str) -> Locator:
    """A choice of the hand form by its visible text (exact: "Dreier" is not "Sechserdreier"; a
    player's chip may carry " (Vorhand)"). On a phone a chosen contract folds the others away: for a
    contract chip "anderes Spiel" is tapped first when it shows, as a scorer would."""
    if field == "contract":
        change = page.locator("#change-contract")
        if change.count() and change.is_visible():
            change.tap()
    return page.locator(f'#hand-form fieldset[data-field="{field}"] label.chip').filter(
        has=page.get_by_text(re.compile(rf"^{re.escape(text)}( \(Vorhand\))?$"))).first


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"page is {width[0]} px wide in a {width[1]} px window"


def standings_on_page(page: Page, slug: str) -> dict[str, Decimal]:
    """Name -> total as the public standings page shows them (German number format)."""
    page.goto(f"/turnier/{slug}/")
    table = page.locator("#standings table.standings")
    headers = [h.strip() for h in table.locator("thead th").all_inner_texts()]
    name_at, total_at = headers.index("Name"), headers.index("Punkte")
    shown = {}
    for row in table.locator("tbody tr").all():
        cells = row.locator("td").all_inner_texts()
        text = cells[total_at].strip().replace(".", "").replace(",", ".")
        shown[cells[name_at].split("\n")[0].strip()] = Decimal(text or "0")
    return shown

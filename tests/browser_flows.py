"""What the browser tests do again and again: sign in as the director, create a tournament and paste its
players, tap a chip of the hand form, tap a Dreier in, send the rest of a sheet through the scorer API,
read the public standings, check a page for sideways scrolling."""

from __future__ import annotations

import re
from decimal import Decimal

from playwright.sync_api import Locator, Page, expect

PASSWORD = "tarock-e2e-Leitung"


def sign_in(page: Page, next_url: str = "/turniere/") -> None:
    """The director signs in on the site's own login page (the test made the user ``leitung``)."""
    page.goto(f"/anmelden/?next={next_url}")
    page.locator("#id_username").fill("leitung")
    page.locator("#id_password").fill(PASSWORD)
    page.get_by_role("button", name="Anmelden").click()
    page.wait_for_url(f"**{next_url}")


def create_with_players(page: Page, *, name: str, slug: str, ruleset: str, players: list[str],
                        tables_of_five: str | None = None) -> None:
    """On the director's list of tournaments: a new tournament from the form, then its players pasted
    from a list and checked in at once (``tables_of_five``: the form's "Fünfertische" choice, if set)."""
    page.get_by_label("Name:", exact=True).fill(name)
    page.get_by_label("Kürzel (für Links)").fill(slug)
    page.get_by_label("Datum").fill("2026-11-21")
    page.get_by_label("Regelwerk").select_option(ruleset)
    if tables_of_five is not None:
        page.get_by_label("Fünfertische").select_option(tables_of_five)
    page.get_by_role("button", name="Turnier anlegen").click()
    expect(page.locator("ul.messages")).to_contain_text("Turnier angelegt.")
    paste = page.locator("section.card").filter(has=page.get_by_role("heading", name="Liste einfügen"))
    paste.get_by_label("Spielerliste").fill("\n".join(players))
    paste.locator("input[name=checked_in]").check()
    paste.get_by_role("button", name="Übernehmen").click()
    expect(page.locator("ul.messages")).to_contain_text(f"{len(players)} Spieler eingetragen")


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


def tap_a_dreier(page: Page, number: int, won: bool = True) -> None:
    """On the scorer page: hand ``number`` tapped in as the Vorhand's Dreier, won or lost, and saved
    (the caller checks first what the page says about the hand)."""
    chip(page, "contract", "Dreier").tap()
    page.locator('#hand-form fieldset[data-field="declarer"] label.chip').first.tap()
    chip(page, "result", "gewonnen" if won else "verloren").tap()
    page.locator("#save-hand").tap()
    expect(page.locator("#outbox")).to_contain_text(f"Spiel {number} gespeichert.", timeout=15_000)


# The rest of a table's sheet through the scorer API, from the scorer's own page (as static/js/outbox.js
# sends): the Vorhand's Dreier, won and lost by turns. Answers the HTTP status of each hand.
_SEND_THE_REST = """async token => {
    const state = await (await fetch(`/t/${token}/api/`)).json();
    const answers = [];
    for (let number = state.next_number; number <= state.hands_planned; number++) {
        const answer = await fetch(`/t/${token}/api/hands/`, {method: "POST", headers: {"Content-Type": "application/json"},
            body: JSON.stringify({number, key: `sheet-${state.table}-hand-${number}`,
                                  hand: {contract: "dreier", declarer: 0, result: number % 2 ? "won" : "lost"}})});
        answers.push(answer.status);
    }
    return answers;
}"""


def send_the_rest(page: Page, token: str) -> list[int]:
    """Every hand still missing at the table ``token``, sent through the scorer API from ``page`` (on
    the table's site); the status of each answer (201: stored)."""
    return page.evaluate(_SEND_THE_REST, token)


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

"""The Content-Security-Policy in chromium: the main pages load with nothing refused (chromium reports
every blocked script, style or form as a console message "Refused to …"), their scripts run (the
confirm questions, the scorer's outbox, the live standings), and renewing every scorer link of a
round takes the explicit choice and the confirmation page."""

from __future__ import annotations

import random
from datetime import date

import pytest
from browser_flows import PASSWORD, sign_in
from django.contrib.auth.models import User
from playwright.sync_api import expect

from paper.imports import players as player_import
from rules.engine.sampling import random_hand
from rules.rulesets import BUILTIN
from scoring import services as scoring_services
from tournament import rounds, services
from tournament.models import Entry

# A page flow in the browser: the same on every database, run once, in the SQLite phase of `make test`
# (the marker `once`); what depends on the database (locks, constraints, sums) is tested without a browser.
pytestmark = pytest.mark.once


@pytest.fixture
def event(transactional_db):
    User.objects.create_superuser("leitung", "l@example.invalid", PASSWORD)
    tournament = services.create_tournament(name="Sicher ist sicher", slug="csp", date=date(2026, 11, 22),
                                            ruleset=BUILTIN["tirol"])
    player_import.import_players(tournament=tournament, check_in=True,
                                 rows=[{"name": f"Spieler {i:02d}", "club": "TC"} for i in range(8)])
    round = tournament.round_set.get(number=1)
    rounds.seat_round(round=round, seed="csp")
    rng = random.Random(3)
    for table in round.tables.all():
        for number in (1, 2):
            scoring_services.store_hand(table=table, number=number, data=random_hand(tournament.ruleset, rng))
    return tournament


# Every violation the page sees, also those chromium reports only as an event (a blocked style attribute).
RECORD_VIOLATIONS = """document.addEventListener("securitypolicyviolation", (event) => {
  console.error(`Refused to run ${event.violatedDirective} at ${event.sourceFile || event.documentURI}:${event.lineNumber}`);
});"""


def _watch(page) -> list[str]:
    refused: list[str] = []
    page.add_init_script(RECORD_VIOLATIONS)
    page.on("console", lambda message: refused.append(message.text) if "Refused to" in message.text else None)
    page.on("pageerror", lambda error: refused.append(f"page error: {error}"))
    return refused


def test_the_main_pages_run_with_nothing_refused(event, new_context):
    round = event.round_set.get(number=1)
    table = round.tables.order_by("number").first()
    entry = Entry.objects.filter(tournament=event).first()
    director = new_context().new_page()
    refused = _watch(director)
    sign_in(director)
    for url in ("/", "/regeln/", "/turniere/", f"/turniere/{event.slug}/", f"/turniere/{event.slug}/runde/1/",
                f"/turnier/{event.slug}/", f"/turnier/{event.slug}/beamer/", f"/turnier/{event.slug}/spieler/{entry.pk}/",
                f"/leitung/tisch/{table.pk}/", "/admin/", "/cup/"):
        response = director.goto(url)
        assert response.status == 200 and "script-src 'self'" in response.headers["content-security-policy"], url
        director.wait_for_load_state("networkidle")
    assert not refused, refused
    # The projector's progress bar is drawn (an SVG rect, no style attribute).
    director.goto(f"/turnier/{event.slug}/beamer/")
    assert director.locator(".bar rect").get_attribute("width") not in (None, "0")
    # A confirm question comes from static/js/confirm.js: dismissed, nothing happens.
    director.goto(f"/turniere/{event.slug}/runde/1/")
    old = table.token
    director.once("dialog", lambda dialog: dialog.dismiss())
    director.get_by_role("button", name="neuer Link").first.click()
    director.wait_for_load_state("networkidle")
    table.refresh_from_db()
    assert table.token == old

    scorer = new_context(phone=True).new_page()
    refused += _watch(scorer)
    scorer.goto(f"/t/{table.token}/")
    scorer.wait_for_load_state("networkidle")
    expect(scorer.locator("form").first).to_be_visible()
    assert not refused, refused


def test_renewing_every_scorer_link_takes_a_choice_and_a_confirmation(event, new_context):
    round = event.round_set.get(number=1)
    before = set(round.tables.values_list("token", flat=True))
    page = new_context().new_page()
    refused = _watch(page)
    sign_in(page)
    page.goto(f"/turniere/{event.slug}/runde/1/")
    page.get_by_role("button", name="Scorer-Links erneuern").click()  # the box is not ticked: the form is not sent
    assert page.url.endswith("/runde/1/")
    page.get_by_label("alle Tische dieser Runde").check()
    page.get_by_role("button", name="Scorer-Links erneuern").click()
    expect(page.locator("h1")).to_have_text("Neue Scorer-Links für alle Tische?")
    assert set(round.tables.values_list("token", flat=True)) == before
    page.get_by_role("button", name="ja, alle Scorer-Links erneuern").click()
    expect(page.locator("ul.messages")).to_contain_text("Tischkarte neu drucken")
    assert not set(round.tables.values_list("token", flat=True)) & before
    assert not refused, refused

"""A whole 17-player event in the browser, under each of the five rule sets (slow: `make test-slow`).

Everything a director and the scorers do goes through the real pages: create the tournament, paste
the players, seat each round, enter every hand of every table on the scorer page (taps on the
chips), confirm each sheet, close the round; at the end the public standings must equal the
stored hands. About a minute per rule set, so it is not part of the default run.
"""

from __future__ import annotations

import random
import re
from decimal import Decimal

import pytest
from browser_flows import PASSWORD, chip, create_with_players, sign_in, standings_on_page
from django.contrib.auth.models import User
from django.db.models import Sum
from playwright.sync_api import Page, expect

from scoring.models import HandScore
from tournament.models import Round, Tournament

# A page flow in the browser: the same on every database, run once, in the SQLite phase of `make test`
# (the marker `once`); what depends on the database (locks, constraints, sums) is tested without a browser.
pytestmark = pytest.mark.once

NAMES = [f"{first} {last}" for first, last in zip(
    ["Anna", "Karl", "Lisa", "Otto", "Maria", "Josef", "Resi", "Franz", "Rosa", "Hubert", "Greta", "Alois", "Elfi",
     "Sepp", "Vroni", "Toni", "Kathi"],
    ["Berger", "Huber", "Maier", "Sommer", "Gruber", "Wallner", "Hofer", "Egger", "Pichler", "Moser", "Steiner",
     "Brunner", "Haas", "Mayr", "Kofler", "Schett", "Rainer"], strict=True)]


def enter_hand(page: Page, rng: random.Random, contracts: list[str]) -> None:
    """One plain hand by taps: a contract, a declarer, a partner where one is called, won or lost."""
    page.wait_for_selector("#hand-form")
    while True:
        contract = rng.choice(contracts)
        label = chip(page, "contract", contract)
        if "disabled" not in (label.get_attribute("class") or ""):
            break
    label.tap()
    slug = label.locator("input").get_attribute("value")
    vorhand_only = page.evaluate(
        "slug => JSON.parse(document.getElementById('ruleset-options').textContent).contracts[slug].vorhand_only", slug)
    declarers = page.locator('#hand-form fieldset[data-field="declarer"] label.chip')
    declarers.nth(0 if vorhand_only else rng.randrange(4)).tap()
    partner = page.locator('#hand-form fieldset[data-field="partner"]')
    if partner.is_visible():
        options = partner.locator("label.chip:not(.disabled)")
        options.nth(rng.randrange(options.count() - 1)).tap()  # a player, not the talon
    chip(page, "result", rng.choice(["gewonnen", "verloren"])).tap()
    expect(page.locator("#preview table.preview-table tbody tr")).to_have_count(4)
    page.locator("#save-hand").tap()
    expect(page.locator("#outbox")).to_contain_text("gespeichert")


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("slug,contracts", [
    ("tirol", ["Rufer", "Dreier", "Bettler", "Solorufer"]),
    ("hopfgarten", ["Auf"]),
    ("ooe", ["Rufer", "Dreier", "Bettler", "Solo-Rufer"]),
    ("pagat", ["Rufer", "Dreier", "Bettel", "Solo"]),
    ("skill7", ["Rufer", "Solo"]),
])
def test_a_whole_event_through_three_rounds(live_server, new_context, slug, contracts):
    User.objects.create_superuser("leitung", "leitung@example.invalid", PASSWORD)
    rng = random.Random(slug)
    director = new_context().new_page()
    sign_in(director)
    # tables of five allowed: Hopfgarten plays at four only unless allowed
    create_with_players(director, name=f"Abend {slug}", slug=f"abend-{slug}", ruleset=slug, players=NAMES,
                        tables_of_five="yes")
    tournament = Tournament.objects.get(slug=f"abend-{slug}")
    scorer = new_context(phone=True).new_page()

    for number in (1, 2, 3):
        director.goto(f"/turniere/{tournament.slug}/")
        director.locator(".round-card").filter(has=director.get_by_role("link", name=f"Runde {number}", exact=True)) \
            .get_by_role("button", name="Runde setzen").click()
        expect(director.locator("ul.messages")).to_contain_text(f"Runde {number} ist gesetzt.")
        links = [a.get_attribute("href") for a in director.get_by_role("link", name="Scorer-Link").all()]
        assert len(links) == 4
        for link in links:
            scorer.goto(link)
            planned = int(re.search(r"von (\d+)", scorer.locator("section.next-hand h1").inner_text()).group(1))
            for _ in range(planned):
                enter_hand(scorer, rng, contracts)
            scorer.get_by_role("button", name="Zettel bestätigen").tap()
            expect(scorer.locator("ul.messages")).to_contain_text("Tisch bestätigt")
        director.goto(f"/turniere/{tournament.slug}/runde/{number}/")
        director.get_by_role("button", name="Runde abschließen").click()
        expect(director.locator("ul.messages")).to_contain_text(f"Runde {number} ist abgeschlossen.")
        assert Round.objects.get(tournament=tournament, number=number).status == Round.CLOSED

    shown = standings_on_page(new_context().new_page(), tournament.slug)
    stored = dict(HandScore.objects.filter(hand__table__round__tournament=tournament)
                  .values_list("entry__player__name").annotate(Sum("points")))
    assert shown == {name: stored.get(name, Decimal(0)) for name in NAMES}
    assert sum(shown.values()) == 0
    planned = tournament.round_set.aggregate(hands=Sum("tables__hands_planned"))["hands"]
    assert HandScore.objects.filter(hand__table__round__tournament=tournament).count() == 4 * planned

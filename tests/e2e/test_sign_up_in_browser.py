"""A player signs up online on a phone, the director confirms and checks them in on the day, seats
round 1, and the player has a seat at a table."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from browser_flows import PASSWORD, no_sideways_scroll, sign_in
from django.utils import timezone
from playwright.sync_api import expect

# A page flow in the browser: the same on every database, run once, in the SQLite phase of `make test`
# (the marker `once`); what depends on the database (locks, constraints, sums) is tested without a browser.
pytestmark = pytest.mark.once


@pytest.mark.django_db(transaction=True)
def test_a_player_signs_up_on_the_phone_is_checked_in_and_seated(new_context, make_tournament):
    from django.contrib.auth.models import User

    from signup.services import set_registration

    User.objects.create_superuser("leitung", "leitung@example.invalid", PASSWORD)
    tournament = make_tournament(players=7, slug="herbst", seat=False)
    set_registration(tournament=tournament, is_open=True, cap=12, deadline=timezone.now() + timedelta(days=3))

    phone = new_context(phone=True).new_page()
    phone.goto("/turnier/herbst/anmelden/")
    no_sideways_scroll(phone)
    phone.get_by_label("Vor- und Nachname").fill("Zoe Neuling")
    phone.get_by_label("Verein").fill("TC Wörgl")
    phone.get_by_role("button", name="Anmelden").click()
    expect(phone.locator("ul.messages")).to_contain_text("Zoe Neuling ist angemeldet")
    expect(phone.locator("ol.sign-ups")).to_contain_text("Zoe Neuling")

    director = new_context().new_page()
    sign_in(director, "/turniere/herbst/anmeldungen/")
    row = director.locator("tr", has_text="Zoe Neuling")
    row.get_by_role("button", name="Bestätigen").click()
    row = director.locator("tr", has_text="Zoe Neuling")
    expect(row).to_contain_text("bestätigt")
    row.get_by_role("button", name="Einchecken").click()
    expect(director.locator("tr", has_text="Zoe Neuling")).to_contain_text("anwesend")

    director.goto("/turniere/herbst/")
    expect(director.locator("#spieler")).to_contain_text("8 anwesend / 8")
    first_round = director.locator(".round-card").filter(has=director.get_by_role("link", name="Runde 1", exact=True))
    first_round.get_by_role("button", name="Runde setzen").click()
    expect(director).to_have_url(re.compile(r"/turniere/herbst/runde/1/$"))
    expect(director.locator("table.progress tbody")).to_contain_text("Zoe Neuling")

    phone.reload()
    expect(phone.locator("ol.sign-ups")).to_contain_text("anwesend")

"""A player withdrawn after his round was drawn: the board names him in red and its link unfolds the new draw, which
seats everyone still playing (issue 31, point 3: the director's day without dead ends)."""

from __future__ import annotations

import pytest
from browser_flows import PASSWORD, sign_in
from playwright.sync_api import expect

pytestmark = pytest.mark.once  # a page flow: the same on every database (see test_board_keeps_typed_text.py)


@pytest.mark.django_db(transaction=True)
def test_the_warning_leads_to_the_new_draw_and_the_new_draw_clears_it(make_tournament, new_context):
    from django.contrib.auth.models import User

    from tournament.services import withdraw

    User.objects.create_superuser("leitung", "leitung@example.invalid", PASSWORD)
    tournament = make_tournament("tirol", players=9, slug="abgang")
    entry = tournament.entries.order_by("pk").first()
    withdraw(entry=entry, after_round=0)
    page = new_context(phone=True).new_page()
    page.on("dialog", lambda dialog: dialog.accept())  # "Runde neu setzen? …"
    sign_in(page, "/turniere/abgang/runde/1/")

    warning = page.locator("#withdrawn-seated")
    expect(warning).to_contain_text("Ausgeschieden, aber in dieser Runde gesetzt: Spielerin 000 (Tisch")
    expect(page.locator("#reseat")).not_to_have_attribute("open", "")
    warning.get_by_role("link", name="Sitzordnung neu auslosen …").click()
    expect(page.locator("#reseat")).to_have_attribute("open", "")
    page.locator("#reseat").get_by_role("button", name="neu setzen").click()

    expect(page.locator("ul.messages")).to_contain_text("Runde 1 ist gesetzt.")
    expect(page.locator("#withdrawn-seated")).to_have_count(0)
    expect(page.locator("table")).not_to_contain_text("Spielerin 000")
    expect(page.locator("ul.log")).to_contain_text("Spielerin 000 spielt nicht mit (vor Runde 1 abgemeldet).")

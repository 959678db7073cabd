"""The hand form on a phone: what is hidden is not sent, a contract unticked by the declarer's choice
says why, and a lost network costs the preview only (issue: at the table and on paper)."""

from __future__ import annotations

import pytest
from browser_flows import chip
from playwright.sync_api import expect

from scoring.models import Hand

# A page flow in the browser: the same on every database, run once, in the SQLite phase of `make test`
# (the marker `once`); what depends on the database (locks, constraints, sums) is tested without a browser.
pytestmark = pytest.mark.once


@pytest.fixture
def sheet(make_tournament, new_context):
    tournament = make_tournament("tirol", players=16, slug="form")
    table = tournament.round_set.get(number=1).tables.order_by("number").first()
    context = new_context(phone=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"/t/{table.token}/")
    return table, context, page, errors


def _dreier_with_card_points(page, table, points: str) -> None:
    """A Dreier of the player at place 3, its card points typed in (the field under "oder Kartenpunkte")."""
    names = [seat.entry.player.name for seat in table.seats.order_by("position")]
    chip(page, "contract", "Dreier").tap()
    chip(page, "declarer", names[2]).tap()
    page.get_by_text("oder Kartenpunkte eingeben").tap()
    page.locator('input[name="declarer_points"]').fill(points)


@pytest.mark.django_db(transaction=True)
def test_card_points_typed_then_a_bettler_chosen_store_the_bettler(sheet):
    table, _context, page, errors = sheet
    _dreier_with_card_points(page, table, "80")
    chip(page, "contract", "Bettler").tap()
    expect(page.locator('[data-field="declarer_points"]')).to_be_hidden()
    chip(page, "result", "gewonnen").tap()
    page.locator("#save-hand").tap()
    expect(page.locator("#outbox")).to_contain_text("Spiel 1 gespeichert.", timeout=15_000)
    # names[2] sits at position 2: hand seat 1 in hand 1, whose Vorhand is position 1
    assert Hand.objects.get(table=table).data == {"contract": "bettler", "declarer": 1, "result": "won"}
    expect(page.locator(".problems")).to_have_count(0)
    assert not errors


@pytest.mark.django_db(transaction=True)
def test_a_rufer_unticked_by_another_declarer_says_why(sheet):
    table, _context, page, _errors = sheet
    names = [seat.entry.player.name for seat in table.seats.order_by("position")]
    chip(page, "contract", "Rufer").tap()
    note = page.locator("#contract-note")
    expect(note).to_be_hidden()
    chip(page, "declarer", names[3]).tap()  # not the Vorhand of hand 1 (position 1)
    expect(note).to_be_visible()
    expect(note).to_contain_text("Rufer darf nur die Vorhand spielen")


@pytest.mark.django_db(transaction=True)
def test_offline_the_preview_says_so_and_nothing_throws(sheet):
    table, context, page, errors = sheet
    names = [seat.entry.player.name for seat in table.seats.order_by("position")]
    context.set_offline(True)
    chip(page, "contract", "Dreier").tap()
    chip(page, "declarer", names[1]).tap()
    chip(page, "result", "gewonnen").tap()
    expect(page.locator("#preview")).to_contain_text("Keine Verbindung")
    assert not [e for e in errors if "fetch" in e.lower()]


@pytest.mark.django_db(transaction=True)
def test_a_refusal_is_shown_once(sheet):
    table, _context, page, _errors = sheet
    _dreier_with_card_points(page, table, "90")
    page.locator("#save-hand").tap()
    reason = page.get_by_text("90 Punkte sind mehr als die 70 Punkte im Spiel")
    expect(page.locator("#preview .problems")).to_be_visible()  # the live preview has answered
    expect(reason).to_have_count(1)
    assert not Hand.objects.filter(table=table).exists()


@pytest.mark.django_db(transaction=True)
def test_a_won_rufer_in_four_taps_on_a_390_by_844_phone(make_tournament, browser, live_server):
    """Contract, partner, result, Speichern: four taps (the Rufer's declarer is the Vorhand by itself),
    with the header one slim line and "Speichern" on the first screen."""
    tournament = make_tournament("tirol", players=16, slug="taps")
    table = tournament.round_set.get(number=1).tables.order_by("number").first()
    names = [seat.entry.player.name for seat in table.seats.order_by("position")]
    context = browser.new_context(base_url=live_server.url, locale="de-AT", viewport={"width": 390, "height": 844},
                                  is_mobile=True, has_touch=True, device_scale_factor=2)
    page = context.new_page()
    page.goto(f"/t/{table.token}/")
    header = page.locator("header.site-header").bounding_box()
    assert header["height"] <= 70, header
    save = page.locator("#save-hand").bounding_box()
    assert save["y"] + save["height"] <= 844, save

    taps = [chip(page, "contract", "Rufer"), chip(page, "partner", names[3]), chip(page, "result", "gewonnen"),
            page.locator("#save-hand")]
    for target in taps:
        target.tap()
    expect(page.locator("#outbox")).to_contain_text("Spiel 1 gespeichert.", timeout=15_000)
    hand = Hand.objects.get(table=table)
    assert (hand.contract, hand.data["declarer"], hand.data["result"]) == ("rufer", 0, "won")
    context.close()

"""The scorer's outbox in a real browser: hands entered with the Wi-Fi down are kept on the phone,
survive a closed tab, arrive once and in order when the network is back; a stale second phone
recovers by itself (scorer-api.md, static/js/outbox.js)."""

from __future__ import annotations

import re

import pytest
from browser_flows import chip
from playwright.sync_api import Page, expect

from scoring.models import Hand

# A page flow in the browser: the same on every database, run once, in the SQLite phase of `make test`
# (the marker `once`); what depends on the database (locks, constraints, sums) is tested without a browser.
pytestmark = pytest.mark.once


def enter_dreier(page: Page, declarer: str, result: str = "gewonnen") -> None:
    chip(page, "contract", "Dreier").tap()
    chip(page, "declarer", declarer).tap()
    chip(page, "result", result).tap()
    page.locator("#save-hand").tap()


@pytest.mark.django_db(transaction=True)
def test_hands_entered_offline_arrive_once_and_in_order(make_tournament, new_context, artifacts):
    tournament = make_tournament("tirol", players=16, slug="offline")
    table = tournament.round_set.get(number=1).tables.order_by("number").first()
    names = [seat.entry.player.name for seat in table.seats.order_by("position")]
    link = f"/t/{table.token}/"

    phone = new_context(phone=True)
    page = phone.new_page()
    page.goto(link)
    second = new_context(phone=True).new_page()  # a second phone at the same table, left on hand 1
    second.clock.install()  # its timers on a clock the test moves (its 10 s look at the table's state below)
    second.goto(link)

    phone.set_offline(True)
    title = page.locator("#hand-title")
    # Hand n: the declarer is the player at position n (Vorhand of hand n is position n % 4).
    expected = []
    for number in (1, 2, 3):
        expect(title).to_have_text(f"Spiel {number} von 16")
        vorhand = names[number % 4]
        expect(page.locator("#vorhand-name")).to_have_text(vorhand)
        expect(page.locator("#dealer-name")).to_have_text(names[(number - 1) % 4])
        enter_dreier(page, vorhand, "gewonnen" if number != 2 else "verloren")
        expected.append((number, vorhand, "won" if number != 2 else "lost"))
    expect(page.locator("#outbox")).to_contain_text("3 Spiele warten auf Verbindung")
    expect(title).to_have_text("Spiel 4 von 16")
    page.screenshot(path=str(artifacts / "scorer-offline.png"), full_page=True)
    assert Hand.objects.filter(table=table).count() == 0

    page.close()  # the tab is closed while the network is down: the hands wait on the phone
    phone.set_offline(False)
    page = phone.new_page()
    page.goto(link, wait_until="load")
    page.evaluate("window.notReloaded = true")
    expect(page.locator("#outbox")).to_contain_text("Spiel 3 gespeichert.", timeout=15_000)
    expect(page.locator("table.sheet tbody tr")).to_have_count(3)
    expect(page.locator("#hand-title")).to_have_text("Spiel 4 von 16")
    stored = list(Hand.objects.filter(table=table).order_by("number"))
    seats = {position: name for position, name in enumerate(names)}
    assert [(h.number, seats[(h.number + h.data["declarer"]) % 4], h.data["result"]) for h in stored] == expected
    assert {h.contract for h in stored} == {"dreier"} and len({h.idempotency_key for h in stored}) == 3
    assert page.evaluate(f"localStorage.getItem('tarock-outbox-{table.token}')") == '{"queue":[],"refused":[]}'
    assert page.evaluate("window.notReloaded === true")  # the hands arrived on the page that sent them

    # The second phone still shows hand 1: its page notices the table moved on and shows the server's state
    # at its next look (every 10 s; its clock also runs by itself), which the test brings about now.
    second.clock.run_for(10_000)
    expect(second.locator("#hand-title")).to_have_text("Spiel 4 von 16")
    expect(second.locator("table.sheet tbody tr")).to_have_count(3)


@pytest.mark.django_db(transaction=True)
def test_a_stale_phone_that_saves_is_told_and_shows_the_server_state(make_tournament, new_context):
    tournament = make_tournament("tirol", players=16, slug="stale")
    table = tournament.round_set.get(number=1).tables.order_by("number").first()
    names = [seat.entry.player.name for seat in table.seats.order_by("position")]
    link = f"/t/{table.token}/"
    first, second = new_context(phone=True).new_page(), new_context(phone=True).new_page()
    first.goto(link)
    second.goto(link)
    chip(second, "contract", "Dreier").tap()  # the second phone is mid-entry: it does not reload by itself
    enter_dreier(first, names[1])
    expect(first.locator("#outbox")).to_contain_text("Spiel 1 gespeichert.")
    chip(second, "declarer", names[2]).tap()
    chip(second, "result", "verloren").tap()
    second.locator("#save-hand").tap()
    refused = second.locator(".outbox-refused")
    expect(refused).to_contain_text(re.compile(r"Spiel 1 nicht gespeichert: .*als nächstes kommt Spiel 2"))
    # What differs from the hand the first phone stored, in bold (issue 31).
    stored, mine = refused.locator(".difference").nth(0), refused.locator(".difference").nth(1)
    expect(stored).to_have_text(f"Gespeichert ist: Dreier · {names[1]} · gewonnen")
    expect(mine).to_have_text(f"hier eingegeben: Dreier · {names[2]} · verloren")
    assert stored.locator("strong").all_inner_texts() == [names[1], "gewonnen"]
    assert mine.locator("strong").all_inner_texts() == [names[2], "verloren"]
    expect(second.locator("#hand-title")).to_have_text("Spiel 2 von 16")
    expect(second.locator("table.sheet tbody tr")).to_have_count(1)
    refused.get_by_role("button", name="verwerfen").tap()
    expect(refused).to_have_count(0)
    assert Hand.objects.filter(table=table).count() == 1
    assert Hand.objects.get(table=table).data["result"] == "won"


@pytest.mark.django_db(transaction=True)
def test_the_drawn_first_dealer_drives_the_offline_form(make_tournament, new_context):
    tournament = make_tournament("tirol", players=16, slug="geber")
    table = tournament.round_set.get(number=1).tables.order_by("number").first()
    names = [seat.entry.player.name for seat in table.seats.order_by("position")]
    phone = new_context(phone=True)
    page = phone.new_page()
    page.goto(f"/t/{table.token}/")
    # Tirol draws the seat order, the tarock first Vorhand: Platz 4 drew it, then on round the table
    # Platz 1, 2 and 3, who deals first (the player before the first Vorhand).
    page.locator("#table-draw summary").tap()
    for place, name in enumerate([names[3], names[0], names[1], names[2]]):
        page.locator(f'select[name="order_{place}"]').select_option(label=name)
    # The draw is a form posted to the server: the test waits for the page it lands on (the redirect back
    # to the sheet) before it goes offline, so nothing below runs in a page that is being replaced.
    with page.expect_navigation(url=f"**/t/{table.token}/", wait_until="load"):
        page.get_by_role("button", name="Sitzordnung speichern").tap()
    page.evaluate("window.notReloaded = true")
    expect(page.locator("#dealer-name")).to_have_text(names[2])
    expect(page.locator("#vorhand-name")).to_have_text(names[3])
    phone.set_offline(True)
    enter_dreier(page, names[3])
    expect(page.locator("#dealer-name")).to_have_text(names[3])  # hand 2, worked out on the phone
    expect(page.locator("#vorhand-name")).to_have_text(names[0])
    phone.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#outbox")).to_contain_text("Spiel 1 gespeichert.", timeout=15_000)
    assert page.evaluate("window.notReloaded === true")  # the outbox stays on its page: nothing navigated
    hand = Hand.objects.get(table=table)
    # The places are numbered anew in the drawn order: the first dealer is Platz 1 now.
    assert hand.dealer_position == 0 and hand.data["declarer"] == 0
    assert table.seats.get(position=0).entry.player.name == names[2]

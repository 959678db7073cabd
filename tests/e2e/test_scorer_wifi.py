"""The scorer's phone on the hall's Wi-Fi (issue 31): a save is confirmed and the sheet updated in
place (no reload), so taps made for the next hand while the answer is on its way stay; an answer
lost with the network leaves the phone on its page, never the browser's offline page; the page
opens without network once it has been opened (the service worker); the green "gespeichert" goes
after a moment; a 503 is sent again only after its Retry-After (static/js/outbox.js, in the browser)."""

from __future__ import annotations

import time

import pytest
from browser_flows import chip
from playwright.sync_api import Page, Route, expect

from scoring.models import Hand

# A page flow in the browser: the same on every database, run once, in the SQLite phase of `make test`.
pytestmark = pytest.mark.once

HANDS = "**/api/hands/"


def _table(make_tournament, slug: str):
    tournament = make_tournament("tirol", players=4, slug=slug)
    table = tournament.round_set.get(number=1).tables.get()
    return table, [seat.entry.player.name for seat in table.seats.order_by("position")]


def _mark_the_page(page: Page) -> None:
    """A mark on the loaded document: it survives only as long as the page is not loaded again."""
    page.evaluate("window.notReloaded = true")


def _still_the_same_page(page: Page) -> bool:
    return page.evaluate("window.notReloaded === true")


def _until(page: Page, check, what: str, seconds: float = 15) -> None:
    """Waits for a state the test sees (a request the page sent reaching the test's route): each turn
    lets the browser's events through to the test for a moment."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, what
        page.evaluate("new Promise((done) => setTimeout(done, 20))")


def _in_page(page: Page, condition: str) -> None:
    """Waits in the page until ``condition`` holds (wait_for_function evaluates strings, which the
    site's Content-Security-Policy forbids)."""
    page.evaluate(f"""new Promise((done) => {{ const check = () => ({condition}) ? done(true) : setTimeout(check, 20);
                                               check(); }})""")


def _tap_a_won_dreier(page: Page, declarer: str) -> None:
    chip(page, "contract", "Dreier").tap()
    chip(page, "declarer", declarer).tap()
    chip(page, "result", "gewonnen").tap()


@pytest.mark.django_db(transaction=True)
def test_taps_made_while_a_save_is_answered_stay_and_the_sheet_is_updated_in_place(make_tournament, new_context):
    table, names = _table(make_tournament, "wlan-tippen")
    page = new_context(phone=True).new_page()
    page.goto(f"/t/{table.token}/")
    _mark_the_page(page)
    held: list[Route] = []
    page.route(HANDS, lambda route: held.append(route), times=1)  # the answer is on its way (a slow Wi-Fi) until the test lets it through
    _tap_a_won_dreier(page, names[1])
    page.locator("#save-hand").tap()
    expect(page.locator("#hand-title")).to_have_text("Spiel 2 von 16")  # the next hand at once
    _until(page, lambda: held, "the save never reached the network")
    expect(page.locator("#outbox")).to_contain_text("1 Spiel wartet auf Verbindung")
    chip(page, "contract", "Bettler").tap()  # hand 2 is being tapped while hand 1 is sent
    chip(page, "declarer", names[3]).tap()  # hand 2's second seat (its Vorhand is Platz 3)
    held[0].continue_()
    expect(page.locator("#outbox")).to_contain_text("Spiel 1 gespeichert.")
    expect(page.locator("#sheet-live table.sheet tbody tr")).to_have_count(1)
    expect(page.locator("#hand-form input[name=contract]:checked")).to_have_value("bettler")
    expect(page.locator('#hand-form [data-field="declarer"] input:checked')).to_have_value("1")
    expect(page.locator("#hand-title")).to_have_text("Spiel 2 von 16")
    assert _still_the_same_page(page)
    # The green line goes after a moment: it does not stay over the player chips.
    expect(page.locator("#outbox .outbox-saved")).to_have_count(0, timeout=15_000)
    expect(page.locator("#outbox")).to_be_hidden()
    assert Hand.objects.filter(table=table).count() == 1


@pytest.mark.django_db(transaction=True)
def test_an_answer_lost_with_the_network_leaves_the_phone_on_its_page(make_tournament, new_context):
    table, names = _table(make_tournament, "wlan-weg")
    phone = new_context(phone=True)
    page = phone.new_page()
    page.goto(f"/t/{table.token}/")
    _mark_the_page(page)
    stored: list[int] = []

    def stored_then_lost(route: Route) -> None:
        answer = route.fetch()  # the server stores the hand ...
        stored.append(answer.status)
        phone.set_offline(True)  # ... and the Wi-Fi is gone before the phone hears it
        route.abort("internetdisconnected")

    page.route(HANDS, stored_then_lost, times=1)
    _tap_a_won_dreier(page, names[1])
    page.locator("#save-hand").tap()
    _until(page, lambda: stored, "the save never reached the server")
    expect(page.locator("#outbox")).to_contain_text("1 Spiel wartet auf Verbindung")
    assert stored == [201] and Hand.objects.filter(table=table).count() == 1
    expect(page.locator("#hand-title")).to_have_text("Spiel 2 von 16")
    assert _still_the_same_page(page)
    phone.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    # Sent again with its key: the server answers with the stored hand, nothing is stored twice.
    expect(page.locator("#outbox")).to_contain_text("Spiel 1 gespeichert.", timeout=15_000)
    expect(page.locator("#sheet-live table.sheet tbody tr")).to_have_count(1)
    assert _still_the_same_page(page)
    assert Hand.objects.filter(table=table).count() == 1


@pytest.mark.django_db(transaction=True)
def test_the_page_opens_offline_once_it_was_opened(make_tournament, new_context):
    table, names = _table(make_tournament, "wlan-offline")
    phone = new_context(phone=True)
    page = phone.new_page()
    page.goto(f"/t/{table.token}/")
    # 127.0.0.1 is a secure context, as https is: the service worker takes the scorer pages.
    page.evaluate("""new Promise((done) => { const check = () => caches.match(location.pathname)
                         .then((kept) => kept ? done(true) : setTimeout(check, 50)); check(); })""")
    _tap_a_won_dreier(page, names[1])
    page.locator("#save-hand").tap()
    expect(page.locator("#outbox")).to_contain_text("Spiel 1 gespeichert.")
    expect(page.locator("#sheet-live table.sheet tbody tr")).to_have_count(1)
    phone.set_offline(True)
    page.reload()
    # The page as kept on the phone, with the newest sheet the phone saw and the next hand's form.
    expect(page.locator("#hand-title")).to_have_text("Spiel 2 von 16")
    expect(page.locator("#sheet-live table.sheet tbody tr")).to_have_count(1)
    _tap_a_won_dreier(page, names[2])
    page.locator("#save-hand").tap()
    expect(page.locator("#outbox")).to_contain_text("1 Spiel wartet auf Verbindung")
    phone.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#outbox")).to_contain_text("Spiel 2 gespeichert.", timeout=15_000)
    assert Hand.objects.filter(table=table).count() == 2


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("headers", "delay"), [({"Retry-After": "30"}, 30_000), ({}, 4000),
                                                ({"Retry-After": "soon"}, 4000)])
def test_a_503_is_sent_again_after_its_retry_after(make_tournament, new_context, headers, delay):
    """Moved here from Node (tests/scoring/test_outbox_retry_after.py skipped without it): the page's own
    outbox, its timers recorded, the server answering 503."""
    table, names = _table(make_tournament, f"wlan-503-{delay}-{len(headers)}")
    page = new_context(phone=True).new_page()
    page.add_init_script("""(() => {
        const original = window.setTimeout;
        window.outboxDelays = [];
        window.setTimeout = (fn, ms, ...rest) => { window.outboxDelays.push(ms); return original(fn, ms, ...rest); };
    })()""")
    sent: list[str] = []

    def busy(route: Route) -> None:
        sent.append(route.request.post_data or "")
        route.fulfill(status=503, headers={**headers, "Content-Type": "application/json"}, body='{"error": "busy"}')

    page.route(HANDS, busy)
    page.goto(f"/t/{table.token}/")
    page.evaluate("window.outboxDelays.length = 0")
    _tap_a_won_dreier(page, names[1])
    page.locator("#save-hand").tap()
    _in_page(page, f"window.outboxDelays.includes({delay})")
    _until(page, lambda: sent, "the save never reached the network")
    assert len(sent) == 1
    assert page.evaluate(f"window.outboxDelays.filter((ms) => ms >= 4000 && ms !== {delay})") == []
    expect(page.locator("#outbox")).to_contain_text("1 Spiel wartet auf Verbindung")
    assert not Hand.objects.filter(table=table).exists()


PART = "**/zettel/"


@pytest.mark.django_db(transaction=True)
def test_a_save_does_not_wait_for_the_sheet_part_of_the_save_before(make_tournament, new_context):
    """On a slow line the sheet part of one save may still be loading when the next hand is saved: the
    part is given up (it is out of date already), so the save's answer never waits behind it, and the
    sheet is fetched again once that save is answered (issue 31: one save of ten waited 2.8 s)."""
    table, names = _table(make_tournament, "wlan-zettel")
    page = new_context(phone=True).new_page()
    page.goto(f"/t/{table.token}/")
    held: list[Route] = []
    page.route(PART, lambda route: held.append(route), times=1)  # the first part never finishes loading
    given_up: list[str] = []
    page.on("requestfailed", lambda request: "/zettel/" in request.url and given_up.append(request.url))
    _tap_a_won_dreier(page, names[1])
    page.locator("#save-hand").tap()
    expect(page.locator("#outbox")).to_contain_text("Spiel 1 gespeichert.")
    _until(page, lambda: held, "the sheet part was never asked for")
    _tap_a_won_dreier(page, names[2])
    page.locator("#save-hand").tap()
    expect(page.locator("#outbox")).to_contain_text("Spiel 2 gespeichert.")
    _until(page, lambda: given_up, "the first sheet part was still loading beside the second save")
    expect(page.locator("#sheet-live table.sheet tbody tr")).to_have_count(2)  # the part after save 2
    expect(page.locator("#hand-title")).to_have_text("Spiel 3 von 16")
    assert Hand.objects.filter(table=table).count() == 2


@pytest.mark.django_db(transaction=True)
def test_each_hand_is_confirmed_when_its_own_answer_comes(make_tournament, new_context):
    """Two hands waited offline: the first is confirmed as soon as the server answered it, not after the
    hand behind it (whose answer the test holds back) is answered too."""
    table, names = _table(make_tournament, "wlan-einzeln")
    phone = new_context(phone=True)
    page = phone.new_page()
    page.goto(f"/t/{table.token}/")
    phone.set_offline(True)
    _tap_a_won_dreier(page, names[1])
    page.locator("#save-hand").tap()
    _tap_a_won_dreier(page, names[2])
    page.locator("#save-hand").tap()
    expect(page.locator("#outbox")).to_contain_text("2 Spiele warten auf Verbindung")
    held: list[Route] = []
    page.route(HANDS, lambda route: route.continue_() if '"number":1,' in (route.request.post_data or "")
               else held.append(route))
    phone.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#outbox")).to_contain_text("Spiel 1 gespeichert.")
    _until(page, lambda: held, "hand 2 was never sent")
    expect(page.locator("#outbox")).to_contain_text("1 Spiel wartet auf Verbindung")
    held[0].continue_()
    expect(page.locator("#outbox")).to_contain_text("Spiel 2 gespeichert.")
    expect(page.locator("#sheet-live table.sheet tbody tr")).to_have_count(2)
    assert Hand.objects.filter(table=table).count() == 2


@pytest.mark.django_db(transaction=True)
def test_a_preview_overtaken_by_the_next_tap_is_given_up(make_tournament, new_context):
    """Each tap asks for a preview of the hand as it stands; one still on its way when the next tap (or
    "Speichern") changes the hand is given up, so previews nobody reads do not fill a slow line ahead of
    the next preview and the save."""
    table, names = _table(make_tournament, "wlan-vorschau")
    page = new_context(phone=True).new_page()
    page.goto(f"/t/{table.token}/")
    held: list[Route] = []
    page.route("**/vorschau/", lambda route: held.append(route), times=1)  # the first preview never comes back
    given_up: list[str] = []
    page.on("requestfailed", lambda request: "/vorschau/" in request.url and given_up.append(request.url))
    chip(page, "contract", "Dreier").tap()
    _until(page, lambda: held, "no preview was asked for")
    chip(page, "declarer", names[1]).tap()
    _until(page, lambda: given_up, "the overtaken preview was still on its way")
    chip(page, "result", "gewonnen").tap()
    expect(page.locator("#preview .preview-table")).to_be_visible()  # the preview of the whole hand as it stands now
    page.locator("#save-hand").tap()
    expect(page.locator("#outbox")).to_contain_text("Spiel 1 gespeichert.")


# Notes, in the page, which hand the form showed when the page sent each save (before any script of the site).
SAVE_WATCH = """(() => {
  const send = window.fetch;
  window.formAtSave = [];
  window.fetch = function (url) {
    if (String(url).includes("/api/hands/")) window.formAtSave.push(document.getElementById("hand-title").textContent);
    return send.apply(this, arguments);
  };
})()"""


@pytest.mark.django_db(transaction=True)
def test_a_save_goes_out_before_the_form_moves_on_to_the_next_hand(make_tournament, new_context):
    """Laying the form out for the next hand took a frame of 100-800 ms on the throttled phone
    (bench/scorer_phone.py): the save's request leaves before it, so that frame runs while the save travels."""
    table, names = _table(make_tournament, "wlan-zuerst")
    page = new_context(phone=True).new_page()
    page.add_init_script(SAVE_WATCH)
    page.goto(f"/t/{table.token}/")
    _tap_a_won_dreier(page, names[1])
    page.locator("#save-hand").tap()
    expect(page.locator("#outbox")).to_contain_text("Spiel 1 gespeichert.")
    expect(page.locator("#hand-title")).to_have_text("Spiel 2 von 16")
    assert page.evaluate("window.formAtSave") == ["Spiel 1 von 16"]

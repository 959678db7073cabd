"""The personal link on a 390 px phone: the seated player's page (seat, table diagram, hands, standing)
fits without sideways scrolling, and self check-in at the door works from the same page."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

pytestmark = pytest.mark.once


def _no_sideways_scroll(page) -> None:
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[1] == 390 and width[0] <= width[1], f"page is {width[0]} px wide in a {width[1]} px window"


@pytest.mark.django_db(transaction=True)
def test_the_personal_page_fits_a_phone_and_checks_in(browser, live_server, make_tournament, play_round, artifacts):
    from players import links
    from signup.services import set_registration, sign_up

    tournament = make_tournament(players=8, slug="handy")
    play_round(tournament.round_set.get(number=1), seed=5, hands=3)
    entry = tournament.entries.order_by("player__name").first()
    seated = links.path(links.link_for_entry(entry=entry))

    context = browser.new_context(base_url=live_server.url, locale="de-AT", viewport={"width": 390, "height": 844},
                                  is_mobile=True, has_touch=True, device_scale_factor=2)
    context.set_default_timeout(10_000)
    phone = context.new_page()
    phone.goto(seated)
    expect(phone.locator("#next-seat")).to_contain_text("Platz")
    expect(phone.locator("svg.seat-plan .seat.me")).to_be_visible()
    expect(phone.locator("section.player-round").first).to_be_visible()
    _no_sideways_scroll(phone)
    phone.screenshot(path=str(artifacts / "personal-page-390.png"), full_page=True)

    coming = make_tournament(players=0, slug="heute", seat=False)
    coming.date = timezone.localdate()
    coming.save(update_fields=["date"])
    set_registration(tournament=coming, is_open=True, cap=None, deadline=timezone.now() + timedelta(hours=2))
    own = sign_up(tournament=coming, name="Zoe Neuling", club="TC Wörgl", email="zoe@example.invalid").personal_path
    phone.goto(own)
    _no_sideways_scroll(phone)
    phone.get_by_role("button", name="Ich bin da – einchecken").click()
    expect(phone.locator("ul.messages")).to_contain_text("Sie sind eingecheckt")
    expect(phone.locator("#check-in")).to_contain_text("Sie sind eingecheckt")
    assert coming.entries.get().checked_in
    phone.screenshot(path=str(artifacts / "personal-check-in-390.png"), full_page=True)
    context.close()

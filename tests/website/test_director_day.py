"""The director's day without dead ends (issue 31): closing a round with hands missing ends in a decision on
that page (end the tables with a reason, or go back) instead of a refusal that leads back to the button."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.models import Round


@pytest.fixture
def event(make_tournament):
    return make_tournament("tirol", players=8, slug="tag")


def close_url(event) -> str:
    return reverse("tournament:round_action", args=[event.slug, 1, "close"])


def test_closing_with_missing_hands_offers_to_end_the_tables_with_a_reason(client, director, event, play_round):
    round = event.round_set.get(number=1)
    play_round(round, hands=3)
    first = client.post(close_url(event), HTTP_ACCEPT_LANGUAGE="de")
    html = first.content.decode()
    assert first.status_code == 200 and "An 2 Tischen fehlen noch Spiele" in html
    assert "Tische beenden und Runde abschließen" in html and 'name="reason"' in html
    assert "trotzdem abschließen" not in html  # the button that only led to a refusal
    assert reverse("tournament:round", args=[event.slug, 1]) in html  # back

    without_reason = client.post(close_url(event), {"unconfirmed_ok": "1", "reason": "  "}, HTTP_ACCEPT_LANGUAGE="de")
    assert without_reason.status_code == 422
    assert "braucht es eine Begründung" in without_reason.content.decode()
    assert Round.objects.get(pk=round.pk).status != Round.CLOSED

    done = client.post(close_url(event), {"unconfirmed_ok": "1", "reason": "Zeit abgelaufen"}, follow=True,
                       HTTP_ACCEPT_LANGUAGE="de")
    round.refresh_from_db()
    assert round.status == Round.CLOSED and all(table.ended_early for table in round.tables.all())
    page = done.content.decode()
    assert "Runde 1 ist abgeschlossen" in page and "Zeit abgelaufen" in page  # the reason in the round's log


def test_the_decision_page_speaks_english_on_an_english_page(client, director, event, play_round):
    play_round(event.round_set.get(number=1), hands=3)
    html = client.post(close_url(event), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "2 tables are still missing hands" in html and "End the tables and close the round" in html

"""The part of the scorer's page fetched after each save (scoring/phone_views.py): the Schreibzettel
as the page shows it, with where the table stands, so the phone updates in place instead of
reloading; the confirm field without a player who left; the service worker scoped to the scorer pages."""

from __future__ import annotations

import json
import random
import re

import pytest
from django.urls import reverse

from rules.engine.sampling import random_hand
from scoring import absences, services
from tournament.models import Table


@pytest.fixture
def five(make_tournament):
    tournament = make_tournament("tirol", players=5, slug="zettel-teil")
    table = tournament.round_set.get(number=1).tables.get()
    Table.objects.filter(pk=table.pk).update(hands_planned=4)
    table.refresh_from_db()
    return table


def _play(table, numbers, seed=0):
    rng = random.Random(seed)
    for number in numbers:
        services.store_hand(table=Table.objects.get(pk=table.pk), number=number,
                            data=random_hand(table.round.tournament.ruleset, rng), idempotency_key=f"teil-{number}")


def _state(html: str) -> dict:
    found = re.search(r'<script id="sheet-state" type="application/json">(.*?)</script>', html, re.S)
    assert found, html[:300]
    return json.loads(found.group(1))


def test_the_part_is_the_pages_sheet_with_the_tables_state(client, five):
    _play(five, [1, 2])
    five.refresh_from_db()
    part = client.get(reverse("scoring:sheet_part", args=[five.token]))
    assert part.status_code == 200 and "no-store" in part["Cache-Control"]
    html = part.content.decode()
    page = client.get(reverse("scoring:sheet", args=[five.token])).content.decode()
    sheet = re.search(r'<table class="sheet">.*?</table>', html, re.S).group(0)
    assert sheet in page  # the very rows the page shows
    assert html.count("<tr><td class=\"num\">") == 2
    state = _state(html)
    assert state["next_number"] == 3 and state["version"] == five.version and state["writable"]
    assert len(state["deals"]) == 4 and state["deals"][2]["dealer"] == 2
    assert "<h1" not in html and 'id="hand-form"' not in html  # the form stays the phone's own


def test_the_confirm_field_leaves_out_a_player_who_left(client, five):
    names = [seat.entry.player.name for seat in five.seats.order_by("position")]
    _play(five, [1])
    absences.leave_table(by="scorer", table=Table.objects.get(pk=five.pk), position=3)
    _play(five, [2, 3, 4], seed=1)
    for url in (reverse("scoring:sheet", args=[five.token]), reverse("scoring:sheet_part", args=[five.token])):
        html = client.get(url).content.decode()
        value = re.search(r'name="names" required value="([^"]*)"', html).group(1)
        assert value == ", ".join(name for position, name in enumerate(names) if position != 3), url


@pytest.mark.django_db
def test_an_unknown_table_gets_the_friendly_page(client):
    response = client.get(reverse("scoring:sheet_part", args=["a" * 32]))
    assert response.status_code == 404 and "sheet-state" not in response.content.decode()


def test_the_service_worker_is_served_from_the_scorer_pages_path(client):
    url = reverse("scoring:worker")
    assert url == "/t/scorer-worker.js"  # its scope can be /t/ and nothing wider
    response = client.get(url)
    body = response.content.decode()
    assert response.status_code == 200 and response["Content-Type"].startswith("text/javascript")
    assert "/static/js/outbox.js" in body and "/static/css/site.css" in body
    assert "{{" not in body and "{%" not in body

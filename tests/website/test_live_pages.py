"""The live pages are served from a cache that every write makes stale at once: a refresh after a
save never shows the standings before it, and a refresh with nothing new costs one row read."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.services import correct_hand, record_hand
from tournament import rounds, services
from tournament.models import Tournament

DREIER = {"contract": "dreier", "declarer": 0, "result": "won"}


@pytest.fixture
def event(make_tournament):
    tournament = make_tournament("tirol", players=16, slug="live")
    return tournament, tournament.round_set.get(number=1).tables.order_by("number").first()


def pages(tournament, entry_id):
    return [reverse("tournament:standings", args=[tournament.slug]) + "?fragment=1",
            reverse("tournament:standings", args=[tournament.slug]),
            reverse("tournament:projector", args=[tournament.slug]) + "?fragment=1",
            reverse("tournament:player", args=[tournament.slug, entry_id]),
            reverse("tournament:standings_json", args=[tournament.slug])]


def test_every_write_shows_on_the_next_refresh(client, event):
    tournament, table = event
    vorhand = table.seats.get(position=1).entry
    urls = pages(tournament, vorhand.pk)
    before = [client.get(url).content.decode() for url in urls]
    for index in (0, 2, 4):  # the fragments and the JSON come from the cache as they are (full pages carry a CSRF token)
        assert client.get(urls[index]).content.decode() == before[index]

    hand = record_hand(table=table, number=1, data=DREIER)
    after = [client.get(url).content.decode() for url in urls]
    assert all(old != new for old, new in zip(before, after, strict=True))
    assert '"total": 15' in after[4] and "15" in after[3]

    table.refresh_from_db()
    correct_hand(hand=hand, data={**DREIER, "result": "lost"}, expected_version=table.version, reason="Tippfehler",
                 director=True)
    assert '"total": -15' in client.get(urls[4]).content.decode()

    services.withdraw(entry=vorhand, after_round=1)
    assert '"status": "withdrawn"' in client.get(urls[4]).content.decode()
    rounds.end_table(table=table, reason="Zeit")
    assert client.get(urls[0]).content.decode() != after[0]


def test_a_refresh_with_nothing_new_reads_one_row(client, event, django_assert_max_num_queries):
    tournament, table = event
    record_hand(table=table, number=1, data=DREIER)
    urls = pages(tournament, table.seats.first().entry_id)
    for url in urls:
        client.get(url)
    for url in (urls[0], urls[2], urls[4]):
        with django_assert_max_num_queries(1):
            assert client.get(url).status_code == 200


def test_the_version_moves_with_each_hand(event):
    tournament, table = event
    versions = [Tournament.objects.get(pk=tournament.pk).live_version]
    for number in (1, 2, 3):
        record_hand(table=table, number=number, data=DREIER)
        versions.append(Tournament.objects.get(pk=tournament.pk).live_version)
    assert versions == sorted(set(versions))

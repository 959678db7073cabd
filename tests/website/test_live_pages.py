"""The live pages are served from a cache that every write makes stale at once: a refresh after a
save never shows the standings before it, and a refresh with nothing new costs one row read."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring.services import correct_hand, store_hand
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

    hand = store_hand(table=table, number=1, data=DREIER).hand
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
    store_hand(table=table, number=1, data=DREIER)
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
        store_hand(table=table, number=number, data=DREIER)
        versions.append(Tournament.objects.get(pk=tournament.pk).live_version)
    assert versions == sorted(set(versions))


def tokenless(content: bytes) -> bytes:
    """A page without its CSRF token (masked anew on every request, like any Django form's)."""
    return re.sub(rb'name="csrfmiddlewaretoken" value="[^"]*"', b"", content)


def full_pages(tournament, entry_id):
    return [reverse("tournament:standings", args=[tournament.slug]),
            reverse("tournament:standings", args=[tournament.slug]) + "?q=spielerin&page=1",
            reverse("tournament:projector", args=[tournament.slug]),
            reverse("tournament:player", args=[tournament.slug, entry_id])]


def test_a_warm_page_is_stored_bytes_after_one_small_query(client, event, django_assert_num_queries):
    tournament, table = event
    store_hand(table=table, number=1, data=DREIER)
    urls = full_pages(tournament, table.seats.first().entry_id) + pages(tournament, table.seats.first().entry_id)
    first = [client.get(url) for url in urls]
    for url, cold in zip(urls, first, strict=True):
        with django_assert_num_queries(1) as captured:
            warm = client.get(url)
        assert warm.status_code == 200 and not warm.templates  # no template rendered
        assert "ruleset_snapshot" not in captured.captured_queries[0]["sql"]  # the version, not the whole row
        assert tokenless(warm.content) == tokenless(cold.content)


def test_a_write_makes_the_next_page_fresh(client, event):
    tournament, table = event
    urls = full_pages(tournament, table.seats.get(position=1).entry_id)
    before = [tokenless(client.get(url).content) for url in urls]
    assert [tokenless(client.get(url).content) for url in urls] == before
    store_hand(table=table, number=1, data=DREIER)
    after = [tokenless(client.get(url).content) for url in urls]
    assert all(old != new for old, new in zip(before, after, strict=True))
    # the player's 15 points of the Dreier as a cell's text (a bare "15" can be an id in an address on PostgreSQL)
    points = re.compile(rb">\s*15\s*<")
    assert points.search(after[3]) and not points.search(before[3])


def test_stored_pages_carry_each_visitor_s_own_csrf_token_and_no_login_state(client, event, director):
    from django.test import Client

    tournament, _table = event
    url = reverse("tournament:standings", args=[tournament.slug])
    client.force_login(director)
    assert "Abmelden" in client.get(url).content.decode()  # a director's page shows his login
    for _ in range(2):  # rendered, then stored bytes
        phone = Client(enforce_csrf_checks=True)
        page = phone.get(url).content.decode()
        assert "Abmelden" not in page and "csrf-token-placeholder" not in page
        token = page.split('name="csrfmiddlewaretoken" value="')[1].split('"')[0]
        switched = phone.post(reverse("set_language"), {"language": "en", "next": url, "csrfmiddlewaretoken": token})
        assert switched.status_code == 302  # the token works with this phone's cookie
    assert "Abmelden" in client.get(url).content.decode()

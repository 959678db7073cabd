"""The live pages on the hall's Wi-Fi (issue 31): a refresh while nothing changed is a 304 without a
body (the ETag names the tournament's version, the page, language and query); any write changes it;
the live pages and the scorer API's state go gzipped, the scorer's pages (the table's token in the
body) never (docs/decisions.md, BREACH)."""

from __future__ import annotations

import gzip

import pytest
from django.urls import reverse

from scoring.services import store_hand

DREIER = {"contract": "dreier", "declarer": 0, "result": "won"}


@pytest.fixture
def event(make_tournament):
    tournament = make_tournament("tirol", players=16, slug="live-304")
    return tournament, tournament.round_set.get(number=1).tables.order_by("number").first()


def _pages(tournament, entry_id):
    return [reverse("tournament:standings", args=[tournament.slug]) + "?fragment=1",
            reverse("tournament:standings", args=[tournament.slug]),
            reverse("tournament:projector", args=[tournament.slug]) + "?fragment=1",
            reverse("tournament:player", args=[tournament.slug, entry_id]),
            reverse("tournament:standings_json", args=[tournament.slug])]


def test_an_unchanged_live_page_answers_304_and_a_write_changes_it(client, event):
    tournament, table = event
    urls = _pages(tournament, table.seats.get(position=1).entry.pk)
    first = [client.get(url) for url in urls]
    etags = [response["ETag"] for response in first]
    assert all(tag.startswith('W/"') for tag in etags) and len(set(etags)) == len(urls)
    assert all(response["Cache-Control"] == "no-cache" for response in first)
    for url, etag in zip(urls, etags, strict=True):
        again = client.get(url, headers={"if-none-match": etag})
        assert again.status_code == 304 and again.content == b"" and again["ETag"] == etag, url
        assert client.get(url, headers={"if-none-match": f'"{etag[3:-1]}", W/"other"'}).status_code == 304
        assert client.get(url, headers={"if-none-match": 'W/"other"'}).status_code == 200
    # Another language is another page.
    english = client.get(urls[0], headers={"if-none-match": etags[0], "accept-language": "en"})
    assert english.status_code == 200 and english["ETag"] != etags[0]

    store_hand(table=table, number=1, data=DREIER)
    after = [client.get(url, headers={"if-none-match": etag}) for url, etag in zip(urls, etags, strict=True)]
    assert [response.status_code for response in after] == [200] * len(urls)
    assert all(response["ETag"] != etag for response, etag in zip(after, etags, strict=True))


def test_a_signed_in_director_gets_the_page_rendered_without_an_etag(admin_client, event):
    tournament, _ = event
    response = admin_client.get(reverse("tournament:standings", args=[tournament.slug]) + "?fragment=1")
    assert response.status_code == 200 and not response.has_header("ETag")


def test_live_pages_and_the_tables_state_go_gzipped_the_scorer_pages_never(client, event):
    tournament, table = event
    store_hand(table=table, number=1, data=DREIER)
    gzipped = {"accept-encoding": "gzip"}
    for url in (reverse("tournament:standings", args=[tournament.slug]),
                reverse("tournament:standings", args=[tournament.slug]) + "?fragment=1",
                reverse("tournament:standings_json", args=[tournament.slug]),
                reverse("scoring:api_state", args=[table.token])):
        response = client.get(url, headers=gzipped)
        assert response["Content-Encoding"] == "gzip", url
        plain = client.get(url).content
        assert len(response.content) < len(plain) and gzip.decompress(response.content)[:40] == plain[:40], url
    for url in (reverse("scoring:sheet", args=[table.token]), reverse("scoring:sheet_part", args=[table.token])):
        response = client.get(url, headers=gzipped)
        assert table.token in response.content.decode() and not response.has_header("Content-Encoding"), url

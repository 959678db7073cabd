"""Every link a lower package's page draws up the house (web/links.py) points where its URL name pointed
before: the cups' pages, calendars and feeds, the embeddable calendar, sign-up, the players' pages, the
scorer's sheet, corrections, publishing, the hand import and the admin."""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from cups import services as cup_services
from players import links as personal_links
from signup.services import set_registration


@pytest.fixture
def cup_day(make_tournament, play_round):
    """The cup "unterland": "herbst" played (one round of two hands a table), "bald" five days ahead with
    its sign-up open and nobody entered yet."""
    season = cup_services.create_season(cup=cup_services.create_cup(name="Unterland-Cup", slug="unterland"),
                                        label="2026/27")
    played = make_tournament(players=8, slug="herbst", rounds=1)
    play_round(played.round_set.get(number=1), seed=1, hands=2)
    coming = make_tournament(players=0, slug="bald", seat=False)
    coming.date = timezone.localdate() + timedelta(days=5)
    coming.save(update_fields=["date"])
    set_registration(tournament=coming, is_open=True, cap=8, deadline=timezone.now() + timedelta(days=4))
    for tournament in (played, coming):
        cup_services.add_tournament(season=season, tournament=tournament)
    return played, coming


def _html(client, address: str) -> str:
    page = client.get(address)
    assert page.status_code == 200, address
    return page.content.decode()


def test_the_cups_pages_link_to_the_tournaments(cup_day):
    played, _coming = cup_day
    visitor = Client()
    assert 'href="/turnier/bald/"' in _html(visitor, "/cup/unterland/")  # the next tournament
    assert 'href="/turnier/herbst/"' in _html(visitor, "/cup/unterland/2026-27/")  # a column of the season
    assert 'href="/turnier/herbst/"' in _html(visitor, "/cup/unterland/statistik/")
    player = played.entries.order_by("pk").first().player
    assert 'href="/turnier/herbst/"' in _html(visitor, f"/spieler/{player.pk}/")  # the player's history


def test_the_calendars_link_to_the_standings_and_the_sign_up(cup_day):
    visitor = Client()
    for address in ("/kalender/", "/cup/unterland/kalender/", "/einbetten/cup/unterland/kalender/"):
        html = _html(visitor, address)
        assert 'href="/turnier/bald/"' in html and 'href="/turnier/bald/anmelden/"' in html, address
    [row] = [row for row in visitor.get("/kalender/?format=json").json()["tournaments"] if row["slug"] == "bald"]
    assert (row["url"], row["signup_url"]) == ("http://testserver/turnier/bald/", "http://testserver/turnier/bald/anmelden/")
    feed = visitor.get("/cup/unterland/kalender.ics").content.decode().replace("\r\n ", "")
    assert "URL:http://testserver/turnier/bald/" in feed


def test_the_cup_links_to_the_rating_and_its_organisers_to_publishing_and_embedding(client, director, cup_day):
    assert 'href="/rangliste/"' in _html(Client(), "/cup/")
    html = _html(client, "/cup/unterland/")
    assert 'href="/rangliste/?cup=unterland"' in html
    assert 'href="/leitung/cup/unterland/schluessel/"' in html and 'href="/leitung/cup/unterland/einbetten/"' in html
    assert "/leitung/cup/unterland/schluessel/" not in _html(Client(), "/cup/unterland/")  # the organiser's only


def test_the_directors_pages_below_link_back_up(client, director, cup_day):
    played, coming = cup_day
    search = _html(client, "/leitung/spieler/suche/?tournament=bald&q=Spielerin")
    assert 'href="/turniere/bald/"' in search and 'action="/turniere/bald/spieler/vorhanden/"' in search
    sign_ups = _html(client, "/turniere/bald/anmeldungen/")
    assert all(f'href="{address}"' in sign_ups
               for address in ("/turniere/bald/", "/turniere/bald/links/", "/turniere/bald/nachrichten/"))
    for address, back in (("/turniere/bald/links/", "/turniere/bald/"), ("/turniere/bald/nachrichten/", "/turniere/bald/"),
                          ("/turniere/herbst/veroeffentlichen/", "/turniere/herbst/"),
                          ("/leitung/turnier/herbst/korrekturen/", "/turniere/herbst/")):
        assert f'href="{back}"' in _html(client, address), address
    table = played.round_set.get(number=1).tables.order_by("number").first()
    assert 'href="/turniere/herbst/runde/1/"' in _html(client, f"/leitung/tisch/{table.pk}/")  # "zur Runde"
    upload = _html(client, "/leitung/turnier/herbst/spiele-import/")
    assert 'href="/turniere/"' in upload and 'href="/turniere/herbst/"' in upload
    assert 'href="/turniere/herbst/"' in _html(client, "/admin/tournament/tournament/")  # the column "Seiten"


def test_a_refused_download_goes_back_to_the_page_it_came_from(client, director, cup_day):
    # An export that refuses (a round with no seating has no table cards) sends the director back to the round.
    _played, coming = cup_day
    answer = client.get("/turniere/bald/runde/1/druck/table-cards-pdf/")
    assert (answer.status_code, answer["Location"]) == (302, "/turniere/bald/runde/1/")


def test_the_players_page_links_to_the_standings_and_shows_the_rounds(cup_day):
    played, _coming = cup_day
    entry = played.entries.order_by("pk").first()
    html = _html(Client(), personal_links.path(personal_links.link_for_entry(entry=entry)))
    assert 'href="/turnier/herbst/"' in html
    assert re.search(r'<section class="player-round" aria-labelledby="round-1">', html)  # scoring/_player_rounds.html
    assert json.dumps(entry.player.name)[1:-1] in html

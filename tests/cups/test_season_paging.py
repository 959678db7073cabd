"""The season page's table in pages of 100 rows (issue 30, point 7), a player's row found by ?spieler=; the JSON
keeps every row."""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.urls import reverse

from cups.models import ImportedResult
from cups.selectors import Season, season_standings
from tournament.models import Player

ROW = re.compile(r'<tr id="p(\d+)"')


@pytest.fixture
def long_season(cup_season):
    season = cup_season("fixed")
    players = Player.objects.bulk_create([Player(name=f"Spieler {n:03d}") for n in range(250)])
    ImportedResult.objects.bulk_create([
        ImportedResult(season=season, tournament_name="X", date=date(2025, 9, 1), rank=n + 1, player=player,
                       total=500 - n) for n, player in enumerate(players)])
    return Season.objects.select_related("cup").get(pk=season.pk)


def _ids(response) -> list[int]:
    return [int(found) for found in ROW.findall(response.content.decode())]


def _ranked_ids(season) -> list[int]:
    return [row.player.key for row in season_standings(season).rows]


def test_the_table_shows_a_page_of_100_rows_and_links_the_others(long_season, client):
    url = f"/cup/{long_season.cup.slug}/{long_season.slug}/"
    ranked = _ranked_ids(long_season)
    first = client.get(url)
    assert first.status_code == 200 and _ids(first) == ranked[:100]
    html = first.content.decode()
    assert 'href="?page=2"' in html and 'href="?page=3"' in html and "Plätze 1–100 von 250" in html
    last = client.get(url + "?page=3")
    assert _ids(last) == ranked[200:] and "Plätze 201–250 von 250" in last.content.decode()
    assert _ids(client.get(url + "?page=2&per_page=30")) == ranked[30:60]


def test_a_players_row_is_found_on_its_page(long_season, client):
    url = f"/cup/{long_season.cup.slug}/{long_season.slug}/"
    ranked = _ranked_ids(long_season)
    shown = client.get(url + f"?spieler={ranked[180]}")
    assert _ids(shown) == ranked[100:200] and f'id="p{ranked[180]}"' in shown.content.decode()
    # the player's page links there, with the anchor of his row
    page = client.get(reverse("cups:player", args=[ranked[180]])).content.decode()
    assert f"{url}?spieler={ranked[180]}#p{ranked[180]}" in page


@pytest.mark.parametrize("query", ["?page=abc", "?page=99", "?page=-1", "?per_page=-1", "?per_page=100000",
                                   "?spieler=abc", "?spieler=999999"])
def test_any_query_shows_a_page(long_season, client, query):
    response = client.get(f"/cup/{long_season.cup.slug}/{long_season.slug}/{query}")
    assert response.status_code == 200 and 0 < len(_ids(response)) <= 500


def test_the_json_keeps_every_row(long_season, client):
    data = client.get(f"/cup/{long_season.cup.slug}/{long_season.slug}/?format=json&page=2").json()
    assert len(data["rows"]) == 250

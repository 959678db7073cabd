"""Public cup and season pages, and the director's season import page."""

from __future__ import annotations

import re
from datetime import date

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from cups import services
from cups.models import ImportedResult
from tournament.models import Player


def test_cup_and_season_pages(client, played, cup_season, django_assert_max_num_queries):
    season = cup_season("fixed", region="Tirol")
    old = services.create_season(cup=season.cup, label="2025/26", ordering=0)
    tournament = played("p-1", day=date(2026, 10, 3))
    services.add_tournament(season=season, tournament=tournament)
    anna = Player.objects.create(name="Anna Alt", club="TC Alt")
    ImportedResult.objects.create(season=old, tournament_name="Altes Turnier", date=date(2025, 9, 1), rank=1,
                                  player=anna, total=50)

    url = reverse("cups:cup", args=["tirol"])
    assert url == "/cup/tirol/"
    page = client.get(url)
    assert page.status_code == 200
    html = page.content.decode()
    with django_assert_max_num_queries(7):  # reload: the cup and its version, its next tournament, whether cups qualify
        # for it (the final of several cups), the seasons from the cache
        assert "Anna Alt" in client.get(url).content.decode()
    assert "Anna Alt" in html and "2026/27" in html and reverse("cups:season", args=["tirol", "2026-27"]) in html

    url = reverse("cups:season", args=["tirol", "2026-27"])
    assert url == "/cup/tirol/2026-27/"
    with django_assert_max_num_queries(13):  # cold: the season, its version (three), its standings (nine), sub-rankings
        page = client.get(url)
    assert page.status_code == 200
    html = page.content.decode()
    with django_assert_max_num_queries(5):  # warm: the season and its version, its sub-rankings, standings cached
        again = client.get(url).content.decode()
    season_table = re.compile(r'<table class="list season">.*?</table>', re.S)
    assert season_table.search(again).group() == season_table.search(html).group()
    assert "Spielerin 000" in html or "Spielerin 001" in html
    assert "223" in html and 'class="num counted"' in html
    assert reverse("tournament:standings", args=["p-1"]) in html
    assert "viewport" in html  # base layout for phones

    assert client.get("/cup/tirol/1999-00/").status_code == 404
    assert client.get("/cup/nirgends/").status_code == 404


def test_import_page_needs_staff(client, cup_season):
    cup_season()
    url = reverse("cups:import", args=["tirol", "2026-27"])
    assert client.get(url).status_code == 302


def test_import_page_reports_and_imports(client, director, cup_season):
    season = cup_season()
    url = reverse("cups:import", args=["tirol", "2026-27"])
    assert client.get(url).status_code == 200
    bad = SimpleUploadedFile("alt.csv", "Turnier;Datum;Rang;Name;Verein;Punkte\nA;gestern;1;Hans;;10\n".encode())
    page = client.post(url, {"file": bad})
    assert page.status_code == 422
    assert "Zeile 2" in page.content.decode() and "ist kein Datum" in page.content.decode()
    assert not ImportedResult.objects.exists()
    good = SimpleUploadedFile("alt.csv", "Turnier;Datum;Rang;Name;Verein;Punkte\nA;3.10.2025;1;Hans;;10\n".encode())
    page = client.post(url, {"file": good})
    assert page.status_code == 200
    assert ImportedResult.objects.filter(season=season).count() == 1


def test_pages_speak_english_too(client, cup_season, settings, cups_catalogue):
    cup_season()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    html = client.get(reverse("cups:cup", args=["tirol"])).content.decode()
    assert "Season ranking: each player's best results count." in html
    html = client.get(reverse("cups:season", args=["tirol", "2026-27"])).content.decode()
    assert "0 tournaments played. The best 0 results count" in html


def test_the_season_page_follows_every_change_of_what_it_is_made_of(client, played, cup_season, director):
    """Cached under a version of its inputs: a hand, a correction, a tournament added, an import and a
    merge each show on the next load."""
    from cups.players import merge_players
    from scoring.services import store_hand
    from tournament.models import Table

    season = cup_season("heine")
    first = played("v-1", day=date(2026, 10, 3))
    services.add_tournament(season=season, tournament=first)
    url = reverse("cups:season", args=[season.cup.slug, season.slug])

    def totals() -> str:
        return client.get(url).content.decode()

    before = totals()
    table = Table.objects.filter(round__tournament=first).order_by("number").first()
    store_hand(table=table, number=table.hands_entered + 1,
                data={"contract": "dreier", "declarer": 1, "result": "won"})
    after_hand = totals()
    assert after_hand != before

    cup_url = reverse("cups:cup", args=[season.cup.slug])
    held = re.compile(r'<td class="num">(\d+)</td><td class="num">\d+</td>\s*</tr>')  # Turniere, Spieler
    assert held.search(client.get(cup_url).content.decode()).group(1) == "1"
    second = played("v-2", day=date(2026, 10, 10))
    services.add_tournament(season=season, tournament=second)
    after_second = totals()
    assert "Turnier v-2" in after_second and "Turnier v-2" not in after_hand
    assert held.search(client.get(cup_url).content.decode()).group(1) == "2"

    anna = Player.objects.create(name="Anna Importiert", club="TC Alt")
    ImportedResult.objects.create(season=season, tournament_name="Altes Turnier", date=date(2026, 9, 1), rank=1,
                                  player=anna, total=50)
    after_import = totals()
    assert "Anna Importiert" in after_import and "Anna Importiert" not in after_second

    keep = Player.objects.get(name="Anna Importiert")
    duplicate = first.entries.select_related("player").order_by("pk").first().player
    assert f">{duplicate.name}<" in after_import
    merge_players(keep=keep, duplicate=duplicate, user=director)
    assert f">{duplicate.name}<" not in totals()  # the entry now counts for Anna



def test_the_cup_list_and_the_links_to_it(client, played, cup_season):
    assert "Noch kein Cup." in client.get("/cup/").content.decode()
    season = cup_season("fixed", region="Tirol")
    old = services.create_season(cup=season.cup, label="2025/26", ordering=0)
    tournament = played("p-1", day=date(2026, 10, 3))
    services.add_tournament(season=season, tournament=tournament)

    page = client.get("/cup/")  # was a 404
    assert page.status_code == 200
    html = page.content.decode()
    assert reverse("cups:cup", args=["tirol"]) in html and reverse("cups:calendar") in html
    newer, older = (html.index(reverse("cups:season", args=["tirol", s.slug])) for s in (season, old))
    assert newer < older  # newest season first
    home = client.get("/").content.decode()
    for url in ("/cup/", reverse("cups:calendar"), reverse("cups:season", args=["tirol", "2026-27"])):
        assert f'href="{url}"' in home
    standings = client.get(reverse("tournament:standings", args=[tournament.slug])).content.decode()
    assert f'href="{reverse("cups:season", args=["tirol", "2026-27"])}"' in standings
    assert f'href="{reverse("cups:calendar")}"' in standings and 'href="/cup/"' in standings


def test_the_favicon(client, db):
    assert 'rel="icon"' in client.get("/cup/").content.decode()
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"].endswith(".ico")

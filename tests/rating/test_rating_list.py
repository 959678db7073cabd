"""The Österreich-Rangliste on the site: taken from finished cup tournaments, /rangliste/ and its JSON as
players.md says, the filters, the player's page with the rating, its chart and how it was computed."""

from __future__ import annotations

from datetime import date

import pytest

from rating import services
from rating.models import RatedPlacing, Rating


@pytest.fixture
def two_cups(season_of, finished):
    tirol, wien = season_of("tirol", region="Tirol"), season_of("wien", region="Wien")
    finished(tirol, "t-1", day=date(2026, 10, 3), seed=1)
    finished(tirol, "t-2", day=date(2026, 11, 7), seed=2)
    finished(wien, "w-1", players=4, day=date(2026, 11, 14), seed=3)
    return tirol, wien


def test_the_list_answers_players_md_shape_best_first(client, two_cups):
    services.rebuild()
    data = client.get("/rangliste/?format=json").json()
    assert set(data) == {"as_of", "method", "rows"}
    assert data["as_of"] == "2026-11-14"
    assert "Plackett-Luce" in data["method"] and "\n" not in data["method"]
    rows = data["rows"]
    assert len(rows) == Rating.objects.count() > 0
    for row in rows:
        assert set(row) == {"rank", "name", "club", "rating", "tournaments", "player_url"}
        assert isinstance(row["rating"], float | int) and not isinstance(row["rating"], bool)
        assert isinstance(row["tournaments"], int)
        assert row["player_url"].startswith("http://testserver/spieler/")
    assert [r["rating"] for r in rows] == sorted((r["rating"] for r in rows), reverse=True)
    assert rows[0]["rank"] == 1
    # the same players meet in both cups (make_tournament's names): two Tirol tournaments and one Vienna one
    assert max(r["tournaments"] for r in rows) == 3


def test_the_winner_of_every_tournament_is_rated_above_the_last(client, two_cups):
    from cups.adapters import final_standings
    from tournament.models import Tournament

    services.rebuild()
    finals = final_standings(list(Tournament.objects.order_by("date")))
    best = {rows[0].entry.player_id for rows in finals.values()}
    by_player = {r.player_id: r for r in Rating.objects.all()}
    worst = finals[Tournament.objects.get(slug="t-2").pk][-1].entry.player_id
    assert max(by_player[p].value for p in best) > by_player[worst].value


def test_filters_cup_region_and_minimum(client, two_cups):
    services.rebuild()
    everyone = client.get("/rangliste/?format=json").json()["rows"]
    vienna = client.get("/rangliste/?format=json&cup=wien").json()["rows"]
    assert len(vienna) == 4 < len(everyone)
    assert [r["rank"] for r in vienna][0] == 1  # places counted within the filter
    assert client.get("/rangliste/?format=json&region=Wien").json()["rows"] == vienna
    three = client.get("/rangliste/?format=json&min=3").json()["rows"]
    assert three and all(r["tournaments"] >= 3 for r in three) and len(three) < len(everyone)


@pytest.mark.parametrize("query, said", [("min=viele", "ganze Zahl"), ("min=-1", "ganze Zahl"), ("cup=gibtsnicht", "gibt es nicht")])
def test_a_filter_that_cannot_be_read_is_said_on_the_page_not_a_500(client, two_cups, query, said):
    services.rebuild()
    response = client.get(f"/rangliste/?{query}")
    assert response.status_code == 200
    assert said in response.content.decode()
    assert response.context["rows"]  # the whole list instead


def test_the_page_lists_players_and_says_how_and_as_of_which_tournament(client, two_cups):
    services.rebuild()
    page = client.get("/rangliste/").content.decode()
    assert "Turnier w-1" in page and "14.11.2026" in page
    assert "μ − 3σ" in page and "Plackett-Luce" in page
    english = client.get("/rangliste/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "How is it computed?" in english


def test_the_players_page_shows_the_rating_its_chart_and_the_json_carries_it(client, two_cups):
    services.rebuild()
    rating = Rating.objects.order_by("-tournaments", "rank").first()
    page = client.get(f"/spieler/{rating.player_id}/").content.decode()
    assert "Österreich-Rangliste" in page and f"Platz {rating.rank}" in page
    assert '<svg class="rating-chart"' in page and page.count("<circle") == rating.tournaments
    assert "Stand: Turnier w-1" in page
    data = client.get(f"/spieler/{rating.player_id}/?format=json").json()
    assert data["name"] == rating.player.name
    assert data["rating"]["rating"] == rating.value and len(data["rating"]["history"]) == rating.tournaments
    assert len(data["tournaments"]) == rating.tournaments


def test_an_unfinished_tournament_is_not_rated(season_of, make_tournament, play_round):
    from cups.services import add_tournament

    season = season_of("tirol")
    tournament = make_tournament(players=8, slug="offen", rounds=2)
    play_round(tournament.round_set.get(number=1), hands=2)
    add_tournament(season=season, tournament=tournament)
    assert services.take_placings(tournament=tournament) is False
    assert not RatedPlacing.objects.exists()


def test_publishing_a_finished_tournament_to_the_hub_updates_the_list(client, season_of, finished,
                                                                     django_capture_on_commit_callbacks):
    from publishing_tools import build_document, forget_venue, receive

    from cups.services import create_cup
    from publishing.hub.tokens import create_token

    venue = finished(season_of("daheim"), "wirt-1", day=date(2026, 11, 28))
    document = build_document(venue)
    forget_venue(venue)
    assert client.get("/rangliste/?format=json").json()["rows"] == []
    cup = create_cup(name="Cup Unterland", slug="unterland", scheme="fixed")
    _row, token = create_token(cup=cup, name="Gasthof")
    with django_capture_on_commit_callbacks(execute=True):
        receive(document, token)
    data = client.get("/rangliste/?format=json").json()
    assert len(data["rows"]) == 8 and data["as_of"] == "2026-11-28"
    assert client.get("/rangliste/?format=json&cup=unterland").json()["rows"] == data["rows"]


def test_the_command_rebuilds_the_list(two_cups, capsys):
    from django.core.management import call_command

    call_command("rating", "--rebuild")
    out = capsys.readouterr().out
    assert out.startswith("3 Turniere, ") and "Stand 2026-11-14 Turnier w-1" in out
    assert Rating.objects.count() > 0

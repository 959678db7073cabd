"""Cup finals (docs/sources/events.md "Cup finals"): the final added once on top of the best n ("plus", as
ABAKUS Statistik/SAISON.js bereSaison), negative final points for ranks beyond 50 and for players of the
season who stay away (ABAKUS statFunktionen.js getCupPunkte), and "final": true|false in the JSON. The
expected sums are worked out by hand here."""

from __future__ import annotations

import io
import json
from datetime import date

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command

from cups.season import (
    FINAL_DOUBLE,
    FINAL_NONE,
    FINAL_PLUS,
    PlayerSeason,
    Result,
    final_points,
    no_show_result,
    rank_season,
)
from language import ServiceError


def player(key, *results):
    return PlayerSeason(key, key, "", tuple(
        Result(t, rank, points, is_final=final, order=i) for i, (t, rank, points, final) in enumerate(
            (r + (False,))[:4] for r in results)))


def test_plus_adds_the_final_once_on_top_of_the_best_n():
    # T = 4 -> n = 2 of the three ordinary tournaments, then the final once.
    a = player("a", ("t1", 1, 100), ("t2", 2, 80), ("t3", 3, 60), ("f", 4, 50, True))
    b = player("b", ("t1", 2, 90), ("t2", 1, 95), ("t3", 5, 10), ("f", 1, 120, True))
    n, rows = rank_season([a, b], tournaments=4, final_mode=FINAL_PLUS)
    assert n == 2
    # b: 95 + 90 + 120 = 305; a: 100 + 80 + 50 = 230
    assert [(r.player.key, r.points) for r in rows] == [("b", 305), ("a", 230)]
    final = rows[0].result_for("f")
    assert final.counted and final.worth == 120
    assert not rows[1].result_for("t3").counted


def test_the_same_season_under_each_mode():
    a = player("a", ("t1", 1, 100), ("t2", 2, 80), ("f", 3, 60, True))
    # T = 3 -> n = 2: none counts the best two of all three (100 + 80); plus 100 + 80 + 60; double 100 + 80 + 120.
    assert rank_season([a], tournaments=3, final_mode=FINAL_NONE)[1][0].points == 180
    assert rank_season([a], tournaments=3, final_mode=FINAL_PLUS)[1][0].points == 240
    assert rank_season([a], tournaments=3, final_mode=FINAL_DOUBLE)[1][0].points == 300


@pytest.mark.parametrize(("rank", "penalties", "points"), [(50, True, 1), (51, True, -1), (60, True, -10),
                                                           (60, False, 0)])
def test_ranks_beyond_fifty_lose_a_point_a_place(rank, penalties, points):
    scheme_points = 1 if rank == 50 else 0  # the fixed table: rank 50 -> 1, beyond -> 0
    assert final_points(scheme_points, rank, penalties) == points


def test_a_no_show_gets_one_less_than_the_last_finalist_never_more_than_zero():
    assert no_show_result("f", 60, 3).points == -11  # 49 - 60; the 60th finalist gets 50 - 60 = -10
    assert no_show_result("f", 30, 3).points == 0  # ABAKUS would give 49 - 30 = 19 for staying away
    absent = no_show_result("f", 55, 1)
    assert absent.rank is None and absent.is_final


def test_a_no_show_counts_on_top_but_is_no_participation():
    a = player("a", ("t1", 1, 223), ("t2", 2, 198))
    b = player("b", ("t1", 2, 198), ("t2", 1, 223), ("f", 51, -1, True))
    a = PlayerSeason("a", "a", "", a.results + (no_show_result("f", 55, 2),))
    _, rows = rank_season([a, b], tournaments=3, final_mode=FINAL_PLUS)  # n = 2
    # b: 198 + 223 - 1 = 420; a: 223 + 198 - 6 = 415
    assert [(r.player.key, r.points, r.participations) for r in rows] == [("b", 420, 3), ("a", 415, 2)]
    assert rows[1].best_rank == 1


def test_penalties_only_where_the_final_counts_on_top(cup_season):
    with pytest.raises(ServiceError):
        cup_season("fixed", final_mode="none", final_penalties=True)
    from cups.models import Cup

    cup = Cup(name="x", slug="x", scheme="fixed", final_mode="decides", final_penalties=True)
    with pytest.raises(ValidationError):
        cup.full_clean()


@pytest.mark.django_db
def test_a_final_of_52_with_penalties_and_no_shows(played, cup_season):
    from cups import services
    from cups.schemes import BUILTIN
    from cups.selectors import season_standings
    from scoring.selectors import standings

    season = cup_season("fixed", final_mode="plus", final_penalties=True)
    first = played("open", players=56, hands=2)
    final = played("final", players=52, hands=2, day=date(2027, 6, 5))  # the first 52 of the same names
    services.add_tournament(season=season, tournament=first)
    services.add_tournament(season=season, tournament=final, is_final=True)
    table = BUILTIN["fixed"]
    expected = {}
    for row in standings(first):  # T = 2 -> n = 1: the only ordinary result counts
        expected[row.player.name] = table.points(rank=row.rank, players=56, total=row.total)
    for row in standings(final):
        expected[row.player.name] += table.points(rank=row.rank, players=52, total=row.total) if row.rank <= 50 \
            else 50 - row.rank
    for name in ("Spielerin 052", "Spielerin 053", "Spielerin 054", "Spielerin 055"):
        expected[name] += 49 - 52  # stayed away from a final of 52: -3
    document = season_standings(season).as_json()
    assert {row["name"]: row["points"] for row in document["rows"]} == expected
    absent = next(row for row in document["rows"] if row["name"] == "Spielerin 055")
    assert absent["results"][-1] == {"tournament": "final", "rank": None, "points": -3, "counted": True, "final": True}


def seed(*args) -> None:
    call_command("seed_demo", *args, stdout=io.StringIO())


@pytest.mark.django_db
def test_seed_demo_final_mode_and_final():
    from cups.models import Cup
    from cups.schemes import BUILTIN
    from scoring.selectors import standings
    from tournament.models import Tournament

    days = ("2026-09-12", "2026-10-10", "2026-11-07")
    for number, day in enumerate(days, start=1):
        extra = ["--final"] if number == 3 else []
        seed("--players", "8", "--pool", "10", "--cup", "final-cup", "--final-mode", "plus", "--slug", f"f{number}",
             "--date", day, "--seed", f"f{number}", *extra)
    assert Cup.objects.get(slug="final-cup").final_mode == "plus"
    out = io.StringIO()
    call_command("season_standings", "final-cup", "--json", stdout=out)
    season = json.loads(out.getvalue())
    assert season["counted"] == 2  # T = 3: both ordinary tournaments count, and the final on top
    expected: dict[str, int] = {}
    for tournament in Tournament.objects.filter(slug__in=["f1", "f2", "f3"]):
        for row in standings(tournament):
            points = BUILTIN["fixed"].points(rank=row.rank, players=8, total=row.total)
            expected[row.player.name] = expected.get(row.player.name, 0) + points
    rows = {row["name"]: row for row in season["rows"]}
    assert {name: row["points"] for name, row in rows.items()} == expected
    for row in rows.values():
        assert all(result["final"] == (result["tournament"] == "f3") for result in row["results"])
    with pytest.raises(CommandError, match="final"):
        seed("--players", "8", "--cup", "final-cup", "--final-mode", "double", "--slug", "f4")
    with pytest.raises(CommandError, match="already has a final"):
        seed("--players", "8", "--cup", "final-cup", "--final", "--slug", "f5", "--date", "2026-12-05")


@pytest.mark.django_db
def test_a_no_show_in_the_workbook_and_on_the_page(played, cup_season, client, tmp_path):
    from django.urls import reverse
    from openpyxl import load_workbook

    from cups import services
    from cups.exports import SeasonStandingsXlsx
    from cups.selectors import season_standings

    season = cup_season("fixed", slug="wien", final_mode="plus", final_penalties=True)
    services.add_tournament(season=season, tournament=played("herbst", players=8))
    services.add_tournament(season=season, tournament=played("finale", players=4, day=date(2027, 6, 5)), is_final=True)
    standings = season_standings(season)
    stayed_away = [row for row in standings.rows if row.participations == 1]
    assert len(stayed_away) == 4  # Spielerin 004-007 played only in autumn
    # 49 - 4 finalists would be +45 in ABAKUS; here staying away earns 0, and is no participation
    assert all(row.results[-1].result.rank is None and row.results[-1].worth == 0 for row in stayed_away)
    file = SeasonStandingsXlsx(season).render()
    path = tmp_path / file.filename
    path.write_bytes(file.content)
    workbook = load_workbook(path)
    sheet, results = workbook["Season"], [[c.value for c in row] for row in workbook["Results"].iter_rows(min_row=2)]
    last = len(results) + 1
    for n, row in enumerate(standings.rows, start=2):
        # Teilnahmen counts a player's result lines with a rank: the no-show line has none
        assert sheet.cell(n, 6).value == f'=COUNTIFS(Results!$A$2:$A${last},A{n},Results!$E$2:$E${last},"<>")'
        assert sum(1 for line in results if line[0] == row.player.key and line[4] is not None) == row.participations
    page = client.get(reverse("cups:season", args=["wien", season.slug]), HTTP_ACCEPT_LANGUAGE="de")
    assert page.status_code == 200 and "nicht zum Finale gekommen" in page.content.decode()

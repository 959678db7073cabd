"""Qualification and sub-rankings (docs/sources/season.md "Qualification and sub-rankings"): min_tournaments,
final_qualifiers, a final of several cups, the Wiener cup's "Out of Vienna"; page, JSON, sheets, player page."""

from __future__ import annotations

import io
import json
from io import StringIO

import pytest
from django.conf import settings
from django.core.management import call_command
from django.urls import reverse
from openpyxl import load_workbook

from cups import services
from cups.exports import SeasonStandingsPdf, SeasonStandingsXlsx
from cups.imports import import_season_results
from cups.season import PlayerSeason, SeasonRow, qualify
from cups.selectors import final_field, season_standings
from language import ServiceError

# Fixed points: 223, 198, 180, 168. Anna 4 tournaments, Bernd 3, Carla 4 (Vienna only twice), Dora 1.
CSV = """Turnier,Datum,Rang,Name,Verein,Punkte
Wiener Auftakt,2026-09-05,1,Anna Alt,TC Wien,120
Wiener Auftakt,2026-09-05,2,Bernd Bauer,TC Linz,100
Wiener Auftakt,2026-09-05,3,Carla Christ,TC Wien,90
Linzer Turnier,2026-10-03,1,Bernd Bauer,TC Linz,110
Linzer Turnier,2026-10-03,2,Carla Christ,TC Wien,100
Linzer Turnier,2026-10-03,3,Anna Alt,TC Wien,50
Wiener Herbst,2026-11-07,1,Carla Christ,TC Wien,99
Wiener Herbst,2026-11-07,2,Anna Alt,TC Wien,80
Welser Turnier,2026-12-05,1,Anna Alt,TC Wien,70
Welser Turnier,2026-12-05,2,Carla Christ,TC Wien,60
Welser Turnier,2026-12-05,3,Bernd Bauer,TC Linz,50
Welser Turnier,2026-12-05,4,Dora Dorn,TC Wels,40
"""


@pytest.fixture
def wien(cup_season):
    season = cup_season("fixed", slug="wien", best_n=10)
    assert import_season_results(season=season, content=CSV.encode(), filename="wien.csv").ok
    return season


def rows(season, sub=None):
    return [(r["name"], r["points"], r["qualified"], r["tournaments_missing"])
            for r in season_standings(season, sub).as_json()["rows"]]


def test_without_a_minimum_everyone_is_qualified(wien):
    # Anna 223+180+198+223 = 824, Carla 180+198+223+198 = 799, Bernd 198+223+180 = 601, Dora 168
    assert rows(wien) == [("Anna Alt", 824, True, 0), ("Carla Christ", 799, True, 0), ("Bernd Bauer", 601, True, 0),
                          ("Dora Dorn", 168, True, 0)]


def test_minimum_and_qualifiers(wien):
    services.set_qualification(cup=wien.cup, min_tournaments=4)
    wien.cup.refresh_from_db()
    assert rows(wien) == [("Anna Alt", 824, True, 0), ("Carla Christ", 799, True, 0), ("Bernd Bauer", 601, False, 1),
                          ("Dora Dorn", 168, False, 3)]
    services.set_qualification(cup=wien.cup, min_tournaments=3, final_qualifiers=2)
    wien.cup.refresh_from_db()
    assert [q for _n, _p, q, _m in rows(wien)] == [True, True, False, False]
    out = StringIO()
    call_command("season_standings", "wien", "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert [row["qualified"] for row in data["rows"]] == [True, True, False, False]
    assert (data["min_tournaments"], data["final_qualifiers"]) == (3, 2)


def test_a_shared_place_at_the_cut_takes_everyone_sharing_it():
    def row(rank, name, played):
        return SeasonRow(rank, False, PlayerSeason(name, name, "", ()), 10, 1, played)

    table = [row(1, "a", 4), row(2, "b", 1), row(2, "c", 4), row(2, "d", 4), row(5, "e", 4)]
    got = qualify(table, min_tournaments=2, final_qualifiers=2)
    assert {k: (q.qualified, q.missing) for k, q in got.items()} == {
        "a": (True, 0), "b": (False, 1), "c": (True, 0), "d": (True, 0), "e": (False, 0)}


def test_settings_are_checked(wien):
    with pytest.raises(ServiceError):
        services.set_qualification(cup=wien.cup, min_tournaments=0)
    with pytest.raises(ServiceError):
        services.set_qualification(cup=wien.cup, qualifies_for=wien.cup)


def test_season_page_sheets_and_player_page(client, wien):
    services.set_qualification(cup=wien.cup, min_tournaments=4)
    html = client.get(reverse("cups:season", args=["wien", wien.slug]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Qualifiziert ist, wer mindestens 4 Turniere der Saison gespielt hat" in html
    assert "noch 1 Turnier<" in html and "noch 3 Turniere<" in html and "✓ qualifiziert" in html
    wien.cup.refresh_from_db()
    book = load_workbook(io.BytesIO(SeasonStandingsXlsx(wien).render().content))
    sheet = book["Season"]
    assert sheet["G1"].value == "qualifiziert"
    assert [sheet[f"G{n}"].value for n in range(2, 6)] == [True, True, False, False]
    assert SeasonStandingsPdf(wien).render().content.startswith(b"%PDF")

    bernd = next(r for r in season_standings(wien).rows if r.player.name == "Bernd Bauer").player.key
    page = client.get(reverse("cups:player", args=[bernd]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "noch 1 Turnier bis zur Qualifikation" in page
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = client.get(reverse("cups:player", args=[bernd])).content.decode()
    assert "1 more tournament to qualify" in page


def test_a_final_of_several_cups_lists_who_qualified_through_which(client, wien, cup_season):
    other = cup_season("fixed", slug="raiffeisen")
    import_season_results(season=other, content=CSV.replace("TC ", "RC ").encode(), filename="r.csv")
    final = services.create_cup(name="Tarock-Österreich-Finale", slug="oe-finale")
    services.set_qualification(cup=wien.cup, min_tournaments=4, qualifies_for=final)
    services.set_qualification(cup=other.cup, min_tournaments=3, qualifies_for=final)
    field = {item.cup.slug: [r.player.name for r in item.rows] for item in final_field(final)}
    assert field == {"wien": ["Anna Alt", "Carla Christ"], "raiffeisen": ["Anna Alt", "Carla Christ", "Bernd Bauer"]}
    html = client.get(reverse("cups:cup", args=["oe-finale"]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Qualifiziert für das Finale" in html and "Bernd Bauer" in html
    assert html.index("Cup raiffeisen") < html.index("Bernd Bauer") < html.index("Cup wien")
    services.set_qualification(cup=other.cup, min_tournaments=4, qualifies_for=final)  # the cached field follows
    html = client.get(reverse("cups:cup", args=["oe-finale"]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Bernd Bauer" not in html and "Carla Christ" in html


def test_out_of_vienna(client, wien):
    sub = services.create_sub_ranking(cup=wien.cup, slug="out-of-vienna", name="Out of Vienna", exclude_word="wien")
    # Linzer: Bernd 223, Carla 198, Anna 180; Welser: Anna 223, Carla 198, Bernd 180, Dora 168
    assert rows(wien, sub) == [("Anna Alt", 403, True, 0), ("Bernd Bauer", 403, True, 0), ("Carla Christ", 396, True, 0),
                               ("Dora Dorn", 168, True, 0)]
    standings = season_standings(wien, sub)
    assert standings.tournaments == 2 and [c.name for c in standings.columns] == ["Linzer Turnier", "Welser Turnier"]
    out = StringIO()
    call_command("season_standings", "wien", "--sub", "out-of-vienna", "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert data["sub_ranking"] == {"slug": "out-of-vienna", "name": "Out of Vienna"} and data["tournaments"] == 2
    url = reverse("cups:sub_ranking", args=["wien", wien.slug, "out-of-vienna"])
    assert "Out of Vienna" in client.get(url).content.decode()
    assert client.get(url, {"format": "json"}).json()["rows"][0]["points"] == 403
    assert "Out of Vienna" in client.get(reverse("cups:season", args=["wien", wien.slug])).content.decode()
    for identifier in ("season-standings-pdf", "season-standings-xlsx"):
        response = client.get(reverse("cups:sub_ranking_export", args=["wien", wien.slug, "out-of-vienna", identifier]))
        assert response.status_code == 200 and "out-of-vienna" in response["Content-Disposition"]
    assert client.get(reverse("cups:sub_ranking", args=["wien", wien.slug, "nowhere"])).status_code == 404

    clubs = services.create_sub_ranking(cup=wien.cup, slug="linz", name="Linzer", club_word="linz")
    assert [r[0] for r in rows(wien, clubs)] == ["Bernd Bauer"]


def test_seed_demo_service_sets_the_minimum_of_a_new_cup(make_tournament):
    tournament = make_tournament(players=4, slug="q-1", rounds=1)
    link = services.enter_current_season(cup_slug="raiffeisen", tournament=tournament, min_tournaments=4)
    assert link.season.cup.min_tournaments == 4
    other = make_tournament(players=4, slug="q-2", rounds=1)
    with pytest.raises(ServiceError):
        services.enter_current_season(cup_slug="raiffeisen", tournament=other, min_tournaments=3)


def test_a_cup_without_a_minimum_says_so_in_each_language(make_tournament):
    """The refusal names a missing minimum through gettext ("keine" / "no"), no pair built by hand."""
    services.enter_current_season(cup_slug="ohne", tournament=make_tournament(players=4, slug="m-1", rounds=1))
    with pytest.raises(ServiceError) as refused:
        services.enter_current_season(cup_slug="ohne", tournament=make_tournament(players=4, slug="m-2", rounds=1),
                                      min_tournaments=3)
    assert refused.value.message("de") == "Der Cup „ohne“ verlangt keine Turniere, nicht 3."
    assert refused.value.message("en").endswith("no tournaments, not 3.")

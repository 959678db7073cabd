"""Season import: CSV/XLSX with English or German headers, every line checked first, all or nothing,
players matched by normalized name and club."""

from __future__ import annotations

import io
from datetime import date, datetime
from decimal import Decimal

from openpyxl import Workbook

from cups.imports import import_season_results, read_lines
from cups.models import ImportedResult
from tournament.models import Player

GERMAN = """Turnier;Datum;Rang;Name;Verein;Punkte
Herbstturnier;3.10.2025;1;Hans Müller;TC Innsbruck;120
Herbstturnier;3.10.2025;2;Maria Huber;;85,5
Herbstturnier;3.10.2025;3;Sepp Gruber;TC Hall;-12
Winterturnier;2025-12-06;1;Maria Huber;;99
"""


def test_german_csv_matches_and_creates_players(cup_season):
    season = cup_season()
    hans = Player.objects.create(name="Müller Hans", club="tc innsbruck")
    Player.objects.create(name="Sepp Gruber", club="TC Schwaz")  # other club: a different person
    report = import_season_results(season=season, content=GERMAN.encode(), filename="alt.csv")
    assert report.ok, report.lines()
    assert (report.results, report.tournaments, report.players_created) == (4, 2, 2)
    assert ImportedResult.objects.get(rank=1, tournament_name="Herbstturnier").player == hans
    maria = ImportedResult.objects.filter(player__name="Maria Huber")
    assert maria.count() == 2 and len({r.player_id for r in maria}) == 1
    assert ImportedResult.objects.get(player__name="Maria Huber", date=date(2025, 10, 3)).total == Decimal("85.50")
    assert Player.objects.filter(name="Sepp Gruber").count() == 2
    assert "übernommen" in report.message("de") and "imported" in report.message("en")


def test_english_xlsx(cup_season):
    season = cup_season()
    book = Workbook()
    sheet = book.active
    sheet.append(["tournament", "date", "rank", "name", "club", "total"])
    sheet.append(["Summer Cup", datetime(2025, 7, 1), 1, "Anna", "TC A", 44])
    sheet.append(["Summer Cup", datetime(2025, 7, 1), 2.0, "Bert", None, 12.5])
    buffer = io.BytesIO()
    book.save(buffer)
    report = import_season_results(season=season, content=buffer.getvalue(), filename="old.xlsx")
    assert report.ok, report.lines()
    assert list(ImportedResult.objects.values_list("rank", "total")) == [(1, Decimal("44.00")), (2, Decimal("12.50"))]


def test_every_line_is_reported_and_nothing_stored(cup_season):
    season = cup_season()
    text = """tournament,date,rank,name,club,total
A,2025-10-03,1,Hans,,10
,2025-10-03,x,,,abc
A,31.02.2025,0,Eva,,1
A,2025-10-03,3,hans,,5
"""
    report = import_season_results(season=season, content=text.encode(), filename="x.csv")
    assert not report.ok
    assert report.lines("de") == [
        "Zeile 3: Turnier fehlt.",
        "Zeile 3: Rang „x“ ist keine ganze Zahl ab 1.",
        "Zeile 3: Name fehlt.",
        "Zeile 3: Punkte „abc“ sind keine Zahl.",
        "Zeile 4: Datum „31.02.2025“ ist kein Datum (2026-10-03 oder 3.10.2026).",
        "Zeile 4: Rang „0“ ist keine ganze Zahl ab 1.",
        "Zeile 5: hans steht schon in Zeile 2 bei diesem Turnier.",
    ]
    assert report.lines("en")[0] == "line 3: Tournament is missing."
    assert "Nothing was imported" in report.message("en")
    assert not ImportedResult.objects.exists() and not Player.objects.exists()


def test_missing_columns_empty_and_broken_files():
    assert read_lines(b"name;rank\nA;1\n", "x.csv")[1][0].message_en == "Missing columns: tournament, date, total."
    assert read_lines(b"", "x.csv")[1][0].message_de == "Die Datei ist leer."
    assert "cannot be read" in read_lines(b"not a zip", "x.xlsx")[1][0].message_en


def test_a_tournament_is_imported_once(cup_season):
    season = cup_season()
    assert import_season_results(season=season, content=GERMAN.encode(), filename="a.csv").ok
    again = import_season_results(season=season, content=GERMAN.encode(), filename="a.csv")
    assert not again.ok and len(again.problems) == 4
    assert "schon in der Saison" in again.problems[0].message_de
    assert ImportedResult.objects.count() == 4


def test_a_season_started_by_import_continues_with_tournaments_run_on_the_site(client, cup_season, played):
    """Two past tournaments imported, then one played here: the same people are one player each, and
    the season adds both kinds of result under season.md's formulas (three held: the best two count)."""
    import json

    from django.core.management import call_command

    from cups.services import add_tournament

    season = cup_season("fixed")
    past = ("Turnier;Datum;Rang;Name;Verein;Punkte\n"
            "Herbst;12.9.2026;1;Spielerin 000;TC Test;80\n"
            "Herbst;12.9.2026;2;Spielerin 001;TC Test;10\n"
            "Herbst;12.9.2026;3;Alter Hase;TC Alt;-90\n"
            "Kirchtag;10.10.2026;1;Alter Hase;TC Alt;60\n"
            "Kirchtag;10.10.2026;2;Spielerin 001;TC Test;-60\n")
    report = import_season_results(season=season, content=past.encode(), filename="saison.csv")
    assert report.ok, report.lines()
    tournament = played("heute", players=8, day=date(2026, 11, 21))
    add_tournament(season=season, tournament=tournament)

    fixed = [223, 198, 180, 168, 156, 147, 138, 131]  # season.md, `fixed`, ranks 1-8
    results: dict[str, list[int]] = {"Spielerin 000": [fixed[0]], "Spielerin 001": [fixed[1], fixed[1]],
                                     "Alter Hase": [fixed[2], fixed[0]]}
    today = client.get("/turnier/heute/standings.json").json()
    for row in today["rows"]:
        if row["rank"] is not None:
            results.setdefault(row["name"], []).append(fixed[row["rank"] - 1])
    expected = {name: sum(sorted(points, reverse=True)[:2]) for name, points in results.items()}

    out = io.StringIO()
    call_command("season_standings", season.cup.slug, "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert data["tournaments"] == 3 and data["counted"] == 2
    assert {row["name"]: row["points"] for row in data["rows"]} == expected
    # One person, one row: the imported "Spielerin 001" is the player who played today.
    assert len([row for row in data["rows"] if row["name"] == "Spielerin 001"]) == 1
    assert len(next(row for row in data["rows"] if row["name"] == "Spielerin 001")["results"]) == 3


def test_the_report_counts_in_words_in_each_language(cup_season):
    """Singular and plural through gettext (German msgids), no "(s)" and no pair built by hand."""
    season = cup_season()
    one = "Turnier;Datum;Rang;Name;Punkte\nHerbstturnier;3.10.2025;1;Hans Müller;120\n"
    report = import_season_results(season=season, content=one.encode(), filename="eins.csv")
    assert report.message("de") == "1 Ergebnis aus 1 Turnier übernommen, 1 neuer Spieler."
    assert report.message("en") == "1 result of 1 tournament imported, 1 new player."
    report = import_season_results(season=cup_season(slug="zwei"), content=GERMAN.encode(), filename="alt.csv")
    assert report.message("de") == "4 Ergebnisse aus 2 Turnieren übernommen, 3 neue Spieler."
    assert report.message("en") == "4 results of 2 tournaments imported, 3 new players."
    broken = import_season_results(season=season, content=b"Turnier;Datum;Rang;Name;Punkte\nX;kein Datum;1;A;1\n",
                                   filename="kaputt.csv")
    assert broken.message("de") == "Nichts wurde übernommen: 1 Problem in der Datei."
    assert broken.message("en") == "Nothing was imported: 1 problem in the file."

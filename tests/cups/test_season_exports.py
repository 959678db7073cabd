"""Season standings as PDF and XLSX: read back with pypdf and openpyxl, formulas computed with pycel."""

from __future__ import annotations

from datetime import date
from decimal import Decimal as D

import pytest
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook
from pdf_tools import pdf_text

from cups import services
from cups.models import ImportedResult
from cups.selectors import season_standings

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def season(played, cup_season):
    season = cup_season("cube", final_mode="double")
    services.add_tournament(season=season, tournament=played("s-1", day=date(2026, 10, 3)))
    services.add_tournament(season=season, tournament=played("s-2", day=date(2026, 10, 17), players=12))
    services.add_tournament(season=season, tournament=played("s-3", day=date(2026, 11, 7)), is_final=True)
    from tournament.models import Player

    anna = Player.objects.create(name="Anna Alt", club="TC Alt")
    ImportedResult.objects.create(season=season, tournament_name="Altes Turnier", date=date(2026, 9, 1), rank=1,
                                  player=anna, total=50)
    return season


def test_pdf_lists_every_player_with_points(season, django_assert_num_queries):
    from cups.exports import SeasonStandingsPdf

    with django_assert_num_queries(8):
        exporter = SeasonStandingsPdf(season)
    with translation.override("de"):
        file = exporter.render()
    assert file.filename == "tirol-2026-27-season-standings.pdf" and file.content_type == "application/pdf"
    text = pdf_text(file.content)
    standings = season_standings(season)
    assert "Saisonwertung" in text and "Cup tirol 2026/27" in text and "Seite 1 von" in text
    for row in standings.rows:
        assert row.player.name in text
    assert "Anna Alt" in text and "TC Alt" in text and "*" in text


def test_pdf_headers_break_tournament_names_between_words(season):
    from cups.exports import SeasonStandingsPdf, column_name

    assert column_name("Raiffeisen Bezirksturnier Hopfgarten") == "Raiffeisen\nBezirksturnier\nHopfgarten"
    assert column_name("Großes Herbstturnier der Stadt Kufstein am Inn") == "Großes\nHerbstturnier\nder Stadt …"
    assert column_name("Raiffeisen-Bezirksturnier") == "Raiffeisen-\nBezirksturnier"
    first = season.tournaments.order_by("tournament__date").first().tournament
    first.name = "Raiffeisen Bezirksturnier Hopfgarten"
    first.save()
    with translation.override("de"):
        text = pdf_text(SeasonStandingsPdf(season).render().content)
    assert "Raiffeisen\nBezirksturnier\nHopfgarten" in text  # was "Raiffeisen Bez", cut inside the word


def test_xlsx_formulas_match_the_season_standings(season, tmp_path):
    from pycel import ExcelCompiler

    from cups.exports import SeasonStandingsXlsx

    with translation.override("de"):
        file = SeasonStandingsXlsx(season).render()
    path = tmp_path / file.filename
    path.write_bytes(file.content)
    workbook = load_workbook(path)
    assert workbook.sheetnames == ["Season", "Results", "Rules"]
    results = workbook["Results"]
    assert [c.value for c in results[1]][:3] == ["Nr", "Name", "Turnier"]
    standings = season_standings(season)
    assert results.max_row == 1 + sum(len(r.results) for r in standings.rows)
    cached = load_workbook(path, data_only=True)["Season"]
    excel = ExcelCompiler(filename=str(path))
    sheet = workbook["Season"]
    assert sheet.max_row == 1 + len(standings.rows)
    for n, row in enumerate(standings.rows, start=2):
        assert sheet.cell(n, 3).value == row.player.name
        assert sheet.cell(n, 2).value == row.rank
        assert D(str(excel.evaluate(f"Season!E{n}"))) == D(row.points)
        assert excel.evaluate(f"Season!F{n}") == row.participations
        assert D(str(cached.cell(n, 5).value)) == D(row.points) and cached.cell(n, 6).value == row.participations


def test_download_links_and_views(client, season):
    page = client.get(reverse("cups:season", args=["tirol", "2026-27"])).content.decode()
    pdf = reverse("cups:season_export", args=["tirol", "2026-27", "season-standings-pdf"])
    xlsx = reverse("cups:season_export", args=["tirol", "2026-27", "season-standings-xlsx"])
    assert pdf in page and xlsx in page
    response = client.get(pdf)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")
    response = client.get(xlsx)
    assert response.status_code == 200 and response.content.startswith(b"PK")
    assert client.get(reverse("cups:season_export", args=["tirol", "2026-27", "nope"])).status_code == 404
    assert client.get(reverse("cups:season_export", args=["tirol", "1999", "season-standings-pdf"])).status_code == 404

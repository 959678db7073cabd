"""The team standings in the standings PDF and workbook (docs/sources/events.md "Teams"), sums worked out here."""

from __future__ import annotations

import io

import pytest
from django.utils import translation
from openpyxl import load_workbook
from pdf_tools import pdf_text

from tournament import teams


@pytest.fixture
def with_teams(make_tournament):
    from scoring.services import book_correction

    tournament = make_tournament(players=8, rounds=1, slug="team-exports")
    round1 = tournament.round_set.get(number=1)
    e = list(tournament.entries.select_related("player").order_by("pk"))
    for entry, points in zip(e, (50, 40, 30, 20, 10), strict=False):
        book_correction(entry=entry, round=round1, points=points, reason="Test")
    teams.create_team(tournament=tournament, name="Die Pagats", entries=[e[0], e[4]])  # 50 + 10 = 60
    teams.create_team(tournament=tournament, name="Die Sküs", entries=[e[1], e[2]])  # 40 + 30 = 70
    return tournament, e


@pytest.mark.django_db
def test_the_workbook_has_a_team_sheet(with_teams):
    from paper.registry import get_exporter

    tournament, e = with_teams
    with translation.override("de"):
        workbook = load_workbook(io.BytesIO(get_exporter("standings-xlsx")(tournament).render().content))
    sheet = workbook["Mannschaften"]
    values = [[cell.value for cell in row] for row in sheet.iter_rows(min_row=2)]
    assert values == [
        ["1", "Die Sküs", f"{e[1].player.name} (40), {e[2].player.name} (30)", 70],
        ["2", "Die Pagats", f"{e[0].player.name} (50), {e[4].player.name} (10)", 60],
    ]


@pytest.mark.django_db
def test_the_pdf_prints_the_team_standings(with_teams):
    from paper.registry import get_exporter

    tournament, _e = with_teams
    with translation.override("de"):
        text = pdf_text(get_exporter("standings-pdf")(tournament).render().content)
    assert "Mannschaftswertung" in text
    section = text[text.index("Mannschaftswertung"):]
    assert "Die Sküs" in section and "70" in section and "Die Pagats" in section and "60" in section
    assert section.index("Die Sküs") < section.index("Die Pagats")


@pytest.mark.django_db
def test_no_team_sheet_without_teams(make_tournament):
    from paper.registry import get_exporter

    tournament = make_tournament(players=4, rounds=1, slug="no-teams")
    workbook = load_workbook(io.BytesIO(get_exporter("standings-xlsx")(tournament).render().content))
    assert "Mannschaften" not in workbook.sheetnames

"""The one registry of files (paper/registry.py): every file it declares is linked from its page, served
at its address, written by export_sheets and opens as what it claims to be; what it does not declare is
refused with a 404 or 400 page, never a 500."""

from __future__ import annotations

import csv
import io
from datetime import date

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from openpyxl import load_workbook
from pdf_tools import pdf_text

from cups import services as cup_services
from paper.exports.base import FORMATS
from paper.registry import LIST, REGISTRY, ROUND, SCOPES, SEASON, TOURNAMENT

pytestmark = [pytest.mark.django_db, pytest.mark.filterwarnings("ignore::DeprecationWarning")]


@pytest.fixture
def event(make_tournament, play_round):
    tournament = make_tournament("tirol", players=9, slug="reg", rounds=1)
    play_round(tournament.round_set.get(number=1), hands=2)
    cup = cup_services.create_cup(name="Cup Reg", slug="regcup", scheme="cube")
    season = cup_services.create_season(cup=cup, label="2026/27")
    tournament.date = date(2026, 11, 7)
    tournament.save(update_fields=["date"])
    cup_services.add_tournament(season=season, tournament=tournament)
    return tournament, season


def opened(content: bytes, format: str) -> int:
    """What a reader finds in the file: pages of text, rows of a sheet or lines of a CSV (raises if unreadable)."""
    if format == "pdf":
        assert content.startswith(b"%PDF") and pdf_text(content).strip()
        return 1
    if format == "xlsx":
        return load_workbook(io.BytesIO(content)).active.max_row
    return len(list(csv.reader(io.StringIO(content.decode("utf-8")))))


def places(scope: str, tournament, season) -> tuple[str, str, list]:
    """The page that lists a scope's files, its download address, and export_sheets' arguments."""
    return {
        TOURNAMENT: (reverse("tournament:detail", args=[tournament.slug]), "paper:export", [tournament.slug]),
        ROUND: (reverse("tournament:round", args=[tournament.slug, 1]), "paper:round_export", [tournament.slug, 1]),
        LIST: (reverse("tournament:detail", args=[tournament.slug]), "paper:list_export", [tournament.slug]),
        SEASON: (reverse("cups:season", args=[season.cup.slug, season.slug]), "cups:season_export",
                 [season.cup.slug, season.slug]),
    }[scope]


def test_every_registered_file_is_linked_served_and_written_by_export_sheets(client, director, event, tmp_path):
    tournament, season = event
    seen = set()
    for export in REGISTRY:
        page, name, args = places(export.scope, tournament, season)
        html = client.get(page).content.decode()
        for format in export.formats:
            identifier = export.identifier(format)
            url = reverse(name, args=[*args, identifier])
            assert url in html, (identifier, page)
            response = client.get(url)
            assert response.status_code == 200, (identifier, response.status_code)
            assert response["Content-Type"] == FORMATS[format].content_type
            assert opened(response.content, format) >= 1, identifier
            subject = ["--season", f"{season.cup.slug}/{season.slug}"] if export.scope == SEASON else [tournament.slug]
            folder = tmp_path / identifier
            call_command("export_sheets", *subject, "--out", str(folder), "--only", identifier, stdout=io.StringIO())
            [written] = folder.iterdir()
            assert written.suffix == f".{format}" and opened(written.read_bytes(), format) >= 1, identifier
            assert response["Content-Disposition"].endswith(f'{written.name}"'), (identifier, written.name)
            seen.add((export.scope, identifier))
    assert {scope for scope, _identifier in seen} == set(SCOPES)
    public = client.get(reverse("tournament:standings", args=[tournament.slug])).content.decode()
    client.logout()
    for link in REGISTRY.links(TOURNAMENT, public=True):
        url = reverse("paper:public_export", args=[tournament.slug, link.identifier])
        assert url in public and client.get(url).status_code == 200


def test_export_sheets_archives_what_the_registry_says(event, tmp_path):
    tournament, season = event
    call_command("export_sheets", tournament.slug, "--out", str(tmp_path / "t"), stdout=io.StringIO())
    archived = {f"{export.slug}{'-round-1' if export.scope == ROUND else ''}.{format}"
                for scope in (TOURNAMENT, ROUND, LIST) for export in REGISTRY.of(scope) for format in export.archived}
    assert {path.name for path in (tmp_path / "t").iterdir()} == archived
    call_command("export_sheets", "--season", season.cup.slug, "--out", str(tmp_path / "s"), stdout=io.StringIO())
    assert {path.name for path in (tmp_path / "s").iterdir()} == {"season-standings.pdf", "season-standings.xlsx"}


def test_export_sheets_refuses_what_it_cannot_write(event, tmp_path):
    tournament, _season = event
    with pytest.raises(CommandError, match="No such file: spieler-pdf"):
        call_command("export_sheets", tournament.slug, "--out", str(tmp_path), "--only", "spieler-pdf")
    with pytest.raises(CommandError, match="No season"):
        call_command("export_sheets", "--season", "nope/2026-27", "--out", str(tmp_path))
    with pytest.raises(CommandError, match="Name a tournament"):
        call_command("export_sheets", tournament.slug, "--season", "regcup", "--out", str(tmp_path))


@pytest.mark.parametrize(("name", "args", "identifier", "status"), [
    ("paper:export", [], "nonsense-pdf", 404),
    ("paper:export", [], "standings-docx", 404),
    ("paper:export", [], "table-cards-pdf", 404),  # a round's file asked of the tournament
    ("paper:export", [], "Standings.PDF", 400),
    ("paper:export", [], "standings--pdf", 400),
    ("paper:export", [], "x" * 200, 400),
    ("paper:round_export", [1], "standings-pdf", 404),
    ("paper:list_export", [], "spieler-pdf", 404),
    ("paper:public_export", [], "settlement-pdf", 404),
    ("cups:season_export", None, "season-standings-csv", 404),
    ("cups:season_export", None, "nope", 404),
])
def test_an_unknown_file_or_format_is_refused_with_a_page(client, director, event, name, args, identifier, status):
    tournament, season = event
    prefix = [season.cup.slug, season.slug] if args is None else [tournament.slug, *args]
    response = client.get(reverse(name, args=[*prefix, identifier]), HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == status
    text = response.content.decode()
    assert ("keine Datei-Bezeichnung" if status == 400 else "gibt es hier nicht") in text
    english = client.get(reverse(name, args=[*prefix, identifier]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert ("is not a file name" if status == 400 else "There is no file") in english


def test_the_player_list_is_one_table_in_both_formats(client, director, event):
    from tournament.players import enter_new_player

    tournament, _season = event
    enter_new_player(tournament=tournament, name="=1+1 Huber", club="TC =", allow_duplicate=True)
    csv_rows = list(csv.reader(io.StringIO(client.get(
        reverse("paper:list_export", args=[tournament.slug, "spieler-csv"])).content.decode())))
    sheet = load_workbook(io.BytesIO(client.get(
        reverse("paper:list_export", args=[tournament.slug, "spieler-xlsx"])).content)).active
    xlsx_rows = [["" if cell.value is None else str(cell.value) for cell in row] for row in sheet.iter_rows()]
    # The CSV guards a formula with an apostrophe (Excel runs a CSV's cells); the workbook holds text as text.
    assert [[cell.removeprefix("'") for cell in row] for row in csv_rows] == xlsx_rows
    assert ["'=1+1 Huber", "TC ="] == csv_rows[1][:2] and xlsx_rows[1][:2] == ["=1+1 Huber", "TC ="]
    assert xlsx_rows[0] == ["Name", "Verein", "Region", "anwesend", "ausgeschieden nach Runde", "Los"]
    assert len(xlsx_rows) == tournament.entries.count() + 1

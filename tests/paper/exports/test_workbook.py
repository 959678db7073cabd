"""The tournament workbook: sheets, headers, formats, and its formulas computed the way Excel would
(pycel) against the site's own standings and settlement."""

from __future__ import annotations

import json
from decimal import Decimal as D

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from events import play_rounds
from openpyxl import load_workbook

from paper import columns as C
from paper.exports.sheetdata import EURO_FORMAT, POINTS_FORMAT
from rules.rulesets import contract_name
from tournament import rounds

# pycel compiles formulas with ast names Python 3.13 deprecates; not ours to fix.
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

# The sheets as a German reader gets them, and the English names an English page (or --language en) gives.
SHEETS = ["Rangliste", "Runden", "Tische", "Spiele", "Abrechnung", "Spieler", "Korrekturen", "Spielkorrekturen"]
SHEETS_EN = ["Standings", "Rounds", "Tables", "Hands", "Settlement", "Players", "Corrections", "Hand corrections"]
CENT = D("0.01")


def played(make_tournament, play_round, *, rounds=2, slug="wb", **kwargs):
    return play_rounds(make_tournament(players=17, slug=slug, **kwargs), play_round, rounds)


def export(tournament, tmp_path):
    from paper.registry import get_exporter

    file = get_exporter("tournament-xlsx")(tournament).render()
    assert file.filename == f"{tournament.slug}-tournament.xlsx"
    path = tmp_path / file.filename
    path.write_bytes(file.content)
    return path


def headers(sheet, row=1):
    return [cell.value for cell in sheet[row]]


def column_of(sheet, header, row=1):
    return headers(sheet, row).index(header) + 1


def cents(value) -> D:
    return D(str(value)).quantize(CENT)


@pytest.mark.django_db
def test_sheets_headers_and_formats(make_tournament, play_round, tmp_path):
    from scoring.models import Hand
    from scoring.selectors import money_by_hand

    tournament = played(make_tournament, play_round, kontra_to_charity=True)
    workbook = load_workbook(export(tournament, tmp_path))
    assert workbook.sheetnames == SHEETS
    for name in SHEETS:
        sheet = workbook[name]
        assert sheet.freeze_panes is not None and sheet.auto_filter.ref, name

    players = workbook["Spieler"]
    assert headers(players) == C.PLAYERS and players.freeze_panes == "A2"
    assert players.auto_filter.ref == "A1:H18"
    rows = [[c.value for c in row] for row in players.iter_rows(min_row=2)]
    assert [r[0] for r in rows] == list(range(1, 18))
    assert [r[1] for r in rows] == sorted(r[1] for r in rows)
    assert all(r[2] == "TC Test" and r[6] is True and isinstance(r[5], int) for r in rows)
    number_of = {r[1]: r[0] for r in rows}

    tables = workbook["Tische"]
    assert headers(tables) == C.TABLES
    seats = [[c.value for c in row] for row in tables.iter_rows(min_row=2)]
    assert len(seats) == 34 and {s[2] for s in seats} == {1, 2, 3, 4, 5}
    assert all(number_of[s[4]] == s[3] for s in seats)
    assert tables.cell(2, column_of(tables, "Euro")).number_format == EURO_FORMAT
    assert tables.cell(2, column_of(tables, "Punkte")).number_format == POINTS_FORMAT

    hands = workbook["Spiele"]
    assert headers(hands) == C.HANDS and hands.freeze_panes == "A2"
    stored = list(Hand.objects.filter(table__round__tournament=tournament)
                  .select_related("table__round").order_by("table__round__number", "table__number", "number"))
    assert hands.max_row == len(stored) + 1 and hands.auto_filter.ref == f"A1:AL{len(stored) + 1}"
    euros = money_by_hand(tournament)
    col = {header: index for index, header in enumerate(C.HANDS)}
    for row, hand in zip(hands.iter_rows(min_row=2, values_only=True), stored, strict=True):
        assert (row[col[C.ROUND]], row[col[C.TABLE]], row[col[C.HAND]]) == (hand.table.round.number, hand.table.number,
                                                                            hand.number)
        # The contract and result as a German reader calls them; the JSON keeps the interchange format.
        assert json.loads(row[col[C.DATA]]) == hand.data and row[col[C.CONTRACT]] == contract_name(hand.contract, "de")
        assert row[col[C.RESULT]] == {"won": "gewonnen", "lost": "verloren"}.get(hand.data.get("result"))
        scores = {s.hand_seat: s for s in hand.scores.all()}
        for seat in range(4):
            nr, name, points, cash, euro = (col[h] for h in C.seat_columns(seat))
            assert row[nr] == number_of[row[name]]
            assert D(str(row[points])) == scores[seat].points and D(str(row[cash])) == scores[seat].cash
            assert cents(row[euro]) == euros[hand.pk].money.seats[seat]
        assert cents(row[col[C.BOX]]) == euros[hand.pk].money.box
    assert hands.cell(2, col[C.BOX] + 1).number_format == EURO_FORMAT
    assert hands.cell(2, col["Sitz 0 Euro"] + 1).number_format == EURO_FORMAT

    rounds = workbook["Runden"]
    values = [[c.value for c in row] for row in rounds.iter_rows(min_row=2)]
    assert [v[:5] for v in values] == [[1, "abgeschlossen", False, 4, 68], [2, "abgeschlossen", False, 4, 68],
                                       [3, "geplant", False, 0, 0]]

    standings = workbook["Rangliste"]
    assert headers(standings)[:4] == ["Rang", "Nr", "Name", "Verein"]
    assert isinstance(standings["E2"].value, str) and standings["E2"].value.startswith("=SUMIFS('Spiele'!")
    assert standings["A2"].value in ("1", "1=")  # ranks (and tie-break values) are values
    assert standings.cell(2, headers(standings).index("R3") + 1).value is None  # not played yet: empty, not 0
    assert headers(standings)[-1] == "Geld (€), ohne Kontra-Anteil (Spendenkassa)"
    assert standings.cell(2, len(headers(standings))).number_format == EURO_FORMAT

    settlement = workbook["Abrechnung"]
    assert settlement.freeze_panes == "A5"  # stake, box, check, then the headers
    assert headers(settlement, 4)[:5] == ["Nr", "Name", "Verein", "Runde 1 Tisch", "Runde 1 Geldpunkte"]


@pytest.mark.django_db
def test_formulas_give_the_sites_standings_and_money(make_tournament, play_round, tmp_path):
    from pycel import ExcelCompiler

    from scoring.selectors import settlement, standings

    tournament = played(make_tournament, play_round, kontra_to_charity=True, slug="wb-pycel")
    path = export(tournament, tmp_path)
    workbook = load_workbook(path)
    excel = ExcelCompiler(filename=str(path))

    ranked = {r.player.name: r for r in standings(tournament)}
    money = settlement(tournament)
    players = {p.name: p for p in money.players}
    sheet = workbook["Rangliste"]
    head = headers(sheet)
    r1, r2, total, cash = head.index("R1") + 1, head.index("R2") + 1, head.index("Punkte") + 1, len(head)
    for row in range(2, sheet.max_row + 1):
        name = sheet.cell(row, 3).value
        site, player = ranked[name], players[name]

        def value(col, row=row):
            return excel.evaluate(f"Rangliste!{sheet.cell(row, col).coordinate}")

        assert D(str(value(r1))) == site.player.rounds.get(1, 0), name
        assert D(str(value(r2))) == site.player.rounds.get(2, 0), name
        assert D(str(value(total))) == site.total, name
        assert cents(value(cash)) == player.total, name
        assert sheet.cell(row, 1).value == f"{site.rank}{'=' if site.shared else ''}"

    sheet = workbook["Abrechnung"]
    head = headers(sheet, 4)
    assert sheet["A1"].value == "Einsatz je Punkt (€)" and D(str(sheet["B1"].value)) == D("0.1")
    assert cents(excel.evaluate("Abrechnung!B2")) == money.box_total > 0  # Spendenkassa gesamt
    assert cents(excel.evaluate("Abrechnung!D2")) + cents(excel.evaluate("Abrechnung!F2")) == money.box_total
    assert excel.evaluate("Abrechnung!B3") == 0  # players and box add up to zero
    lines = {(t.round_number, t.table_number, line.name): line for t in money.tables for line in t.lines}
    for row in range(5, sheet.max_row + 1):
        name = sheet.cell(row, 2).value
        for n in (1, 2):
            table = sheet.cell(row, head.index(f"Runde {n} Tisch") + 1).value
            line = lines[n, table, name]
            points = excel.evaluate(f"Abrechnung!{sheet.cell(row, head.index(f'Runde {n} Geldpunkte') + 1).coordinate}")
            euros = excel.evaluate(f"Abrechnung!{sheet.cell(row, head.index(f'Runde {n} €') + 1).coordinate}")
            assert D(str(points)) == line.cash_points and cents(euros) == line.euros, (name, n)
        assert cents(excel.evaluate(f"Abrechnung!{sheet.cell(row, len(head)).coordinate}")) == players[name].total


@pytest.mark.django_db
def test_final_round_total_is_the_sites_value_next_to_checkable_formulas(make_tournament, play_round, tmp_path):
    from pycel import ExcelCompiler

    from scoring.selectors import standings

    # Hopfgarten: the best 12 play a final with half their preliminary points (one preliminary round here).
    tournament = make_tournament(ruleset="hopfgarten", players=16, slug="wb-final", rounds=1)
    first, final = tournament.round_set.get(number=1), tournament.round_set.get(number=2)
    assert final.is_final
    play_round(first, seed=1)
    rounds.close_round(round=first)
    rounds.seat_round(round=final, seed="f", ranking=[r.player.entry_id for r in standings(tournament)])
    play_round(final, seed=2)
    rounds.close_round(round=final)

    path = export(tournament, tmp_path)
    workbook = load_workbook(path)
    sheet = workbook["Rangliste"]
    assert "Punkte der Finalisten" in sheet["A1"].value and sheet.freeze_panes == "A3"
    head = headers(sheet, 2)
    assert head[:5] == ["Rang", "Nr", "Name", "Verein", "R1"]
    assert {"Finale", "Summe Vorrunden", "übernommen", "Punkte"} <= set(head)
    excel = ExcelCompiler(filename=str(path))
    ranked = {r.player.name: r for r in standings(tournament)}
    finalists = 0
    for row in range(3, sheet.max_row + 1):
        name = sheet.cell(row, 3).value
        site = ranked[name]

        def cell(header, row=row):
            return sheet.cell(row, head.index(header) + 1)

        assert D(str(excel.evaluate(f"Rangliste!{cell('Summe Vorrunden').coordinate}"))) == site.preliminary
        if site.finalist:
            finalists += 1
            assert not str(cell("Punkte").value).startswith("=") and D(str(cell("Punkte").value)) == site.total
            assert D(str(cell("übernommen").value)) == site.carried
            assert D(str(excel.evaluate(f"Rangliste!{cell('Finale').coordinate}"))) == site.player.final
        else:
            assert cell("Punkte").value.startswith("=")
            assert D(str(excel.evaluate(f"Rangliste!{cell('Punkte').coordinate}"))) == site.total
    assert finalists == 12


@pytest.mark.django_db
def test_queries_do_not_grow_with_the_event(make_tournament, play_round):
    from paper.registry import get_exporter

    counts = []
    for count, slug in ((1, "wb-q1"), (2, "wb-q2")):
        tournament = played(make_tournament, play_round, rounds=count, slug=slug)
        tournament = type(tournament).objects.get(pk=tournament.pk)
        tournament.ruleset  # noqa: B018 - parsed once per process, not a query
        with CaptureQueriesContext(connection) as queries:
            get_exporter("tournament-xlsx")(tournament).render()
        counts.append(len(queries))
    assert counts[0] == counts[1] <= 12


@pytest.mark.django_db
def test_names_never_become_formulas(make_tournament, play_round, tmp_path):
    from tournament.models import Player

    tournament = played(make_tournament, play_round, rounds=1, slug="wb-eq")
    Player.objects.filter(name="Spielerin 003").update(name="=1+1 Huber", club="<TC & Co>")
    workbook = load_workbook(export(tournament, tmp_path))
    players = [row for row in workbook["Spieler"].iter_rows(min_row=2, values_only=True)]
    assert ("=1+1 Huber", "<TC & Co>") in [(r[1], r[2]) for r in players]
    # Read back as text, never as a formula: the writer makes formulas only of xlsx.Formula values.
    name_cells = [cell for row in workbook["Spieler"].iter_rows(min_row=2) for cell in row[1:2]]
    assert all(cell.data_type == "s" for cell in name_cells)
    assert all(cell.data_type != "f" for row in workbook["Spiele"].iter_rows(min_row=2) for cell in row[3:8]
               if cell.value is not None)


def test_the_writer_keeps_the_sheet_contract(tmp_path):
    from datetime import datetime

    from paper.exports.sheetdata import Column, SheetData
    from paper.exports.xlsx import Formula, write_workbook

    content = write_workbook([
        SheetData("Eins", [Column("Text", 20), Column("Zahl", 10, EURO_FORMAT), Column("Wann", 16, "DD.MM.YYYY HH:MM")],
                  iter([["a & b <c>", D("1.20"), datetime(2026, 11, 21, 9, 30)], [" x ", -3, None], [True, 2.5, None],
                        [Formula("=SUM(B3:B4)"), None, None], ["=not a formula", None, None]]),
                  header_rows=[["Titel", None, "Notiz"]]),
        SheetData("Zwei", [Column("A")], iter([]), freeze="B2", filters=False),
    ])
    path = tmp_path / "x.xlsx"
    path.write_bytes(content)
    workbook = load_workbook(path)
    one, two = workbook["Eins"], workbook["Zwei"]
    assert one.freeze_panes == "A3" and one.auto_filter.ref == "A2:C7"
    assert [[c.value for c in row] for row in one.iter_rows()] == [
        ["Titel", None, "Notiz"], ["Text", "Zahl", "Wann"], ["a & b <c>", 1.2, datetime(2026, 11, 21, 9, 30)],
        [" x ", -3, None], [True, 2.5, None], ["=SUM(B3:B4)", None, None], ["=not a formula", None, None]]
    assert one["B3"].number_format == EURO_FORMAT and one["C3"].number_format == "DD.MM.YYYY HH:MM"
    assert one["A2"].font.b and one.column_dimensions["A"].width == 20
    assert two.freeze_panes == "B2" and not two.auto_filter.ref and two.max_row == 1
    assert one["A6"].data_type == "f" and one["A7"].data_type == "s"


@pytest.mark.django_db
def test_the_english_workbook_speaks_english_and_its_formulas_still_add_up(make_tournament, play_round, tmp_path):
    """One language per file: an English reader's workbook names its sheets, contracts and results in
    English (the German one in German: test_sheets_headers_and_formats), and its formulas name its sheets."""
    from django.utils import translation
    from pycel import ExcelCompiler

    from scoring.selectors import standings

    tournament = played(make_tournament, play_round, rounds=1, slug="wb-en")
    with translation.override("en"):
        path = export(tournament, tmp_path)
    workbook = load_workbook(path)
    assert workbook.sheetnames == SHEETS_EN
    col = {header: index for index, header in enumerate(C.HANDS)}
    rows = list(workbook["Hands"].iter_rows(min_row=2, values_only=True))
    assert {row[col[C.RESULT]] for row in rows} - {None} <= {"won", "lost"}
    assert not {row[col[C.RESULT]] for row in rows} & {"gewonnen", "verloren"}
    contracts = {json.loads(row[col[C.DATA]])["contract"]: row[col[C.CONTRACT]] for row in rows}
    assert contracts and all(shown == contract_name(slug, "en") for slug, shown in contracts.items())
    assert any(contract_name(slug, "en") != contract_name(slug, "de") for slug in contracts)
    sheet = workbook["Standings"]
    assert sheet["E2"].value.startswith("=SUMIFS('Hands'!")
    excel = ExcelCompiler(filename=str(path))
    ranked = {r.player.name: r for r in standings(tournament)}
    for row in range(2, sheet.max_row + 1):
        assert D(str(excel.evaluate(f"Standings!E{row}"))) == ranked[sheet.cell(row, 3).value].player.rounds.get(1, 0)


@pytest.mark.django_db
def test_the_director_gets_the_workbook_in_the_pages_language(make_tournament, play_round, director, client):
    import io

    tournament = played(make_tournament, play_round, rounds=1, slug="wb-page")
    url = f"/turniere/{tournament.slug}/druck/tournament-xlsx/"
    german = load_workbook(io.BytesIO(client.get(url, HTTP_ACCEPT_LANGUAGE="de").content))
    english = load_workbook(io.BytesIO(client.get(url, HTTP_ACCEPT_LANGUAGE="en").content))
    assert german.sheetnames == SHEETS and english.sheetnames == SHEETS_EN

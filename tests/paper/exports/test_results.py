"""Standings and settlement on paper and in Excel, read back as a person (or Excel) would."""

from __future__ import annotations

import io
import re
from decimal import Decimal as D

import pytest
from django.utils import translation
from events import play_rounds
from openpyxl import load_workbook
from pdf_tools import ink_ratio, pdf_pages, pdf_text, render_pages

from paper.exports.sheetdata import EURO_FORMAT
from paper.imports import players as player_import
from tournament import rounds


def played(make_tournament, play_round, *, charity=False, rounds=2, slug=None, **kwargs):
    """17 players (three tables of four, one of five), ``rounds`` rounds played and closed."""
    tournament = make_tournament(players=17, slug=slug or f"results-{charity}", kontra_to_charity=charity, **kwargs)
    return play_rounds(tournament, play_round, rounds)


def one_line(text: str) -> str:
    return " ".join(text.split())


def printed(needle: str, text: str) -> bool:
    """Whether ``needle`` appears as whole words in the PDF's text (pypdf gives a cell a line)."""
    return f" {one_line(needle)} " in f" {one_line(text)} "


# --- numbers as written ---------------------------------------------------------------------------


def test_euros_and_points_as_written_in_each_language():
    from paper.formats import euro_text, number_text

    with translation.override("de"):
        assert euro_text(D("1.2")) == "1,20 €"
        assert euro_text(D("-1234.5")) == "-1.234,50 €"
        assert euro_text(D("0.4"), signed=True) == "+0,40 €"
        assert number_text(D("-0.67")) == "-0,67" and number_text(D("12.00")) == "12" and number_text("") == ""
    with translation.override("en"):
        assert euro_text(D("1.2")) == "€1.20"
        assert euro_text(D("-1234.5")) == "-€1,234.50"
        assert number_text(D("2.50")) == "2.50"


def test_payment_sentence():
    from paper.exports.settlement import payment_text

    with translation.override("de"):
        assert payment_text("Anna", "Bernd", D("1.2")) == "Anna zahlt Bernd 1,20 €"


# --- standings ------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_standings_pdf_lists_everyone_like_the_public_page(make_tournament, play_round):
    from paper.formats import euro_text, number_text
    from paper.registry import get_exporter
    from scoring.selectors import standings_table

    tournament = played(make_tournament, play_round)
    file = get_exporter("standings-pdf")(tournament).render()
    assert file.filename == f"{tournament.slug}-standings.pdf" and file.content_type == "application/pdf"
    table = standings_table(tournament, tie_note=True)
    rows, columns = table.rows, table.columns
    with translation.override("de"):
        text = pdf_text(file.content)
    assert "Rangliste" in text and tournament.name in text
    assert "vorläufig: 2 von 3 Runden abgeschlossen" in one_line(text)  # round 3 still to play
    assert "Seite 1 von" in text
    for _key, header in columns:
        assert str(header).split()[0] in text
    for row in rows:
        # one line per player: rank, name, club, the rounds, total, tie-breaks, cash as written
        expected = [row["rank"], row["name"], row["club"]]
        expected += [euro_text(row[key]) if key == "cash" else number_text(row.get(key)) for key, _h in columns]
        assert printed(" ".join(value for value in expected if value != ""), text), row["name"]
    png = render_pages(file.content)[0]
    assert ink_ratio(png) > 0.02


@pytest.mark.django_db
def test_standings_pdf_long_events_repeat_the_header_and_say_final(make_tournament, play_round):
    from paper.registry import get_exporter

    tournament = played(make_tournament, play_round, rounds=2, slug="results-long")
    rounds.seat_round(round=tournament.round_set.get(number=3), seed="r3")
    play_round(tournament.round_set.get(number=3), seed=3)
    rounds.close_round(round=tournament.round_set.get(number=3))
    # 17 players fit one page; more entries without hands add rows (they rank last, at 0).
    player_import.import_players(tournament=tournament, rows=[{"name": f"Gast {i:03d}", "club": ""} for i in range(70)])
    content = get_exporter("standings-pdf")(tournament).render().content
    pages = pdf_pages(content)
    assert len(pages) >= 2
    assert all("Rang" in page and "Punkte" in page for page in pages)  # repeatRows=1
    assert "vorläufig" not in pdf_text(content)


@pytest.mark.django_db
def test_standings_xlsx_holds_the_same_values(make_tournament, play_round):
    from paper.registry import get_exporter
    from scoring.selectors import standings_table

    tournament = played(make_tournament, play_round)
    file = get_exporter("standings-xlsx")(tournament).render()
    assert file.filename.endswith("-standings.xlsx")
    workbook = load_workbook(io.BytesIO(file.content))
    sheet = workbook["Rangliste"]
    table = standings_table(tournament, tie_note=True)
    rows, columns = table.rows, table.columns
    header_row = 2  # a title line above the headers
    assert sheet.freeze_panes == "A3"
    assert sheet.auto_filter.ref == f"A2:{sheet.cell(2, 3 + len(columns)).column_letter}{2 + len(rows)}"
    headers = [cell.value for cell in sheet[header_row]]
    assert headers == ["Rang", "Name", "Verein", *[str(h) for _k, h in columns]]
    cash_col = 3 + [k for k, _h in columns].index("cash") + 1
    assert sheet.cell(3, cash_col).number_format == EURO_FORMAT
    for index, row in enumerate(rows, start=header_row + 1):
        values = [cell.value for cell in sheet[index]]
        assert values[:3] == [row["rank"], row["name"], row["club"]]
        for (key, _h), value in zip(columns, values[3:], strict=True):
            expected = row.get(key)
            if expected in ("", None):
                assert value is None
            elif key == "decided":
                assert value == expected
            else:
                assert D(str(value)) == D(expected), (row["name"], key)


# --- settlement -----------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("charity", [False, True])
def test_settlement_pdf_shows_every_table_payment_and_total(make_tournament, play_round, charity):
    from paper.exports.settlement import payment_text
    from paper.formats import euro_text, number_text
    from paper.registry import get_exporter
    from scoring.selectors import settlement

    tournament = played(make_tournament, play_round, charity=charity)
    file = get_exporter("settlement-pdf")(tournament).render()
    assert file.filename.endswith("-settlement.pdf")
    with translation.override("de"):
        text = pdf_text(file.content)
        money = settlement(tournament)
        flat = one_line(text)
        assert "Abrechnung" in text and "0,10 € je Punkt" in flat
        for table in money.tables:
            assert f"Runde {table.round_number} · Tisch {table.table_number}" in flat
            for line in table.lines:
                assert printed(f"{line.name} {number_text(line.cash_points, signed=True)} "
                               f"{euro_text(line.euros, signed=True)}", text)
            for payment in table.payments:
                sentence = payment_text(payment.payer, payment.payee, payment.amount)
                assert printed(sentence, text)
                assert sentence.endswith(euro_text(payment.amount)) and "," in sentence[-8:]
        for player in money.players:
            rounds = " ".join(euro_text(player.rounds[n], signed=True) for n in money.round_numbers)
            assert printed(f"{player.name} {player.club} {rounds} {euro_text(player.total, signed=True)}", text)
        if charity:
            assert money.box_total > 0
            assert printed(f"Spendenkassa gesamt {euro_text(money.box_total)}", text)
            assert all(printed(f"Spendenkassa {euro_text(t.box, signed=True)}", text) for t in money.tables)
        else:
            assert "Spendenkassa" not in text
    png = render_pages(file.content)[0]
    assert ink_ratio(png) > 0.02


@pytest.mark.django_db
def test_settlement_pdf_in_english_writes_euros_the_english_way(make_tournament, play_round):
    from paper.registry import get_exporter
    from scoring.selectors import settlement

    tournament = played(make_tournament, play_round, rounds=1, slug="results-en")
    with translation.override("en"):
        text = one_line(pdf_text(get_exporter("settlement-pdf")(tournament).render().content))
    payments = [p for t in settlement(tournament).tables for p in t.payments]
    assert payments and all(f"€{p.amount:.2f}" in text for p in payments)
    assert "€0.10" in text  # the stake
    assert not re.search(r"\d,\d\d €", text)  # no German amounts left


@pytest.mark.django_db
def test_settlement_xlsx_for_the_treasurer(make_tournament, play_round):
    from paper.registry import get_exporter
    from scoring.selectors import settlement

    tournament = played(make_tournament, play_round, charity=True)
    money = settlement(tournament)
    workbook = load_workbook(io.BytesIO(get_exporter("settlement-xlsx")(tournament).render().content))
    assert workbook.sheetnames == ["Tische", "Zahlungen", "Spieler", "Spendenkassa"]

    tables = workbook["Tische"]
    assert [c.value for c in tables[2]] == ["Runde", "Tisch", "Spieler", "Geldpunkte", "Euro"]
    assert tables.freeze_panes == "A3" and tables["E3"].number_format == EURO_FORMAT
    rows = [tuple(c.value for c in row) for row in tables.iter_rows(min_row=3)]
    expected = []
    for table in money.tables:
        expected += [(table.round_number, table.table_number, line.name, line.cash_points, line.euros) for line in table.lines]
        expected.append((table.round_number, table.table_number, "Spendenkassa", None, table.box))
    assert len(rows) == len(expected)
    for got, want in zip(rows, expected, strict=True):
        assert got[:3] == want[:3] and (got[3] is None) == (want[3] is None)
        assert want[3] is None or D(str(got[3])) == want[3]
        assert D(str(got[4])).quantize(D("0.01")) == want[4]
    # every table adds up to zero with its box
    per_table: dict = {}
    for got in rows:
        per_table[got[:2]] = per_table.get(got[:2], D(0)) + D(str(got[4])).quantize(D("0.01"))
    assert set(per_table.values()) == {D("0.00")}

    payments = [tuple(c.value for c in row) for row in workbook["Zahlungen"].iter_rows(min_row=2)]
    assert payments == [(t.round_number, t.table_number, p.payer, p.payee, pytest.approx(float(p.amount)))
                        for t in money.tables for p in t.payments]
    assert workbook["Zahlungen"]["E2"].number_format == EURO_FORMAT

    players = [tuple(c.value for c in row) for row in workbook["Spieler"].iter_rows(min_row=2)]
    assert [p[0] for p in players] == [p.name for p in money.players]
    for got, player in zip(players, money.players, strict=True):
        assert [D(str(v)).quantize(D("0.01")) for v in got[2:]] == [player.rounds[1], player.rounds[2], player.total]
    box = workbook["Spendenkassa"]
    assert D(str(box["B1"].value)).quantize(D("0.01")) == money.box_total


@pytest.mark.django_db
def test_settlement_of_a_tournament_without_hands(make_tournament):
    from paper.registry import get_exporter

    tournament = make_tournament(players=8, slug="results-empty")
    text = one_line(pdf_text(get_exporter("settlement-pdf")(tournament).render().content))
    assert "noch keine Spiele" in text and "vorläufig" in text
    assert get_exporter("standings-pdf")(tournament).render().content[:4] == b"%PDF"
    assert get_exporter("settlement-xlsx")(tournament).render().content[:2] == b"PK"


@pytest.mark.django_db
def test_standings_pdf_marks_withdrawn_and_absent_players(make_tournament, play_round):
    """Who withdrew keeps the rank and reads "(ausgeschieden)"; who never played reads "(nicht angetreten)",
    as on the public page."""
    from paper.registry import get_exporter
    from tournament import services
    from tournament.models import Player

    tournament = played(make_tournament, play_round, rounds=1, slug="marks")
    leaver = tournament.entries.order_by("player__name").first()
    services.withdraw(entry=leaver, after_round=1)
    services.enter_player(tournament=tournament, player=Player.objects.create(name="Nie Gekommen"))
    with translation.override("de"):
        text = one_line(pdf_text(get_exporter("standings-pdf")(tournament).render().content))
    assert f"{leaver.player.name} (ausgeschieden)" in text
    assert "Nie Gekommen (nicht angetreten)" in text

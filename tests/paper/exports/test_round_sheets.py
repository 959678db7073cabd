"""The per-round sheets (table cards, Schreibzettel, seating list), read back as a director would see them.

17 players seat round 1 as one table of five and three of four: every PDF is parsed back to text
and checked page by page against the database, rendered once to a picture, and the table cards'
QR codes are decoded.
"""

from __future__ import annotations

import html
import re
import shutil
import subprocess
from decimal import Decimal

import pytest
from django.utils import translation
from pdf_tools import ink_ratio, pdf_pages, pdf_text, qr_codes, render_pages

from language import ServiceError
from paper.exports.score_sheets import BlankScoreSheetsPdf, ScoreSheetsPdf
from paper.exports.seating_list import SeatingPdf
from paper.exports.table_cards import TableCardsPdf
from paper.formats import euro_text
from paper.formats import points_cell as number
from paper.registry import REGISTRY, ROUND
from scoring.seats import dealer_position
from scoring.selectors import round_sheets, table_sheet
from scoring.services import confirm_table
from tournament.models import Player, Round, Table
from tournament.players import sort_key
from tournament.selectors import round_tables

BASE_URL = "https://tarock.example.at"
ALL = [TableCardsPdf, ScoreSheetsPdf, BlankScoreSheetsPdf, SeatingPdf]


@pytest.fixture
def event(make_tournament):
    return make_tournament("tirol", players=17)


@pytest.fixture
def round1(event):
    return event.round_set.get(number=1)


def render(cls, event, round, **kwargs) -> bytes:
    exporter = cls(event, round=round, base_url=BASE_URL, **kwargs)
    file = exporter.render()
    assert file.content_type == "application/pdf" and file.content.startswith(b"%PDF")
    assert file.filename == f"{event.slug}-{exporter.filename()}"
    return file.content


def tables_of(round) -> list[Table]:
    return list(round.tables.order_by("number").prefetch_related("seats__entry__player"))


def seats_of(table: Table) -> list:
    return sorted(table.seats.all(), key=lambda seat: seat.position)


def lines(page: str) -> list[str]:
    return [line.strip() for line in page.splitlines()]


def hand_rows(page: str) -> list[int]:
    """The hand numbers of a Schreibzettel: a number, then the dealer's place and name."""
    return [int(n) for n in re.findall(r"^(\d+)\n\d Spielerin \d{3}$", "\n".join(lines(page)), re.MULTILINE)]


# --- the registry and the small helpers -------------------------------------------------------------


def test_registry_lists_the_round_sheets():
    listed = {export.builders: export for export in REGISTRY.of(ROUND)}
    for cls in ALL:
        assert cls.formats == ("pdf",) and str(listed[(cls,)].label)
    assert [cls.slug for cls in ALL] == ["table-cards", "score-sheets", "blank-score-sheets", "seating"]


def test_numbers_print_whole_points_without_decimals():
    assert number(Decimal("12.00")) == "12"
    assert number(Decimal("-0.00")) == "0"
    assert number(Decimal("12.00"), sign=True) == "+12"
    assert number(Decimal("-3.33"), sign=True) == "-3,33"
    assert number(Decimal("2.50")) == "2,50"
    assert number(None) == "–"
    assert euro_text(Decimal("4.60")) == "4,60 €"
    assert euro_text(Decimal("-2.20")) == "-2,20 €"
    with translation.override("en"):
        assert number(Decimal("-3.33")) == "-3.33"
        assert euro_text(Decimal("4.60")) == "€4.60"


def test_names_sort_as_on_a_german_list():
    names = ["Zach Zoe", "Ärger Anna", "bauer Berta", "Adler Alois", "Öhler Otto"]
    assert sorted(names, key=sort_key) == ["Adler Alois", "Ärger Anna", "bauer Berta", "Öhler Otto", "Zach Zoe"]


# --- reads ------------------------------------------------------------------------------------------


def test_round_sheets_match_table_sheet_in_five_queries(round1, play_round, django_assert_num_queries):
    play_round(round1, hands=10)
    round = Round.objects.select_related("tournament").get(pk=round1.pk)
    with django_assert_num_queries(5):
        sheets = round_sheets(round)
        # Building the layout reads only what is loaded: names, hands, scores.
        names = [seat.entry.player.name for sheet in sheets for seat in sheet.seats]
        contracts = [row.contract for sheet in sheets for row in sheet.rows]
    assert len(names) == 17 and len(contracts) == 4 * 10
    with django_assert_num_queries(2):
        seated = round_tables(round)
        assert [s.table.number for s in seated] == [1, 2, 3, 4]
        assert sum(len(s.seats) for s in seated) == 17
    for sheet in sheets:
        expected = table_sheet(sheet.table)
        assert [seat.pk for seat in sheet.seats] == [seat.pk for seat in expected.seats]
        assert sheet.totals == expected.totals and sheet.cash_totals == expected.cash_totals
        assert (sheet.next_number, sheet.next_dealer, sheet.next_positions) == (
            expected.next_number, expected.next_dealer, expected.next_positions)
        assert [(r.number, r.contract, r.declarer, r.dealer, r.points, r.totals) for r in sheet.rows] == [
            (r.number, r.contract, r.declarer, r.dealer, r.points, r.totals) for r in expected.rows]


def test_an_unseated_round_is_refused(make_tournament):
    event = make_tournament("tirol", players=17, seat=False)
    round = event.round_set.get(number=1)
    for cls in ALL:
        with pytest.raises(ServiceError) as error:
            cls(event, round=round, base_url=BASE_URL).render()
        assert error.value.message("de") == "Runde 1 ist noch nicht ausgelost."
        assert error.value.message("en") == "Round 1 has not been drawn yet."


# --- table cards ------------------------------------------------------------------------------------


def test_table_cards_one_page_per_table(event, round1):
    pages = pdf_pages(render(TableCardsPdf, event, round1))
    tables = tables_of(round1)
    assert len(pages) == len(tables) == 4
    assert [len(table.seats.all()) for table in tables] == [5, 4, 4, 4]
    for page, table in zip(pages, tables, strict=True):
        text = "\n".join(lines(page))
        assert "Tischkarten – Runde 1" in text and event.name in text
        assert f"TISCH\n{table.number}\n" in text
        for seat in seats_of(table):
            assert f"\n{seat.position + 1}\n{seat.entry.player.name}\n" in text
        first = seats_of(table)[0].entry.player.name
        assert text.count("gibt zuerst") == 1
        assert f"{first}\ngibt zuerst" in text  # the mark stands in the first dealer's row
        if len(table.seats.all()) == 5:
            assert table.hands_planned == 20
            assert "20 Spiele – Fünfertisch: wer gibt, setzt aus" in text
        else:
            assert table.hands_planned == 16
            assert "\n16 Spiele\n" in text
        assert f"{BASE_URL}/t/{table.token}/" in text
        assert "QR-Code" in text and "bestätigen" in text


def test_table_card_qr_codes_open_the_scorer_page(event, round1):
    content = render(TableCardsPdf, event, round1)
    pictures = render_pages(content, dpi=150, first=1, last=4)
    assert len(pictures) == 4
    for picture, table in zip(pictures, tables_of(round1), strict=True):
        assert qr_codes(picture) == [f"{BASE_URL}/t/{table.token}/"]


def test_final_round_cards_say_so(event, round1):
    round1.is_final = True
    text = pdf_text(render(TableCardsPdf, event, round1))
    assert "Finalrunde" in text and "Runde 1" not in text


# --- Schreibzettel ----------------------------------------------------------------------------------


def test_filled_score_sheets_show_every_hand_and_the_totals(event, round1, play_round):
    play_round(round1)
    confirmed = round1.tables.get(number=2)
    confirm_table(table=confirmed, expected_version=Table.objects.get(pk=confirmed.pk).version,
                  names="Anna, Bernd")
    pages = pdf_pages(render(ScoreSheetsPdf, event, round1))
    tables = tables_of(round1)
    assert len(pages) == len(tables)
    sheets = round_sheets(Round.objects.select_related("tournament").get(pk=round1.pk))
    for page, table, sheet in zip(pages, tables, sheets, strict=True):
        size = len(sheet.seats)
        rows = lines(page)
        assert rows[0].startswith(f"Tisch {table.number}")
        # Every hand: number, dealer, contract and declarer, each player's points and running total.
        for row in sheet.rows:
            dealer = sheet.seats[row.dealer].entry.player.name
            start = rows.index(f"{row.dealer + 1} {dealer}", rows.index("Stand"))
            while rows[start - 1] != str(row.number):
                start = rows.index(f"{row.dealer + 1} {dealer}", start + 1)
            assert rows[start + 1] == f"{row.contract} · {row.declarer}"
            # Then partner, kontras and bonuses, wrapped at spaces (two lines, three at the smallest size).
            detail_lines = 0
            if row.details:
                detail_lines = next(n for n in (1, 2, 3, 4)
                                    if " ".join(rows[start + 2:start + 2 + n]) == " · ".join(row.details))
            begin = start + 2 + detail_lines
            expected = []
            for points, total in row.cells:
                expected += ["–" if points is None else number(points, sign=True), number(total)]
            assert rows[begin:begin + 2 * size] == expected
        assert len(sheet.rows) == table.hands_planned
        # The totals row equals the site's sheet; tirol keeps kontras out of the standings, so the
        # money (cash points × 10 cent) is printed as well.
        total_at = rows.index("Summe")
        assert rows[total_at + 1:total_at + 1 + size] == [number(total) for total in sheet.totals]
        money_at = rows.index("Geld (€)")
        assert rows[money_at + 1:money_at + 1 + size] == [euro_text(euro) for euro in sheet.euros]
        assert sheet.euros == [(cash * Decimal("0.10")).quantize(Decimal("0.01")) for cash in sheet.cash_totals]
        text = "\n".join(rows)
        if table.pk == confirmed.pk:
            assert re.search(r"bestätigt am \d\d\.\d\d\.\d{4} \d\d:\d\d von Anna, Bernd", text)
            assert "nicht bestätigt" not in text and "Unterschriften" not in text
        else:
            assert "nicht bestätigt" in text and "Unterschriften" in text
        # The dealer's empty cell at the table of five: one dash per hand.
        dashes = sum(1 for line in rows if line == "–")
        assert dashes == (20 if size == 5 else 0)


def test_a_table_ended_early_prints_the_hands_it_played(event, round1, play_round):
    play_round(round1, hands=6)
    Table.objects.filter(round=round1, number=3).update(ended_early=True)
    pages = pdf_pages(render(ScoreSheetsPdf, event, round1))
    text = "\n".join(lines(pages[2]))
    assert "vorzeitig beendet" in text and "nicht bestätigt" in text
    assert hand_rows(text) == list(range(1, 7))
    # A table still playing keeps its empty rows for the hands to come.
    assert hand_rows(pages[1]) == list(range(1, 17)) and "vorzeitig" not in pages[1]


def assert_blank(page: str, table: Table) -> None:
    """Names printed, one row per planned hand with its dealer, no points, a signature line."""
    seats = seats_of(table)
    size = len(seats)
    text = "\n".join(lines(page))
    for hand in range(1, table.hands_planned + 1):
        dealer = dealer_position(hand, size)
        assert f"\n{hand}\n{dealer + 1} {seats[dealer].entry.player.name}\n" in text
    assert hand_rows(page) == list(range(1, table.hands_planned + 1))
    assert table.hands_planned == (20 if size == 5 else 16)
    assert text.count("\n–\n") == (20 if size == 5 else 0)
    after_total = lines(page)[lines(page).index("Summe") + 1]
    assert after_total.startswith("Zettel geprüft")  # an empty totals row
    signatures = lines(page)[lines(page).index(after_total) + 1:][:size]
    assert signatures == [seat.entry.player.name for seat in seats]
    assert not re.search(r"^[+-]\d", text, re.MULTILINE)


def test_blank_score_sheets_have_a_row_per_planned_hand(event, round1, play_round):
    play_round(round1)  # stored hands are never printed on the blank sheet
    pages = pdf_pages(render(BlankScoreSheetsPdf, event, round1))
    tables = tables_of(round1)
    assert len(pages) == len(tables)
    for page, table in zip(pages, tables, strict=True):
        assert page.startswith(f"Tisch {table.number}")
        assert "Schreibzettel (leer) – Runde 1" in page
        assert_blank(page, table)
        assert "Rufer" not in page and "bestätigt am" not in page


def test_score_sheets_of_a_round_without_hands_are_the_paper_fallback(event, round1):
    pages = pdf_pages(render(ScoreSheetsPdf, event, round1))
    for page, table in zip(pages, tables_of(round1), strict=True):
        assert_blank(page, table)
        assert "nicht bestätigt" not in page  # nothing to confirm on the site yet: the players sign


@pytest.mark.parametrize("cls", [ScoreSheetsPdf, BlankScoreSheetsPdf], ids=["filled", "blank"])
def test_score_sheet_heads_name_every_player_and_club(event, round1, play_round, cls):
    """The dark band over each player's columns: place, name and club, a long name and club wrapped at
    spaces inside the column (the row grows with them), then the "+/−" and "Stand" row."""
    play_round(round1, hands=2)
    Player.objects.filter(name="Spielerin 005").update(name="Maximiliane Theresia von Hohenberg",
                                                       club="Tarockrunde Sankt Johann im Pongau")
    pages = pdf_pages(render(cls, event, round1))
    tables = tables_of(round1)
    assert len(pages) == len(tables)
    for page, table in zip(pages, tables, strict=True):
        rows = lines(page)
        head = " ".join(rows[1:rows.index("#")])
        assert head == " ".join(f"{seat.position + 1} · {seat.entry.player.name} {seat.entry.player.club}"
                                for seat in seats_of(table))
        size = len(seats_of(table))
        assert rows[rows.index("#"):rows.index("#") + 3 + 2 * size] == ["#", "Geber", "Spiel"] + ["+/−", "Stand"] * size
    assert any("Hohenberg" in page for page in pages)


# --- seating list -----------------------------------------------------------------------------------


def test_seating_list_by_table_and_by_name(event, round1):
    # Names that sort differently by bytes and on a German list.
    renames = {"Spielerin 003": "Ärger Anna", "Spielerin 007": "bauer Berta", "Spielerin 011": "Zach Zoe"}
    for old, new in renames.items():
        player = Player.objects.get(name=old)
        player.name = new
        player.save()
    pages = pdf_pages(render(SeatingPdf, event, round1))
    tables = tables_of(round1)
    by_table, by_name = lines(pages[0]), lines("\n".join(pages[1:]))
    assert by_table[0] == "Nach Tischen"
    for table in tables:
        start = by_table.index(str(table.number), by_table.index("Platz 5"))
        assert by_table[start + 1:start + 1 + len(seats_of(table))] == [s.entry.player.name for s in seats_of(table)]

    assert by_name[0] == "Wo sitze ich? – nach Namen"
    found = re.findall(r"^(.+)\nTC Test\n(\d+)\n(\d)$", "\n".join(by_name), re.MULTILINE)
    where = {seat.entry.player.name: (str(table.number), str(seat.position + 1))
             for table in tables for seat in table.seats.all()}
    assert len(found) == 17 and {name for name, _t, _p in found} == set(where)  # each player once
    for name, table_number, place in found:
        assert where[name] == (table_number, place)
    # Two blocks side by side: the text runs row by row, left then right.
    names = [name for name, _t, _p in found]
    assert names[0::2] + names[1::2] == sorted(where, key=sort_key)
    assert names[0::2][:2] == ["Ärger Anna", "bauer Berta"]


# --- as pictures, and in English ------------------------------------------------------------------------


@pytest.mark.parametrize("cls", ALL, ids=lambda cls: cls.identifier)
def test_first_page_is_not_blank(event, round1, play_round, cls):
    play_round(round1, hands=4)
    [picture] = render_pages(render(cls, event, round1), dpi=50)
    assert ink_ratio(picture) > 0.03


def test_english_labels(event, round1, play_round):
    play_round(round1, hands=3)
    with translation.override("en"):
        cards = pdf_text(render(TableCardsPdf, event, round1))
        sheets = pdf_text(render(ScoreSheetsPdf, event, round1))
        seating = pdf_text(render(SeatingPdf, event, round1))
    assert "TABLE" in cards and "TISCH" not in cards
    assert "Dealer" in sheets and "Total" in sheets and "Geber" not in sheets
    assert "Club" in seating and "Verein" not in seating



def test_seating_list_names_who_sits_out(make_tournament):
    tournament = make_tournament("hopfgarten", players=7, slug="byes-wall")  # only tables of four: three sit out
    round1 = tournament.round_set.get(number=1)
    out = list(round1.byes.values_list("entry__player__name", flat=True))
    text = pdf_text(render(SeatingPdf, tournament, round1))
    assert "Freilos" in text and len(out) == 3 and all(name in text for name in out)



def band_words(content: bytes, page: int) -> set[str]:
    """The words pdftotext finds in a Schreibzettel's names' band: below the "Tisch" heading, above the
    "#  Geber  Spiel" row (the dealer column and the signatures print the names too)."""
    boxes = subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page), "-", "-"], input=content,
                           capture_output=True, check=True).stdout.decode()
    words = [(float(top), float(bottom), html.unescape(word)) for top, bottom, word in
             re.findall(r'<word xMin="[^"]+" yMin="([^"]+)" xMax="[^"]+" yMax="([^"]+)">([^<]*)</word>', boxes)]
    heading = next(bottom for _top, bottom, word in words if word == "Tisch")
    band_end = next(top for top, _bottom, word in words if word == "#")
    return {word for top, bottom, word in words if top >= heading and bottom <= band_end}


LONG_NAMES = ["Theresia Pichlmayr-Aigner", "Maximilian Brandstätter", "Bernhard Oberleitner", "Johann Steinbichler",
              "Maximiliane Brandstätter-Oberleitner", "Hildegard Zwischenbrugger"]


@pytest.mark.parametrize("cls", [ScoreSheetsPdf, BlankScoreSheetsPdf], ids=["filled", "blank"])
@pytest.mark.parametrize("players", [17, 11], ids=["five", "six"])
def test_long_names_print_whole_words_in_the_sheet_head(make_tournament, play_round, cls, players):
    """A name wraps at its spaces or shrinks, never mid-word ("Brandstät ter", "Oberleitne r"): pdftotext
    reads every word of every name whole in the names' band, at the table of five or six where the columns
    are narrowest (the dealer column and the signatures print the names too: only the band is read)."""
    assert shutil.which("pdftotext"), "pdftotext missing: apt-get install poppler-utils"
    event = make_tournament("tirol", players=players, tables_of_six=True)
    round1 = event.round_set.get(number=1)
    play_round(round1, hands=2)
    tables = tables_of(round1)
    widest = max(tables, key=lambda table: len(seats_of(table)))
    names = LONG_NAMES[:len(seats_of(widest))]
    for seat, name in zip(seats_of(widest), names, strict=True):
        Player.objects.filter(pk=seat.entry.player_id).update(name=name)
    content = render(cls, event, round1)
    page = tables.index(widest) + 1
    words = band_words(content, page)
    for name in names:
        for word in name.split():  # whole, or broken after its hyphen ("Pichlmayr-" / "Aigner")
            assert word in words or set(re.findall(r"[^-]+-?", word)) <= words, (word, sorted(words))

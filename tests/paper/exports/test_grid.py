"""paper.exports.pdf.Grid: a fixed table drawn on the canvas prints what reportlab's Table prints for
the same cells, and its text reads in the cells' order."""

from __future__ import annotations

import io

import pytest
from pdf_tools import pdf_pages, render_pages
from PIL import Image, ImageChops
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import PageBreak, SimpleDocTemplate, Table, TableStyle

from paper.exports.pdf import FONT, FONT_BOLD, GRID, HEADER_BG, SHADE, Grid, register_fonts

WIDTHS = [10 * mm, 40 * mm, 25 * mm, 25 * mm]
HEIGHTS = [14 * mm, 6 * mm, 8 * mm, 8 * mm, 9 * mm]
ROWS = [  # what the cells say, row by row; None: covered by the span to its left
    ["", "Anna Berger\nTC Wien", None, "Bert"],
    ["#", "Spiel", "+/−", "Stand"],
    ["1", "Solo · Anna", "+12", "–"],
    ["2", "Rufer · Bert\nKontra", "−6", "6"],
    ["Summe", None, "18", "6"],
]


@pytest.fixture(autouse=True)
def fonts():
    register_fonts()


def table() -> Table:
    style = [
        ("FONTNAME", (0, 0), (-1, -1), FONT), ("FONTSIZE", (0, 0), (-1, -1), 8),
        ("LEADING", (0, 2), (-1, -1), 9), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("BACKGROUND", (0, 0), (-1, 0), HEADER_BG), ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
        ("FONTNAME", (0, 0), (-1, 1), FONT_BOLD), ("BACKGROUND", (0, 1), (-1, 1), SHADE),
        ("ROWBACKGROUNDS", (0, 2), (-1, 3), [colors.white, SHADE]),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"), ("ALIGN", (1, 2), (1, -1), "LEFT"), ("ALIGN", (2, 2), (-1, -1), "RIGHT"),
        ("ALIGN", (3, 2), (3, 2), "CENTER"), ("BACKGROUND", (3, 2), (3, 2), colors.HexColor("#BBBBBB")),
        ("FONTSIZE", (1, 3), (1, 3), 7), ("LEADING", (1, 3), (1, 3), 8),
        ("SPAN", (1, 0), (2, 0)), ("SPAN", (0, 4), (1, 4)), ("ALIGN", (0, 4), (1, 4), "LEFT"),
        ("FONTNAME", (0, 4), (-1, 4), FONT_BOLD), ("FONTSIZE", (0, 4), (-1, 4), 10),
        ("BACKGROUND", (0, 4), (-1, 4), SHADE),
        ("GRID", (0, 0), (-1, -1), 0.4, GRID), ("LINEBEFORE", (2, 0), (2, -1), 1.2, colors.black),
        ("LINEABOVE", (0, 4), (-1, 4), 1.2, colors.black),
    ]
    return Table([[cell or "" for cell in row] for row in ROWS], colWidths=WIDTHS, rowHeights=HEIGHTS,
                 style=TableStyle(style), hAlign="LEFT")


def grid() -> Grid:
    drawn = Grid(WIDTHS, HEIGHTS, padding=3)
    drawn.fill(HEADER_BG, 0, 0)
    drawn.fill(SHADE, 0, 1)
    drawn.fill(colors.white, 0, 2)
    drawn.fill(SHADE, 0, 3)
    drawn.fill(colors.HexColor("#BBBBBB"), 3, 2, 1)
    drawn.fill(SHADE, 0, 4)
    drawn.text(1, 0, [("Anna Berger", FONT_BOLD, 8), ("TC Wien", FONT_BOLD, 8)], leading=12, color=colors.white,
               span=2)
    drawn.text(3, 0, [("Bert", FONT_BOLD, 8)], leading=12, color=colors.white)
    for column, label in enumerate(ROWS[1]):
        drawn.text(column, 1, [(label, FONT_BOLD, 8)], leading=12)
    drawn.text(0, 2, [("1", FONT, 8)], leading=9)
    drawn.text(1, 2, [("Solo · Anna", FONT, 8)], leading=9, align="LEFT")
    drawn.text(2, 2, [("+12", FONT, 8)], leading=9, align="RIGHT")
    drawn.text(3, 2, [("–", FONT, 8)], leading=9)
    drawn.text(0, 3, [("2", FONT, 8)], leading=9)
    drawn.text(1, 3, [("Rufer · Bert", FONT, 7), ("Kontra", FONT, 7)], leading=8, align="LEFT")
    drawn.text(2, 3, [("−6", FONT, 8)], leading=9, align="RIGHT")
    drawn.text(3, 3, [("6", FONT, 8)], leading=9, align="RIGHT")
    drawn.text(0, 4, [("Summe", FONT_BOLD, 10)], leading=9, align="LEFT", span=2)
    drawn.text(2, 4, [("18", FONT_BOLD, 10)], leading=9, align="RIGHT")
    drawn.text(3, 4, [("6", FONT_BOLD, 10)], leading=9, align="RIGHT")
    drawn.grid(0.4, GRID, {0: {2}, 4: {1}})
    drawn.vline(2, 1.2, colors.black, gaps=[0])  # as Table: not through the span above
    drawn.hline(4, 1.2, colors.black)
    return drawn


def pdf(*flowables) -> bytes:
    buffer = io.BytesIO()
    SimpleDocTemplate(buffer).build(list(flowables))
    return buffer.getvalue()


def test_a_grid_prints_what_a_table_prints():
    content = pdf(table(), PageBreak(), grid())
    [table_page, grid_page] = render_pages(content, dpi=100, first=1, last=2)
    with Image.open(table_page) as drawn_by_table, Image.open(grid_page) as drawn_by_grid:
        assert ImageChops.difference(drawn_by_table.convert("RGB"), drawn_by_grid.convert("RGB")).getbbox() is None
        assert drawn_by_grid.convert("L").getextrema()[0] < 100  # something was drawn


def test_a_grid_reads_cell_by_cell_and_is_as_big_as_its_rows():
    drawn = grid()
    assert drawn.wrap(0, 0) == (sum(WIDTHS), sum(HEIGHTS))
    [text] = pdf_pages(pdf(drawn))
    cells = [cell for row in ROWS for cell in row if cell]
    assert [line.strip() for line in text.strip().split("\n")] == [line for cell in cells for line in cell.split("\n")]

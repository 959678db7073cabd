"""The PDF side of the exporter interface: fonts, the common table look, and PdfExporter, which owns
the page (A4, margins), the header (sheet title, tournament, date, venue) and the footer (printed
when, "Seite x von y"); a PDF exporter only builds its story."""

from __future__ import annotations

import io
import weakref
from abc import abstractmethod
from datetime import datetime
from pathlib import Path
from typing import Any, ClassVar
from xml.sax.saxutils import escape

from django.utils import timezone, translation
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject
from reportlab.platypus import Flowable, Paragraph, SimpleDocTemplate, Table

from paper.exports.base import Exporter

# DejaVu covers the names of every Tarock country (č, ł, ő …); Debian's fonts-dejavu-core has it
# and .ci/run installs it. Without it, reportlab's own Bitstream Vera (Latin-1, same metrics family)
# keeps `make run` working on a bare machine.
FONT_DIRS = [Path("/usr/share/fonts/truetype/dejavu")]
FONT, FONT_BOLD = "SheetSans", "SheetSans-Bold"


def register_fonts() -> None:
    if FONT in pdfmetrics.getRegisteredFontNames():
        return
    for folder in FONT_DIRS:
        regular, bold = folder / "DejaVuSans.ttf", folder / "DejaVuSans-Bold.ttf"
        if regular.exists() and bold.exists():
            break
    else:
        import reportlab

        folder = Path(reportlab.__file__).parent / "fonts"
        regular, bold = folder / "Vera.ttf", folder / "VeraBd.ttf"
    pdfmetrics.registerFont(TTFont(FONT, str(regular)))
    pdfmetrics.registerFont(TTFont(FONT_BOLD, str(bold)))
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=FONT_BOLD, italic=FONT, boldItalic=FONT_BOLD)


def styles() -> dict[str, ParagraphStyle]:
    register_fonts()
    base = getSampleStyleSheet()
    return {
        "body": ParagraphStyle("body", parent=base["Normal"], fontName=FONT, fontSize=10, leading=13),
        "small": ParagraphStyle("small", parent=base["Normal"], fontName=FONT, fontSize=8, leading=10),
        "title": ParagraphStyle("title", parent=base["Title"], fontName=FONT_BOLD, fontSize=18, leading=22,
                                alignment=0, spaceAfter=4 * mm),
        "heading": ParagraphStyle("heading", parent=base["Heading2"], fontName=FONT_BOLD, fontSize=13, leading=16,
                                  spaceBefore=3 * mm, spaceAfter=2 * mm),
        "big": ParagraphStyle("big", parent=base["Normal"], fontName=FONT_BOLD, fontSize=28, leading=34),
    }


GRID = colors.HexColor("#888888")
SHADE = colors.HexColor("#EEEEEE")
HEADER_BG = colors.HexColor("#2F4F4F")


def table_style(header_rows: int = 1, *, font_size: float = 9) -> list[tuple]:
    """The common look of a table on paper: grid, dark header, light stripes, numbers right."""
    register_fonts()
    return [
        ("FONTNAME", (0, 0), (-1, -1), FONT),
        ("FONTSIZE", (0, 0), (-1, -1), font_size),
        ("FONTNAME", (0, 0), (-1, header_rows - 1), FONT_BOLD),
        ("BACKGROUND", (0, 0), (-1, header_rows - 1), HEADER_BG),
        ("TEXTCOLOR", (0, 0), (-1, header_rows - 1), colors.white),
        ("GRID", (0, 0), (-1, -1), 0.4, GRID),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ROWBACKGROUNDS", (0, header_rows), (-1, -1), [colors.white, SHADE]),
    ]


class _NumberedCanvas(Canvas):
    """Holds every page back until the end, so each footer can say "Seite x von y"."""

    def __init__(self, *args, footer=None, **kwargs):
        super().__init__(*args, **kwargs)
        self._pages: list[dict] = []
        self._footer = footer

    def showPage(self):  # noqa: N802 - reportlab's name
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self):
        total = len(self._pages)
        for state in self._pages:
            self.__dict__.update(state)
            if self._footer is not None:
                self._footer(self, self._pageNumber, total)
            super().showPage()
        super().save()


class PdfExporter(Exporter):
    """Page template, fonts, header and footer for every PDF; subclasses build ``story()``."""

    formats = ("pdf",)
    landscape: ClassVar[bool] = False
    margin = 14 * mm

    @abstractmethod
    def title(self) -> str:
        """The sheet's name, printed in every page's header."""

    @abstractmethod
    def story(self) -> list:
        """The flowables of the document (reportlab platypus)."""

    @property
    def pagesize(self):
        return landscape(A4) if self.landscape else A4

    def subtitle(self) -> str:
        parts = [self.tournament.name, self.tournament.date.strftime("%d.%m.%Y")]
        if self.tournament.venue:
            parts.append(self.tournament.venue)
        return " · ".join(parts)

    def render_bytes(self) -> bytes:
        self.styles = styles()
        self.printed_at: datetime = timezone.localtime()
        buffer = io.BytesIO()
        document = SimpleDocTemplate(
            buffer, pagesize=self.pagesize, leftMargin=self.margin, rightMargin=self.margin,
            topMargin=self.margin + 10 * mm, bottomMargin=self.margin + 6 * mm,
            title=f"{self.title()} – {self.tournament.name}", author=self.tournament.name,
            creator="Tarock-Turnier",
        )
        language = translation.get_language()
        footer_text = _("gedruckt %(when)s") % {"when": self.printed_at.strftime("%d.%m.%Y %H:%M")}

        def footer(canvas: Canvas, page: int, total: int) -> None:
            with translation.override(language):
                page_text = _("Seite %(page)s von %(total)s") % {"page": page, "total": total}
            width, height = self.pagesize
            canvas.saveState()
            canvas.setFont(FONT_BOLD, 10)
            canvas.drawString(self.margin, height - self.margin - 2 * mm, self.title())
            canvas.setFont(FONT, 9)
            canvas.drawRightString(width - self.margin, height - self.margin - 2 * mm, self.subtitle())
            canvas.setStrokeColor(GRID)
            canvas.line(self.margin, height - self.margin - 4 * mm, width - self.margin, height - self.margin - 4 * mm)
            canvas.setFont(FONT, 8)
            canvas.drawString(self.margin, self.margin, footer_text)
            canvas.drawRightString(width - self.margin, self.margin, page_text)
            canvas.restoreState()

        def canvasmaker(*args, **kwargs):
            return _NumberedCanvas(*args, footer=footer, **kwargs)

        document.build(self.story(), canvasmaker=canvasmaker)
        return buffer.getvalue()


def fit_text(text: str, width: float, style: ParagraphStyle, font_size: float) -> Any:
    """Plain text where it fits the column (fast), a wrapping Paragraph where it does not."""
    if stringWidth(text, FONT, font_size) <= width - 4:
        return text
    return Paragraph(escape(text), style)


class CachedText(PDFTextObject):
    """A text object that encodes each distinct string once per document.

    Encoding a string for a TrueType font (the subset's character codes, escaped) is most of what
    writing a cell's text costs, and a round's score sheets write the same few hundred numbers and
    names 50,000 times. A string's encoding depends on the font, size, leading and the subset in use
    before it (the operators switching subsets), and stays the same once its characters have codes
    in the document's subsets, which its first encoding gives them."""

    _documents: ClassVar[weakref.WeakKeyDictionary] = weakref.WeakKeyDictionary()

    def __init__(self, canvas: Canvas):
        super().__init__(canvas)
        self._encoded = self._documents.setdefault(canvas._doc, {})

    def _formatText(self, text):  # noqa: N802 - reportlab's name
        key = (self._fontname, self._fontsize, self._leading, self._curSubset, text)
        found = self._encoded.get(key)
        if found is None:
            found = self._encoded[key] = (super()._formatText(text), self._curSubset)
        self._curSubset = found[1]
        return found[0]


class TextTable(Table):
    """A Table that writes its plain-text cells into one PDF text object, not one each.

    reportlab's Table draws every text cell through canvas.drawString: a text object, its font and its
    position for each of a round's 50,000 score-sheet cells, about a third of the sheet's time. Here the
    cells are laid out and styled by Table exactly as before (the same x and y, font, size, leading and
    colour per cell, as Table._drawCell computes them); only the writing is gathered. Flowables in
    cells, links and right-to-left text take Table's own path."""

    def draw(self):
        self._text = None
        super().draw()

    def _write(self) -> None:
        """The text gathered so far goes out: before a cell Table draws itself and before the rules,
        so the page's content keeps Table's order."""
        if self._text is not None:
            self.canv.drawText(self._text)
            self._text = None

    def _drawLines(self):  # noqa: N802 - reportlab's name
        self._write()
        super()._drawLines()

    def _drawCell(self, cellval, cellstyle, pos, size):  # noqa: N802 - reportlab's name
        if (isinstance(cellval, (tuple, list, Flowable)) or cellstyle.href or cellstyle.destination
                or cellstyle.direction or cellstyle.shaping or cellstyle.alignment not in _ALIGNED):
            self._write()
            return super()._drawCell(cellval, cellstyle, pos, size)
        lines = str(cellval).split("\n")
        canvas, leading, fontsize, fontname = self.canv, cellstyle.leading, cellstyle.fontsize, cellstyle.fontname
        written = self._text
        if written is None:
            written = self._text = canvas.beginText()
            self._text_style = None
        current = self._text_style
        if current is not cellstyle:
            if current is None or cellstyle.color != current.color:
                written.setFillColor(cellstyle.color)
            if (current is None or leading != current.leading or fontname != current.fontname
                    or fontsize != current.fontsize):
                written.setFont(fontname, fontsize, leading)
            self._text_style = cellstyle
        colpos, rowpos = pos
        colwidth, rowheight = size
        valign = cellstyle.valign
        if valign == "BOTTOM":
            y = rowpos + cellstyle.bottomPadding + len(lines) * leading - fontsize
        elif valign == "TOP":
            y = rowpos + rowheight - cellstyle.topPadding - fontsize
        else:
            y = rowpos + (cellstyle.bottomPadding + rowheight - cellstyle.topPadding + len(lines) * leading) / 2.0 - fontsize
        just = cellstyle.alignment
        for line in lines:
            if just == "LEFT":
                x = colpos + cellstyle.leftPadding
            elif just == "RIGHT":
                x = colpos + colwidth - cellstyle.rightPadding - stringWidth(line, fontname, fontsize)
            else:
                x = colpos + (colwidth + cellstyle.leftPadding - cellstyle.rightPadding) * 0.5 - 0.5 * stringWidth(
                    line, fontname, fontsize)
            written.setTextOrigin(x, y)
            written.textLine(line)
            y -= leading
        return None


_ALIGNED = frozenset(("LEFT", "RIGHT", "CENTRE", "CENTER"))


class WholeTable(TextTable):
    """A table never split across pages: where it does not fit, it starts the next page (cheaper
    than KeepTogether, which wraps everything twice)."""

    def split(self, availWidth, availHeight):  # noqa: N803 - reportlab's names
        return []


class Grid(Flowable):
    """A table whose column widths and row heights are fixed, drawn straight onto the canvas: the
    backgrounds, then every cell's text in one text object, then the rules, as reportlab's Table draws
    them (the same positions, fonts and line segments).

    A Table first gives every cell a style object, resolves each style command cell by cell and
    measures every cell to size its rows: for a round's 250 score sheets (50,000 cells) that
    bookkeeping cost more than the drawing. Here the caller places each cell's text itself. Text is
    vertically centred as Table's "MIDDLE"; cells are ``padding`` points in from each side."""

    def __init__(self, widths: list[float], heights: list[float], *, padding: float = 3):
        super().__init__()
        self.width, self.height = sum(widths), sum(heights)
        self.x = [0.0]
        for width in widths:
            self.x.append(self.x[-1] + width)
        self.y = [self.height]  # the top of each row, then the bottom of the last
        for height in heights:
            self.y.append(self.y[-1] - height)
        self.padding = padding
        self.fills: list[tuple] = []
        self.lines: list[tuple] = []  # (x, baseline, font, size, colour, text), in reading order
        self.rules: list[tuple] = []

    def wrap(self, availWidth, availHeight):  # noqa: N803 - reportlab's names
        return self.width, self.height

    def fill(self, color, column: int, row: int, columns: int | None = None) -> None:
        """A background in ``row`` from ``column`` over ``columns`` columns (all that follow when None)."""
        end = len(self.x) - 1 if columns is None else column + columns
        x, top, bottom = self.x[column], self.y[row], self.y[row + 1]
        self.fills.append((color, x, bottom, self.x[end] - x, top - bottom))

    def text(self, column: int, row: int, lines: list[tuple[str, str, float]], *, leading: float,
             align: str = "CENTER", color=colors.black, span: int = 1) -> None:
        """A cell's lines, each (text, font, size), ``leading`` apart, aligned "LEFT", "RIGHT" or
        "CENTER" in the cell (over ``span`` columns). The first line's size places the block as Table
        places a text cell (and a Paragraph its first line)."""
        left, right = self.x[column] + self.padding, self.x[column + span] - self.padding
        top, bottom = self.y[row], self.y[row + 1]
        baseline = bottom + (top - bottom + len(lines) * leading) / 2 - lines[0][2]
        for text, font, size in lines:
            if align == "LEFT":
                x = left
            elif align == "RIGHT":
                x = right - stringWidth(text, font, size)
            else:
                x = (left + right) / 2 - stringWidth(text, font, size) / 2
            self.lines.append((x, baseline, font, size, color, text))
            baseline -= leading

    def hline(self, row: int, weight: float, color) -> None:
        """A rule across the grid along the top of ``row`` (the bottom of the grid for ``len(heights)``)."""
        y = self.y[row]
        self.rules.append((weight, color, 0.0, y, self.x[-1], y))

    def vline(self, column: int, weight: float, color, gaps=()) -> None:
        """A rule along the left edge of ``column`` from the bottom to the top, broken in the rows ``gaps``
        (where a cell spans over it), segment by segment from the bottom as Table draws it."""
        x, bottom = self.x[column], self.y[-1]
        for row in sorted(gaps, reverse=True):
            if self.y[row + 1] > bottom:
                self.rules.append((weight, color, x, bottom, x, self.y[row + 1]))
            bottom = self.y[row]
        if bottom < self.y[0]:
            self.rules.append((weight, color, x, bottom, x, self.y[0]))

    def grid(self, weight: float, color, spans: dict[int, set[int]]) -> None:
        """Table's "GRID": the box, then the inner lines; ``spans``: the column edges a cell spans
        over, by row, where no vertical line is drawn."""
        rows, columns = len(self.y) - 1, len(self.x) - 1
        gaps_at: dict[int, list[int]] = {}
        for row, edges in spans.items():
            for column in edges:
                gaps_at.setdefault(column, []).append(row)
        self.hline(0, weight, color)
        self.hline(rows, weight, color)
        self.vline(0, weight, color)
        self.vline(columns, weight, color)
        for row in range(1, rows):
            self.hline(row, weight, color)
        for column in range(1, columns):
            self.vline(column, weight, color, gaps_at.get(column, ()))

    def draw(self):
        # Colours are compared by identity: Color's equality costs more than setting it again.
        canvas = self.canv
        canvas.saveState()
        current = None
        for color, x, y, width, height in self.fills:
            if color is not current:
                canvas.setFillColor(color)
                current = color
            canvas.rect(x, y, width, height, stroke=0, fill=1)
        text = CachedText(canvas)
        style = current = None
        for x, y, font, size, color, line in self.lines:
            if color is not current:
                text.setFillColor(color)
                current = color
            if (font, size) != style:
                text.setFont(font, size)
                style = font, size
            text.setTextOrigin(x, y)
            text.textLine(line)
        canvas.drawText(text)
        canvas.setLineCap(1)  # Table's rules: round caps and joins
        canvas.setLineJoin(1)
        current = None
        for weight, color, x0, y0, x1, y1 in self.rules:
            if (weight, color) != current:
                canvas.setStrokeColor(color)
                canvas.setLineWidth(weight)
                current = weight, color
            canvas.line(x0, y0, x1, y1)
        canvas.restoreState()

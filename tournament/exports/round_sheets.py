"""The sheets a director prints before and after a round: table cards, Schreibzettel, seating list.

- TableCardsPdf: one page per table to put on it: table number, players in seat order, who deals
  first, how many hands, and the scorer's link as a QR code.
- ScoreSheetsPdf: one Schreibzettel per table: filled in where hands are stored (points, running
  totals, totals, confirmation), the blank paper sheet where none are.
- BlankScoreSheetsPdf: the same sheet, always blank, to print before the round.
- SeatingPdf: the wall list: by table, then alphabetically by player ("Wo sitze ich?").

The whole round is read up front (tournament/exports/round_data.py: a fixed number of queries);
the layout code below never runs a query. A round without tables has not been drawn yet: render()
refuses it with a ServiceError.
"""

from __future__ import annotations

import itertools
import unicodedata
from decimal import Decimal
from typing import ClassVar
from xml.sax.saxutils import escape

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext
from reportlab.graphics.barcode import qrencoder
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, KeepInFrame, PageBreak, Paragraph, Spacer, Table, TableStyle

from scoring.services import dealer_position
from tournament.errors import ServiceError, active_language
from tournament.exports import round_data
from tournament.exports.base import FONT, FONT_BOLD, GRID, HEADER_BG, SHADE, PdfExporter, table_style
from tournament.exports.formats import CENT
from tournament.exports.formats import points_cell as number
from tournament.models import Seat
from tournament.selectors import Sheet

OUT = colors.HexColor("#BBBBBB")  # the cell of the dealer who sits out at a table of five
MUTED = colors.HexColor("#555555")
FRAME_PADDING = 6  # points: SimpleDocTemplate's frame pads each side by this much


# --- numbers --------------------------------------------------------------------------------------


def euros(cash_points: Decimal, stake_cents: int) -> str:
    """Cash points in euros to the cent: "12,30 €" ("12.30 €" in English: the sheet's column reads the same)."""
    amount = (Decimal(cash_points) * stake_cents / 100).quantize(CENT)
    text = f"{amount:.2f}"
    return f"{text.replace('.', ',') if active_language() == 'de' else text} €"


def sort_key(name: str) -> tuple[str, str]:
    """Alphabetical as on a German list: accents folded ("Ärger" with A), case ignored."""
    folded = unicodedata.normalize("NFKD", name.replace("ß", "ss")).encode("ascii", "ignore").decode()
    return folded.casefold(), name


def fit_size(text: str, font: str, size: float, width: float, smallest: float = 6) -> float:
    """The largest font size up to ``size`` at which ``text`` fits into ``width`` (not below ``smallest``)."""
    measured = stringWidth(text, font, size)
    if measured <= width:
        return size
    return max(smallest, size * width / measured)


def fit_lines(text: str, font: str, size: float, width: float, lines: int = 2, smallest: float = 6) -> tuple[str, float]:
    """``text`` wrapped at spaces into at most ``lines`` lines of ``width``, at the largest size from ``size``
    down to ``smallest``; only a word too long for the cell even then is cut (more lines)."""
    while True:
        parts = simpleSplit(text, font, size, width) or [""]
        if len(parts) <= lines and all(stringWidth(part, font, size) <= width for part in parts):
            return "\n".join(parts), size
        if size <= smallest:  # a word longer than the cell even at the smallest size: cut it
            return "\n".join(piece for part in parts for piece in _cut(part, font, size, width)), size
        size = max(smallest, size - 0.5)


def _cut(text: str, font: str, size: float, width: float) -> list[str]:
    pieces, piece = [], ""
    for char in text:
        if piece and stringWidth(piece + char, font, size) > width:
            pieces.append(piece)
            piece = char
        else:
            piece += char
    return [*pieces, piece]


def fit_cell(text: str, font: str, size: float, width: float, *, smallest: float, two_lines: float) -> tuple[str, float]:
    """One line from ``size`` down to ``smallest``; if it still does not fit, two lines at ``two_lines`` or less."""
    line, line_size = fit_lines(text, font, size, width, lines=1, smallest=smallest)
    if stringWidth(line, font, line_size) <= width:
        return line, line_size
    return fit_lines(text, font, two_lines, width, smallest=5)


def wrapped(text: str, font: str, size: float, width: float) -> str:
    """A string cell that wraps at word boundaries: reportlab draws a "\\n" in a cell as a new line."""
    if stringWidth(text, font, size) <= width:
        return text
    return "\n".join(simpleSplit(text, font, size, width))


# --- the common base ------------------------------------------------------------------------------


class RoundSheetPdf(PdfExporter):
    """A PDF of one round's tables. Subclasses set sheet_name and build ``story()`` from self.tables."""

    per_round = True
    sheet_name: ClassVar[str]  # gettext_lazy: the first half of the header title

    def round_label(self) -> str:
        return _("Finalrunde") if self.round.is_final else _("Runde %(n)s") % {"n": self.round.number}

    def title(self) -> str:
        return f"{self.sheet_name} – {self.round_label()}"

    def load(self) -> list:
        return round_data.round_tables(self.round)

    def render_bytes(self) -> bytes:
        self.tables = self.load()
        if not self.tables:
            n = self.round.number
            raise ServiceError(f"Runde {n} ist noch nicht ausgelost.", f"Round {n} has not been drawn yet.")
        return super().render_bytes()

    def frame_size(self) -> tuple[float, float]:
        """Width and height the story has on a page (SimpleDocTemplate's margins and frame padding)."""
        width, height = self.pagesize
        return (width - 2 * self.margin - 2 * FRAME_PADDING,
                height - (self.margin + 10 * mm) - (self.margin + 6 * mm) - 2 * FRAME_PADDING)

    def hands_text(self, size: int, hands: int) -> str:
        if size == 5:
            return _("%(n)s Spiele – Fünfertisch: wer gibt, setzt aus") % {"n": hands}
        return _("%(n)s Spiele") % {"n": hands}


# --- table cards ----------------------------------------------------------------------------------


class _FixedMaskQRCode(qrencoder.QRCode):
    """reportlab's QR encoder with a fixed mask pattern.

    Choosing the "best" of the eight masks scores each one in pure Python (about 15 ms a code: four
    seconds for 250 tables). Every mask is valid QR (a reader takes it from the format bits); the
    choice only avoids rare patterns that confuse poor scanners, which a short URL does not need.
    """

    MASK = 2  # (column % 3 == 0); checked with zbarimg on the 250 cards of the 1,000-player bench event

    def make(self):
        if self.version is None:
            self.version = self.calculate_version()
        self.makeImpl(False, self.MASK)


class ScorerQrWidget(QrCodeWidget):
    """reportlab's QR widget on the fixed-mask encoder, which can also paint itself as one path.

    Added to a Drawing it draws as reportlab does (a rectangle shape per dark run); on 250 table
    cards that is 70,000 shapes and most of nine seconds. ``draw_on`` paints the same runs as a
    single filled path in module units instead: about 2 ms a code.
    """

    def __init__(self, value: str, **kw):
        super().__init__(value, **kw)
        level = getattr(qrencoder.QRErrorCorrectLevel, self.barLevel)
        self.__dict__["qr"] = _FixedMaskQRCode(self.qrVersion, level)
        self.addData(self.value)

    def draw_on(self, canvas, x: float, y: float) -> None:
        """Paint the code with its quiet zone into the square barWidth wide at (x, y) (bottom left)."""
        self.qr.make()
        count, border = self.qr.getModuleCount(), self.barBorder
        box = min(self.barWidth, self.barHeight) / (count + 2 * border)
        canvas.saveState()
        canvas.translate(x + border * box, y + (count + border) * box)
        canvas.scale(box, -box)  # one unit per module, rows downwards as the encoder counts them
        # The runs as "x y w h re" in whole module units, filled at once: reportlab's path object
        # would format each of the ~300 rectangles' numbers as floats, a third of the page's time.
        runs = []
        for row_number, row in enumerate(self.qr.modules):
            column = 0
            for dark, run in itertools.groupby(row):
                length = sum(1 for _module in run)
                if dark:
                    runs.append(f"{column} {row_number} {length} 1 re")
                column += length
        canvas.setFillColor(self.barFillColor)
        canvas.addLiteral("\n".join(runs) + "\nf")
        canvas.restoreState()


def draw_lines(canvas, x: float, y: float, text: str, size: float, font: str) -> None:
    """One or more lines centred on the baseline ``y`` (as a single line would stand)."""
    parts = text.split("\n")
    leading = size * 1.1
    canvas.setFont(font, size)
    for index, part in enumerate(parts):
        canvas.drawString(x, y + (len(parts) - 1) * leading / 2 - index * leading, part)


class TableCard(Flowable):
    """One table card, drawn straight onto the page: a handful of canvas calls, no paragraph layout."""

    def __init__(self, exporter: TableCardsPdf, seated: round_data.SeatedTable):
        super().__init__()
        self.exporter, self.seated = exporter, seated

    def wrap(self, available_width, available_height):
        self.width, self.height = available_width, available_height - 1
        return self.width, self.height

    def draw(self):
        canvas, width, top = self.canv, self.width, self.height
        exporter, table, seats = self.exporter, self.seated.table, self.seated.seats
        name = exporter.tournament.name
        canvas.setFillColor(colors.black)
        canvas.setFont(FONT_BOLD, fit_size(name, FONT_BOLD, 20, width))
        canvas.drawString(0, top - 20, name)
        canvas.setFont(FONT, 16)
        canvas.drawString(0, top - 42, exporter.round_label())

        # The table number, as large as the page allows: read from across the hall.
        canvas.setFillColor(MUTED)
        canvas.setFont(FONT_BOLD, 26)
        canvas.drawCentredString(width / 2, top - 34 * mm, _("Tisch").upper())
        canvas.setFillColor(colors.black)
        canvas.setFont(FONT_BOLD, 150)
        canvas.drawCentredString(width / 2, top - 84 * mm, str(table.number))

        # Players in seat order.
        y = top - 98 * mm
        row = 11 * mm
        canvas.setFont(FONT, 9)
        canvas.setFillColor(MUTED)
        canvas.drawString(0, y, _("Platz"))
        canvas.drawString(22 * mm, y, _("Name"))
        canvas.drawString(112 * mm, y, _("Verein"))
        canvas.setStrokeColor(GRID)
        canvas.setLineWidth(0.6)
        canvas.line(0, y - 2 * mm, width, y - 2 * mm)
        for seat in seats:
            y -= row
            player = seat.entry.player
            canvas.setFillColor(colors.black)
            canvas.setFont(FONT_BOLD, 18)
            canvas.drawString(2 * mm, y, str(seat.position + 1))
            draw_lines(canvas, 22 * mm, y, *fit_cell(player.name, FONT_BOLD, 16, 88 * mm, smallest=11, two_lines=11),
                       FONT_BOLD)
            if seat.position == 0:
                label = _("gibt zuerst")
                canvas.setFont(FONT_BOLD, 9)
                label_width = stringWidth(label, FONT_BOLD, 9) + 4 * mm
                canvas.setFillColor(HEADER_BG)
                canvas.roundRect(width - label_width, y - 1.5 * mm, label_width, 6 * mm, 1.5 * mm, stroke=0, fill=1)
                canvas.setFillColor(colors.white)
                canvas.drawString(width - label_width + 2 * mm, y, label)
                club_width = width - label_width - 114 * mm
            else:
                club_width = width - 112 * mm
            if player.club:
                canvas.setFillColor(MUTED)
                draw_lines(canvas, 112 * mm, y, *fit_cell(player.club, FONT, 12, club_width, smallest=8, two_lines=8),
                           FONT)
            canvas.line(0, y - 4 * mm, width, y - 4 * mm)
        canvas.setFillColor(MUTED)
        canvas.setFont(FONT, 9)
        canvas.drawString(0, y - 9 * mm,
                          _("Sitzordnung gegen den Uhrzeigersinn: Platz 2 sitzt rechts von Platz 1, und so weiter."))

        # How many hands.
        canvas.setFillColor(colors.black)
        text = exporter.hands_text(len(seats), table.hands_planned)
        canvas.setFont(FONT_BOLD, fit_size(text, FONT_BOLD, 15, width))
        canvas.drawString(0, y - 20 * mm, text)

        # The scorer's link: QR code bottom left, the instruction and the link beside it.
        url = exporter.scorer_url(table)
        size = 56 * mm
        ScorerQrWidget(url, barWidth=size, barHeight=size, barLevel="M").draw_on(canvas, 0, 0)
        x = size + 6 * mm
        line_y = size - 6 * mm
        canvas.setFont(FONT_BOLD, 13)
        canvas.drawString(x, line_y, _("Ergebnisse eintragen"))
        canvas.setFont(FONT, 10.5)
        steps = [
            _("1. QR-Code mit dem Handy scannen (oder den Link eingeben)."),
            _("2. Jedes Spiel gleich nach dem Spielen eintragen."),
            _("3. Nach dem letzten Spiel gemeinsam prüfen und bestätigen."),
        ]
        line_y -= 3 * mm
        for step in steps:
            for line in simpleSplit(step, FONT, 10.5, width - x):
                line_y -= 5 * mm
                canvas.drawString(x, line_y, line)
        canvas.setFont(FONT, 9)
        line_y -= 4 * mm
        for start in range(0, len(url), 60):  # a URL has no spaces to wrap at
            line_y -= 4.5 * mm
            canvas.drawString(x, line_y, url[start:start + 60])


class TableCardsPdf(RoundSheetPdf):
    """One A4 page per table: number, players, first dealer, hands, and the scorer's QR code."""

    identifier = "table-cards-pdf"
    verbose_name = gettext_lazy("Tischkarten mit QR-Code")
    sheet_name = gettext_lazy("Tischkarten")

    def scorer_url(self, table) -> str:
        return f"{self.base_url}/t/{table.token}/"

    def story(self) -> list:
        story: list = []
        for seated in self.tables:
            if story:
                story.append(PageBreak())
            story.append(TableCard(self, seated))
        return story


# --- Schreibzettel --------------------------------------------------------------------------------


class ScoreSheetsPdf(RoundSheetPdf):
    """One Schreibzettel per table: filled in where the table has hands, the blank paper sheet otherwise."""

    identifier = "score-sheets-pdf"
    verbose_name = gettext_lazy("Schreibzettel (ausgefüllt)")
    sheet_name = gettext_lazy("Schreibzettel")
    blank: ClassVar[bool] = False  # True: never print stored hands (the sheet before the round)

    # Columns: hand number, dealer, contract, then two per player (this hand's points, running total).
    FIXED = (8 * mm, 24 * mm, 36 * mm)

    def load(self) -> list:
        if self.blank:
            return [Sheet(seated.table, seated.seats) for seated in round_data.round_tables(self.round)]
        return round_data.round_sheets(self.round)

    def story(self) -> list:
        register = self.styles
        self.heading_style = ParagraphStyle("sheet-heading", parent=register["body"], fontSize=11, leading=24)
        self.name_style = ParagraphStyle("sheet-name", parent=register["small"], fontName=FONT_BOLD,
                                         textColor=colors.white, alignment=1, fontSize=8.5, leading=10)
        self.note_style = ParagraphStyle("sheet-note", parent=register["body"], fontSize=9.5, leading=13)
        story: list = []
        for sheet in self.tables:
            if story:
                story.append(PageBreak())
            story.extend(self.sheet(sheet))
        return story

    def sheet(self, sheet) -> list:
        table, seats = sheet.table, sheet.seats
        size = len(seats)
        rows = [] if self.blank else sheet.rows
        filled = bool(rows)
        split_cash = filled and not self.tournament.ruleset.kontra_counts_for_standings
        # A table ended early has only the hands it played; otherwise every planned hand gets a row.
        count = len(rows) if filled and table.ended_early else max(table.hands_planned, len(rows))
        width, height = self.frame_size()

        heading = Paragraph(
            f'<font name="{FONT_BOLD}" size="20">{escape(_("Tisch"))} {table.number}</font>'
            f"&nbsp;&nbsp;&nbsp;{escape(self.round_label())} · {escape(self.hands_text(size, table.hands_planned))}",
            self.heading_style,
        )

        # Column widths: the fixed three, the rest shared by the players (points narrower than totals).
        player_width = (width - sum(self.FIXED)) / size
        widths = [*self.FIXED]
        for _seat in seats:
            widths += [player_width * 0.45, player_width * 0.55]

        names = [""] * 3
        sub = ["#", _("Geber"), pgettext("the contract of a hand", "Spiel")]
        name_width = player_width - 6
        for seat in seats:
            player = seat.entry.player
            name, size_ = fit_lines(f"{seat.position + 1} · {player.name}", FONT_BOLD, 8.5, name_width, lines=3)
            text = f'<font size="{size_}">{escape(name).replace(chr(10), "<br/>")}</font>'
            if player.club:
                club, size_ = fit_lines(player.club, FONT, 7, name_width, smallest=5)
                text += f'<br/><font name="{FONT}" size="{size_}">{escape(club).replace(chr(10), "<br/>")}</font>'
            names += [Paragraph(text, self.name_style), ""]
            sub += ["+/−", pgettext("running total of a player on the score sheet", "Stand")]
        data = [names, sub]
        style = table_style(header_rows=1, font_size=8)
        style += [
            ("SPAN", (0, 0), (2, 0)),
            ("BACKGROUND", (0, 1), (-1, 1), SHADE),
            ("FONTNAME", (0, 1), (-1, 1), FONT_BOLD),
            ("FONTSIZE", (0, 1), (-1, 1), 7),
            ("ALIGN", (0, 0), (-1, -1), "CENTER"),
            ("ALIGN", (3, 2), (-1, -1), "RIGHT"),
            ("ALIGN", (1, 2), (2, -1), "LEFT"),
            ("ROWBACKGROUNDS", (0, 2), (-1, -1), [colors.white, colors.HexColor("#F6F6F6")]),
            ("LEADING", (0, 2), (-1, -1), 9),
            ("LEFTPADDING", (0, 0), (-1, -1), 3),
            ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ]
        for index in range(size):  # a heavier line between players
            column = 3 + 2 * index
            style.append(("SPAN", (column, 0), (column + 1, 0)))
            style.append(("LINEBEFORE", (column, 0), (column, -1), 1.2, colors.black))
        geber_width, contract_width = self.FIXED[1] - 6, self.FIXED[2] - 6
        for hand_number in range(1, count + 1):
            line = len(data)
            dealer = dealer_position(hand_number, size)
            row = rows[hand_number - 1] if hand_number <= len(rows) else None
            dealer_name, text_size = fit_cell(f"{dealer + 1} {seats[dealer].entry.player.name}", FONT, 8, geber_width,
                                              smallest=7, two_lines=8)
            cells = [str(hand_number), dealer_name]
            if text_size < 8:
                style += [("FONTSIZE", (1, line), (1, line), text_size), ("LEADING", (1, line), (1, line), text_size + 1)]
            if row is not None:
                declarer, text_size = fit_cell(row.declarer, FONT, 8, contract_width, smallest=6.5, two_lines=6.5)
                text_size = min(text_size, fit_size(row.contract, FONT, 8, contract_width, smallest=5))
                cells.append(f"{row.contract}\n{declarer}")
                if text_size < 8:
                    style += [("FONTSIZE", (2, line), (2, line), text_size),
                              ("LEADING", (2, line), (2, line), text_size + 1)]
                for points, total in row.cells:
                    cells += [number(points, sign=True), number(total)]
            else:
                cells.append("")
                cells += ["", ""] * size
            if size == 5:  # the dealer sits out: no points this hand
                column = 3 + 2 * dealer
                cells[column] = "–"
                style.append(("BACKGROUND", (column, line), (column, line), OUT))
                style.append(("ALIGN", (column, line), (column, line), "CENTER"))
            data.append(cells)

        totals = [_("Summe"), "", ""]
        for index in range(size):
            totals += [number(sheet.totals[index]) if filled else "", ""]
        data.append(totals)
        extra_rows = [len(data) - 1]
        if split_cash:
            cash = [_("Geld (€)"), "", ""]
            for index in range(size):
                cash += [euros(sheet.cash_totals[index], self.tournament.stake_cents), ""]
            data.append(cash)
            extra_rows.append(len(data) - 1)
        for line in extra_rows:
            style += [("SPAN", (0, line), (2, line)), ("FONTNAME", (0, line), (-1, line), FONT_BOLD),
                      ("BACKGROUND", (0, line), (-1, line), SHADE), ("ALIGN", (0, line), (2, line), "LEFT")]
            style += [("SPAN", (3 + 2 * i, line), (4 + 2 * i, line)) for i in range(size)]
        style.append(("FONTSIZE", (0, extra_rows[0]), (-1, extra_rows[0]), 10))
        style.append(("LINEABOVE", (0, extra_rows[0]), (-1, extra_rows[0]), 1.2, colors.black))

        # Row heights: as tall as the page allows for handwriting, at most 10 mm.
        signature = not (filled and table.confirmed_at)
        fixed = 14 * mm + 16 * mm + 5 * mm + 9 * mm * len(extra_rows) + (24 * mm if signature else 8 * mm) + 12 * mm
        hand_row = max(5 * mm, min(10 * mm, (height - fixed) / max(count, 1)))
        heights = [None, 5 * mm] + [hand_row] * count + [9 * mm] * len(extra_rows)
        grid = Table(data, colWidths=widths, rowHeights=heights, style=TableStyle(style))

        parts = [heading, Spacer(1, 3 * mm), grid, Spacer(1, 4 * mm)]
        notes = []
        if filled and table.ended_early:
            notes.append(f"<b>{escape(_('vorzeitig beendet'))}</b>")
        if filled:
            if table.confirmed_at:
                when = timezone.localtime(table.confirmed_at).strftime("%d.%m.%Y %H:%M")
                notes.append(escape(_("bestätigt am %(when)s von %(names)s") % {"when": when, "names": table.confirmed_by}))
            else:
                notes.append(escape(_("nicht bestätigt")))
        if notes:
            parts.append(Paragraph(" · ".join(notes), self.note_style))
        if signature:
            parts.append(self.signatures(seats, width))
        # One table, one page: should very long names still overflow it, the sheet shrinks to fit.
        return [KeepInFrame(width, height - 2 * mm, parts, mode="shrink")]

    def signatures(self, seats: list[Seat], width: float) -> Table:
        """A line per player to sign the paper sheet, the name printed under it."""
        gap = 5 * mm
        cell = (width - gap * (len(seats) - 1)) / len(seats)
        label = _("Zettel geprüft und bestätigt (Unterschriften):")
        columns = 2 * len(seats) - 1  # a narrow gap between the lines
        cells = [[label] + [""] * (columns - 1), [""] * columns, [""] * columns]
        style = [
            ("FONTNAME", (0, 0), (-1, -1), FONT), ("FONTSIZE", (0, 0), (-1, -1), 7.5),
            ("FONTNAME", (0, 0), (-1, 0), FONT_BOLD), ("FONTSIZE", (0, 0), (-1, 0), 9),
            ("SPAN", (0, 0), (-1, 0)), ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ("TEXTCOLOR", (0, 2), (-1, 2), MUTED), ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ]
        for index, seat in enumerate(seats):
            column = 2 * index
            name, size = fit_lines(seat.entry.player.name, FONT, 7.5, cell, smallest=5)
            cells[2][column] = name
            style.append(("LINEBELOW", (column, 1), (column, 1), 0.6, colors.black))
            if size != 7.5:
                style += [("FONTSIZE", (column, 2), (column, 2), size), ("LEADING", (column, 2), (column, 2), size + 1)]
        widths = [cell if index % 2 == 0 else gap for index in range(columns)]
        return Table(cells, colWidths=widths, rowHeights=[6 * mm, 10 * mm, None], style=style)


class BlankScoreSheetsPdf(ScoreSheetsPdf):
    """The Schreibzettel of every table with the names printed and every cell empty."""

    identifier = "blank-score-sheets-pdf"
    verbose_name = gettext_lazy("Schreibzettel (leer)")
    sheet_name = gettext_lazy("Schreibzettel (leer)")
    blank = True


# --- seating list ---------------------------------------------------------------------------------


class SeatingPdf(RoundSheetPdf):
    """The wall list: every table in one row, then every player alphabetically with table and place."""

    identifier = "seating-pdf"
    verbose_name = gettext_lazy("Sitzplan")
    sheet_name = gettext_lazy("Sitzplan")

    ROW = 6.2 * mm
    HEADER = 7 * mm

    def story(self) -> list:
        width, height = self.frame_size()
        heading = self.styles["heading"]
        story: list = [Paragraph(escape(_("Nach Tischen")), heading), self.by_table(width)]
        story.append(PageBreak())
        story.append(Paragraph(escape(_("Wo sitze ich? – nach Namen")), heading))
        # Each page holds two blocks of rows side by side; the first page also the heading.
        first = int((height - self.HEADER - 16 * mm) // self.ROW)
        later = int((height - self.HEADER - 2 * mm) // self.ROW)
        players = sorted(
            ((seat.entry.player, seated.table.number, seat.position + 1) for seated in self.tables for seat in seated.seats),
            key=lambda item: (*sort_key(item[0].name), sort_key(item[0].club)),
        )
        start, rows = 0, first
        while start < len(players):
            chunk = players[start:start + 2 * rows]
            if start:
                story.append(PageBreak())
            story.append(self.by_name(chunk, width))
            start += len(chunk)
            rows = later
        return story

    def by_table(self, width: float) -> Table:
        size = max(len(seated.seats) for seated in self.tables)
        table_column = 16 * mm
        place_width = (width - table_column) / size
        header = [_("Tisch")] + [_("Platz %(n)s") % {"n": n} for n in range(1, size + 1)]
        header[1] = wrapped(_("Platz 1 – gibt zuerst"), FONT_BOLD, 9, place_width - 6)
        data = [header]
        style = []
        for line, seated in enumerate(self.tables, start=1):
            row = [str(seated.table.number)]
            for seat in seated.seats:
                font = FONT_BOLD if seat.position == 0 else FONT
                name, name_size = fit_lines(seat.entry.player.name, font, 11, place_width - 6, smallest=7)
                row.append(name)
                if name_size != 11:
                    column = seat.position + 1
                    style += [("FONTSIZE", (column, line), (column, line), name_size),
                              ("LEADING", (column, line), (column, line), name_size + 1)]
            row += [""] * (size - len(seated.seats))
            data.append(row)
        style = table_style(header_rows=1, font_size=11) + style + [
            ("FONTNAME", (0, 1), (0, -1), FONT_BOLD), ("FONTSIZE", (0, 1), (0, -1), 13),
            ("ALIGN", (0, 0), (0, -1), "CENTER"), ("FONTSIZE", (0, 0), (-1, 0), 9),
            ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3),
            ("FONTNAME", (1, 1), (1, -1), FONT_BOLD),
        ]
        return Table(data, colWidths=[table_column] + [place_width] * size, repeatRows=1, style=TableStyle(style))

    def by_name(self, players: list, width: float) -> Table:
        """One page of the alphabetical list: the first half down the left block, the rest down the right."""
        gap = 5 * mm
        block = (width - gap) / 2
        name_width, table_width, place_width = block * 0.47, 12 * mm, 10 * mm
        club_width = block - name_width - table_width - place_width
        header = [_("Name"), _("Verein"), _("Tisch"), _("Platz")]
        data = [header + [""] + header]
        rows = (len(players) + 1) // 2
        left, right = players[:rows], players[rows:]
        style = [
            ("FONTNAME", (0, 0), (-1, -1), FONT), ("FONTSIZE", (0, 0), (-1, -1), 11), ("LEADING", (0, 0), (-1, -1), 12),
            ("FONTNAME", (0, 0), (-1, 0), FONT_BOLD), ("FONTSIZE", (0, 0), (-1, 0), 9),
            ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
            ("BACKGROUND", (0, 0), (3, 0), HEADER_BG), ("BACKGROUND", (5, 0), (8, 0), HEADER_BG),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ]
        for offset, side in ((0, left), (5, right)):
            if not side:
                continue
            last = len(side)
            style += [
                ("FONTSIZE", (offset + 1, 1), (offset + 1, last), 8.5), ("LEADING", (offset + 1, 1), (offset + 1, last), 9),
                ("FONTNAME", (offset + 2, 1), (offset + 2, last), FONT_BOLD),
                ("FONTSIZE", (offset + 2, 1), (offset + 2, last), 13), ("LEADING", (offset + 2, 1), (offset + 2, last), 14),
                ("ALIGN", (offset + 2, 0), (offset + 3, last), "CENTER"),
                ("LINEBELOW", (offset, 1), (offset + 3, last), 0.3, GRID),
                ("ROWBACKGROUNDS", (offset, 1), (offset + 3, last), [colors.white, SHADE]),
            ]
        for index in range(rows):
            line = index + 1
            cells = []
            for side, offset in ((left, 0), (right, 5)):
                if index >= len(side):
                    cells += [""] * 4
                    continue
                player, table_number, place = side[index]
                name, name_size = fit_cell(player.name, FONT, 11, name_width - 6, smallest=8, two_lines=8)
                club, club_size = fit_cell(player.club, FONT, 8.5, club_width - 6, smallest=7, two_lines=7)
                cells += [name, club, str(table_number), str(place)]
                if name_size != 11:
                    style += [("FONTSIZE", (offset, line), (offset, line), name_size),
                              ("LEADING", (offset, line), (offset, line), name_size + 0.5)]
                if club_size != 8.5:
                    style += [("FONTSIZE", (offset + 1, line), (offset + 1, line), club_size),
                              ("LEADING", (offset + 1, line), (offset + 1, line), club_size + 0.5)]
            cells.insert(4, "")
            data.append(cells)
        widths = [name_width, club_width, table_width, place_width, gap] * 2
        return Table(data, colWidths=widths[:-1], rowHeights=[self.HEADER] + [self.ROW] * rows,
                     style=TableStyle(style))

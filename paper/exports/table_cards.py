"""Table cards: one A4 page per table with its players, the first dealer and the scorer's QR code."""

from __future__ import annotations

import itertools
import math

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.graphics.barcode import qrencoder
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, PageBreak

from paper.exports.pdf import FONT, FONT_BOLD, GRID, HEADER_BG
from paper.exports.round_sheets import MUTED, RoundSheetPdf, fit_cell, fit_size
from tournament.selectors import SeatedTable


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


def seat_angles(size: int, direction: str) -> list[float]:
    """Where each Platz sits around the table on the card's drawing, in degrees (0 = right, 90 = up, as
    on the page): Platz 1 at the bottom (the reader's own seat), then each next Platz in the direction
    of play, so the deal passes Platz 1, 2, 3 … as printed (scoring.seats: position + 1)."""
    step = 360 / size * (1 if direction == "anticlockwise" else -1)  # counted anticlockwise on the page
    return [(270 + step * position) % 360 for position in range(size)]


def direction_text(direction: str) -> str:
    if direction == "clockwise":
        return _("Gegeben und gespielt wird im Uhrzeigersinn: Platz 2 sitzt links von Platz 1, und so weiter.")
    return _("Gegeben und gespielt wird gegen den Uhrzeigersinn: Platz 2 sitzt rechts von Platz 1, und so weiter.")


def draw_seat_plan(canvas, cx: float, cy: float, size: int, direction: str) -> None:
    """The table seen from above: the seats by Platz number and an arrow in the direction of play."""
    table_radius, arrow_radius, seat_radius, seat_mark = 6 * mm, 9.5 * mm, 15 * mm, 3.8 * mm
    canvas.saveState()
    canvas.setFillColor(colors.HexColor("#DDDDDD"))
    canvas.setStrokeColor(MUTED)
    canvas.circle(cx, cy, table_radius, stroke=1, fill=1)
    # The arrow: three quarters of a circle starting beside Platz 1, its head pointing the way the deal goes.
    sign = 1 if direction == "anticlockwise" else -1
    start, extent = 270 + sign * 20, sign * 250
    canvas.setLineWidth(1.2)
    canvas.arc(cx - arrow_radius, cy - arrow_radius, cx + arrow_radius, cy + arrow_radius, start, extent)
    end = math.radians(start + extent)
    tip = (cx + arrow_radius * math.cos(end), cy + arrow_radius * math.sin(end))
    tangent = (-math.sin(end) * sign, math.cos(end) * sign)  # the direction the arc runs at its end
    normal = (-tangent[1], tangent[0])
    head, half = 2.6 * mm, 1.5 * mm
    base = (tip[0] - tangent[0] * head, tip[1] - tangent[1] * head)
    path = canvas.beginPath()
    path.moveTo(tip[0] + tangent[0] * 0.5 * mm, tip[1] + tangent[1] * 0.5 * mm)
    path.lineTo(base[0] + normal[0] * half, base[1] + normal[1] * half)
    path.lineTo(base[0] - normal[0] * half, base[1] - normal[1] * half)
    path.close()
    canvas.setFillColor(colors.black)
    canvas.drawPath(path, stroke=0, fill=1)
    for position, angle in enumerate(seat_angles(size, direction)):
        x = cx + seat_radius * math.cos(math.radians(angle))
        y = cy + seat_radius * math.sin(math.radians(angle))
        canvas.setFillColor(HEADER_BG)
        canvas.circle(x, y, seat_mark, stroke=0, fill=1)
        canvas.setFillColor(colors.white)
        canvas.setFont(FONT_BOLD, 12)
        canvas.drawCentredString(x, y - 4.2, str(position + 1))
    canvas.restoreState()


class TableCard(Flowable):
    """One table card, drawn straight onto the page: a handful of canvas calls, no paragraph layout."""

    def __init__(self, exporter: TableCardsPdf, seated: SeatedTable):
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
        canvas.drawString(0, top - 42, exporter.round.label)

        # The table number, as large as the page allows: read from across the hall.
        canvas.setFillColor(MUTED)
        canvas.setFont(FONT_BOLD, 26)
        canvas.drawCentredString(width / 2, top - 34 * mm, _("Tisch").upper())
        canvas.setFillColor(colors.black)
        canvas.setFont(FONT_BOLD, 150)
        canvas.drawCentredString(width / 2, top - 84 * mm, str(table.number))
        # How to sit: the rule set's direction of play (Hopfgarten clockwise, the others anticlockwise).
        direction = exporter.tournament.ruleset.format.direction
        draw_seat_plan(canvas, width - 19 * mm, top - 62 * mm, len(seats), direction)

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
            if seat.position == table.first_dealer:
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
        canvas.drawString(0, y - 9 * mm, direction_text(direction))

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

    slug = "table-cards"
    sheet_name = gettext_lazy("Tischkarten")

    def scorer_url(self, table) -> str:
        return f"{self.base_url}{reverse('scoring:sheet', args=[table.token])}"

    def story(self) -> list:
        story: list = []
        for seated in self.tables:
            if story:
                story.append(PageBreak())
            story.append(TableCard(self, seated))
        return story

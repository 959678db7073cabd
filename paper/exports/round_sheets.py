"""The common base of the sheets a director prints before and after a round, and the text fitting
they share. The sheets themselves:

- table_cards.TableCardsPdf: one page per table to put on it: table number, players in seat order,
  who deals first, how many hands, and the scorer's link as a QR code.
- score_sheets.ScoreSheetsPdf: one Schreibzettel per table: filled in where hands are stored
  (points, running totals, totals, confirmation), the blank paper sheet where none are;
  BlankScoreSheetsPdf: the same sheet, always blank, to print before the round.
- seating_list.SeatingPdf: the wall list: by table, then alphabetically by player ("Wo sitze ich?").

The whole round is read up front (tournament.selectors.round_tables, scoring.selectors.round_sheets:
a fixed number of queries); the layout code never runs a query. A round without tables has not
been drawn yet: render() refuses it with a ServiceError.
"""

from __future__ import annotations

import math
import re
from typing import ClassVar

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth

from language import ServiceError
from paper.exports.pdf import PdfExporter
from tournament.selectors import round_tables

OUT = colors.HexColor("#BBBBBB")  # the cell of the dealer who sits out at a table of five
MUTED = colors.HexColor("#555555")
LEGIBLE = 3.5  # points: the smallest size a word shrinks to before it is cut (a long name at a table of six)
FRAME_PADDING = 6  # points: SimpleDocTemplate's frame pads each side by this much


# --- numbers --------------------------------------------------------------------------------------


def fit_size(text: str, font: str, size: float, width: float, smallest: float = 6) -> float:
    """The largest font size up to ``size`` at which ``text`` fits into ``width`` (not below ``smallest``)."""
    measured = stringWidth(text, font, size)
    if measured <= width:
        return size
    return max(smallest, size * width / measured)


def fit_lines(text: str, font: str, size: float, width: float, lines: int = 2, smallest: float = 6) -> tuple[str, float]:
    """``text`` wrapped at spaces into at most ``lines`` lines of ``width``, at the largest size from ``size``
    down to ``smallest``. A word too long for the cell even then shrinks further until it fits
    (``_whole_words``): a name is never split mid-word ("Brandstät ter")."""
    while True:
        parts = simpleSplit(text, font, size, width) or [""]
        if len(parts) <= lines and all(stringWidth(part, font, size) <= width for part in parts):
            return "\n".join(parts), size
        if size <= smallest:
            return _whole_words(text, font, size, width)
        size = max(smallest, size - 0.5)


def _whole_words(text: str, font: str, size: float, width: float) -> tuple[str, float]:
    """``text`` wrapped at spaces and after hyphens ("Pichlmayr-" / "Aigner") at the size (in half points)
    at which its widest piece fits into ``width`` (as many lines as that takes); only below LEGIBLE,
    where shrinking would make it unreadable, is a piece cut."""
    widest = max(stringWidth(piece, font, size) for word in text.split() for piece in _pieces(word))
    if widest > width:
        size = max(LEGIBLE, math.floor(2 * size * width / widest) / 2)
    lines = _wrap(text, font, size, width)
    return "\n".join(piece for line in lines for piece in _cut(line, font, size, width)), size


def _pieces(word: str) -> list[str]:
    """Where a word may break: after each of its hyphens ("Brandstätter-Oberleitner")."""
    return re.findall(r"[^-]+-*|-+", word)


def _wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Greedy lines of ``width``, broken at spaces and after hyphens."""
    lines, line = [], ""
    for word in text.split():
        for index, piece in enumerate(_pieces(word)):
            joined = f"{line}{' ' if index == 0 else ''}{piece}" if line else piece
            if line and stringWidth(joined, font, size) > width:
                lines.append(line)
                line = piece
            else:
                line = joined
    return [*lines, line]


def _cut(text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` in pieces no wider than ``width`` (a line that fits is one piece)."""
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

    sheet_name: ClassVar[str]  # gettext_lazy: the first half of the header title

    def title(self) -> str:
        return f"{self.sheet_name} – {self.round.label}"

    def load(self) -> list:
        return round_tables(self.round)

    def render_bytes(self) -> bytes:
        self.tables = self.load()
        if not self.tables:
            n = self.round.number
            raise ServiceError(gettext_lazy("Runde %(n)s ist noch nicht ausgelost."), n=n)
        return super().render_bytes()

    def frame_size(self) -> tuple[float, float]:
        """Width and height the story has on a page (SimpleDocTemplate's margins and frame padding)."""
        width, height = self.pagesize
        return (width - 2 * self.margin - 2 * FRAME_PADDING,
                height - (self.margin + 10 * mm) - (self.margin + 6 * mm) - 2 * FRAME_PADDING)

    def hands_text(self, size: int, hands: int) -> str:
        if size == 5:
            return _("%(n)s Spiele – Fünfertisch: wer gibt, setzt aus") % {"n": hands}
        if size == 6:
            return _("%(n)s Spiele – Sechsertisch: wer gibt und wer ihm gegenüber sitzt, setzen aus") % {"n": hands}
        return _("%(n)s Spiele") % {"n": hands}

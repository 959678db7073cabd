"""The Schreibzettel of a round: filled in from the stored hands, or blank with the names printed."""

from __future__ import annotations

from typing import ClassVar
from xml.sax.saxutils import escape

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import KeepInFrame, PageBreak, Paragraph, Spacer, Table

from paper.exports.pdf import FONT, FONT_BOLD, GRID, HEADER_BG, SHADE, Grid, TextTable
from paper.exports.round_sheets import MUTED, OUT, RoundSheetPdf, fit_cell, fit_lines, fit_size
from paper.formats import euro_text
from paper.formats import points_cell as number
from scoring.seats import absences_of, deal
from scoring.selectors import Sheet, change_after_confirmation_said, changed_after_confirmation, round_sheets
from tournament.models import Seat
from tournament.selectors import round_tables

PADDING = 3  # points between a cell's text and its lines
NAME_LEADING = 10
LEADING = 9  # a hand's and the sums' rows
STRIPE = colors.HexColor("#F6F6F6")  # every second hand's row


def _cell(grid: Grid, column: int, row: int, text: str, size: float) -> None:
    """A left-aligned text cell of a hand's row, on as many lines as it has, a smaller size tighter."""
    grid.text(column, row, [(line, FONT, size) for line in text.split("\n")], leading=size + 1 if size < 8 else LEADING,
              align="LEFT")


class ScoreSheetsPdf(RoundSheetPdf):
    """One Schreibzettel per table: filled in where the table has hands, the blank paper sheet otherwise."""

    slug = "score-sheets"
    sheet_name = gettext_lazy("Schreibzettel")
    blank: ClassVar[bool] = False  # True: never print stored hands (the sheet before the round)

    # Columns: hand number, dealer, contract, then two per player (this hand's points, running total).
    FIXED = (8 * mm, 24 * mm, 36 * mm)
    # A filled sheet prints partner, kontras and bonuses under the contract: a wider column, the
    # players' columns (printed numbers, no handwriting) narrower.
    FIXED_FILLED = (7 * mm, 24 * mm, 58 * mm)

    def load(self) -> list:
        # Hands changed after the players confirmed the sheet: marked on it with who, when and why.
        self.changed = {} if self.blank else changed_after_confirmation(self.round)
        if self.blank:
            return [Sheet(seated.table, seated.seats) for seated in round_tables(self.round)]
        return round_sheets(self.round)

    def story(self) -> list:
        register = self.styles
        self.heading_style = ParagraphStyle("sheet-heading", parent=register["body"], fontSize=11, leading=24)
        self.note_style = ParagraphStyle("sheet-note", parent=register["body"], fontSize=9.5, leading=13)
        story: list = []
        for sheet in self.tables:
            if story:
                story.append(PageBreak())
            story.extend(self.sheet(sheet))
        return story

    def sheet(self, sheet: Sheet) -> list:
        """One table's page: heading, the grid (names, one row per hand, sums), notes and signatures."""
        table, seats = sheet.table, sheet.seats
        rows = [] if self.blank else sheet.rows
        filled = bool(rows)
        # A table ended early has only the hands it played; otherwise every planned hand gets a row.
        count = len(rows) if filled and table.ended_early else max(table.hands_planned, len(rows))
        width, height = self.frame_size()
        fixed_widths = self.FIXED_FILLED if filled else self.FIXED
        player_width = (width - sum(fixed_widths)) / len(seats)
        widths = [*fixed_widths]
        for _seat in seats:  # points narrower than the running total
            widths += [player_width * 0.45, player_width * 0.55]
        totals = self._totals(sheet, filled)
        sums = len(totals)

        # Row heights: as tall as the page allows for handwriting, at most 10 mm.
        signature = not (filled and table.confirmed_at)
        fixed = 14 * mm + 16 * mm + 5 * mm + 9 * mm * sums + (24 * mm if signature else 8 * mm) + 12 * mm
        hand_row = max(5 * mm, min(10 * mm, (height - fixed) / max(count, 1)))
        names = self._names(seats, player_width)
        # The names' row is as tall as the most lines in it, at least one line at reportlab's default
        # leading of 12 (as Table measured the empty cells beside the names).
        name_row = max(NAME_LEADING * max(len(lines) for lines in names), 12) + 2 * PADDING
        grid = Grid(widths, [name_row, 5 * mm] + [hand_row] * count + [9 * mm] * sums, padding=PADDING)
        self._head(grid, names)
        changed = self.changed.get(table.pk, [])
        self._hands(grid, seats, rows, count, table.first_dealer, fixed_widths, absences_of(table.absences),
                    {change.hand for change in changed})
        self._sums(grid, totals, count + 2)
        self._rules(grid, len(seats), count + 2, sums)

        heading = Paragraph(
            f'<font name="{FONT_BOLD}" size="20">{escape(_("Tisch"))} {table.number}</font>'
            f"&nbsp;&nbsp;&nbsp;{escape(self.round.label)} · {escape(self.hands_text(len(seats), table.hands_planned))}",
            self.heading_style,
        )
        parts = [heading, Spacer(1, 3 * mm), grid, Spacer(1, 4 * mm)]
        notes = self._notes(table, filled, [] if self.blank else sheet.corrections, changed,
                            [] if self.blank else sheet.absence_notes)
        if notes:
            parts.append(Paragraph(" · ".join(notes), self.note_style))
        if signature:
            parts.append(self.signatures(seats, width))
        # One table, one page: should very long names still overflow it, the sheet shrinks to fit.
        return [KeepInFrame(width, height - 2 * mm, parts, mode="shrink")]

    def _names(self, seats: list[Seat], player_width: float) -> list[list[tuple[str, str, float]]]:
        """Each player's place and name (bold, up to three lines) and club, fitted to the column."""
        name_width = player_width - 2 * PADDING
        cells = []
        for seat in seats:
            player = seat.entry.player
            name, size = fit_lines(f"{seat.position + 1} · {player.name}", FONT_BOLD, 8.5, name_width, lines=3)
            lines = [(line, FONT_BOLD, size) for line in name.split("\n")]
            if player.club:
                club, size = fit_lines(player.club, FONT, 7, name_width, smallest=5)
                lines += [(line, FONT, size) for line in club.split("\n")]
            cells.append(lines)
        return cells

    def _head(self, grid: Grid, names: list[list[tuple[str, str, float]]]) -> None:
        """The two header rows: each player's place, name and club on the dark band; then "+/−" and "Stand"."""
        grid.fill(HEADER_BG, 0, 0)
        grid.fill(SHADE, 0, 1)
        sub = ["#", _("Geber"), pgettext("the contract of a hand", "Spiel")]
        for index, lines in enumerate(names):
            grid.text(3 + 2 * index, 0, lines, leading=NAME_LEADING, color=colors.white, span=2)
            sub += ["+/−", pgettext("running total of a player on the score sheet", "Stand")]
        for column, label in enumerate(sub):
            grid.text(column, 1, [(label, FONT_BOLD, 7)], leading=12)  # one line: the leading centres it

    def _hands(self, grid: Grid, seats: list[Seat], rows: list, count: int, first_dealer: int,
               fixed_widths: tuple[float, ...], away: tuple = (), marked: set[int] = frozenset()) -> None:
        """A row per hand: number, dealer, contract and declarer with partner, kontras and bonuses, each
        player's points and total; the cells of those who sit out are greyed (the dealer at five, the
        dealer and the player opposite at six, and whoever is paused or gone: ``away``, the table's absences);
        a hand changed after the confirmation (``marked``) carries a "*" by its number, explained in the notes."""
        size = len(seats)
        geber_width, contract_width = fixed_widths[1] - 2 * PADDING, fixed_widths[2] - 2 * PADDING
        dealers: dict[int, tuple[str, float]] = {}  # each dealer's cell, fitted once (fitting measures every word)
        for hand_number in range(1, count + 1):
            line = hand_number + 1
            # White is painted too, as Table's row backgrounds did: a rasterizer blends text over a painted
            # background a shade differently than over bare paper, and the pages stay pixel for pixel the same.
            grid.fill(STRIPE if hand_number % 2 == 0 else colors.white, 0, line)
            dealt = deal(hand_number, size, first_dealer, away)
            out = dealt.out + dealt.absent  # no points this hand
            for seat in out:
                grid.fill(OUT, 3 + 2 * seat, line, 1)
            dealer = dealt.dealer
            if dealer not in dealers:
                dealers[dealer] = fit_cell(f"{dealer + 1} {seats[dealer].entry.player.name}", FONT, 8, geber_width,
                                           smallest=7, two_lines=8)
            mark = "*" if hand_number in marked else ""
            grid.text(0, line, [(f"{hand_number}{mark}", FONT_BOLD if mark else FONT, 8)], leading=LEADING)
            _cell(grid, 1, line, *dealers[dealer])
            row = rows[hand_number - 1] if hand_number <= len(rows) else None
            if row is not None:
                first = f"{row.contract} · {row.declarer}"
                text_size = fit_size(first, FONT, 8, contract_width, smallest=5)
                text = first
                if row.details:
                    # Up to two more lines at a size that lets the whole cell fit a hand's row.
                    details, detail_size = fit_lines(" · ".join(row.details), FONT, 6.5, contract_width, smallest=4.5)
                    text_size = min(text_size, detail_size)
                    text = f"{first}\n{details}"
                _cell(grid, 2, line, text, text_size)
            for index in range(size):
                column = 3 + 2 * index
                if index in out:
                    grid.text(column, line, [("–", FONT, 8)], leading=LEADING)
                if row is not None:
                    points, total = row.cells[index]
                    if index not in out:
                        grid.text(column, line, [(number(points, sign=True), FONT, 8)], leading=LEADING, align="RIGHT")
                    grid.text(column + 1, line, [(number(total), FONT, 8)], leading=LEADING, align="RIGHT")

    def _totals(self, sheet: Sheet, filled: bool) -> list[tuple[str, float, list[str]]]:
        """The "Summe" row and, where kontras are paid but not counted, each player's euros at the
        table (scoring.selectors' money: the same amounts as the settlement): label, size, cells."""
        rows = [(_("Summe"), 10, [number(total) for total in sheet.totals] if filled else [])]
        if filled and not self.tournament.ruleset.kontra_counts_for_standings:
            rows.append((_("Geld (€)"), 8, [euro_text(euros) for euros in sheet.euros]))
        return rows

    @staticmethod
    def _sums(grid: Grid, totals: list[tuple[str, float, list[str]]], line: int) -> None:
        for offset, (label, size, cells) in enumerate(totals):
            grid.fill(SHADE, 0, line + offset)
            grid.text(0, line + offset, [(label, FONT_BOLD, size)], leading=LEADING, align="LEFT", span=3)
            for index, text in enumerate(cells):
                grid.text(3 + 2 * index, line + offset, [(text, FONT_BOLD, size)], leading=LEADING, align="RIGHT", span=2)

    @staticmethod
    def _rules(grid: Grid, players: int, sums_row: int, sums: int) -> None:
        """The thin grid (no line inside the cells that span two or three columns: the names' and the
        sums' rows), a heavier line between players and above the sums."""
        spanned = {1, 2} | {4 + 2 * index for index in range(players)}
        grid.grid(0.4, GRID, {row: spanned for row in [0, *range(sums_row, sums_row + sums)]})
        for index in range(players):
            grid.vline(3 + 2 * index, 1.2, colors.black)
        grid.hline(sums_row, 1.2, colors.black)

    def _notes(self, table, filled: bool, corrections=(), changed=(), absences=()) -> list[str]:
        # Pauses and leaves with when and who recorded them, as the sheet page says them (Sheet.absence_notes).
        notes = [escape(note) for note in absences]
        for correction in corrections:
            notes.append(escape(_("Korrektur %(name)s %(points)s: %(reason)s") % {
                "name": correction.entry.player.name, "points": number(correction.points, sign=True),
                "reason": correction.reason}))
        if filled and table.ended_early:
            notes.append(f"<b>{escape(_('vorzeitig beendet'))}</b>")
        if filled:
            if table.confirmed_at:
                when = timezone.localtime(table.confirmed_at).strftime("%d.%m.%Y %H:%M")
                notes.append(escape(_("bestätigt am %(when)s von %(names)s") % {"when": when, "names": table.confirmed_by}))
                for change in changed:  # after that confirmation: the players did not sign this
                    notes.append("<b>" + escape(change_after_confirmation_said(change)) + "</b>")
            else:
                notes.append(escape(_("nicht bestätigt")))
        return notes

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
        return TextTable(cells, colWidths=widths, rowHeights=[6 * mm, 10 * mm, None], style=style)


class BlankScoreSheetsPdf(ScoreSheetsPdf):
    """The Schreibzettel of every table with the names printed and every cell empty."""

    slug = "blank-score-sheets"
    sheet_name = gettext_lazy("Schreibzettel (leer)")
    blank = True

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
from reportlab.platypus import KeepInFrame, PageBreak, Paragraph, Spacer, Table, TableStyle

from paper.exports.pdf import FONT, FONT_BOLD, SHADE, CellParagraph, TextTable, table_style
from paper.exports.round_sheets import MUTED, OUT, RoundSheetPdf, fit_cell, fit_lines, fit_size
from paper.formats import euro_text
from paper.formats import points_cell as number
from scoring.seats import absences_of, deal
from scoring.selectors import Sheet, round_sheets
from tournament.models import Seat
from tournament.selectors import round_tables


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
        if self.blank:
            return [Sheet(seated.table, seated.seats) for seated in round_tables(self.round)]
        return round_sheets(self.round)

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

        data, style = self._head(seats, player_width)
        self._hands(data, style, seats, rows, count, table.first_dealer, fixed_widths, absences_of(table.absences))
        sums = self._sums(data, style, sheet, filled)

        # Row heights: as tall as the page allows for handwriting, at most 10 mm.
        signature = not (filled and table.confirmed_at)
        fixed = 14 * mm + 16 * mm + 5 * mm + 9 * mm * sums + (24 * mm if signature else 8 * mm) + 12 * mm
        hand_row = max(5 * mm, min(10 * mm, (height - fixed) / max(count, 1)))
        heights = [None, 5 * mm] + [hand_row] * count + [9 * mm] * sums
        grid = TextTable(data, colWidths=widths, rowHeights=heights, style=TableStyle(style))

        heading = Paragraph(
            f'<font name="{FONT_BOLD}" size="20">{escape(_("Tisch"))} {table.number}</font>'
            f"&nbsp;&nbsp;&nbsp;{escape(self.round.label)} · {escape(self.hands_text(len(seats), table.hands_planned))}",
            self.heading_style,
        )
        parts = [heading, Spacer(1, 3 * mm), grid, Spacer(1, 4 * mm)]
        notes = self._notes(table, filled, [] if self.blank else sheet.corrections)
        if notes:
            parts.append(Paragraph(" · ".join(notes), self.note_style))
        if signature:
            parts.append(self.signatures(seats, width))
        # One table, one page: should very long names still overflow it, the sheet shrinks to fit.
        return [KeepInFrame(width, height - 2 * mm, parts, mode="shrink")]

    def _head(self, seats: list[Seat], player_width: float) -> tuple[list[list], list[tuple]]:
        """The two header rows (each player's place, name and club; then "+/−" and "Stand") and the
        grid's style, with a heavier line between players."""
        names: list = [""] * 3
        sub = ["#", _("Geber"), pgettext("the contract of a hand", "Spiel")]
        name_width = player_width - 6
        for seat in seats:
            player = seat.entry.player
            name, size_ = fit_lines(f"{seat.position + 1} · {player.name}", FONT_BOLD, 8.5, name_width, lines=3)
            text = f'<font size="{size_}">{escape(name).replace(chr(10), "<br/>")}</font>'
            if player.club:
                club, size_ = fit_lines(player.club, FONT, 7, name_width, smallest=5)
                text += f'<br/><font name="{FONT}" size="{size_}">{escape(club).replace(chr(10), "<br/>")}</font>'
            names += [CellParagraph(text, self.name_style), ""]
            sub += ["+/−", pgettext("running total of a player on the score sheet", "Stand")]
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
        for index in range(len(seats)):
            column = 3 + 2 * index
            style.append(("SPAN", (column, 0), (column + 1, 0)))
            style.append(("LINEBEFORE", (column, 0), (column, -1), 1.2, colors.black))
        return [names, sub], style

    def _hands(self, data: list[list], style: list[tuple], seats: list[Seat], rows: list, count: int,
               first_dealer: int, fixed_widths: tuple[float, ...], away: tuple = ()) -> None:
        """A row per hand: number, dealer, contract and declarer with partner, kontras and bonuses, each
        player's points and total; the cells of those who sit out are greyed (the dealer at five, the
        dealer and the player opposite at six, and whoever is paused or gone: ``away``, the table's absences)."""
        size = len(seats)
        geber_width, contract_width = fixed_widths[1] - 6, fixed_widths[2] - 6
        dealers: dict[int, tuple[str, float]] = {}  # each dealer's cell, fitted once (fitting measures every word)
        for hand_number in range(1, count + 1):
            line = len(data)
            dealt = deal(hand_number, size, first_dealer, away)
            dealer = dealt.dealer
            row = rows[hand_number - 1] if hand_number <= len(rows) else None
            if dealer not in dealers:
                dealers[dealer] = fit_cell(f"{dealer + 1} {seats[dealer].entry.player.name}", FONT, 8, geber_width,
                                           smallest=7, two_lines=8)
            dealer_name, text_size = dealers[dealer]
            cells = [str(hand_number), dealer_name]
            if text_size < 8:
                style += [("FONTSIZE", (1, line), (1, line), text_size), ("LEADING", (1, line), (1, line), text_size + 1)]
            if row is not None:
                first = f"{row.contract} · {row.declarer}"
                text_size = fit_size(first, FONT, 8, contract_width, smallest=5)
                text = first
                if row.details:
                    # Up to two more lines at a size that lets the whole cell fit a hand's row.
                    details, detail_size = fit_lines(" · ".join(row.details), FONT, 6.5, contract_width, smallest=4.5)
                    text_size = min(text_size, detail_size)
                    text = f"{first}\n{details}"
                cells.append(text)
                if text_size < 8:
                    style += [("FONTSIZE", (2, line), (2, line), text_size),
                              ("LEADING", (2, line), (2, line), text_size + 1)]
                for points, total in row.cells:
                    cells += [number(points, sign=True), number(total)]
            else:
                cells.append("")
                cells += ["", ""] * size
            for out in dealt.out + dealt.absent:  # no points this hand
                column = 3 + 2 * out
                cells[column] = "–"
                style.append(("BACKGROUND", (column, line), (column, line), OUT))
                style.append(("ALIGN", (column, line), (column, line), "CENTER"))
            data.append(cells)

    def _sums(self, data: list[list], style: list[tuple], sheet: Sheet, filled: bool) -> int:
        """The "Summe" row and, where kontras are paid but not counted, each player's euros at the
        table (scoring.selectors' money: the same amounts as the settlement). Returns how many rows."""
        size = len(sheet.seats)
        totals = [_("Summe"), "", ""]
        for index in range(size):
            totals += [number(sheet.totals[index]) if filled else "", ""]
        data.append(totals)
        extra_rows = [len(data) - 1]
        if filled and not self.tournament.ruleset.kontra_counts_for_standings:
            cash = [_("Geld (€)"), "", ""]
            for index in range(size):
                cash += [euro_text(sheet.euros[index]), ""]
            data.append(cash)
            extra_rows.append(len(data) - 1)
        for line in extra_rows:
            style += [("SPAN", (0, line), (2, line)), ("FONTNAME", (0, line), (-1, line), FONT_BOLD),
                      ("BACKGROUND", (0, line), (-1, line), SHADE), ("ALIGN", (0, line), (2, line), "LEFT")]
            style += [("SPAN", (3 + 2 * i, line), (4 + 2 * i, line)) for i in range(size)]
        style.append(("FONTSIZE", (0, extra_rows[0]), (-1, extra_rows[0]), 10))
        style.append(("LINEABOVE", (0, extra_rows[0]), (-1, extra_rows[0]), 1.2, colors.black))
        return len(extra_rows)

    def _notes(self, table, filled: bool, corrections=()) -> list[str]:
        notes = []
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

"""The seating list for the wall: by table, and alphabetically ("Wo sitze ich?")."""

from __future__ import annotations

from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import PageBreak, Paragraph, Table, TableStyle

from paper.exports.pdf import FONT, FONT_BOLD, GRID, HEADER_BG, SHADE, table_style
from paper.exports.round_sheets import RoundSheetPdf, fit_cell, fit_lines, wrapped
from tournament.players import sort_key
from tournament.selectors import round_byes


class SeatingPdf(RoundSheetPdf):
    """The wall list: every table in one row, then every player alphabetically with table and place."""

    slug = "seating"
    sheet_name = gettext_lazy("Sitzplan")

    ROW = 6.2 * mm
    HEADER = 7 * mm

    def story(self) -> list:
        width, height = self.frame_size()
        heading = self.styles["heading"]
        story: list = [Paragraph(escape(_("Nach Tischen")), heading), self.by_table(width)]
        byes = round_byes(self.round)
        if byes:  # present, but the count fitted no tables: they look for their name here
            story.append(Paragraph(escape(f"{_('Freilos (setzt diese Runde aus)')}: {', '.join(byes)}"), heading))
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

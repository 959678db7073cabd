"""The standings on paper and in Excel: the ranked list with the public page's columns
(scoring.selectors.standings_table), so a printed, downloaded and shown standings never disagree.
Layout only: the numbers come from scoring.selectors.
"""

from __future__ import annotations

from typing import Iterator
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from paper.exports.base import ListExporter, provisional_note
from paper.exports.pdf import (
    FONT,
    FONT_BOLD,
    HEADER_BG,
    PdfExporter,
    fit_text,
    register_fonts,
    table_style,
)
from paper.exports.sheetdata import EURO_FORMAT, INTEGER_FORMAT, POINTS_FORMAT, Column, SheetData
from paper.formats import euro_text, number_text
from scoring.selectors import TeamRow, standings, standings_table, team_standings
from web.tables import STATUS_NOTES


def _is_money(key: str) -> bool:
    return key == "cash"


def _read(tournament):
    """The standings rows and columns and the team standings, from one ranking."""
    ranked = standings(tournament)
    return standings_table(tournament, ranked, tie_note=True), team_standings(tournament, ranked)


def _members(team: TeamRow) -> str:
    return ", ".join(f"{m.player.name} ({number_text(m.total)})" for m in team.members)


class StandingsPdf(PdfExporter):
    slug = "standings"

    FONT_SIZE = 8.5
    PADDING = 12  # a cell's left and right padding together (reportlab's default 6 + 6)

    def title(self) -> str:
        return _("Rangliste")

    def _texts(self) -> list[list[str]]:
        """Every cell as printed, the rank, name and club first, then the extra columns."""
        lines = []
        for row in self.rows:
            # As on the page (web.tables.STATUS_NOTES): who withdrew keeps the rank, who never
            # played has none; the sheet says which.
            note = STATUS_NOTES.get(row.get("status"))
            line = [row["rank"], f"{row['name']} ({note})" if note else row["name"], row["club"]]
            for key, _label in self.columns:
                value = row.get(key)
                line.append(euro_text(value) if _is_money(key) and value not in (None, "") else number_text(value))
            lines.append(line)
        return lines

    def _measure(self) -> None:
        """Column widths from what they hold: numbers as wide as their widest value or header word; a
        smaller type where even a landscape page cannot hold every column beside 40 mm of names (many
        rounds, a final and every tie-break)."""
        register_fonts()
        self.size = self.FONT_SIZE
        self.texts = self._texts()
        while True:
            self._measure_at(self.size)
            if self.size <= 5 or A4[1] - 2 * self.margin - self.needs[0] - sum(self.needs[3:]) >= 40 * mm:
                return
            self.size -= 0.5

    def _measure_at(self, size: float) -> None:
        headers = [_("Rang"), _("Name"), _("Verein")] + [str(label) for _key, label in self.columns]
        self.headers = headers
        needs = []
        for index, header in enumerate(headers):
            word = max((stringWidth(w, FONT_BOLD, size) for w in header.split()), default=0)
            font = FONT_BOLD if index >= 3 and self.columns[index - 3][0] == "total" else FONT
            widest = max((stringWidth(line[index], font, size) for line in self.texts), default=0)
            needs.append(max(word, widest) + self.PADDING)
        self.needs = needs
        fixed = needs[0] + sum(needs[3:])
        portrait_rest = A4[0] - 2 * self.margin - fixed
        # Portrait (more lines a page) while name and club keep 60 mm, long clubs wrapping;
        # more rounds, a final and more tie-breaks turn the page.
        self.landscape = portrait_rest < min(needs[1] + needs[2], 60 * mm)

    def render_bytes(self) -> bytes:
        table, self.teams = _read(self.tournament)
        self.rows, self.columns = table.rows, table.columns
        self._measure()
        return super().render_bytes()

    def story(self) -> list:
        size = self.size
        cell = ParagraphStyle("cell", parent=self.styles["small"], fontSize=size, leading=size + 1.5)
        head = ParagraphStyle("head", parent=cell, fontName=FONT_BOLD, textColor=colors.white, alignment=TA_RIGHT)
        story: list = []
        note = provisional_note(self.tournament)
        if note:
            story.append(Paragraph(f"<b>{escape(note)}</b>", self.styles["body"]))
            story.append(Spacer(0, 2 * mm))
        width = self.pagesize[0] - 2 * self.margin
        numbers = self.needs[3:]
        rest = max(width - self.needs[0] - sum(numbers), 25 * mm)  # at 5 pt a name keeps 25 mm whatever else
        name_need, club_need = self.needs[1], self.needs[2]
        if name_need + club_need <= rest:  # room to spare: share it out
            name_w = rest * name_need / (name_need + club_need)
        else:  # names first, clubs wrap
            name_w = min(name_need, max(rest * 0.55, rest - club_need))
        club_w = rest - name_w
        widths = [self.needs[0], name_w, club_w, *numbers]
        header = self.headers[:3] + [Paragraph(escape(label), head) for label in self.headers[3:]]
        data: list[list] = [header]
        last_finalist = None
        for index, (row, texts) in enumerate(zip(self.rows, self.texts, strict=True), start=1):
            data.append([texts[0], fit_text(texts[1], name_w, cell, size), fit_text(texts[2], club_w, cell, size), *texts[3:]])
            if row.get("final") is not None:
                last_finalist = index
        style = table_style(font_size=size) + [
            ("ALIGN", (3, 0), (-1, -1), "RIGHT"),
            ("ALIGN", (0, 0), (0, -1), "RIGHT"),
            ("TOPPADDING", (0, 0), (-1, -1), 1.5),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
            ("VALIGN", (0, 0), (-1, 0), "BOTTOM"),
        ]
        style += [("ALIGN", (3 + i, 1), (3 + i, -1), "LEFT") for i, (key, _l) in enumerate(self.columns) if key == "decided"]
        total_index = next((i for i, (key, _l) in enumerate(self.columns) if key == "total"), None)
        if total_index is not None:
            style.append(("FONTNAME", (3 + total_index, 1), (3 + total_index, -1), FONT_BOLD))
        if last_finalist is not None and last_finalist < len(self.rows):
            style.append(("LINEBELOW", (0, last_finalist), (-1, last_finalist), 1.5, HEADER_BG))
        if not self.rows:
            data.append([_("Noch keine Spieler."), "", ""] + [""] * len(self.columns))
            style.append(("SPAN", (0, 1), (-1, 1)))
        story.append(Table(data, colWidths=widths, repeatRows=1, style=TableStyle(style)))
        if any(key.startswith("tie_") for key, _l in self.columns):
            story.append(Spacer(0, 2 * mm))
            story.append(Paragraph(escape(_("Bei Punktegleichstand entscheiden die Spalten nach den Punkten, "
                                             "von links nach rechts; „=“ beim Rang: geteilter Rang.")),
                                   self.styles["small"]))
        if self.teams:
            story += self._team_story(cell, width)
        return story

    def _team_story(self, cell: ParagraphStyle, width: float) -> list:
        """The team standings (Mannschaftswertung): rank, team, its players with their points, the sum."""
        size = self.FONT_SIZE
        data: list[list] = [[_("Rang"), _("Mannschaft"), _("Spieler"), _("Punkte")]]
        for team in self.teams:
            data.append([team.rank_label, Paragraph(escape(team.name), cell), Paragraph(escape(_members(team)), cell),
                         number_text(team.total)])
        widths = [12 * mm, 45 * mm, width - 12 * mm - 45 * mm - 20 * mm, 20 * mm]
        style = table_style(font_size=size) + [("ALIGN", (0, 0), (0, -1), "RIGHT"), ("ALIGN", (3, 0), (3, -1), "RIGHT"),
                                              ("FONTNAME", (3, 1), (3, -1), FONT_BOLD)]
        return [Spacer(0, 5 * mm), Paragraph(escape(_("Mannschaftswertung")), self.styles["heading"]),
                Table(data, colWidths=widths, repeatRows=1, style=TableStyle(style)),
                Paragraph(escape(_("Die Punkte einer Mannschaft sind die Summe der Punkte ihrer Spieler.")),
                          self.styles["small"])]


class StandingsXlsx(ListExporter):
    slug = "standings"

    def sheets(self) -> Iterator[SheetData]:
        table, teams = _read(self.tournament)
        rows, extra = table.rows, table.columns
        columns = [Column(_("Rang"), 7), Column(_("Name"), 28), Column(_("Verein"), 24)]
        for key, label in extra:
            if key == "decided":
                columns.append(Column(str(label), 26))
            elif _is_money(key):
                columns.append(Column(str(label), 14, EURO_FORMAT))
            elif key == "tie_lots":
                columns.append(Column(str(label), 8, INTEGER_FORMAT))
            else:
                columns.append(Column(str(label), 10, POINTS_FORMAT))

        def lines():
            for row in rows:
                values = [row["rank"], row["name"], row["club"]]
                values += [None if row.get(key) in ("", None) else row[key] for key, _label in extra]
                yield values

        t = self.tournament
        title = [f"{t.name} – {t.date.strftime('%d.%m.%Y')}"]
        note = provisional_note(t)
        if note:
            title.append(note)
        yield SheetData(_("Rangliste"), columns, lines(), header_rows=[title])
        if teams:
            team_columns = [Column(_("Rang"), 7), Column(_("Mannschaft"), 28), Column(_("Spieler"), 70),
                            Column(_("Punkte"), 10, POINTS_FORMAT)]
            yield SheetData(_("Mannschaften"), team_columns,
                            [[team.rank_label, team.name, _members(team), team.total] for team in teams])

"""Season standings of a cup as PDF and XLSX: the exporter interface (paper/exports/base.py) for a Season.

SeasonExporter mirrors Exporter (``render() -> ExportFile``) but is built for a season; its numbers
come from cups.selectors.season_standings (a fixed number of queries), layout runs no query. The
season sheets live with cups, which builds on paper, so paper never imports a cup: the last line
declares them into paper's one registry of files (paper/registry.py) when Django loads cups.
The XLSX has a "Results" sheet (one row per player and tournament) and a "Season" sheet whose
season points are SUMIFS formulas over the Results sheet's "Worth" column (what a counted result
adds: its cup points, twice for a final that counts double; 0 when not counted), each with its
value cached so viewers that do not calculate show the numbers too.
"""

from __future__ import annotations

import textwrap
from typing import Iterator
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Table, TableStyle

from cups.selectors import season_standings
from paper import registry
from paper.exports.base import ExportFile, ListExporter
from paper.exports.pdf import FONT_BOLD, PdfExporter, table_style
from paper.exports.sheetdata import INTEGER_FORMAT, POINTS_FORMAT, Column, SheetData
from paper.exports.xlsx import CachedFormula
from tournament.ranks import rank_text


class SeasonExporter:
    """Mixin over Exporter for a season: takes a Season instead of a tournament."""

    def __init__(self, season, *, base_url: str = "", sub=None, format: str | None = None):  # noqa: D107
        self.format = self.chosen_format(format)
        self.season = season
        self.sub = sub  # a cups.models.SubRanking of the season's cup, or None for the whole season
        self.tournament = None
        self.round = None
        self.base_url = base_url
        self.standings = season_standings(season, sub)

    def filename(self) -> str:
        stem = self.slug
        if self.sub is not None:
            stem = f"{stem}-{self.sub.slug}"
        return f"{stem}.{self.extension}"

    def download_name(self) -> str:
        return f"{self.season.cup.slug}-{self.season.slug}-{self.filename()}"

    def render(self) -> ExportFile:
        return ExportFile(self.download_name(), self.content_type, self.render_bytes())


def _mark(cell) -> str:
    if cell is None:
        return "·"
    value = cell.worth if cell.counted else cell.result.points
    text = f"{value:g}" if not hasattr(value, "normalize") else f"{value.normalize():f}"
    return f"{text}*" if cell.counted else f"({text})"


class SeasonStandingsPdf(SeasonExporter, PdfExporter):
    slug = "season-standings"
    landscape = True

    def title(self) -> str:
        return _("Saisonwertung")

    def subtitle(self) -> str:
        sub = f" · {self.sub.name}" if self.sub is not None else ""
        return f"{self.season.cup.name} {self.season.label}{sub}"

    def render_bytes(self) -> bytes:
        # PdfExporter names the document after the tournament; give it the season instead.
        self.tournament = _Named(self.subtitle())
        return super().render_bytes()

    def story(self) -> list:
        s = self.standings
        story = [Paragraph(f"{self.title()} {self.subtitle()}", self.styles["title"]),
                 Paragraph(escape(" ".join(s.sentences())), self.styles["body"]),
                 Paragraph(_("* gewertet, (…) nicht gewertet."), self.styles["body"])]
        header = [_("Rang"), _("Name"), _("Verein"), _("Punkte")]
        header += [f"{c.date:%d.%m.}\n{column_name(c.name)}{' ★' if c.is_final else ''}" for c in s.columns]
        header.append(_("TN"))
        if s.has_qualification:
            header.append(_("Qual."))
        data = [header]
        bold = []
        for row_index, (row, cells) in enumerate(s.table(), start=1):
            line = [rank_text(row.rank, row.shared), row.player.name, row.player.club,
                    _mark_number(row.points)]
            for col_index, cell in enumerate(cells, start=4):
                line.append(_mark(cell))
                if cell is not None and cell.counted:
                    bold.append(("FONTNAME", (col_index, row_index), (col_index, row_index), FONT_BOLD))
            line.append(str(row.participations))
            if s.has_qualification:
                line.append(_("ja") if s.qualified(row) else _("nein"))  # the sentences above say why
            data.append(line)
        if len(data) == 1:
            story.append(Paragraph(_("Noch keine Ergebnisse."), self.styles["body"]))
            return story
        table = Table(data, repeatRows=1, colWidths=[12 * mm, 48 * mm, 40 * mm, 16 * mm]
                      + [None] * len(s.columns) + [10 * mm] + ([12 * mm] if s.has_qualification else []))
        table.setStyle(TableStyle(table_style(font_size=8) + bold + [("ALIGN", (3, 1), (-1, -1), "RIGHT")]))
        story.append(table)
        return story


HEADER_WIDTH, HEADER_LINES = 13, 3


def column_name(name: str) -> str:
    """A tournament's name in a column's header: broken into lines between words (or after a hyphen),
    never inside a word; a name longer than three lines ends with "…" after its last whole word."""
    lines = textwrap.wrap(name, width=HEADER_WIDTH, break_long_words=False, break_on_hyphens=True)
    if len(lines) > HEADER_LINES:
        lines = [*lines[:HEADER_LINES - 1], f"{lines[HEADER_LINES - 1]} …"]
    return "\n".join(lines)


def _mark_number(value) -> str:
    return f"{value.normalize():f}" if hasattr(value, "normalize") else str(value)


class _Named:
    """Stands in for a tournament in PdfExporter's document metadata."""

    def __init__(self, name: str):
        self.name = name


RESULTS, SEASON, RULES = "Results", "Season", "Rules"


class SeasonStandingsXlsx(SeasonExporter, ListExporter):
    slug = "season-standings"

    def sheets(self) -> Iterator[SheetData]:
        s = self.standings
        names = {c.key: c for c in s.columns}
        results = []
        for row in s.rows:
            for item in row.results:
                column = names[item.result.tournament]
                results.append([row.player.key, row.player.name, column.name, column.date, item.result.rank,
                                item.result.points, item.counted, item.worth if item.counted else 0])
        last = len(results) + 1
        ids = f"{RESULTS}!$A$2:$A${max(last, 2)}"
        worth = f"{RESULTS}!$H$2:$H${max(last, 2)}"
        ranks = f"{RESULTS}!$E$2:$E${max(last, 2)}"  # empty for a no-show at the final: no participation
        yield SheetData(SEASON, [Column("Nr", 8, INTEGER_FORMAT), Column(_("Rang"), 8, INTEGER_FORMAT),
                                 Column(_("Name"), 28), Column(_("Verein"), 24),
                                 Column(_("Punkte"), 12, POINTS_FORMAT),
                                 Column(pgettext("season standings", "Teilnahmen"), 12, INTEGER_FORMAT),
                                 Column(_("qualifiziert"), 12)],
                        [[row.player.key, row.rank, row.player.name, row.player.club,
                          CachedFormula(f"=SUMIFS({worth},{ids},A{n})", row.points),
                          CachedFormula(f'=COUNTIFS({ids},A{n},{ranks},"<>")', row.participations),
                          s.qualified(row)]
                         for n, row in enumerate(s.rows, start=2)])
        yield SheetData(RESULTS, [Column("Nr", 8, INTEGER_FORMAT), Column(_("Name"), 28), Column(_("Turnier"), 28),
                                  Column(_("Datum"), 12, "DD.MM.YYYY"), Column(_("Rang"), 8, INTEGER_FORMAT),
                                  Column(_("Cuppunkte"), 12, POINTS_FORMAT), Column(_("gewertet"), 10),
                                  Column(_("Wert"), 12, POINTS_FORMAT)], results)
        yield SheetData(RULES, [Column(_("Regeln der Saison"), 120)], [[sentence] for sentence in s.sentences()])


registry.REGISTRY.declare(
    registry.Export(registry.SEASON, gettext_lazy("Saisonwertung"), (SeasonStandingsPdf, SeasonStandingsXlsx)))

"""The season page's table as plain rows (issue 30, point 7): every cell's text, class and title worked out
here once per page, not by template tags per cell, so a season of a thousand players and twelve tournaments
renders in a few milliseconds. The template (templates/cups/_season_standings.html) only joins them."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.template.defaultfilters import floatformat
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, ngettext

from cups.season import CountedResult
from web.http import int_param
from web.tables import MAX_PER_PAGE

PLACEHOLDER = 999999999
# Rows a page of the season table shows (the page, not the PDF, the workbook or ?format=json, which keep every
# row): 1,350 rows × 12 tournaments were most of a cold season page (issue 30, point 7).
SEASON_PAGE_ROWS = 100


@dataclass(frozen=True)
class TablePage:
    """Which rows of the season table a page shows: ``?page=`` (1 …), ``?per_page=`` and ``?spieler=<id>``,
    the page with that player's row (his row carries the anchor ``#p<id>``). Out-of-range values show a page."""

    number: int
    pages: int
    per_page: int
    start: int
    stop: int

    @property
    def previous(self) -> int | None:
        return self.number - 1 if self.number > 1 else None

    @property
    def next(self) -> int | None:
        return self.number + 1 if self.number < self.pages else None


def table_page(standings, values) -> TablePage:
    """The page of ``standings``' rows the query ``values`` asks for."""
    per_page = int_param(values, "per_page", SEASON_PAGE_ROWS, low=1, high=MAX_PER_PAGE)
    pages = max(1, -(-len(standings.rows) // per_page))
    player = int_param(values, "spieler", 0, low=1)
    found = next((index for index, row in enumerate(standings.rows) if row.player.key == player), None) if player else None
    number = found // per_page + 1 if found is not None else min(int_param(values, "page", 1, low=1), pages)
    start = (number - 1) * per_page
    return TablePage(number, pages, per_page, start, min(start + per_page, len(standings.rows)))


@dataclass(frozen=True)
class Cell:
    css: str
    title: str
    text: str


@dataclass(frozen=True)
class PageRow:
    key: object
    rank: str
    url: str
    name: str
    points: str
    participations: int
    club: str
    qualified: bool
    qualification: str
    cells: list[Cell | None]


def _number(value) -> str:
    return floatformat(value, "-2") if isinstance(value, Decimal | float) else str(value)


def page_rows(standings, page: TablePage | None = None) -> list[PageRow]:
    """The rows of the season page for ``standings`` (cups/selectors.py SeasonStandings), those of ``page`` only
    when given."""
    player_url = reverse("cups:player", args=[PLACEHOLDER])
    absent, dropped = gettext("nicht zum Finale gekommen"), gettext("nicht gewertet")
    rank_word = gettext("Rang %(r)s")
    qualified_word, outside = f"✓ {gettext('qualifiziert')}", standings.outside_the_line()

    def cell(item: CountedResult | None) -> Cell | None:
        if item is None:
            return None
        title = absent if item.result.rank is None else rank_word % {"r": item.result.rank}
        if item.counted:
            return Cell("counted", title, _number(item.worth))
        return Cell("dropped", f"{title} · {dropped}", f"({_number(item.result.points)})")

    rows = []
    chosen = standings.rows[page.start:page.stop] if page is not None else standings.rows
    for row, qualification, cells in standings.rows_with_qualification(chosen):
        if qualification.qualified:
            said = qualified_word
        elif qualification.missing:
            said = ngettext("noch %(n)s Turnier", "noch %(n)s Turniere", qualification.missing) % {
                "n": qualification.missing}
        else:
            said = outside
        rows.append(PageRow(row.player.key, f"{row.rank}{'=' if row.shared else ''}",
                            player_url.replace(str(PLACEHOLDER), str(row.player.key)), row.player.name,
                            _number(row.points), row.participations, row.player.club, qualification.qualified,
                            said, [cell(c) for c in cells]))
    return rows


def _cell_html(cell: Cell | None) -> str:
    if cell is None:
        return '<td class="num">·</td>'
    return f'<td class="num {cell.css}" title="{escape(cell.title)}">{escape(cell.text)}</td>'


def table_body(standings, page: TablePage | None = None) -> str:
    """The season table's rows as HTML, joined here: a template tag per cell made a season of 1,350 players
    and 12 tournaments take seconds (bench/abakus_history.py). Every value from the database is escaped."""
    with_qualification = standings.has_qualification
    lines = []
    for row in page_rows(standings, page):
        css = ' class="qualified"' if with_qualification and row.qualified else ""
        qualification = f'<td class="qualified">{escape(row.qualification)}</td>' if with_qualification else ""
        lines.append(
            f'<tr id="p{escape(row.key)}"{css}><td class="num">{row.rank}</td>'
            f'<td class="name"><a href="{escape(row.url)}">{escape(row.name)}'
            f'</a></td><td class="num"><strong>{row.points}</strong></td><td class="num">{row.participations}</td>'
            f'<td>{escape(row.club)}</td>{qualification}{"".join(_cell_html(c) for c in row.cells)}</tr>')
    return mark_safe("\n".join(lines))  # noqa: S308 - built above from escaped values only

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

PLACEHOLDER = 999999999


@dataclass(frozen=True)
class Cell:
    css: str
    title: str
    text: str


@dataclass(frozen=True)
class PageRow:
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


def page_rows(standings) -> list[PageRow]:
    """The rows of the season page for ``standings`` (cups/selectors.py SeasonStandings)."""
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
    for row, qualification, cells in standings.rows_with_qualification():
        if qualification.qualified:
            said = qualified_word
        elif qualification.missing:
            said = ngettext("noch %(n)s Turnier", "noch %(n)s Turniere", qualification.missing) % {
                "n": qualification.missing}
        else:
            said = outside
        rows.append(PageRow(f"{row.rank}{'=' if row.shared else ''}",
                            player_url.replace(str(PLACEHOLDER), str(row.player.key)), row.player.name,
                            _number(row.points), row.participations, row.player.club, qualification.qualified,
                            said, [cell(c) for c in cells]))
    return rows


def _cell_html(cell: Cell | None) -> str:
    if cell is None:
        return '<td class="num">·</td>'
    return f'<td class="num {cell.css}" title="{escape(cell.title)}">{escape(cell.text)}</td>'


def table_body(standings) -> str:
    """The season table's rows as HTML, joined here: a template tag per cell made a season of 1,350 players
    and 12 tournaments take seconds (bench/abakus_history.py). Every value from the database is escaped."""
    with_qualification = standings.has_qualification
    lines = []
    for row in page_rows(standings):
        css = ' class="qualified"' if with_qualification and row.qualified else ""
        qualification = f'<td class="qualified">{escape(row.qualification)}</td>' if with_qualification else ""
        lines.append(
            f'<tr{css}><td class="num">{row.rank}</td><td class="name"><a href="{escape(row.url)}">{escape(row.name)}'
            f'</a></td><td class="num"><strong>{row.points}</strong></td><td class="num">{row.participations}</td>'
            f'<td>{escape(row.club)}</td>{qualification}{"".join(_cell_html(c) for c in row.cells)}</tr>')
    return mark_safe("\n".join(lines))  # noqa: S308 - built above from escaped values only

"""Every file the site offers, declared once: the one list the pages, the download addresses,
export_sheets and the season pages read (tests/test_boundaries.py refuses a second one).

An Export says where a file is offered (its scope: a tournament, a round, a season, a list on a
director's page), under which label, to whom (public) and which formats export_sheets archives; its
builders (the exporters, paper/exports/) say what the file is called (slug) and how each format is
written. Adding a file is one exporter and one line here (docs/architecture.md, "Adding an export").

The season sheets need cups, which builds on paper: cups declares them into this registry when
Django loads it (cups/apps.py), so paper never imports a cup.

    REGISTRY.find(TOURNAMENT, "standings-pdf")  # -> (export, builder) or None
    REGISTRY.links(ROUND)                        # -> [Link(identifier, text), ...] for a page
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import partial
from typing import Callable, Iterator

from django.utils.translation import gettext_lazy as _

from paper.exports.base import FORMATS, Exporter
from paper.exports.player_list import PlayerList
from paper.exports.round_bundle import RoundBundlePdf
from paper.exports.score_sheets import BlankScoreSheetsPdf, ScoreSheetsPdf
from paper.exports.seating_list import SeatingPdf
from paper.exports.settlement import SettlementPdf, SettlementXlsx
from paper.exports.standings import StandingsPdf, StandingsXlsx
from paper.exports.table_cards import TableCardsPdf
from paper.exports.workbook import TournamentWorkbook

TOURNAMENT, ROUND, SEASON, LIST = "tournament", "round", "season", "list"
SCOPES = (TOURNAMENT, ROUND, SEASON, LIST)
# What a download address may name: a slug and a format, "standings-pdf". Anything else is a bad request.
IDENTIFIER = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


@dataclass(frozen=True)
class Link:
    """One file as a page links it: the identifier its address carries and the link's text."""

    identifier: str
    text: str
    format: str


@dataclass(frozen=True)
class Export:
    scope: str
    label: str  # gettext_lazy; with several formats a link says which: "Rangliste (Excel)"
    builders: tuple[type[Exporter], ...]
    public: bool = False  # offered on the public standings page too
    archive: tuple[str, ...] | None = None  # the formats export_sheets writes; None: every format

    def __post_init__(self):
        if self.scope not in SCOPES:
            raise ValueError(f"unknown scope {self.scope}")
        if len({builder.slug for builder in self.builders}) != 1:
            raise ValueError(f"one export, one slug: {[builder.slug for builder in self.builders]}")

    @property
    def slug(self) -> str:
        return self.builders[0].slug

    @property
    def formats(self) -> tuple[str, ...]:
        return tuple(format for builder in self.builders for format in builder.formats)

    @property
    def archived(self) -> tuple[str, ...]:
        return self.formats if self.archive is None else self.archive

    def builder(self, format: str) -> type[Exporter] | None:
        return next((builder for builder in self.builders if format in builder.formats), None)

    def identifier(self, format: str) -> str:
        return f"{self.slug}-{format}"

    def make(self, format: str, subject, **options) -> Exporter:
        """The exporter of one format for a tournament (round=, base_url=) or a season (sub=, base_url=)."""
        return self.builder(format)(subject, format=format, **options)

    def links(self, formats: tuple[str, ...] | None = None) -> list[Link]:
        shown = [format for format in self.formats if formats is None or format in formats]
        if len(self.formats) == 1:
            return [Link(self.identifier(format), str(self.label), format) for format in shown]
        return [Link(self.identifier(format), f"{self.label} ({FORMATS[format].name})", format) for format in shown]


class Registry:
    def __init__(self, *exports: Export):
        self._exports: list[Export] = []
        self.declare(*exports)

    def declare(self, *exports: Export) -> None:
        for export in exports:
            if self.get(export.scope, export.slug) is not None:
                raise ValueError(f"{export.scope} export {export.slug} declared twice")
            self._exports.append(export)

    def __iter__(self) -> Iterator[Export]:
        return iter(self._exports)

    def of(self, scope: str, *, public: bool = False) -> list[Export]:
        return [export for export in self._exports if export.scope == scope and (export.public or not public)]

    def get(self, scope: str, slug: str) -> Export | None:
        return next((export for export in self._exports if export.scope == scope and export.slug == slug), None)

    def find(self, scope: str, identifier: str) -> tuple[Export, str] | None:
        """The export and format an address names ("standings-pdf"), or None."""
        slug, _dash, format = identifier.rpartition("-")
        export = self.get(scope, slug)
        return (export, format) if export is not None and format in export.formats else None

    def links(self, scope: str, *, public: bool = False, leave_out: tuple[str, ...] = ()) -> list[Link]:
        return [link for export in self.of(scope, public=public) if export.slug not in leave_out
                for link in export.links()]


# In the order the pages list them: before a round, then the results.
REGISTRY = Registry(
    Export(ROUND, _("Tischkarten mit QR-Code"), (TableCardsPdf,)),
    Export(ROUND, _("Schreibzettel (ausgefüllt)"), (ScoreSheetsPdf,)),
    # Blank sheets and the bundle repeat what the archive has already.
    Export(ROUND, _("Schreibzettel (leer)"), (BlankScoreSheetsPdf,), archive=()),
    Export(ROUND, _("Sitzplan"), (SeatingPdf,)),
    Export(ROUND, _("Alles für diese Runde (PDF)"), (RoundBundlePdf,), archive=()),
    # The workbook's Standings sheet is the archive's spreadsheet of the standings.
    Export(TOURNAMENT, _("Rangliste"), (StandingsPdf, StandingsXlsx), public=True, archive=("pdf",)),
    Export(TOURNAMENT, _("Abrechnung"), (SettlementPdf, SettlementXlsx)),
    Export(TOURNAMENT, _("Turnier-Arbeitsmappe (Excel)"), (TournamentWorkbook,)),
    # The workbook's Players sheet holds the list in the archive.
    Export(LIST, _("Spielerliste"), (PlayerList,), archive=()),
)


def get_exporter(identifier: str) -> Callable[..., Exporter] | None:
    """A tournament's, a round's or a list's exporter by its address' identifier ("standings-pdf"), to
    call with the tournament (round=, base_url=)."""
    for scope in (TOURNAMENT, ROUND, LIST):
        found = REGISTRY.find(scope, identifier)
        if found is not None:
            export, format = found
            return partial(export.builder(format), format=format)
    return None

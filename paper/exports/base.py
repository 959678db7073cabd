"""One interface for everything a director prints or downloads (the pretix exporter pattern).

An exporter is built for a tournament (and a round, for the per-round sheets) and ``render()``
returns an ExportFile: filename, content type, bytes. Its numbers come from the selectors
(scoring/selectors/ for anything with hands or money, tournament/selectors.py for rounds and
seats); layout code never runs a query of its own. Two bases do the format work once:

- ListExporter (here): an exporter that only yields sheets of rows (sheetdata.SheetData) gets its
  .xlsx for free: xlsx.py streams the sheet XML into the zip itself (openpyxl's write-only mode
  without lxml writes ~30,000 cells/s; this ~700,000), with frozen header row, filters, column
  widths and euro/point number formats from its columns. A TableExporter is one such sheet, a
  list, written as .xlsx by xlsx.py and as .csv by csvfile.py from the same table().
- PdfExporter (pdf.py): owns the page, the fonts, the header and the footer ("Seite x von y");
  a PDF exporter only builds its story.
"""

from __future__ import annotations

import gc
from abc import ABC, abstractmethod
from contextlib import contextmanager
from dataclasses import dataclass
from typing import ClassVar, Iterator

from django.conf import settings
from django.utils.translation import gettext as _

from paper.exports.csvfile import write_csv
from paper.exports.sheetdata import SheetData
from paper.exports.xlsx import write_workbook
from tournament.models import Round, Tournament

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
PDF = "application/pdf"
CSV = "text/csv; charset=utf-8"


@dataclass(frozen=True)
class Format:
    name: str  # what a link calls it: "Rangliste (Excel)"
    content_type: str


FORMATS = {"pdf": Format("PDF", PDF), "xlsx": Format("Excel", XLSX), "csv": Format("CSV", CSV)}


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector off while a sheet renders. A big sheet holds tens of thousands of
    objects (flowables, cells, rows) alive until its last page, and every full collection walks them
    all again: 12 % of a round's score sheets (bench/cpu_seconds.py). What the render leaves for the
    collector is collected after it. Where another thread paused it already, that thread resumes it."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@dataclass(frozen=True)
class ExportFile:
    filename: str
    content_type: str
    content: bytes


class Exporter(ABC):
    """Base of every exporter: the file it writes (slug, formats) and how (render_bytes). Where it is
    offered, under which label and to whom is paper/registry.py's to say."""

    slug: ClassVar[str]  # the file's name without the tournament: "standings" writes standings.pdf
    formats: ClassVar[tuple[str, ...]]  # the keys of FORMATS it can write; the first one unless told

    def __init__(self, tournament: Tournament, *, round: Round | None = None, base_url: str = "",
                 format: str | None = None):
        self.format = self.chosen_format(format)
        self.tournament = tournament
        self.round = round
        # Absolute address of the site, for links printed on paper (the scorer's QR code).
        self.base_url = (base_url or getattr(settings, "SITE_URL", "")).rstrip("/")

    @classmethod
    def chosen_format(cls, format: str | None) -> str:
        if format is None:
            return cls.formats[0]
        if format not in cls.formats:
            raise ValueError(f"{cls.slug} is written as {', '.join(cls.formats)}, not {format}")
        return format

    @property
    def identifier(self) -> str:
        """What the download addresses carry: "standings-pdf"."""
        return f"{self.slug}-{self.format}"

    @property
    def extension(self) -> str:
        return self.format

    @property
    def content_type(self) -> str:
        return FORMATS[self.format].content_type

    def filename(self) -> str:
        """The file's name without the tournament in it: what export_sheets writes (issue 4, point 8)."""
        stem = self.slug if self.round is None else f"{self.slug}-round-{self.round.number}"
        return f"{stem}.{self.extension}"

    def download_name(self) -> str:
        """The name a browser saves it under: the tournament's slug first, so downloads stay apart."""
        return f"{self.tournament.slug}-{self.filename()}"

    def render(self) -> ExportFile:
        with collector_paused():
            content = self.render_bytes()
        return ExportFile(self.download_name(), self.content_type, content)

    @abstractmethod
    def render_bytes(self) -> bytes:
        """The file's content; ListExporter and PdfExporter implement it for their formats."""


# --- Excel and CSV --------------------------------------------------------------------------------


class ListExporter(Exporter):
    """An exporter that only yields sheets; the workbook is built by write_workbook."""

    formats = ("xlsx",)

    @abstractmethod
    def sheets(self) -> Iterator[SheetData]:
        """The worksheets, in order."""

    def render_bytes(self) -> bytes:
        return write_workbook(self.sheets())


class TableExporter(ListExporter):
    """A list (one table: columns and rows) as .xlsx or .csv: both files come from the one table()."""

    formats = ("xlsx", "csv")

    @abstractmethod
    def table(self) -> SheetData:
        """The list's columns and rows."""

    def sheets(self) -> Iterator[SheetData]:
        yield self.table()

    def render_bytes(self) -> bytes:
        return write_csv(self.table()) if self.format == "csv" else super().render_bytes()


def provisional_note(tournament: Tournament) -> str | None:
    """"vorläufig …" while any round (the final included) is not closed yet; None once all are."""
    statuses = list(tournament.round_set.values_list("status", flat=True))
    closed = sum(1 for status in statuses if status == Round.CLOSED)
    if closed == len(statuses):
        return None
    return _("vorläufig: %(closed)s von %(total)s Runden abgeschlossen") % {"closed": closed, "total": len(statuses)}

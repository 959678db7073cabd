"""Cells of the files a director uploads and downloads: reading what people type into a sheet
("ja", "✓", "3,0"), opening a workbook, and writing cells no spreadsheet mistakes for a formula.

Shared by every import (players, hands) and export, so a value means the same everywhere.
"""

from __future__ import annotations

import csv
import io
import json
import zipfile
from datetime import datetime
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext_lazy

from language import Said, in_both, message
from web.json_bodies import TooDeeplyNested

YES = frozenset({"ja", "j", "yes", "y", "true", "wahr", "x", "1", "✓", "✔"})
NO = frozenset({"", "nein", "n", "no", "false", "falsch", "0", "-", "–", "none"})


# Text starting with one of these is a formula to Excel and LibreOffice (and "-"/"+"/"@" a DDE attack).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_text(value: Any) -> Any:
    """A value for a CSV a spreadsheet opens: text it would run as a formula gets a leading apostrophe
    (shown as text); numbers and everything else stay as they are. An .xlsx needs none: xlsx.py writes
    text as text."""
    return f"'{value}" if isinstance(value, str) and value.startswith(FORMULA_STARTS) else value


def cell_text(value: Any) -> str:
    """A cell as text, outer spaces removed; an empty cell is ""."""
    return "" if value is None else str(value).strip()


def whole_number(value: Any) -> int | None:
    """A cell or JSON value as a whole number ("3", "3.0", "3,0", 3, 3.0), or None when it is none."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    text = cell_text(value)
    if text.isdigit():
        return int(text)
    try:
        number = float(text.replace(",", "."))
    except ValueError:
        return None
    return int(number) if number.is_integer() else None


def yes_no(value: Any) -> bool | None:
    """True for ja/yes/x/✓ …, False for nein/no/empty …, None when it is neither."""
    if isinstance(value, bool):
        return value
    text = cell_text(value).lower()
    if text in YES:
        return True
    if text in NO:
        return False
    return None


# What one upload may hold, whatever MAX_UPLOAD_MB allows: a hall's biggest real file (a season's
# players, a day of 60 tables x 25 hands x 10 rounds) stays far below each bound, a hostile one
# is refused in a moment instead of keeping a worker busy for minutes.
MAX_ROWS = 20_000  # rows of a sheet or CSV
MAX_COLUMNS = 200  # columns read of a sheet row
MAX_UNPACKED = 64 * 1024 * 1024  # bytes a workbook may unpack to (a zip bomb is small packed)


class FileRefused(Said, Exception):
    """An upload that cannot be read as it is, with the sentence saying why (a msgid, language/)."""

    default = gettext_lazy("Die Datei lässt sich nicht lesen.")

    def __init__(self, text=None, /, **params):
        self.said = message(text if text is not None else self.default, **params)
        super().__init__(in_both(self.said))



class UnreadableWorkbook(FileRefused):
    """The upload is no .xlsx that openpyxl can open (or would unpack to too much)."""

    default = gettext_lazy("Die Datei ist keine lesbare Excel-Datei (.xlsx).")


def too_many_rows() -> FileRefused:
    return FileRefused(gettext_lazy("Die Datei hat mehr als %(most)s Zeilen; bitte aufteilen."), most=MAX_ROWS)


def csv_rows(content: bytes) -> list[list[str]]:
    """An uploaded CSV's rows: UTF-8 (with or without BOM), the delimiter (, ; or tab) sniffed from the
    first line. Refused (FileRefused) when it is no CSV (a field over 128 KB, binary) or too long."""
    text = content.decode("utf-8-sig", errors="replace")
    first = text.splitlines()[0] if text.strip() else ""
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(first[:4096], delimiters=",;\t")
    except csv.Error:  # one column ("Name" and a name a line): nothing to sniff, any delimiter reads it
        dialect = csv.excel
    rows: list[list[str]] = []
    try:
        for row in csv.reader(io.StringIO(text), dialect):
            if len(rows) == MAX_ROWS:
                raise too_many_rows()
            rows.append(row[:MAX_COLUMNS])
    except csv.Error:
        raise FileRefused(gettext_lazy("Die Datei ist keine lesbare CSV-Datei (Text in UTF-8, kein Feld über 128 KB).")) from None
    return rows


def _check_unpacked(content: bytes) -> None:
    """Refuse a workbook whose parts unpack to more than MAX_UNPACKED, before openpyxl inflates them."""
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, OSError, ValueError):
        raise UnreadableWorkbook() from None
    if unpacked > MAX_UNPACKED:
        raise UnreadableWorkbook(gettext_lazy(
            "Die Excel-Datei ist entpackt größer als %(most)s MB; so groß ist keine Turnierliste."),
            most=MAX_UNPACKED // (1024 * 1024))


def open_workbook(content: bytes):
    """An uploaded .xlsx, read-only with the values Excel last computed (refused when it would unpack
    to too much)."""
    from openpyxl import load_workbook

    _check_unpacked(content)
    try:
        return load_workbook(io.BytesIO(content), read_only=True, data_only=True)
    except Exception:  # noqa: BLE001 - whatever a broken upload makes openpyxl raise, the caller gives a sentence
        raise UnreadableWorkbook() from None


def sheet_rows(sheet) -> list[tuple]:
    """A sheet's rows as values (MAX_COLUMNS wide), refused (FileRefused) beyond MAX_ROWS.

    The declared size of a sheet may lie, so the rows are counted as they are read."""
    rows = []
    for row in sheet.iter_rows(values_only=True, max_col=MAX_COLUMNS):
        if len(rows) == MAX_ROWS:
            raise too_many_rows()
        rows.append(row)
    return rows


def json_problem(error: ValueError):
    """What ``json_value`` refused, for a sentence in the reader's language: the nesting said as such."""
    return error.said if isinstance(error, TooDeeplyNested) else error


def sheets_titled_first(book, titles: tuple[str, ...]) -> list:
    """The workbook's sheets, those titled one of ``titles`` (any case) first, then the active one, then the rest."""
    ordered = [sheet for sheet in book.worksheets if sheet.title.strip().lower() in titles]
    active = book.active
    if active is not None and active not in ordered:
        ordered.append(active)
    return ordered + [sheet for sheet in book.worksheets if sheet not in ordered]


def local(moment: datetime | None) -> datetime | None:
    """Excel has no time zones: local wall-clock time, naive."""
    return timezone.localtime(moment).replace(tzinfo=None) if moment is not None else None


def json_cell(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)

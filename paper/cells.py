"""Cells of the files a director uploads and downloads: reading what people type into a sheet
("ja", "✓", "3,0"), opening a workbook, and writing cells no spreadsheet mistakes for a formula.

Shared by every import (players, hands) and export, so a value means the same everywhere.
"""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime
from typing import Any

from django.utils import timezone

YES = frozenset({"ja", "j", "yes", "y", "true", "wahr", "x", "1", "✓", "✔"})
NO = frozenset({"", "nein", "n", "no", "false", "falsch", "0", "-", "–", "none"})


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


def csv_rows(content: bytes) -> list[list[str]]:
    """An uploaded CSV's rows: UTF-8 (with or without BOM), the delimiter (, ; or tab) sniffed from the first line."""
    text = content.decode("utf-8-sig", errors="replace")
    first = text.splitlines()[0] if text.strip() else ""
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(first, delimiters=",;\t")
    except csv.Error:  # one column ("Name" and a name a line): nothing to sniff, any delimiter reads it
        dialect = csv.excel
    return list(csv.reader(io.StringIO(text), dialect))


class UnreadableWorkbook(Exception):
    """The upload is no .xlsx that openpyxl can open."""


def open_workbook(content: bytes):
    """An uploaded .xlsx, read-only with the values Excel last computed."""
    from openpyxl import load_workbook

    try:
        return load_workbook(io.BytesIO(content), read_only=True, data_only=True)
    except Exception:  # noqa: BLE001 - whatever a broken upload makes openpyxl raise, the caller gives a sentence
        raise UnreadableWorkbook() from None


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

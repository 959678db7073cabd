"""What an Excel sheet is made of, before it is written (paper/exports/xlsx.py writes it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

EURO_FORMAT = '#,##0.00 "€";[Red]-#,##0.00 "€"'
POINTS_FORMAT = '#,##0.##;[Red]-#,##0.##'
INTEGER_FORMAT = "0"


@dataclass(frozen=True)
class Column:
    header: str
    width: float = 14
    number_format: str | None = None


@dataclass
class SheetData:
    """One worksheet: title, columns, and the rows (values; xlsx.Formula for formulas)."""

    title: str
    columns: list[Column]
    rows: Iterable[list[Any]]
    freeze: str = "A2"
    filters: bool = True
    header_rows: list[list[Any]] = field(default_factory=list)  # lines above the column headers

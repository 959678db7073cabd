"""The .csv writer of every list (a TableExporter's table): the same columns and rows its .xlsx has.

Comma-separated, CRLF line ends and UTF-8 without a byte order mark, as the player list always was
(django-tables2's export wrote it so before). Empty cells (None) stay empty; text a spreadsheet would
run as a formula is written as text (cells.spreadsheet_text): Excel runs what a CSV holds.
"""

from __future__ import annotations

import csv
import io

from paper.cells import spreadsheet_text
from paper.exports.sheetdata import SheetData


def write_csv(sheet: SheetData) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerows(sheet.header_rows)
    writer.writerow([str(column.header) for column in sheet.columns])
    for row in sheet.rows:
        writer.writerow(["" if value is None else spreadsheet_text(value) for value in row])
    return buffer.getvalue().encode("utf-8")

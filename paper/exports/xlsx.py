"""The .xlsx writer of every Excel export: sheets of rows streamed straight into the zip.

openpyxl without lxml (not a dependency here) writes some 30,000 cells a second: the Hands sheet of
a 1,000-player event (15,000 hands x 38 columns) alone would take 15-20 s. This writer builds the
sheet XML as text and streams it into the zip, some 700,000 cells a second, with what every sheet
needs: column widths, a styled header row, frozen panes, filters and number formats. Cells: None is
left empty; bool, int, float, Decimal, datetime/date (as Excel serial numbers) and text (inline
strings). Only a Formula becomes a formula: a player called "=1+1" stays text (no formula injection).
Tests read the files back with openpyxl.
"""

from __future__ import annotations

import io
import re
import zipfile
from datetime import date, datetime
from decimal import Decimal
from typing import Any, Iterable
from xml.sax.saxutils import escape as xml_escape

from paper.exports.sheetdata import SheetData


class _A1:
    """openpyxl's A1-reference helpers (column letters, quoted sheet names), imported on the first workbook written:
    importing openpyxl also loads numpy when it is installed (the tests' pycel brings it), about 30 MB that every
    process of the site carried from its start (issue 30 point 7: the ABAKUS import's peak memory)."""

    def __getattr__(self, name: str):
        from openpyxl.utils import cell

        return getattr(cell, name)


a1 = _A1()


class Formula(str):
    """An Excel formula, written with its leading "=": Formula("=SUM(A1:A3)")."""


class CachedFormula(Formula):
    """A formula with the number it comes to, stored as the cell's cached value: a viewer that does not
    calculate (a phone's preview, openpyxl with data_only=True) shows it."""

    def __new__(cls, text: str, cached: int | float | Decimal):
        made = super().__new__(cls, text)
        made.cached = cached
        return made


MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships"
_SPECIAL = re.compile(r"[&<>\x00-\x08\x0b\x0c\x0e-\x1f]")
_ILLEGAL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
_EPOCH = datetime(1899, 12, 30)
_QUOTE = {'"': "&quot;"}
COMPRESSION = 3  # zlib level: 15,000 hands in 0.7 s and 2.8 MB (1: 0.65 s, 3.3 MB; 6: 0.9 s, 2.3 MB)


def _text(value: str) -> str:
    return xml_escape(_ILLEGAL.sub("", value)) if _SPECIAL.search(value) else value


def _number(ref: str, s: str, value) -> str:
    return f'<c r="{ref}"{s}><v>{value!r}</v></c>'


def _decimal(ref: str, s: str, value: Decimal) -> str:
    return f'<c r="{ref}"{s}><v>{value:f}</v></c>'


def _bool(ref: str, s: str, value: bool) -> str:
    return f'<c r="{ref}"{s} t="b"><v>{int(value)}</v></c>'


def _formula(ref: str, s: str, value: Formula) -> str:
    return f'<c r="{ref}"{s}><f>{_text(value[1:] if value[:1] == "=" else value)}</f></c>'


def _cached_formula(ref: str, s: str, value: CachedFormula) -> str:
    cached = value.cached
    number = f"{cached:f}" if isinstance(cached, Decimal) else repr(cached)
    return f'<c r="{ref}"{s}><f>{_text(value[1:] if value[:1] == "=" else value)}</f><v>{number}</v></c>'


def _string(ref: str, s: str, value: str) -> str:
    space = ' xml:space="preserve"' if value[:1].isspace() or value[-1:].isspace() else ""
    return f'<c r="{ref}"{s} t="inlineStr"><is><t{space}>{_text(value)}</t></is></c>'


def _datetime(ref: str, s: str, value: datetime) -> str:
    return _number(ref, s, (value.replace(tzinfo=None) - _EPOCH).total_seconds() / 86400)


def _date(ref: str, s: str, value: date) -> str:
    return _number(ref, s, (value - _EPOCH.date()).days)


_WRITERS = {int: _number, float: _number, Decimal: _decimal, bool: _bool, str: _string, Formula: _formula,
            CachedFormula: _cached_formula, datetime: _datetime, date: _date}


def _cell(ref: str, value: Any, style: int) -> str:
    s = f' s="{style}"' if style else ""
    writer = _WRITERS.get(type(value))
    if writer is None:  # subclasses (a lazy translation, an IntEnum ...): by kind, else as text
        kind = next((k for k in (bool, int, float, Decimal, datetime, date, str) if isinstance(value, k)), None)
        writer, value = (_WRITERS[kind], value) if kind is not None and kind is not str else (_string, str(value))
    return writer(ref, s, value)


class _Styles:
    """cellXfs: 0 plain, 1 the header row, then one per number format."""

    def __init__(self):
        self.formats: dict[str, int] = {}

    def of(self, number_format: str | None) -> int:
        if number_format is None:
            return 0
        if number_format not in self.formats:
            self.formats[number_format] = len(self.formats) + 2
        return self.formats[number_format]

    def xml(self) -> str:
        formats = "".join(f'<numFmt numFmtId="{164 + index}" formatCode="{xml_escape(code, _QUOTE)}"/>'
                          for index, code in enumerate(self.formats))
        number_formats = f'<numFmts count="{len(self.formats)}">{formats}</numFmts>' if formats else ""
        xfs = "".join(f'<xf numFmtId="{164 + index}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
                      for index in range(len(self.formats)))
        return (
            f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="{MAIN_NS}">'
            f'{number_formats}'
            '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>'
            '<font><b/><sz val="11"/><color rgb="FFFFFFFF"/><name val="Calibri"/><family val="2"/></font></fonts>'
            '<fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/>'
            '</fill><fill><patternFill patternType="solid"><fgColor rgb="FF2F4F4F"/><bgColor indexed="64"/>'
            '</patternFill></fill></fills>'
            '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
            '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
            f'<cellXfs count="{2 + len(self.formats)}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
            '<xf numFmtId="0" fontId="1" fillId="2" borderId="0" xfId="0" applyFont="1" applyFill="1" '
            f'applyAlignment="1"><alignment vertical="top" wrapText="1"/></xf>{xfs}</cellXfs>'
            '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
        )


def _pane(freeze: str) -> str:
    column, row = a1.coordinate_from_string(freeze)
    x, y = a1.column_index_from_string(column) - 1, row - 1
    if not x and not y:
        return ""
    active = "bottomRight" if x and y else ("bottomLeft" if y else "topRight")
    split = (f' xSplit="{x}"' if x else "") + (f' ySplit="{y}"' if y else "")
    return (f'<pane{split} topLeftCell="{freeze}" activePane="{active}" state="frozen"/>'
            f'<selection pane="{active}" activeCell="{freeze}" sqref="{freeze}"/>')


def _write_sheet(stream, sheet: SheetData, styles: _Styles) -> str | None:
    """One worksheet's XML into ``stream``; returns the filter's range (or None)."""
    width = max([len(sheet.columns)] + [len(line) for line in sheet.header_rows])
    letters = [a1.get_column_letter(index) for index in range(1, width + 1)]
    header_row = len(sheet.header_rows) + 1
    freeze = (f"A{header_row + 1}" if sheet.header_rows else sheet.freeze) if sheet.freeze else ""
    cols = "".join(f'<col min="{i}" max="{i}" width="{column.width}" customWidth="1"/>'
                   for i, column in enumerate(sheet.columns, start=1))
    stream.write(
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="{MAIN_NS}" xmlns:r="{REL_NS}">'
        f'<sheetViews><sheetView workbookViewId="0">{_pane(freeze) if freeze else ""}</sheetView></sheetViews>'
        f'<sheetFormatPr defaultRowHeight="15"/>{f"<cols>{cols}</cols>" if cols else ""}<sheetData>'.encode()
    )
    number = 0

    def row_xml(values, formats) -> str:
        n = len(formats)
        cells = [_cell(f"{letters[i]}{number}", value, formats[i] if i < n else 0)
                 for i, value in enumerate(values) if value is not None]
        return f'<row r="{number}">{"".join(cells)}</row>'

    for line in sheet.header_rows:
        number += 1
        stream.write(row_xml(line, ()).encode())
    number += 1
    stream.write(row_xml([column.header for column in sheet.columns], [1] * len(sheet.columns)).encode())
    formats = [styles.of(column.number_format) for column in sheet.columns]
    count, chunk = 0, []
    for values in sheet.rows:
        number += 1
        count += 1
        if len(values) > len(letters):
            letters += [a1.get_column_letter(i) for i in range(len(letters) + 1, len(values) + 1)]
        chunk.append(row_xml(values, formats))
        if len(chunk) >= 500:
            stream.write("".join(chunk).encode())
            chunk = []
    stream.write("".join(chunk).encode())
    ref = None
    if sheet.filters and sheet.columns:
        ref = f"A{header_row}:{a1.get_column_letter(len(sheet.columns))}{header_row + max(count, 1)}"
    stream.write(("</sheetData>" + (f'<autoFilter ref="{ref}"/>' if ref else "") + "</worksheet>").encode())
    return ref


def write_workbook(sheets: Iterable[SheetData]) -> bytes:
    """Sheets into an .xlsx, streamed: header row styled, frozen and filtered."""
    buffer = io.BytesIO()
    styles = _Styles()
    names: list[str] = []
    filters: list[str | None] = []
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=COMPRESSION) as archive:
        for index, sheet in enumerate(sheets, start=1):
            names.append(sheet.title[:31])
            with archive.open(f"xl/worksheets/sheet{index}.xml", "w", force_zip64=True) as stream:
                filters.append(_write_sheet(stream, sheet, styles))
        archive.writestr("xl/styles.xml", styles.xml())
        sheet_list = "".join(f'<sheet name="{xml_escape(name)}" sheetId="{i}" r:id="rId{i}"/>'
                             for i, name in enumerate(names, start=1))
        defined = "".join(
            f'<definedName name="_xlnm._FilterDatabase" localSheetId="{i}" hidden="1">'
            f"{xml_escape(a1.quote_sheetname(name))}!{a1.absolute_coordinate(ref)}</definedName>"
            for i, (name, ref) in enumerate(zip(names, filters, strict=True)) if ref
        )
        archive.writestr("xl/workbook.xml", (
            f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="{MAIN_NS}" xmlns:r="{REL_NS}">'
            f'<workbookPr/><bookViews><workbookView activeTab="0"/></bookViews><sheets>{sheet_list}</sheets>'
            f'{f"<definedNames>{defined}</definedNames>" if defined else ""}'
            '<calcPr calcId="191029" fullCalcOnLoad="1"/></workbook>'))
        rels = "".join(
            f'<Relationship Id="rId{i}" Type="{REL_NS}/worksheet" Target="worksheets/sheet{i}.xml"/>'
            for i in range(1, len(names) + 1))
        archive.writestr("xl/_rels/workbook.xml.rels", (
            f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="{PKG_REL_NS}">{rels}'
            f'<Relationship Id="rId{len(names) + 1}" Type="{REL_NS}/styles" Target="styles.xml"/></Relationships>'))
        archive.writestr("_rels/.rels", (
            f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="{PKG_REL_NS}">'
            f'<Relationship Id="rId1" Type="{REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>'))
        overrides = "".join(
            f'<Override PartName="/xl/worksheets/sheet{i}.xml" '
            'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
            for i in range(1, len(names) + 1))
        archive.writestr("[Content_Types].xml", (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/workbook.xml" '
            'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
            '<Override PartName="/xl/styles.xml" '
            f'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>{overrides}</Types>'))
    return buffer.getvalue()

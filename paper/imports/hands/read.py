"""Reading an upload: the hands and seatings of an .xlsx (by the column names of paper/columns.py) or
a JSON / JSON Lines file, each with its line, before anything is checked against the tournament."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext_lazy

from language import Message, message
from paper import columns
from paper.cells import (
    MAX_ROWS,
    FileRefused,
    cell_text,
    json_problem,
    open_workbook,
    sheet_rows,
    sheets_titled_first,
    too_many_rows,
    whole_number,
)
from paper.imports.hands.report import ImportProblem
from web.json_bodies import json_value

# --- what a file holds ------------------------------------------------------------------------------


@dataclass
class FileHand:
    line: int
    round: int
    table: int
    number: int
    raw: dict | None = None  # the hand as JSON (names allowed for declarer, partner, renonce)
    cells: dict = field(default_factory=dict)  # the readable columns, when there is no JSON
    seat_names: dict[int, str] = field(default_factory=dict)  # "Sitz k Name", checked against the seating
    data: dict | None = None  # the interchange hand, once the seats are known
    stored_form: dict | None = None  # what store_hand would store (read_hand(...).to_dict())


@dataclass
class FileSeating:
    line: int  # the table's first line
    round: int
    table: int
    names: list[str]
    sheet: str = ""
    lines: list[int] = field(default_factory=list)  # the line of each name (JSON: all the hand's line)

    def line_of(self, place: int) -> int:
        return self.lines[place] if place < len(self.lines) else self.line


@dataclass
class Parsed:
    hands: list[FileHand] = field(default_factory=list)
    seatings: list[FileSeating] = field(default_factory=list)
    problems: list[ImportProblem] = field(default_factory=list)
    items: bool = False  # lines count the objects of a JSON array


def add_problem(parsed: Parsed, line, text, **where) -> None:
    """``text``: a msgid or a Message (language/)."""
    parsed.problems.append(ImportProblem(line, message(text), item=parsed.items, **where))


NOT_A_FILE = gettext_lazy("Bitte eine Excel-Datei (.xlsx) oder eine JSON-Datei (.json, JSON Lines) hochladen.")


# --- xlsx -------------------------------------------------------------------------------------------

HAND_KEYS = (columns.ROUND, columns.TABLE, columns.HAND)
TABLE_KEYS = (columns.ROUND, columns.TABLE, columns.PLACE, columns.PLAYER_NAME)
# English headers for the columns that locate a row (a sheet typed by hand may use them).
ALIASES = {"round": columns.ROUND, "table": columns.TABLE, "hand": columns.HAND, "place": columns.PLACE,
           "data (json)": columns.DATA, "contract": columns.CONTRACT, "declarer": columns.DECLARER,
           "result": columns.RESULT, "bonuses (json)": columns.BONUSES, "card points": columns.CARD_POINTS,
           "surrender": columns.SURRENDER}
READABLE = (columns.CONTRACT, columns.DECLARER, columns.PARTNER, columns.RESULT, columns.DECLARER_POINTS,
            columns.KONTRA, columns.BONUSES, columns.CARD_POINTS, columns.RENONCE, columns.SURRENDER)


def _header(row: tuple) -> dict[str, int]:
    """Column index by header name (as in columns.py; matched ignoring case and outer spaces)."""
    known = {name.lower(): name for name in (*columns.HANDS, *columns.TABLES)}
    index: dict[str, int] = {}
    for position, cell in enumerate(row):
        text = cell_text(cell).lower()
        name = known.get(text) or ALIASES.get(text)
        if name and name not in index:
            index[name] = position
    return index


def _find_sheet(book, titles: tuple[str, ...], keys: tuple[str, ...], skip=None):
    """(sheet, header row number, header index, rows after it) of the sheet titled one of ``titles``,
    else of the first sheet with all ``keys`` among the headers of one of its first ten rows."""
    for sheet in sheets_titled_first(book, titles):
        if sheet is skip:
            continue
        rows = sheet_rows(sheet)
        for number, row in enumerate(rows[:10], start=1):
            header = _header(row)
            if all(key in header for key in keys):
                return sheet, number, header, rows[number:]
    return None


def parse_xlsx(content: bytes) -> Parsed:
    parsed = Parsed()
    try:
        book = open_workbook(content)
        hands = _find_sheet(book, ("hands", "spiele"), HAND_KEYS)
        tables = _find_sheet(book, ("tables", "tische"), TABLE_KEYS, skip=hands[0] if hands else None)
    except FileRefused as error:  # unpacks to too much, too many rows
        add_problem(parsed, None, error.said)
        return parsed
    except Exception:  # noqa: BLE001 - a broken upload may fail on opening or on reading a sheet: a sentence either way
        add_problem(parsed, None, gettext_lazy("Die Datei ist keine lesbare Excel-Datei (.xlsx)."))
        return parsed
    if hands is None and tables is None:
        add_problem(parsed, None, Message(gettext_lazy(
            "Kein Tabellenblatt mit den Spalten %(hand_keys)s (Spiele) oder %(table_keys)s (Sitzordnung) gefunden."),
            hand_keys=", ".join(HAND_KEYS), table_keys=", ".join(TABLE_KEYS)))
        return parsed
    if tables is not None:
        _read_tables_sheet(parsed, *tables)
    if hands is not None:
        _read_hands_sheet(parsed, *hands)
    return parsed


def _row_numbers(parsed: Parsed, line: int, cell: dict[str, Any], names: tuple[str, ...], sheet: str = ""):
    """The whole numbers of ``names`` in a row, or None (with a problem) if one is missing or no number."""
    values = []
    for name in names:
        number = whole_number(cell.get(name))
        if number is None or number < 1:
            shown = cell_text(cell.get(name))
            said = (Message(gettext_lazy("„%(name)s“ fehlt."), name=name) if not shown else
                    Message(gettext_lazy("„%(shown)s“ in der Spalte „%(name)s“ ist keine Zahl."), shown=shown, name=name))
            add_problem(parsed, line, said, sheet=sheet)
            return None
        values.append(number)
    return values


def _cells(row: tuple, header: dict[str, int]) -> dict[str, Any]:
    return {name: row[index] if index < len(row) else None for name, index in header.items()}


def _read_tables_sheet(parsed: Parsed, sheet, header_line: int, header: dict[str, int], rows: list) -> None:
    title = sheet.title
    places: dict[tuple[int, int], dict[int, tuple[str, int]]] = defaultdict(dict)
    for line, row in enumerate(rows, start=header_line + 1):
        cell = _cells(row, header)
        if not any(cell_text(value) for value in cell.values()):
            continue
        numbers = _row_numbers(parsed, line, cell, (columns.ROUND, columns.TABLE, columns.PLACE), sheet=title)
        if numbers is None:
            continue
        round_, table, place = numbers
        name = cell_text(cell.get(columns.PLAYER_NAME))
        where = {"round": round_, "table": table, "sheet": title}
        if not name:
            add_problem(parsed, line, Message(gettext_lazy("Der Name an Platz %(place)s fehlt."), place=place), **where)
        elif place in places[(round_, table)]:
            other = places[(round_, table)][place][1]
            add_problem(parsed, line, Message(gettext_lazy(
                "Platz %(place)s steht zweimal (auch Zeile %(other)s)."), place=place, other=other), **where)
        else:
            places[(round_, table)][place] = (name, line)
    for (round_, table), seats in places.items():
        first = min(line for _, line in seats.values())
        if sorted(seats) != list(range(1, len(seats) + 1)):
            shown = ", ".join(str(place) for place in sorted(seats))
            add_problem(parsed, first, Message(gettext_lazy(
                "Die Plätze müssen 1, 2, 3 … ohne Lücke sein, nicht %(shown)s."), shown=shown),
                round=round_, table=table, sheet=title)
            continue
        parsed.seatings.append(FileSeating(first, round_, table, [seats[p][0] for p in sorted(seats)], title,
                                            [seats[p][1] for p in sorted(seats)]))


def _read_hands_sheet(parsed: Parsed, sheet, header_line: int, header: dict[str, int], rows: list) -> None:
    for line, row in enumerate(rows, start=header_line + 1):
        cell = _cells(row, header)
        facts = [cell.get(name) for name in (*READABLE, columns.DATA)]
        if not any(cell_text(value) for value in facts):
            continue  # nothing but numbers and names: an empty line of a prepared sheet
        numbers = _row_numbers(parsed, line, cell, HAND_KEYS)
        if numbers is None:
            continue
        hand = FileHand(line, *numbers)
        hand.seat_names = {seat: cell_text(cell.get(f"Sitz {seat} Name")) for seat in range(4)
                           if cell_text(cell.get(f"Sitz {seat} Name"))}
        raw = cell_text(cell.get(columns.DATA))
        if raw:
            try:
                hand.raw = json_value(raw)
            except ValueError as error:
                add_problem(parsed, line, Message(gettext_lazy("„%(column)s“ ist kein gültiges JSON (%(error)s)."),
                                                  column=columns.DATA, error=json_problem(error)), **where_of(hand))
                continue
            if not isinstance(hand.raw, dict):
                add_problem(parsed, line, Message(gettext_lazy(
                    "„%(column)s“ muss ein JSON-Objekt {…} sein."), column=columns.DATA), **where_of(hand))
                continue
        else:
            hand.cells = {name: cell.get(name) for name in READABLE}
        parsed.hands.append(hand)


def where_of(hand: FileHand) -> dict:
    return {"round": hand.round, "table": hand.table, "hand": hand.number}


# --- json -------------------------------------------------------------------------------------------

META = ("round", "table", "number", "hand", "players", "data")


def parse_json(content: bytes) -> Parsed:
    parsed = Parsed()
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError:
        add_problem(parsed, None, gettext_lazy("Die Datei ist kein UTF-8-Text."))
        return parsed
    if not text.strip():
        add_problem(parsed, None, gettext_lazy("Die Datei ist leer."))
        return parsed
    try:
        whole = json_value(text)
    except ValueError as error:
        if text.lstrip().startswith("["):
            detail = (Message(gettext_lazy("%(error)s, Zeile %(line)s"), error=error.msg, line=error.lineno)
                      if isinstance(error, json.JSONDecodeError) else json_problem(error))
            add_problem(parsed, None, Message(gettext_lazy("Die Datei ist kein gültiges JSON (%(detail)s)."), detail=detail))
            return parsed
        items = []
        for line, source in enumerate(text.splitlines(), start=1):
            if not source.strip():
                continue
            if len(items) + len(parsed.problems) == MAX_ROWS:
                error = too_many_rows()
                parsed.problems = []
                add_problem(parsed, None, error.said)
                return parsed
            try:
                items.append((line, json_value(source)))
            except ValueError as error:
                add_problem(parsed, line, Message(gettext_lazy("Diese Zeile ist kein gültiges JSON (%(error)s)."),
                                              error=json_problem(error)))
    else:
        if isinstance(whole, list):
            parsed.items = True
            items = list(enumerate(whole, start=1))
        elif isinstance(whole, dict):
            items = [(1, whole)]
        else:
            add_problem(parsed, None, gettext_lazy(
                "Erwartet wird ein JSON-Array von Spielen oder ein Spiel je Zeile (JSON Lines)."))
            return parsed
    if len(items) > MAX_ROWS:
        add_problem(parsed, None, too_many_rows().said)
        return parsed
    for line, item in items:
        _read_json_item(parsed, line, item)
    return parsed


def _read_json_item(parsed: Parsed, line: int, item: Any) -> None:
    if not isinstance(item, dict):
        add_problem(parsed, line, gettext_lazy("Erwartet wird ein JSON-Objekt {…} mit round, table, number und dem Spiel."))
        return
    values = []
    for key in ("round", "table", "number"):
        value = item.get(key, item.get("hand") if key == "number" else None)
        number = whole_number(value)
        if number is None or number < 1:
            shown = json.dumps(value, ensure_ascii=False)
            shown = shown if len(shown) <= 40 else shown[:39] + "…"
            add_problem(parsed, line, Message(gettext_lazy("„%(name)s“ fehlt."), name=key) if value is None else
                        Message(gettext_lazy("„%(key)s“ muss eine Zahl ab 1 sein, nicht %(shown)s."), key=key, shown=shown))
            return
        values.append(number)
    hand = FileHand(line, *values)
    data = item.get("data")
    hand.raw = dict(data) if isinstance(data, dict) else {key: value for key, value in item.items() if key not in META}
    players = item.get("players")
    if players is not None:
        if not isinstance(players, list) or not all(isinstance(name, str) and name.strip() for name in players):
            add_problem(parsed, line, gettext_lazy(
                "„players“ muss eine Liste von Namen sein (in der Reihenfolge der Plätze)."), **where_of(hand))
        else:
            parsed.seatings.append(FileSeating(line, hand.round, hand.table, [name.strip() for name in players]))
    parsed.hands.append(hand)




def read_file(source, filename: str) -> Parsed:
    """The hands and seatings of an upload (bytes or a file), by its name's ending or its first bytes."""
    content = source.read() if hasattr(source, "read") else source
    content = content.encode() if isinstance(content, str) else bytes(content)
    name = (filename or "").lower()
    if name.endswith(".xlsx") or (not name.endswith((".json", ".jsonl")) and content[:2] == b"PK"):
        return parse_xlsx(content)
    if name.endswith((".json", ".jsonl", ".ndjson")) or content.lstrip()[:1] in (b"[", b"{"):
        return parse_json(content)
    parsed = Parsed()
    add_problem(parsed, None, NOT_A_FILE)
    return parsed


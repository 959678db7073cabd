"""Hands typed in from paper score sheets, or a whole tournament.xlsx, imported all or nothing.

Two formats (hand-format.md for the hands themselves):

* ``.xlsx``: the sheet "Hands" (or the first sheet with the headers Runde, Tisch, Spiel), read by the
  header names of tournament/exports/columns.py. A hand is the JSON in "Daten (JSON)" where that is
  filled, else it is read from the readable columns (Spielart = contract slug or its name in the
  rule set; Spieler/Partner/Renonce = a player's name at that table or a hand seat 0..3; Ergebnis
  gewonnen/verloren; Augen "P" or "P+B"; Kontra a number, a kontra name or a JSON object; Prämien
  a JSON list; Kartenpunkte "a;b;c;d" or a JSON list; geschleift ja/nein). A row with only its
  numbers (an empty line of a prepared sheet) is skipped. A "Tables" sheet (Runde, Tisch, Platz,
  Name) gives the seating: rounds not seated yet are seated as given, a seated round must match.
* ``.json``: a JSON array or JSON Lines of objects ``{"round": n, "table": n, "number": n, ...the
  hand...}``; ``"players": [names in Platz order]`` on a hand seats its table when the round is not
  seated yet (and must match when it is). Declarer, partner and renonce may also be names.

Every hand is checked before anything is written: the round and table exist, the players are
entries of the tournament, the engine accepts the hand (rules.engine.read_hand), hand numbers run
on from the table's last stored hand without gaps, and no table gets more hands than planned. A
hand already stored with the same facts is skipped (uploading a sheet again adds only what is
new); one stored with other facts is a problem (corrections go through the director's sheet).
Every problem becomes a line of the report and nothing is stored; otherwise the rounds are seated
and every hand is recorded through scoring.services.record_hand in one transaction, scored by the
engine exactly as if entered at the table.
"""

from __future__ import annotations

import io
import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from rules.engine import InvalidHand, read_hand
from rules.engine.catalogue import KONTRA_NAMES
from scoring.models import Hand
from scoring.services import active_positions, record_hand
from tournament import services as tournament_services
from tournament.errors import ServiceError, active_language
from tournament.exports import columns
from tournament.models import Entry, Round, Seat, Table, Tournament, normalized_name

# --- the report -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ImportProblem:
    """One reason the file was refused, with where it is: ``line`` is the row of the sheet (the header
    row counts), the line of a JSON Lines file, or the position (from 1) in a JSON array; None for
    the file as a whole."""

    line: int | None
    message_de: str
    message_en: str
    round: int | None = None
    table: int | None = None
    hand: int | None = None
    sheet: str = ""  # the worksheet, where it is not the Hands sheet (the Tables sheet)
    item: bool = False  # ``line`` counts the objects of a JSON array

    def where(self, lang: str | None = None) -> str:
        german = (lang or active_language()) == "de"
        if self.line is None:
            head = "Datei" if german else "File"
        elif self.item:
            head = f"{'Eintrag' if german else 'Item'} {self.line}"
        else:
            head = f"{'Zeile' if german else 'Line'} {self.line}"
        if self.sheet:
            head = f"{self.sheet}, {head}"
        labels = ("Runde", "Tisch", "Spiel") if german else ("Round", "Table", "Hand")
        context = [f"{label} {value}" for label, value in zip(labels, (self.round, self.table, self.hand), strict=True)
                   if value is not None]
        return f"{head} ({', '.join(context)})" if context else head

    def message(self, lang: str | None = None) -> str:
        return self.message_en if (lang or active_language()) == "en" else self.message_de

    def text(self, lang: str | None = None) -> str:
        """The report line in one language."""
        return f"{self.where(lang)}: {self.message(lang)}"

    def __str__(self) -> str:
        return f"{self.where('de')}: {self.message_de} / {self.message_en}"


@dataclass
class ImportReport:
    """What an import did: ``ok`` and the counts, or every problem (and then nothing was stored).

    ``tables`` counts the tables that got hands; ``rounds_seated`` lists the rounds seated as the file
    gives them; ``hands_skipped`` counts hands of the file that were already stored the same way."""

    filename: str = ""
    ok: bool = False
    hands_imported: int = 0
    hands_skipped: int = 0
    tables: int = 0
    rounds_seated: list[int] = field(default_factory=list)
    problems: list[ImportProblem] = field(default_factory=list)

    def lines(self, lang: str | None = None) -> list[str]:
        return [problem.text(lang) for problem in self.problems]

    def message(self, lang: str | None = None) -> str:
        """A summary in the active language (or ``lang``)."""
        german = (lang or active_language()) == "de"
        if not self.ok:
            count = len(self.problems)
            if german:
                return (f"Nichts gespeichert: „{self.filename}“ hat {count} "
                        f"{'Problem' if count == 1 else 'Probleme'}.")
            return f"Nothing was saved: “{self.filename}” has {count} problem{'' if count == 1 else 's'}."
        rounds = ", ".join(str(n) for n in self.rounds_seated)
        if german:
            text = f"{self.hands_imported} {'Spiel' if self.hands_imported == 1 else 'Spiele'} an {self.tables} " \
                   f"{'Tisch' if self.tables == 1 else 'Tischen'} aus „{self.filename}“ übernommen."
            if rounds:
                text += f" Nach der Datei gesetzt: Runde {rounds}."
            if self.hands_skipped:
                text += f" {self.hands_skipped} Spiele waren schon gleich gespeichert."
            return text
        text = f"{self.hands_imported} hand{'' if self.hands_imported == 1 else 's'} at {self.tables} " \
               f"table{'' if self.tables == 1 else 's'} imported from “{self.filename}”."
        if rounds:
            text += f" Seated as in the file: round {rounds}."
        if self.hands_skipped:
            text += f" {self.hands_skipped} hands were already stored the same way."
        return text


# --- what a file holds ------------------------------------------------------------------------------


@dataclass
class _FileHand:
    line: int
    round: int
    table: int
    number: int
    raw: dict | None = None  # the hand as JSON (names allowed for declarer, partner, renonce)
    cells: dict = field(default_factory=dict)  # the readable columns, when there is no JSON
    seat_names: dict[int, str] = field(default_factory=dict)  # "Sitz k Name", checked against the seating
    data: dict | None = None  # the interchange hand, once the seats are known
    stored_form: dict | None = None  # what record_hand would store (read_hand(...).to_dict())


@dataclass
class _FileSeating:
    line: int  # the table's first line
    round: int
    table: int
    names: list[str]
    sheet: str = ""
    lines: list[int] = field(default_factory=list)  # the line of each name (JSON: all the hand's line)

    def line_of(self, place: int) -> int:
        return self.lines[place] if place < len(self.lines) else self.line


@dataclass
class _Parsed:
    hands: list[_FileHand] = field(default_factory=list)
    seatings: list[_FileSeating] = field(default_factory=list)
    problems: list[ImportProblem] = field(default_factory=list)
    items: bool = False  # lines count the objects of a JSON array

    def line_words(self) -> tuple[str, str]:
        return ("Eintrag", "item") if self.items else ("Zeile", "line")


def _problem(parsed: _Parsed, line, de, en, **where) -> None:
    parsed.problems.append(ImportProblem(line, de, en, item=parsed.items, **where))


NOT_A_FILE = ("Bitte eine Excel-Datei (.xlsx) oder eine JSON-Datei (.json, JSON Lines) hochladen.",
              "Please upload an Excel workbook (.xlsx) or a JSON file (.json, JSON Lines).")


def _text(value: Any) -> str:
    """A cell as text."""
    return "" if value is None else str(value).strip()


def _whole(value: Any) -> int | None:
    """A cell or JSON value as a whole number, or None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    text = _text(value)
    if text.isdigit():
        return int(text)
    try:
        number = float(text.replace(",", "."))
    except ValueError:
        return None
    return int(number) if number.is_integer() else None


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
        text = _text(cell).lower()
        name = known.get(text) or ALIASES.get(text)
        if name and name not in index:
            index[name] = position
    return index


def _find_sheet(book, titles: tuple[str, ...], keys: tuple[str, ...], skip=None):
    """(sheet, header row number, header index, rows after it) of the sheet titled one of ``titles``,
    else of the first sheet with all ``keys`` among the headers of one of its first ten rows."""
    ordered = [s for s in book.worksheets if s.title.strip().lower() in titles]
    ordered += [s for s in book.worksheets if s not in ordered]
    for sheet in ordered:
        if sheet is skip:
            continue
        rows = list(sheet.iter_rows(values_only=True))
        for number, row in enumerate(rows[:10], start=1):
            header = _header(row)
            if all(key in header for key in keys):
                return sheet, number, header, rows[number:]
    return None


def _parse_xlsx(content: bytes) -> _Parsed:
    from openpyxl import load_workbook

    parsed = _Parsed()
    try:
        book = load_workbook(io.BytesIO(content), read_only=True, data_only=True)
        hands = _find_sheet(book, ("hands", "spiele"), HAND_KEYS)
        tables = _find_sheet(book, ("tables", "tische"), TABLE_KEYS, skip=hands[0] if hands else None)
    except Exception:  # noqa: BLE001 - whatever a broken upload makes openpyxl raise, the director gets a sentence
        _problem(parsed, None, "Die Datei ist keine lesbare Excel-Datei (.xlsx).",
                 "The file is not a readable Excel workbook (.xlsx).")
        return parsed
    if hands is None and tables is None:
        _problem(parsed, None,
                 f"Kein Tabellenblatt mit den Spalten {', '.join(HAND_KEYS)} (Spiele) oder "
                 f"{', '.join(TABLE_KEYS)} (Sitzordnung) gefunden.",
                 f"No sheet with the columns {', '.join(HAND_KEYS)} (hands) or {', '.join(TABLE_KEYS)} "
                 f"(seating) was found.")
        return parsed
    if tables is not None:
        _read_tables_sheet(parsed, *tables)
    if hands is not None:
        _read_hands_sheet(parsed, *hands)
    return parsed


def _row_numbers(parsed: _Parsed, line: int, cell: dict[str, Any], names: tuple[str, ...], sheet: str = ""):
    """The whole numbers of ``names`` in a row, or None (with a problem) if one is missing or no number."""
    values = []
    for name in names:
        number = _whole(cell.get(name))
        if number is None or number < 1:
            shown = _text(cell.get(name))
            _problem(parsed, line,
                     f"„{name}“ fehlt." if not shown else f"„{shown}“ in der Spalte „{name}“ ist keine Zahl.",
                     f"“{name}” is missing." if not shown else f"“{shown}” in the column “{name}” is not a number.",
                     sheet=sheet)
            return None
        values.append(number)
    return values


def _cells(row: tuple, header: dict[str, int]) -> dict[str, Any]:
    return {name: row[index] if index < len(row) else None for name, index in header.items()}


def _read_tables_sheet(parsed: _Parsed, sheet, header_line: int, header: dict[str, int], rows: list) -> None:
    title = sheet.title
    places: dict[tuple[int, int], dict[int, tuple[str, int]]] = defaultdict(dict)
    for line, row in enumerate(rows, start=header_line + 1):
        cell = _cells(row, header)
        if not any(_text(value) for value in cell.values()):
            continue
        numbers = _row_numbers(parsed, line, cell, (columns.ROUND, columns.TABLE, columns.PLACE), sheet=title)
        if numbers is None:
            continue
        round_, table, place = numbers
        name = _text(cell.get(columns.PLAYER_NAME))
        where = {"round": round_, "table": table, "sheet": title}
        if not name:
            _problem(parsed, line, f"Der Name an Platz {place} fehlt.", f"The name at place {place} is missing.",
                     **where)
        elif place in places[(round_, table)]:
            other = places[(round_, table)][place][1]
            _problem(parsed, line, f"Platz {place} steht zweimal (auch Zeile {other}).",
                     f"Place {place} appears twice (also line {other}).", **where)
        else:
            places[(round_, table)][place] = (name, line)
    for (round_, table), seats in places.items():
        first = min(line for _, line in seats.values())
        if sorted(seats) != list(range(1, len(seats) + 1)):
            shown = ", ".join(str(place) for place in sorted(seats))
            _problem(parsed, first, f"Die Plätze müssen 1, 2, 3 … ohne Lücke sein, nicht {shown}.",
                     f"The places must run 1, 2, 3 … without a gap, not {shown}.", round=round_, table=table,
                     sheet=title)
            continue
        parsed.seatings.append(_FileSeating(first, round_, table, [seats[p][0] for p in sorted(seats)], title,
                                            [seats[p][1] for p in sorted(seats)]))


def _read_hands_sheet(parsed: _Parsed, sheet, header_line: int, header: dict[str, int], rows: list) -> None:
    for line, row in enumerate(rows, start=header_line + 1):
        cell = _cells(row, header)
        facts = [cell.get(name) for name in (*READABLE, columns.DATA)]
        if not any(_text(value) for value in facts):
            continue  # nothing but numbers and names: an empty line of a prepared sheet
        numbers = _row_numbers(parsed, line, cell, HAND_KEYS)
        if numbers is None:
            continue
        hand = _FileHand(line, *numbers)
        hand.seat_names = {seat: _text(cell.get(f"Sitz {seat} Name")) for seat in range(4)
                           if _text(cell.get(f"Sitz {seat} Name"))}
        raw = _text(cell.get(columns.DATA))
        if raw:
            try:
                hand.raw = json.loads(raw)
            except ValueError as error:
                _problem(parsed, line, f"„{columns.DATA}“ ist kein gültiges JSON ({error}).",
                         f"“{columns.DATA}” is not valid JSON ({error}).", **_at(hand))
                continue
            if not isinstance(hand.raw, dict):
                _problem(parsed, line, f"„{columns.DATA}“ muss ein JSON-Objekt {{…}} sein.",
                         f"“{columns.DATA}” must be a JSON object {{…}}.", **_at(hand))
                continue
        else:
            hand.cells = {name: cell.get(name) for name in READABLE}
        parsed.hands.append(hand)


def _at(hand: _FileHand) -> dict:
    return {"round": hand.round, "table": hand.table, "hand": hand.number}


# --- json -------------------------------------------------------------------------------------------

META = ("round", "table", "number", "hand", "players", "data")


def _parse_json(content: bytes) -> _Parsed:
    parsed = _Parsed()
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError:
        _problem(parsed, None, "Die Datei ist kein UTF-8-Text.", "The file is not UTF-8 text.")
        return parsed
    if not text.strip():
        _problem(parsed, None, "Die Datei ist leer.", "The file is empty.")
        return parsed
    try:
        whole = json.loads(text)
    except ValueError as error:
        if text.lstrip().startswith("["):
            detail = f"{error.msg}, Zeile {error.lineno}" if isinstance(error, json.JSONDecodeError) else str(error)
            detail_en = f"{error.msg}, line {error.lineno}" if isinstance(error, json.JSONDecodeError) else str(error)
            _problem(parsed, None, f"Die Datei ist kein gültiges JSON ({detail}).",
                     f"The file is not valid JSON ({detail_en}).")
            return parsed
        items = []
        for line, source in enumerate(text.splitlines(), start=1):
            if not source.strip():
                continue
            try:
                items.append((line, json.loads(source)))
            except ValueError as error:
                _problem(parsed, line, f"Diese Zeile ist kein gültiges JSON ({error}).",
                         f"This line is not valid JSON ({error}).")
    else:
        if isinstance(whole, list):
            parsed.items = True
            items = list(enumerate(whole, start=1))
        elif isinstance(whole, dict):
            items = [(1, whole)]
        else:
            _problem(parsed, None, "Erwartet wird ein JSON-Array von Spielen oder ein Spiel je Zeile (JSON Lines).",
                     "Expected a JSON array of hands or one hand per line (JSON Lines).")
            return parsed
    for line, item in items:
        _read_json_item(parsed, line, item)
    return parsed


def _read_json_item(parsed: _Parsed, line: int, item: Any) -> None:
    if not isinstance(item, dict):
        _problem(parsed, line, "Erwartet wird ein JSON-Objekt {…} mit round, table, number und dem Spiel.",
                 "Expected a JSON object {…} with round, table, number and the hand.")
        return
    values = []
    for key in ("round", "table", "number"):
        value = item.get(key, item.get("hand") if key == "number" else None)
        number = _whole(value)
        if number is None or number < 1:
            de = f"„{key}“ fehlt." if value is None else f"„{key}“ muss eine Zahl ab 1 sein, nicht {json.dumps(value)}."
            en = f"“{key}” is missing." if value is None else f"“{key}” must be a number from 1, not {json.dumps(value)}."
            _problem(parsed, line, de, en)
            return
        values.append(number)
    hand = _FileHand(line, *values)
    data = item.get("data")
    hand.raw = dict(data) if isinstance(data, dict) else {key: value for key, value in item.items() if key not in META}
    players = item.get("players")
    if players is not None:
        if not isinstance(players, list) or not all(isinstance(name, str) and name.strip() for name in players):
            _problem(parsed, line, "„players“ muss eine Liste von Namen sein (in der Reihenfolge der Plätze).",
                     "“players” must be a list of names (in the order of the places).", **_at(hand))
        else:
            parsed.seatings.append(_FileSeating(line, hand.round, hand.table, [name.strip() for name in players]))
    parsed.hands.append(hand)


# --- names ------------------------------------------------------------------------------------------


def _keys(entry: Entry) -> set[str]:
    """How a player may be written: "Anna Berger" or "Anna Berger (Wörgl)", any case, accents, order."""
    return {normalized_name(entry.player.name), normalized_name(str(entry.player))}


class _Names:
    def __init__(self, tournament: Tournament):
        self.entries: dict[int, Entry] = {}
        self.by_key: dict[str, list[Entry]] = defaultdict(list)
        for entry in tournament.entries.select_related("player"):
            self.entries[entry.pk] = entry
            for key in _keys(entry):
                self.by_key[key].append(entry)

    def find(self, name: str) -> tuple[Entry | None, tuple[str, str] | None]:
        found = self.by_key.get(normalized_name(name), [])
        if len(found) == 1:
            return found[0], None
        if not found:
            return None, (f"„{name}“ ist in diesem Turnier nicht angemeldet.",
                          f"“{name}” is not entered in this tournament.")
        shown = ", ".join(str(entry.player) for entry in found)
        return None, (f"„{name}“ ist nicht eindeutig ({shown}): bitte mit Verein schreiben, etwa „Name (Verein)“.",
                      f"“{name}” is ambiguous ({shown}): write it with the club, like “Name (Club)”.")


# --- readable columns -> interchange hand -------------------------------------------------------------

WON = {"gewonnen", "won", "g", "w", "+", "ja", "yes"}
LOST = {"verloren", "lost", "v", "l", "-", "–", "nein", "no"}
YES = {"ja", "j", "yes", "y", "true", "wahr", "x", "1", "✓", "✔"}
NO = {"", "nein", "n", "no", "false", "falsch", "0", "-", "–"}
TALON = {"", "-", "–", "talon", "könig im talon", "king in the talon", "allein", "alone", "null", "none"}
KONTRA_BY_NAME = {name.lower(): level for level, names in KONTRA_NAMES.items() for name in names}


class _Refused(Exception):
    def __init__(self, de: str, en: str):
        super().__init__(en)
        self.de, self.en = de, en


def _seat_of(value: Any, column: str, players: list[Entry], sitting_out: Entry | None) -> int | None:
    """A hand seat 0..3 written as a number or as the name of one of the hand's four players."""
    if value is None or isinstance(value, bool):
        return None
    number = _whole(value)
    if number is not None:
        if 0 <= number <= 3:
            return number
        raise _Refused(f"„{column}“: Sitz {number} gibt es nicht (Sitze 0 bis 3, 0 = Vorhand).",
                       f"“{column}”: there is no seat {number} (seats 0 to 3, 0 = forehand).")
    text = _text(value)
    if not text:
        return None
    key = normalized_name(text)
    seats = [seat for seat, entry in enumerate(players) if key in _keys(entry)]
    if len(seats) == 1:
        return seats[0]
    if sitting_out is not None and key in _keys(sitting_out):
        raise _Refused(f"„{column}“: {text} gibt in diesem Spiel und sitzt aus.",
                       f"“{column}”: {text} deals this hand and sits out.")
    shown = ", ".join(f"{seat} = {entry.player.name}" for seat, entry in enumerate(players))
    raise _Refused(f"„{column}“: „{text}“ spielt in diesem Spiel nicht mit ({shown}).",
                   f"“{column}”: “{text}” does not play in this hand ({shown}).")


def _json_cell(value: Any, column: str) -> Any:
    try:
        return json.loads(_text(value))
    except ValueError as error:
        raise _Refused(f"„{column}“ ist kein gültiges JSON ({error}).",
                       f"“{column}” is not valid JSON ({error}).") from None


def _contract_slug(value: Any, tournament: Tournament) -> str | None:
    text = _text(value)
    if not text:
        return None
    for contract in tournament.ruleset.contracts:
        if text.lower() in (contract.slug, contract.name.lower()):
            return contract.slug
    return text  # the engine names what is wrong with it


def _from_cells(cells: dict, tournament: Tournament, players: list[Entry], sitting_out: Entry | None,
                ) -> tuple[dict, list[tuple[str, str]]]:
    """The interchange hand of the readable columns, and what could not be read."""
    hand: dict = {}
    problems: list[tuple[str, str]] = []

    def read(column: str, reader) -> None:
        try:
            value = reader(cells.get(column), column)
        except _Refused as refused:
            problems.append((refused.de, refused.en))
        else:
            if value is not None:
                hand[key_of[column]] = value

    def seat(value, column):
        return _seat_of(value, column, players, sitting_out)

    def partner(value, column):
        return None if _text(value).lower() in TALON else seat(value, column)

    def result(value, column):
        text = _text(value).lower()
        if not text:
            return None
        if text in WON:
            return "won"
        if text in LOST:
            return "lost"
        raise _Refused(f"„{column}“: „{_text(value)}“ – bitte gewonnen oder verloren.",
                       f"“{column}”: “{_text(value)}” – please won or lost.")

    def points(value, column):
        number = _whole(value)
        return str(number) if number is not None else (_text(value) or None)

    def kontra(value, column):
        text = _text(value)
        if not text:
            return None
        if text.startswith("{"):
            return _json_cell(text, column)
        number = _whole(value)
        if number is not None:
            return number
        if text.lower() in KONTRA_BY_NAME:
            return KONTRA_BY_NAME[text.lower()]
        raise _Refused(f"„{column}“: „{text}“ ist keine Kontra-Stufe (1, 2, 4, 8 … oder ein JSON-Objekt).",
                       f"“{column}”: “{text}” is no kontra level (1, 2, 4, 8 … or a JSON object).")

    def bonuses(value, column):
        return _json_cell(value, column) if _text(value) else None

    def card_points(value, column):
        text = _text(value)
        if not text:
            return None
        if text.startswith("["):
            return _json_cell(text, column)
        return [part.strip() for part in text.replace(",", ";").split(";")]

    def surrender(value, column):
        text = _text(value).lower()
        if value is True or text in YES:
            return True
        if value is False or text in NO:
            return None
        raise _Refused(f"„{column}“: „{_text(value)}“ – bitte ja oder nein.",
                       f"“{column}”: “{_text(value)}” – please yes or no.")

    key_of = {columns.CONTRACT: "contract", columns.DECLARER: "declarer", columns.PARTNER: "partner",
              columns.RESULT: "result", columns.DECLARER_POINTS: "declarer_points", columns.KONTRA: "kontra",
              columns.BONUSES: "bonuses", columns.CARD_POINTS: "card_points", columns.RENONCE: "renonce",
              columns.SURRENDER: "surrender"}
    contract = _contract_slug(cells.get(columns.CONTRACT), tournament)
    if contract is not None:
        hand["contract"] = contract
    read(columns.DECLARER, seat)
    read(columns.PARTNER, partner)
    read(columns.RESULT, result)
    read(columns.DECLARER_POINTS, points)
    read(columns.KONTRA, kontra)
    read(columns.BONUSES, bonuses)
    read(columns.CARD_POINTS, card_points)
    read(columns.RENONCE, seat)
    read(columns.SURRENDER, surrender)
    return hand, problems


def _from_json(raw: dict, players: list[Entry], sitting_out: Entry | None) -> tuple[dict, list[tuple[str, str]]]:
    """The JSON hand with names of players (declarer, partner, renonce) turned into seats."""
    hand, problems = dict(raw), []
    for key in ("declarer", "partner", "renonce"):
        value = hand.get(key)
        if isinstance(value, str) and value.strip() and not value.strip().isdigit():
            try:
                hand[key] = _seat_of(value, key, players, sitting_out)
            except _Refused as refused:
                problems.append((refused.de, refused.en))
    return hand, problems


# --- the import -----------------------------------------------------------------------------------


@dataclass
class _TablePlan:
    """A table as the import sees it: stored, or to be seated from the file."""

    entries: list[Entry]
    hands_planned: int
    ended_early: bool = False


def read_file(source, filename: str) -> _Parsed:
    """The hands and seatings of an upload (bytes or a file), by its name's ending or its first bytes."""
    content = source.read() if hasattr(source, "read") else source
    content = content.encode() if isinstance(content, str) else bytes(content)
    name = (filename or "").lower()
    if name.endswith(".xlsx") or (not name.endswith((".json", ".jsonl")) and content[:2] == b"PK"):
        return _parse_xlsx(content)
    if name.endswith((".json", ".jsonl", ".ndjson")) or content.lstrip()[:1] in (b"[", b"{"):
        return _parse_json(content)
    parsed = _Parsed()
    _problem(parsed, None, *NOT_A_FILE)
    return parsed


def import_hands(*, tournament: Tournament, source, filename: str, user=None,
                 rounds: Iterable[int] | None = None) -> ImportReport:
    """Import the hands (and seatings) of an .xlsx or .json file, all or nothing (see the module doc).

    ``rounds``: import only these round numbers of the file (e.g. the preliminary rounds first, the
    final once they are closed). Never raises for a bad file: the report lists what is wrong."""
    report = ImportReport(filename=filename)
    parsed = read_file(source, filename)
    if rounds is not None:
        wanted = set(rounds)
        parsed.hands = [hand for hand in parsed.hands if hand.round in wanted]
        parsed.seatings = [seating for seating in parsed.seatings if seating.round in wanted]
    problems = parsed.problems
    if not problems and not parsed.hands and not parsed.seatings:
        if rounds is None:
            _problem(parsed, None, "In der Datei stehen keine Spiele und keine Sitzordnung.",
                     "The file holds no hands and no seating.")
        else:
            shown = ", ".join(str(n) for n in sorted(set(rounds)))
            _problem(parsed, None, f"Für Runde {shown} stehen in der Datei keine Spiele und keine Sitzordnung.",
                     f"The file holds no hands and no seating for round {shown}.")
    if not any(problem.line is None for problem in problems):
        to_seat, plans, broken = _check_seatings(tournament, parsed)
        new_hands = _check_hands(tournament, parsed, plans, broken, report)
    if problems:
        report.problems = sorted(problems, key=lambda p: (p.line is not None, p.sheet == "", p.line or 0))
        return report
    try:
        _write(tournament, to_seat, new_hands, filename, user, report, items=parsed.items)
    except _Failed as failed:
        report.problems = [failed.problem]
        report.hands_imported, report.tables, report.rounds_seated = 0, 0, []
        return report
    report.ok = True
    return report


def _check_seatings(tournament: Tournament, parsed: _Parsed):
    """The rounds to seat from the file {round: {table: entry ids}}, every table the hands may use, and
    the tables whose seating in the file is wrong (their hands are not checked: the seating is)."""
    names = _Names(tournament)
    rounds = {r.number: r for r in tournament.round_set.all()}
    given: dict[tuple[int, int], tuple[_FileSeating, list[Entry]]] = {}
    broken: set[tuple[int, int]] = set()
    for seating in parsed.seatings:
        where = {"round": seating.round, "table": seating.table, "sheet": seating.sheet}
        round_ = rounds.get(seating.round)
        if round_ is None:
            _problem(parsed, seating.line, f"Runde {seating.round} gibt es in diesem Turnier nicht.",
                     f"There is no round {seating.round} in this tournament.", **where)
            continue
        entries, failed = [], False
        for place, name in enumerate(seating.names):
            entry, refused = names.find(name)
            if refused:
                _problem(parsed, seating.line_of(place), *refused, **where)
                failed = True
            entries.append(entry)
        key = (seating.round, seating.table)
        if failed:
            broken.add(key)
            continue
        if key in given:
            earlier = given[key]
            if [e.pk for e in earlier[1]] != [e.pk for e in entries]:
                de, en = parsed.line_words()
                _problem(parsed, seating.line,
                         f"Die Sitzordnung widerspricht der in {de} {earlier[0].line}.",
                         f"The seating contradicts the one in {en} {earlier[0].line}.", **where)
                broken.add(key)
            continue
        given[key] = (seating, entries)

    plans: dict[tuple[int, int], _TablePlan] = {}
    seated = (Table.objects.filter(round__tournament=tournament).exclude(round__status=Round.PLANNED)
              .select_related("round"))
    seats = defaultdict(list)
    for seat in Seat.objects.filter(table__in=seated).select_related("entry__player").order_by("table_id", "position"):
        seats[seat.table_id].append(seat.entry)
    for table in seated:
        plans[(table.round.number, table.number)] = _TablePlan(seats[table.pk], table.hands_planned,
                                                               ended_early=table.ended_early)
    to_seat: dict[int, dict[int, list[int]]] = defaultdict(dict)
    for (round_number, table_number), (seating, entries) in sorted(given.items()):
        where = {"round": round_number, "table": table_number, "sheet": seating.sheet}
        if rounds[round_number].status == Round.PLANNED:
            to_seat[round_number][table_number] = [entry.pk for entry in entries]
            plans[(round_number, table_number)] = _TablePlan(entries, tournament.hands_for(len(entries)))
            continue
        stored = plans.get((round_number, table_number))
        shown = ", ".join(entry.player.name for entry in entries)
        if stored is None:
            _problem(parsed, seating.line, f"Runde {round_number} ist schon gesetzt, ohne Tisch {table_number}.",
                     f"Round {round_number} is already seated, without a table {table_number}.", **where)
            broken.add((round_number, table_number))
        elif [e.pk for e in stored.entries] != [e.pk for e in entries]:
            broken.add((round_number, table_number))
            kept = ", ".join(entry.player.name for entry in stored.entries)
            _problem(parsed, seating.line,
                     f"Die Sitzordnung der Datei ({shown}) weicht von der gespeicherten ab ({kept}).",
                     f"The file's seating ({shown}) differs from the stored one ({kept}).", **where)
    for round_number in sorted(to_seat):
        earlier = {n for n in to_seat if n < round_number}
        lines = {t: given[(round_number, t)][0] for t in to_seat[round_number]}
        first = min(lines.values(), key=lambda s: s.line)
        for refused in tournament_services.seating_problems(round=rounds[round_number], tables=to_seat[round_number],
                                                            seated_first=earlier):
            seating = lines.get(refused.table, first)
            _problem(parsed, seating.line, refused.message_de, refused.message_en, round=round_number,
                     table=refused.table, sheet=seating.sheet)
            broken.update((round_number, t) for t in ([refused.table] if refused.table else to_seat[round_number]))
    return dict(to_seat), plans, broken


def _check_hands(tournament: Tournament, parsed: _Parsed, plans: dict[tuple[int, int], _TablePlan],
                 broken: set[tuple[int, int]], report: ImportReport) -> list[_FileHand]:
    """Read every hand against its table's seating and the engine; check the numbering; return the
    hands to record (those not already stored), in the order to record them."""
    rounds = {r.number: r for r in tournament.round_set.all()}
    ruleset = tournament.ruleset
    by_table: dict[tuple[int, int], list[_FileHand]] = defaultdict(list)
    for hand in parsed.hands:
        if (hand.round, hand.table) in broken:
            continue  # its seating is reported; hands read against a wrong seating would only add noise
        where = _at(hand)
        round_ = rounds.get(hand.round)
        plan = plans.get((hand.round, hand.table))
        if round_ is None:
            _problem(parsed, hand.line, f"Runde {hand.round} gibt es in diesem Turnier nicht.",
                     f"There is no round {hand.round} in this tournament.", **where)
            continue
        if plan is None:
            if round_.status == Round.PLANNED:
                _problem(parsed, hand.line,
                         f"Runde {hand.round} ist noch nicht gesetzt und die Datei gibt für Tisch {hand.table} keine "
                         f"Sitzordnung (Blatt „Tables“ oder „players“).",
                         f"Round {hand.round} is not seated yet and the file gives no seating for table "
                         f"{hand.table} (sheet “Tables” or “players”).", **where)
            else:
                _problem(parsed, hand.line, f"Tisch {hand.table} gibt es in Runde {hand.round} nicht.",
                         f"There is no table {hand.table} in round {hand.round}.", **where)
            continue
        size = len(plan.entries)
        positions = active_positions(hand.number, size)
        players = [plan.entries[position] for position in positions]
        sitting_out = plan.entries[(hand.number - 1) % size] if size == 5 else None
        for seat, name in hand.seat_names.items():
            if normalized_name(name) not in _keys(players[seat]):
                _problem(parsed, hand.line,
                         f"Sitz {seat} ist laut Datei {name}, laut Sitzordnung {players[seat].player.name}.",
                         f"Seat {seat} is {name} in the file but {players[seat].player.name} by the seating.",
                         **where)
        if hand.raw is not None:
            data, refused = _from_json(hand.raw, players, sitting_out)
        else:
            data, refused = _from_cells(hand.cells, tournament, players, sitting_out)
        for de, en in refused:
            _problem(parsed, hand.line, de, en, **where)
        if not refused:
            try:
                hand.stored_form = read_hand(data, ruleset).to_dict()
            except InvalidHand as error:
                for problem in error.problems:
                    _problem(parsed, hand.line, problem.message_de, problem.message_en, **where)
        hand.data = data
        by_table[(hand.round, hand.table)].append(hand)
    stored = defaultdict(dict)
    for number, table, hand_number, data in Hand.objects.filter(table__round__tournament=tournament).values_list(
            "table__round__number", "table__number", "number", "data"):
        stored[(number, table)][hand_number] = data
    new_hands: list[_FileHand] = []
    for key in sorted(by_table):
        new_hands += _check_numbers(parsed, plans[key], stored[key], by_table[key], report)
    report.tables = len({(hand.round, hand.table) for hand in new_hands})
    return new_hands


def _check_numbers(parsed: _Parsed, plan: _TablePlan, stored: dict[int, dict], hands: list[_FileHand],
                   report: ImportReport) -> list[_FileHand]:
    """Hands already stored the same way are skipped; the others must run on from the last stored
    hand without a gap or a repeat, up to the hands planned at the table."""
    new = []
    for hand in hands:
        if hand.number in stored:
            if hand.stored_form is not None and hand.stored_form != stored[hand.number]:
                _problem(parsed, hand.line,
                         f"Spiel {hand.number} ist schon gespeichert, mit anderen Angaben. Korrekturen bitte über den "
                         f"Zettel der Turnierleitung.",
                         f"Hand {hand.number} is already stored, with other facts. Please correct it on the "
                         f"director's sheet.", **_at(hand))
            elif hand.stored_form is not None:
                report.hands_skipped += 1
        else:
            new.append(hand)
    new.sort(key=lambda hand: (hand.number, hand.line))
    expected, seen = len(stored) + 1, {}
    line_de, line_en = parsed.line_words()
    for hand in new:
        where = _at(hand)
        if hand.number in seen:
            _problem(parsed, hand.line,
                     f"Spiel {hand.number} steht zweimal in der Datei (auch {line_de} {seen[hand.number]}).",
                     f"Hand {hand.number} appears twice in the file (also {line_en} {seen[hand.number]}).", **where)
            continue
        seen[hand.number] = hand.line
        if hand.number > expected:
            single = hand.number == expected + 1
            missing = f"{expected}" if single else f"{expected} bis {hand.number - 1}"
            missing_en = f"Hand {expected} is" if single else f"Hands {expected} to {hand.number - 1} are"
            _problem(parsed, hand.line, f"Vor Spiel {hand.number} fehlt Spiel {missing}.",
                     f"{missing_en} missing before hand {hand.number}.", **where)
        expected = hand.number + 1
        if hand.number > plan.hands_planned:
            _problem(parsed, hand.line, f"An diesem Tisch sind nur {plan.hands_planned} Spiele geplant.",
                     f"Only {plan.hands_planned} hands are planned at this table.", **where)
        elif plan.ended_early:
            _problem(parsed, hand.line, "Dieser Tisch ist vorzeitig beendet.", "Play at this table was ended early.",
                     **where)
    return new


class _Failed(Exception):
    def __init__(self, problem: ImportProblem):
        super().__init__(str(problem))
        self.problem = problem


def _write(tournament: Tournament, to_seat: dict[int, dict[int, list[int]]], hands: list[_FileHand], filename: str,
           user, report: ImportReport, *, items: bool) -> None:
    """Seat and record everything in one transaction; a refusal rolls all of it back."""
    entered_by = f"Import {filename}"[:120]
    rounds = {r.number: r for r in tournament.round_set.all()}
    with transaction.atomic():
        for number in sorted(to_seat):
            try:
                tournament_services.seat_round_as_given(round=rounds[number], tables=to_seat[number], user=user,
                                                        source=entered_by)
            except ServiceError as error:
                raise _Failed(ImportProblem(None, error.message_de, error.message_en, round=number)) from None
            report.rounds_seated.append(number)
        tables = {(t.round.number, t.number): t for t in Table.objects.filter(
            round__tournament=tournament, round__number__in={hand.round for hand in hands}).select_related("round")}
        for hand in sorted(hands, key=lambda h: (h.round, h.table, h.number)):
            try:
                record_hand(table=tables[(hand.round, hand.table)], number=hand.number, data=hand.data,
                            entered_by=entered_by, user=user, director=True)
            except InvalidHand as error:
                raise _Failed(ImportProblem(hand.line, error.message("de"), error.message("en"), item=items,
                                            **_at(hand))) from None
            except ServiceError as error:
                raise _Failed(ImportProblem(hand.line, error.message_de, error.message_en, item=items,
                                            **_at(hand))) from None
            report.hands_imported += 1


__all__ = ["ImportProblem", "ImportReport", "import_hands", "read_file"]

"""Players from a pasted list, a CSV or an XLSX (the Players sheet of tournament.xlsx reads back):
rows first (``player_rows_from_text``, ``player_rows_from_file``), then ``import_players`` enters
them all in one transaction through tournament.services."""

from __future__ import annotations

from dataclasses import dataclass, field

from paper import columns
from paper.cells import (
    UnreadableWorkbook,
    cell_text,
    csv_rows,
    open_workbook,
    sheets_titled_first,
    whole_number,
    yes_no,
)
from tournament import live
from tournament.errors import ServiceError
from tournament.models import Entry, Player, Tournament, normalized_name
from tournament.services import enter_player, likely_duplicates, register_player


@dataclass
class ImportReport:
    entered: list[Entry] = field(default_factory=list)
    reused: list[Player] = field(default_factory=list)
    flagged: list[tuple[dict, list[Player]]] = field(default_factory=list)
    skipped: list[tuple[int, str]] = field(default_factory=list)


# Header (any case) -> row key. The Players sheet of tournament.xlsx adds lot, presence and withdrawal.
HEADERS = {"name": "name", "spieler": "name", "verein": "club", "club": "club", "region": "region", "cup": "region",
           "notizen": "notes", "notes": "notes",
           columns.PLAYER_LOT.lower(): "lot", "lot": "lot", columns.PLAYER_PRESENT.lower(): "checked_in",
           "present": "checked_in", "checked in": "checked_in",
           columns.PLAYER_WITHDRAWN.lower(): "withdrawn_after_round", "withdrawn after round": "withdrawn_after_round"}
ENTRY_COLUMNS = {"lot": columns.PLAYER_LOT, "checked_in": columns.PLAYER_PRESENT,
                 "withdrawn_after_round": columns.PLAYER_WITHDRAWN}


def _keys(header_row) -> list[str | None]:
    return [HEADERS.get(cell_text(header).lower()) for header in header_row]


def player_rows_from_text(text: str) -> list[dict]:
    """A pasted list, one player a line: "Name", "Name; Verein", "Name, Verein" or tab-separated."""
    rows = []
    for line in text.splitlines():
        if not line.strip():
            continue
        delimiter = next((d for d in ("\t", ";", ",") if d in line), None)
        parts = [part.strip() for part in (line.split(delimiter) if delimiter else [line])]
        rows.append({"name": parts[0], "club": parts[1] if len(parts) > 1 else "",
                     "region": parts[2] if len(parts) > 2 else ""})
    return rows


def _xlsx_table(content: bytes) -> list[list[str]]:
    """The rows of the workbook's player list: the sheet "Players"/"Spieler" of tournament.xlsx if there
    is one, else the active sheet, else the first sheet whose first row names a "Name" column."""
    try:
        book = open_workbook(content)
    except UnreadableWorkbook:
        raise ServiceError("Die Datei ist keine lesbare Excel-Datei (.xlsx).",
                           "The file is not a readable Excel workbook (.xlsx).") from None
    first = None
    for sheet in sheets_titled_first(book, ("players", "spieler")):
        table = [[cell_text(cell) for cell in row] for row in sheet.iter_rows(values_only=True)]
        first = table if first is None else first
        if table and "name" in _keys(table[0]):
            return table
    return first or []


def player_rows_from_file(name: str, content: bytes) -> list[dict]:
    """Rows of a CSV or XLSX upload with a header row (Name, Verein/Club, Region/Cup, Notizen/Notes; and,
    when present, Los, anwesend, ausgeschieden nach Runde as in the Players sheet of tournament.xlsx)."""
    table = _xlsx_table(content) if name.lower().endswith(".xlsx") else csv_rows(content)
    if not table:
        return []
    keys = _keys(table[0])
    if "name" not in keys:
        raise ServiceError("Die erste Zeile braucht eine Spalte „Name“.", "The first row needs a “Name” column.")
    return [
        {key: cell_text(value) for key, value in zip(keys, row, strict=False) if key}
        for row in table[1:] if any(cell_text(value) for value in row)
    ]


def _not_whole(value, who: str, header: str) -> ServiceError:
    return ServiceError(f"Bei „{who}“ ist „{value}“ in der Spalte „{header}“ keine ganze Zahl.",
                        f"At “{who}”, “{value}” in the column “{header}” is not a whole number.")


def _count(value, who: str, key: str) -> int | None:
    """A lot or round number: a whole number >= 0, or None for an empty cell."""
    if cell_text(value).lower() in ("", "none", "-", "–"):
        return None
    number = whole_number(value)
    if number is None or number < 0:
        raise _not_whole(value, who, ENTRY_COLUMNS[key])
    return number


def _entry_columns(row: dict, who: str) -> dict:
    """The entry's lot, presence and withdrawal of a row, for the columns the row has."""
    values: dict = {}
    if "lot" in row and (lot := _count(row["lot"], who, "lot")) is not None:
        values["lot"] = lot
    if "checked_in" in row:
        present = yes_no(row["checked_in"])
        if present is None:
            header = ENTRY_COLUMNS["checked_in"]
            raise ServiceError(f"Bei „{who}“ ist „{row['checked_in']}“ in der Spalte „{header}“ weder ja noch nein.",
                               f"At “{who}”, “{row['checked_in']}” in the column “{header}” is neither yes nor no.")
        values["checked_in"] = present
    if "withdrawn_after_round" in row:
        values["withdrawn_after_round"] = _count(row["withdrawn_after_round"], who, "withdrawn_after_round")
    return values


@live.write_service
def import_players(*, tournament: Tournament, rows: list[dict], check_in: bool = False) -> ImportReport:
    """Enter many players at once: a known player (same name and club) is reused; a likely duplicate
    (same name, other club) is flagged for the director instead of being created.

    A row may also give "lot", "checked_in" and "withdrawn_after_round" (the Players sheet of
    tournament.xlsx): where a row has them they are set on its entry ("checked_in" then wins over
    ``check_in``); a value that is no number / no yes-or-no, or a lot given twice, refuses the import."""
    report = ImportReport()
    taken_lots = dict(tournament.entries.filter(lot__isnull=False).values_list("lot", "player__name_key"))
    lots_in_file: dict[int, int] = {}
    for number, row in enumerate(rows, start=1):
        name = " ".join(str(row.get("name", "")).split())
        if not name:
            report.skipped.append((number, "kein Name / no name"))
            continue
        extra = _entry_columns(row, name)
        lot = extra.get("lot")
        if lot is not None:
            if lot in lots_in_file or taken_lots.get(lot, normalized_name(name)) != normalized_name(name):
                raise ServiceError(f"Los {lot} ist mehrfach vergeben (bei „{name}“).",
                                   f"Lot {lot} is given more than once (at “{name}”).")
            lots_in_file[lot] = number
        club = str(row.get("club", "")).strip()
        candidates = list(likely_duplicates(name))
        same = [player for player in candidates if normalized_name(player.club) == normalized_name(club)]
        if same:
            player = same[0]
            report.reused.append(player)
        elif candidates:
            report.flagged.append((row, candidates))
            continue
        else:
            player = register_player(name=name, club=club, region=str(row.get("region", "")), notes=str(row.get("notes", "")))
        present = extra.get("checked_in")
        entry = enter_player(tournament=tournament, player=player, checked_in=check_in if present is None else present)
        changed = [key for key, value in extra.items() if getattr(entry, key) != value]
        for key in changed:
            setattr(entry, key, extra[key])
        if changed:
            entry.save(update_fields=changed)
        report.entered.append(entry)
    return report

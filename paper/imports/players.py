"""Players from a pasted list, a CSV or an XLSX (the Players sheet of tournament.xlsx reads back):
rows first (``player_rows_from_text``, ``player_rows_from_file``), then ``import_players`` checks
them all and enters them through tournament.services in short transactions."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy

from language import ServiceError, in_both
from paper import columns
from paper.cells import (
    MAX_ROWS,
    FileRefused,
    cell_text,
    csv_rows,
    open_workbook,
    sheet_rows,
    sheets_titled_first,
    too_many_rows,
    whole_number,
    yes_no,
)
from paper.imports.batches import batches
from tournament import live
from tournament.events import ChangeKind
from tournament.models import Entry, Player, Tournament
from tournament.players import (
    clean,
    clean_fields,
    enter_new_player,
    find_player,
    likely_duplicates,
    matchable_by_name,
    same_player,
)
from tournament.services import enter_player
from tournament.teams import add_member, team_name_for_import


@dataclass
class ImportReport:
    entered: list[Entry] = field(default_factory=list)
    reused: list[Player] = field(default_factory=list)
    flagged: list[tuple[dict, list[Player]]] = field(default_factory=list)
    skipped: list[tuple[int, str]] = field(default_factory=list)


# Header (any case) -> row key. The Players sheet of tournament.xlsx adds lot, presence and withdrawal.
HEADERS = {"name": "name", "spieler": "name", "verein": "club", "club": "club", "region": "region", "cup": "region",
           "notizen": "notes", "notes": "notes", "team": "team", "mannschaft": "team",
           columns.PLAYER_LOT.lower(): "lot", "lot": "lot", columns.PLAYER_PRESENT.lower(): "checked_in",
           "present": "checked_in", "checked in": "checked_in",
           columns.PLAYER_WITHDRAWN.lower(): "withdrawn_after_round", "withdrawn after round": "withdrawn_after_round"}
ENTRY_COLUMNS = {"lot": columns.PLAYER_LOT, "checked_in": columns.PLAYER_PRESENT,
                 "withdrawn_after_round": columns.PLAYER_WITHDRAWN}


def _keys(header_row) -> list[str | None]:
    return [HEADERS.get(cell_text(header).lower()) for header in header_row]


def player_rows_from_text(text: str) -> list[dict]:
    """A pasted list, one player a line: "Name", "Name; Verein", "Name, Verein" or tab-separated."""
    rows: list[dict] = []
    for line in text.splitlines():
        if not line.strip():
            continue
        if len(rows) == MAX_ROWS:
            error = too_many_rows()
            raise ServiceError(error.said)
        delimiter = next((d for d in ("\t", ";", ",") if d in line), None)
        parts = [part.strip() for part in (line.split(delimiter) if delimiter else [line])]
        rows.append({"name": parts[0], "club": parts[1] if len(parts) > 1 else "",
                     "region": parts[2] if len(parts) > 2 else ""})
    return rows


def _xlsx_table(content: bytes) -> list[list[str]]:
    """The rows of the workbook's player list: the sheet "Players"/"Spieler" of tournament.xlsx if there
    is one, else the active sheet, else the first sheet whose first row names a "Name" column."""
    book = open_workbook(content)
    first = None
    for sheet in sheets_titled_first(book, ("players", "spieler")):
        table = [[cell_text(cell) for cell in row] for row in sheet_rows(sheet)]
        first = table if first is None else first
        if table and "name" in _keys(table[0]):
            return table
    return first or []


def player_rows_from_file(name: str, content: bytes) -> list[dict]:
    """Rows of a CSV or XLSX upload with a header row (Name, Verein/Club, Region/Cup, Notizen/Notes,
    Mannschaft/Team; and, when present, Los, anwesend, ausgeschieden nach Runde as in the Players sheet
    of tournament.xlsx)."""
    try:
        table = _xlsx_table(content) if name.lower().endswith(".xlsx") else csv_rows(content)
    except FileRefused as error:
        raise ServiceError(error.said) from None
    if not table:
        return []
    keys = _keys(table[0])
    if "name" not in keys:
        raise ServiceError(gettext_lazy("Die erste Zeile braucht eine Spalte „Name“."))
    return [
        {key: cell_text(value) for key, value in zip(keys, row, strict=False) if key}
        for row in table[1:] if any(cell_text(value) for value in row)
    ]


def _not_whole(value, who: str, header: str) -> ServiceError:
    return ServiceError(gettext_lazy(
        "Bei „%(who)s“ ist „%(value)s“ in der Spalte „%(header)s“ keine ganze Zahl."), who=who, value=value, header=header)


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
            raise ServiceError(gettext_lazy(
                "Bei „%(who)s“ ist „%(value)s“ in der Spalte „%(header)s“ weder ja noch nein."),
                    who=who, value=row['checked_in'], header=header)
        values["checked_in"] = present
    if "withdrawn_after_round" in row:
        values["withdrawn_after_round"] = _count(row["withdrawn_after_round"], who, "withdrawn_after_round")
    return values


@dataclass
class _Row:
    number: int  # the row's place in the list (from 1)
    row: dict
    name: str
    club: str
    extra: dict  # lot, checked_in, withdrawn_after_round where the row gives them


# Players one list may enter: far above any Tarock tournament, and written well within the server's
# 60 s request timeout (5,000 took 20 s, bench/import_lock.py).
MAX_PLAYERS = 5000
# Rows written per transaction (paper/imports/batches.py): each holds the database's write lock for
# about a third of a second, so a scorer's save waits that long at most, not the whole import.
BATCH = 100


def _checked_rows(tournament: Tournament, rows: list[dict]) -> tuple[list[_Row], list[tuple[int, str]]]:
    """Every row checked before anything is written (names, lengths, lots, the extra columns): a
    mistake anywhere in the list refuses all of it. Reads only."""
    if len(rows) > MAX_PLAYERS:
        raise ServiceError(gettext_lazy(
            "Die Liste hat %(rows)s Zeilen; höchstens %(most)s Spieler auf einmal."), rows=len(rows), most=MAX_PLAYERS)
    checked, skipped = [], []
    taken_lots = {entry.lot: entry.player for entry in tournament.entries.filter(lot__isnull=False).select_related("player")}
    lots_in_file: dict[int, int] = {}
    for number, row in enumerate(rows, start=1):
        try:
            if not clean(str(row.get("name", ""))):
                skipped.append((number, in_both(gettext_lazy("kein Name"))))
                continue
            name, club, region = clean_fields(name=str(row.get("name", "")), club=str(row.get("club", "")),
                                              region=str(row.get("region", "")))
        except ServiceError as error:
            raise ServiceError(gettext_lazy("Zeile %(number)s: %(problem)s"), number=number, problem=error.said) from None
        row = {**row, "name": name, "club": club, "region": region}
        extra = _entry_columns(row, name)
        lot = extra.get("lot")
        holder = taken_lots.get(lot)
        if lot is not None:
            if lot in lots_in_file or (holder is not None and not same_player(name, club, holder.name, holder.club)):
                raise ServiceError(gettext_lazy("Los %(lot)s ist mehrfach vergeben (bei „%(name)s“)."), lot=lot, name=name)
            lots_in_file[lot] = number
        checked.append(_Row(number, row, name, club, extra))
    return checked, skipped


def _enter(tournament: Tournament, item: _Row, check_in: bool, report: ImportReport) -> None:
    """One checked row: a known player (tournament/players.py's rule: same name and club) is reused, so
    a row written before is found again instead of doubled; a likely duplicate (same name, other club)
    is only flagged. A namesake no name may mean (ABAKUS's deceased) is neither: the row is a new player."""
    candidates = list(matchable_by_name(likely_duplicates(item.name)))  # a deceased namesake is nobody's match
    player = find_player(item.name, item.club, among=candidates)
    present = item.extra.get("checked_in")
    checked_in = check_in if present is None else present
    if player is not None:
        report.reused.append(player)
        entry = enter_player(tournament=tournament, player=player, checked_in=checked_in)
    elif candidates:
        report.flagged.append((item.row, candidates))
        return
    else:  # nobody of that name: no duplicate to ask about
        entry = enter_new_player(tournament=tournament, name=item.name, club=item.club, region=item.row["region"],
                                 notes=str(item.row.get("notes", "")), checked_in=checked_in, allow_duplicate=True)
    changed = [key for key, value in item.extra.items() if getattr(entry, key) != value]
    for key in changed:
        setattr(entry, key, item.extra[key])
    if changed:
        entry.save(update_fields=changed)
    team = " ".join(str(item.row.get("team", "")).split())
    if team:
        add_member(team=team_name_for_import(tournament, team), entry=entry)
    report.entered.append(entry)


def import_players(*, tournament: Tournament, rows: list[dict], check_in: bool = False,
                   batch: int = BATCH) -> ImportReport:
    """Enter many players at once: a known player (same name and club) is reused; a likely duplicate
    (same name, other club) is flagged for the director instead of being created.

    A row may also give "lot", "checked_in" and "withdrawn_after_round" (the Players sheet of
    tournament.xlsx): where a row has them they are set on its entry ("checked_in" then wins over
    ``check_in``); a value that is no number / no yes-or-no, a name too long, or a lot given twice,
    refuses the import before anything is written.

    The checked rows are then written ``batch`` at a time, each batch in a transaction of its own,
    so the scorers' saves go on during a long import (which takes a few seconds longer for it).
    Should a write still be refused half-way (the tournament changed meanwhile, e.g. round 1 was
    seated under rules without late entry), the batches before stay and the refusal says so:
    uploading the same list again is safe, since every row already written is recognised (same
    name and club) and entered only once."""
    checked, skipped = _checked_rows(tournament, rows)
    report = ImportReport(skipped=skipped)
    done = 0  # rows of the batches written
    for chunk in batches(checked, batch):
        try:
            _enter_batch(tournament=tournament, chunk=chunk, check_in=check_in, report=report)
        except _RowRefused as refused:
            if not done:
                raise refused.error from None
            error = refused.error
            raise ServiceError(gettext_lazy(
                "Zeile %(number)s: %(problem)s Die ersten %(done)s Zeilen sind eingetragen; die Liste kann nach dem "
                "Korrigieren nochmals hochgeladen werden (schon Eingetragene werden erkannt)."),
                number=refused.number, problem=error.said, done=done) from None
        done += len(chunk)
    return report


class _RowRefused(Exception):
    """A checked row that a write still refused (the tournament changed since the check)."""

    def __init__(self, number: int, error: ServiceError):
        super().__init__(str(error))
        self.number = number
        self.error = error


@live.write_service(kind=ChangeKind.ENTRIES)
def _enter_batch(*, tournament: Tournament, chunk: list[_Row], check_in: bool, report: ImportReport) -> None:
    """One batch of checked rows in a transaction of its own (the live pages' version goes up once)."""
    for item in chunk:
        try:
            _enter(tournament, item, check_in, report)
        except ServiceError as error:
            raise _RowRefused(item.number, error) from None

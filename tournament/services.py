"""Writes for tournaments, players, entries and rounds (HackSoft style: keyword-only, atomic, validated)."""

from __future__ import annotations

import csv
import io
import random
from dataclasses import dataclass, field
from datetime import date as Date

from django.db import transaction
from django.utils import timezone

from rules.engine.ruleset import RuleSet
from tournament import seating
from tournament.errors import DuplicatePlayer, ServiceError
from tournament.models import CustomRuleSet, Entry, Player, Round, RoundEvent, Seat, Table, Tournament, normalized_name

# --- rule sets ------------------------------------------------------------------------------


def resolve_ruleset(key: str) -> RuleSet:
    """A seed rule set by slug, or a custom one as "custom:<id>"."""
    from rules.engine.custom import RuleSetInvalid
    from rules.rulesets import BUILTIN, load_custom

    if key in BUILTIN:
        return BUILTIN[key]
    if key.startswith("custom:") and key[7:].isdigit():
        custom = CustomRuleSet.objects.filter(pk=int(key[7:])).first()
        if custom is not None:
            try:
                return load_custom(custom.spec())
            except RuleSetInvalid as error:
                raise ServiceError(f"Das Regelwerk ist ungültig: {error}", f"The rule set is invalid: {error}") from None
    raise ServiceError(f"Unbekanntes Regelwerk „{key}“.", f"Unknown rule set “{key}”.")


# --- tournaments ------------------------------------------------------------------------------


@transaction.atomic
def create_tournament(
    *, name: str, slug: str, date: Date, ruleset: RuleSet, venue: str = "", stake_cents: int | None = None,
    rounds: int | None = None, tables_of_five: bool | None = None, kontra_to_charity: bool = False, user=None,
) -> Tournament:
    """A tournament with its rounds, playing under a snapshot of ``ruleset`` and its format."""
    fmt = ruleset.format
    tournament = Tournament(
        name=name, slug=slug, date=date, venue=venue,
        ruleset_slug=ruleset.slug, ruleset_version=ruleset.version, ruleset_snapshot=ruleset.to_plain(),
        stake_cents=fmt.stake_cents if stake_cents is None else stake_cents,
        rounds=fmt.rounds if rounds is None else rounds,
        hands_at_four=fmt.hands_at_four, hands_at_five=fmt.hands_at_five,
        tables_of_five=fmt.tables_of_five if tables_of_five is None else tables_of_five,
        final_round_top=fmt.final_round_top, final_round_carry_percent=fmt.final_round_carry_percent,
        tie_breaks=list(fmt.tie_breaks), kontra_to_charity=kontra_to_charity, created_by=user,
    )
    tournament.full_clean()
    tournament.save()
    numbers = range(1, tournament.rounds + 1 + (1 if tournament.has_final else 0))
    Round.objects.bulk_create(
        [Round(tournament=tournament, number=n, is_final=tournament.has_final and n > tournament.rounds) for n in numbers]
    )
    return tournament


# --- players and entries ------------------------------------------------------------------------


def likely_duplicates(name: str):
    return Player.objects.filter(name_key=normalized_name(name))


@transaction.atomic
def register_player(*, name: str, club: str = "", region: str = "", notes: str = "", allow_duplicate: bool = False) -> Player:
    name = " ".join(name.split())
    if not name:
        raise ServiceError("Der Name fehlt.", "The name is missing.")
    candidates = list(likely_duplicates(name))
    if candidates and not allow_duplicate:
        raise DuplicatePlayer(name, candidates)
    player = Player(name=name, club=club.strip(), region=region.strip(), notes=notes)
    player.full_clean(exclude=["name_key"])
    player.save()
    return player


@transaction.atomic
def enter_player(*, tournament: Tournament, player: Player, checked_in: bool = False) -> Entry:
    entry, created = Entry.objects.get_or_create(tournament=tournament, player=player, defaults={"checked_in": checked_in})
    if not created and checked_in and not entry.checked_in:
        entry.checked_in = True
        entry.save(update_fields=["checked_in"])
    return entry


@dataclass
class ImportReport:
    entered: list[Entry] = field(default_factory=list)
    reused: list[Player] = field(default_factory=list)
    flagged: list[tuple[dict, list[Player]]] = field(default_factory=list)
    skipped: list[tuple[int, str]] = field(default_factory=list)


HEADERS = {"name": "name", "spieler": "name", "verein": "club", "club": "club", "region": "region", "cup": "region",
           "notizen": "notes", "notes": "notes",
           # What the Players sheet of tournament.xlsx adds (tournament/exports/columns.py), read when present.
           "los": "lot", "lot": "lot", "anwesend": "checked_in", "present": "checked_in", "checked in": "checked_in",
           "ausgeschieden nach runde": "withdrawn_after_round", "withdrawn after round": "withdrawn_after_round"}

YES = {"ja", "j", "yes", "y", "true", "wahr", "1", "x", "✓", "✔"}
NO = {"", "nein", "n", "no", "false", "falsch", "0", "-", "–", "none"}


def _yes_no(value, who: str, header: str) -> bool:
    text = str(value).strip().lower()
    if text in YES:
        return True
    if text in NO:
        return False
    raise ServiceError(f"Bei „{who}“ ist „{value}“ in der Spalte „{header}“ weder ja noch nein.",
                       f"At “{who}”, “{value}” in the column “{header}” is neither yes nor no.")


def _whole_number(value, who: str, header: str) -> int | None:
    """A cell as a whole number >= 0 ("3", "3.0", 3); empty is None."""
    text = str(value).strip()
    if text.lower() in ("", "none", "-", "–"):
        return None
    try:
        number = float(text.replace(",", "."))
    except ValueError:
        number = -1.0
    if number < 0 or number != int(number):
        raise ServiceError(f"Bei „{who}“ ist „{value}“ in der Spalte „{header}“ keine ganze Zahl.",
                           f"At “{who}”, “{value}” in the column “{header}” is not a whole number.")
    return int(number)


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


def player_rows_from_file(name: str, content: bytes) -> list[dict]:
    """Rows of a CSV or XLSX upload with a header row (Name, Verein/Club, Region/Cup, Notizen/Notes; and,
    when present, Los, anwesend, ausgeschieden nach Runde as in the Players sheet of tournament.xlsx)."""
    if name.lower().endswith(".xlsx"):
        table = _player_sheet(content)
    else:
        text = content.decode("utf-8-sig", errors="replace")
        dialect = csv.Sniffer().sniff(text.splitlines()[0] if text else ",", delimiters=",;\t")
        table = list(csv.reader(io.StringIO(text), dialect))
    if not table:
        return []
    columns = [HEADERS.get(header.strip().lower()) for header in table[0]]
    if "name" not in columns:
        raise ServiceError("Die erste Zeile braucht eine Spalte „Name“.", "The first row needs a “Name” column.")
    return [
        {key: value.strip() for key, value in zip(columns, row, strict=False) if key}
        for row in table[1:] if any(str(value).strip() for value in row)
    ]


def _cell_text(cell) -> str:
    return "" if cell is None else str(cell)


def _player_sheet(content: bytes) -> list[list[str]]:
    """The rows of the workbook's player list: the sheet "Players"/"Spieler" of tournament.xlsx if there
    is one, else the active sheet, else the first sheet whose first row names a "Name" column."""
    from openpyxl import load_workbook

    try:
        book = load_workbook(io.BytesIO(content), read_only=True, data_only=True)
    except Exception:  # noqa: BLE001 - whatever a broken upload makes openpyxl raise, the director gets a sentence
        raise ServiceError("Die Datei ist keine lesbare Excel-Datei (.xlsx).",
                           "The file is not a readable Excel workbook (.xlsx).") from None
    sheets = [sheet for sheet in book.worksheets if sheet.title.strip().lower() in ("players", "spieler")]
    sheets += [book.active] + list(book.worksheets)
    first = None
    for sheet in sheets:
        if sheet is None:
            continue
        table = [[_cell_text(cell) for cell in row] for row in sheet.iter_rows(values_only=True)]
        first = table if first is None else first
        if table and "name" in [HEADERS.get(header.strip().lower()) for header in table[0]]:
            return table
    return first or []


@transaction.atomic
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


ENTRY_COLUMNS = {"lot": "Los", "checked_in": "anwesend", "withdrawn_after_round": "ausgeschieden nach Runde"}


def _entry_columns(row: dict, who: str) -> dict:
    """The entry's lot, presence and withdrawal of a row, for the columns the row has."""
    values: dict = {}
    if "lot" in row:
        values["lot"] = _whole_number(row["lot"], who, ENTRY_COLUMNS["lot"])
        if values["lot"] is None:
            del values["lot"]
    if "checked_in" in row:
        values["checked_in"] = _yes_no(row["checked_in"], who, ENTRY_COLUMNS["checked_in"])
    if "withdrawn_after_round" in row:
        values["withdrawn_after_round"] = _whole_number(row["withdrawn_after_round"], who,
                                                        ENTRY_COLUMNS["withdrawn_after_round"])
    return values


@transaction.atomic
def set_checked_in(*, entry: Entry, checked_in: bool) -> Entry:
    entry.checked_in = checked_in
    entry.save(update_fields=["checked_in"])
    return entry


@transaction.atomic
def withdraw(*, entry: Entry, after_round: int | None) -> Entry:
    entry.withdrawn_after_round = after_round
    entry.save(update_fields=["withdrawn_after_round"])
    return entry


# --- rounds -------------------------------------------------------------------------------------


def _lock_round(round: Round) -> Round:
    return Round.objects.select_for_update().select_related("tournament").get(pk=round.pk)


def draw_lots(tournament: Tournament, seed: str) -> None:
    """Give every entry without one a lot number, drawn once and kept (the last tie-break)."""
    entries = list(tournament.entries.filter(lot__isnull=True).order_by("pk"))
    taken = set(tournament.entries.filter(lot__isnull=False).values_list("lot", flat=True))
    free = [n for n in range(1, len(entries) + len(taken) + 1) if n not in taken]
    random.Random(f"lots-{seed}").shuffle(free)
    for entry, lot in zip(entries, free, strict=False):
        entry.lot = lot
    Entry.objects.bulk_update(entries, ["lot"])


@transaction.atomic
def seat_round(*, round: Round, seed: str | None = None, user=None, ranking: list[int] | None = None) -> Round:
    """Draw (or redraw) the seating of a round that has no hands yet.

    Unseeded rounds are planned together with the rounds still to come, against the seatings
    already played, so repeats stay minimal over the whole event; a final round seats by
    ``ranking`` (entry ids, best first)."""
    round = _lock_round(round)
    tournament = round.tournament
    if round.status not in (Round.PLANNED, Round.SEATED):
        raise ServiceError(
            f"Runde {round.number} läuft schon oder ist abgeschlossen; sie kann nicht neu gesetzt werden.",
            f"Round {round.number} is running or closed; it cannot be reseated.",
        )
    earlier = tournament.round_set.filter(number__lt=round.number).order_by("number")
    if earlier.filter(status=Round.PLANNED).exists():
        raise ServiceError(f"Zuerst Runde {round.number - 1} setzen.", f"Seat round {round.number - 1} first.")
    if round.is_final and earlier.exclude(status=Round.CLOSED).exists():
        raise ServiceError("Die Finalrunde wird erst nach dem Abschluss aller Vorrunden gesetzt.",
                           "The final round is seated once every preliminary round is closed.")
    entries = [e for e in tournament.entries.filter(checked_in=True).select_related("player") if e.plays_in(round.number)]
    seed = seed or f"{random.SystemRandom().randrange(10**9)}"
    try:
        if round.is_final:
            if ranking is None:
                raise ServiceError("Für die Finalrunde fehlt die Rangliste.", "The final round needs the standings.")
            finalists = ranking[: tournament.final_round_top]
            tables = seating.seeded_round(finalists, allow_five=tournament.tables_of_five)
            repeats, repeated_pairs, five_repeats = 0, (), 0
        else:
            history = [
                [[seat.entry_id for seat in table.seats.all()] for table in r.tables.all()]
                for r in earlier.prefetch_related("tables__seats")
            ]
            remaining = tournament.rounds - round.number + 1
            plan = seating.draw([e.pk for e in entries], remaining, seed, allow_five=tournament.tables_of_five,
                                history=history)
            tables = plan.rounds[0]
            repeats, repeated_pairs, five_repeats = seating.quality(history + [tables])
    except seating.SeatingImpossible as error:
        raise ServiceError(error.message_de, error.message_en) from None
    round.tables.all().delete()
    draw_lots(tournament, seed)
    for number, players in enumerate(tables, start=1):
        table = Table.objects.create(round=round, number=number, hands_planned=tournament.hands_for(len(players)))
        Seat.objects.bulk_create([Seat(table=table, entry_id=entry, position=p) for p, entry in enumerate(players)])
    round.status, round.seed, round.repeats, round.five_table_repeats = Round.SEATED, seed, repeats, five_repeats
    round.seated_at = timezone.now()
    round.save()
    RoundEvent.objects.create(round=round, action="seat", user=user, detail={
        "seed": seed, "players": len(entries), "tables": len(tables), "repeats": repeats,
        "repeated_pairs": [list(pair) for pair in repeated_pairs],
    })
    return round


@dataclass(frozen=True)
class SeatingProblem:
    """Why a seating as given cannot be used; ``table`` is None for the round as a whole."""

    table: int | None
    message_de: str
    message_en: str


def seating_problems(*, round: Round, tables: dict[int, list[int]],
                     seated_first: frozenset[int] | set[int] = frozenset()) -> list[SeatingProblem]:
    """Every reason ``seat_round_as_given`` would refuse ``tables`` (table number -> entry ids in Platz
    order), checked the way seat_round checks a draw. ``seated_first``: numbers of earlier rounds that
    the same operation seats before this one (an import seating several rounds)."""
    tournament = round.tournament
    problems: list[SeatingProblem] = []

    def refuse(table, de, en):
        problems.append(SeatingProblem(table, de, en))

    if round.status not in (Round.PLANNED, Round.SEATED) or _has_hands(round):
        refuse(None, f"Runde {round.number} läuft schon oder ist abgeschlossen; sie kann nicht neu gesetzt werden.",
               f"Round {round.number} is running or closed; it cannot be reseated.")
    earlier = tournament.round_set.filter(number__lt=round.number)
    unseated = sorted(set(earlier.filter(status=Round.PLANNED).values_list("number", flat=True)) - set(seated_first))
    if unseated:
        refuse(None, f"Zuerst Runde {unseated[-1]} setzen.", f"Seat round {unseated[-1]} first.")
    if round.is_final and earlier.exclude(status=Round.CLOSED).exists():
        refuse(None, "Die Finalrunde wird erst nach dem Abschluss aller Vorrunden gesetzt.",
               "The final round is seated once every preliminary round is closed.")
    if not tables:
        refuse(None, f"Für Runde {round.number} ist kein Tisch angegeben.", f"No table is given for round {round.number}.")
    entries = {e.pk: e for e in tournament.entries.select_related("player")}
    where: dict[int, list[int]] = {}
    for number, players in sorted(tables.items()):
        if not isinstance(number, int) or number < 1:
            refuse(number, f"„{number}“ ist keine Tischnummer.", f"“{number}” is not a table number.")
        if len(players) not in ((4, 5) if tournament.tables_of_five else (4,)):
            de, en = ("4 oder 5", "4 or 5") if tournament.tables_of_five else ("nur 4", "only 4")
            refuse(number, f"Tisch {number} hat {len(players)} Spieler; erlaubt sind {de}.",
                   f"Table {number} has {len(players)} players; allowed: {en}.")
        for entry_id in players:
            entry = entries.get(entry_id)
            if entry is None:
                refuse(number, f"Tisch {number}: Teilnahme {entry_id} gehört nicht zu diesem Turnier.",
                       f"Table {number}: entry {entry_id} is not part of this tournament.")
                continue
            where.setdefault(entry_id, []).append(number)
            if not entry.plays_in(round.number):
                refuse(number, f"Tisch {number}: {entry.player.name} ist nach Runde {entry.withdrawn_after_round} "
                               f"ausgeschieden.",
                       f"Table {number}: {entry.player.name} withdrew after round {entry.withdrawn_after_round}.")
    for entry_id, numbers in where.items():
        if len(numbers) > 1:
            shown = ", ".join(str(n) for n in numbers)
            name = entries[entry_id].player.name
            refuse(numbers[-1], f"{name} sitzt mehrmals in Runde {round.number} (Tisch {shown}).",
                   f"{name} is seated more than once in round {round.number} (table {shown}).")
    return problems


def _has_hands(round: Round) -> bool:
    from scoring.models import Hand

    return Hand.objects.filter(table__round=round).exists()


@transaction.atomic
def seat_round_as_given(*, round: Round, tables: dict[int, list[int]], user=None, source: str = "") -> Round:
    """Seat a round exactly as given (a paper seating, or the Tables sheet of tournament.xlsx):
    ``tables`` maps each table number to entry ids in Platz order (Platz 1 = position 0 deals first).

    Checked like seat_round: the round has no hands yet and the rounds before it are seated (the
    final: closed), each player sits once, tables of 4 (or 5 where the tournament allows them),
    every player is entered and has not withdrawn. Entries without a lot get one, as when drawing."""
    round = _lock_round(round)
    tournament = round.tournament
    tables = {number: list(players) for number, players in tables.items()}
    problems = seating_problems(round=round, tables=tables)
    if problems:
        raise ServiceError(" ".join(p.message_de for p in problems), " ".join(p.message_en for p in problems))
    if round.is_final:
        repeats, repeated_pairs, five_repeats = 0, (), 0
    else:
        history = [
            [[seat.entry_id for seat in table.seats.all()] for table in r.tables.all()]
            for r in tournament.round_set.filter(number__lt=round.number).order_by("number")
            .prefetch_related("tables__seats")
        ]
        repeats, repeated_pairs, five_repeats = seating.quality(history + [list(tables.values())])
    round.tables.all().delete()
    draw_lots(tournament, f"{random.SystemRandom().randrange(10**9)}")
    for number, players in sorted(tables.items()):
        table = Table.objects.create(round=round, number=number, hands_planned=tournament.hands_for(len(players)))
        Seat.objects.bulk_create([Seat(table=table, entry_id=entry, position=p) for p, entry in enumerate(players)])
    round.status, round.seed, round.repeats, round.five_table_repeats = Round.SEATED, "", repeats, five_repeats
    round.seated_at = timezone.now()
    round.save()
    RoundEvent.objects.create(round=round, action="seat", reason=source, user=user, detail={
        "as_given": True, "players": sum(len(players) for players in tables.values()), "tables": len(tables),
        "repeats": repeats, "repeated_pairs": [list(pair) for pair in repeated_pairs],
    })
    return round


@transaction.atomic
def close_round(*, round: Round, user=None) -> Round:
    round = _lock_round(round)
    if round.status not in (Round.SEATED, Round.RUNNING):
        raise ServiceError(f"Runde {round.number} ist nicht offen.", f"Round {round.number} is not open.")
    from django.db.models import Count

    open_tables = [
        table.number for table in round.tables.annotate(entered=Count("hands")).order_by("number")
        if table.entered < table.hands_planned and not table.ended_early
    ]
    if open_tables:
        numbers = ", ".join(str(n) for n in open_tables)
        raise ServiceError(
            f"An Tisch {numbers} fehlen noch Spiele. Spiele eintragen lassen oder den Tisch beenden.",
            f"Table {numbers} still has hands to enter. Have them entered or end play at that table.",
        )
    round.status, round.closed_at = Round.CLOSED, timezone.now()
    round.save(update_fields=["status", "closed_at"])
    RoundEvent.objects.create(round=round, action="close", user=user)
    return round


@transaction.atomic
def reopen_round(*, round: Round, reason: str, user=None) -> Round:
    round = _lock_round(round)
    if not reason.strip():
        raise ServiceError("Zum Wiedereröffnen braucht es eine Begründung.", "Reopening needs a reason.")
    if round.status != Round.CLOSED:
        raise ServiceError(f"Runde {round.number} ist nicht abgeschlossen.", f"Round {round.number} is not closed.")
    round.status, round.closed_at = Round.RUNNING, None
    round.save(update_fields=["status", "closed_at"])
    RoundEvent.objects.create(round=round, action="reopen", reason=reason.strip(), user=user)
    return round


@transaction.atomic
def end_table(*, table: Table, reason: str = "", user=None) -> Table:
    """The director ends play at a late table: the round closes with the hands entered there."""
    table = Table.objects.select_for_update().select_related("round").get(pk=table.pk)
    if not table.round.is_open:
        raise ServiceError("Die Runde ist nicht offen.", "The round is not open.")
    table.ended_early = True
    table.version += 1
    table.save(update_fields=["ended_early", "version"])
    RoundEvent.objects.create(round=table.round, action="end_table", reason=reason, user=user,
                              detail={"table": table.number, "hands": table.hands.count()})
    return table

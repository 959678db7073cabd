"""Reading a JSON export of an ABAKUS database (the cups' scoring app, repository ahunu/ABAKUS): no database
access here; cups/abakus_import.py writes what this reads. Documented in docs/cups.md ("Import from ABAKUS").

The structure is the one ABAKUS's own code reads and writes in its Firebase database (read from the code
for the structure only, no code taken):

* ``/00/CUPS/<nr>``: a cup (``NAME``, ``TYP``: "MT" for team cups, …); ``/00/CUPS/SPIELERnr/<nnnn>``: a
  player by his four-digit number, ``[surname, first name, place, …]`` (``Abakus/loadCUPS.js``,
  ``Abakus/SpielerExport.js``: "Zuname; Vorname", "Ort").
* ``/00/<nnn>`` (the cup's number in three digits): its tournaments, each under its date
  ``YYYY-MM-DD`` with ``_NAME``, ``_SAISON`` ("2023/24"), ``_VERANSTALTER`` and one entry per player,
  ``<nnnn>: [round 1, round 2, round 3]`` ("-" for a round not played; team cups add the team as a fourth
  item) (``Abakus/TurnierImport.js`` writes it, ``Statistik/loadSTAT.js`` reads it). A player without a
  number is written ``name^place`` (``Statistik/statFunktionen.js`` ``getName``). A tournament still
  running carries ``_AKTTURNIER`` (the phones' entries) and is skipped.

ABAKUS stores no ranks and no cup points; it computes them, and so does this module the same way:

* total = the sum of the rounds played; rank (``loadSTAT.js`` ``compSTAT``): more total first, then the
  higher best round, then the lower worst round, then the lower player number; a player who missed a
  round ranks after everyone else with his total (then by number); ranks are never shared (ABAKUS sorts
  these keys as text, which agrees with this for totals and rounds between -999 and 999);
* the cup's scheme (``statFunktionen.js`` ``getCupPunkte``): number 55 (Tirol) cube, 50-60 and 125, 181
  fixed points, every other cup the Heine points of the total;
* the season (``Statistik/SAISON.js`` ``bereSaison``): the best 6 results, a tournament whose name has
  "FINAL" counted once on top.

The file may be the whole database (``{"00": {…}}``) or its ``/00`` node.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from django.utils.translation import gettext_lazy

from language import Message, ServiceError, message
from paper.cells import json_value

BEST_RESULTS = 6  # SAISON.js bereSaison: the best six results count (the final on top)
CUBE_CUPS = frozenset({55})
FIXED_CUPS = frozenset({*range(50, 61), 125, 181}) - CUBE_CUPS
GUEST_MARK = "ˆ"  # name^place of a player without a number


@dataclass(frozen=True)
class AbakusPlayer:
    number: str | None  # None for a guest without a number
    name: str  # first name, then surname (the site's order)
    place: str


@dataclass(frozen=True)
class AbakusLine:
    key: str  # the player's key in the tournament: his number, or name^place
    rounds: tuple[int | None, ...]
    total: int
    rank: int


@dataclass(frozen=True)
class AbakusTournament:
    day: date
    name: str
    season: str
    is_final: bool
    lines: tuple[AbakusLine, ...]


@dataclass(frozen=True)
class AbakusCup:
    number: str  # three digits, as the database names its node
    name: str
    scheme: str
    tournaments: tuple[AbakusTournament, ...]


@dataclass
class AbakusData:
    cups: list[AbakusCup]
    players: dict[str, AbakusPlayer]  # by the key a tournament uses
    running: list[tuple[str, str]] = field(default_factory=list)  # (cup name, date) of tournaments still running
    unused_players: int = 0  # numbered players in no imported tournament


def scheme_for(number: int) -> str:
    """The scheme ABAKUS's getCupPunkte gives cup ``number``."""
    if number in CUBE_CUPS:
        return "cube"
    return "fixed" if number in FIXED_CUPS else "heine"


def _refuse(problem) -> ServiceError:
    return ServiceError(gettext_lazy("Keine ABAKUS-Datei: %(problem)s"), problem=message(problem))


def _round(value) -> int | None | bool:
    """A round's points: an int, None for "-" (not played); False when it is neither."""
    if value in ("-", None, ""):
        return None
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return False


def rank_lines(entries: dict[str, list]) -> list[AbakusLine]:
    """Rank one tournament as ABAKUS's compSTAT does (see the module docstring)."""
    keyed = []
    for key, rounds in entries.items():
        played = [r for r in rounds if r is not None]
        total = sum(played)
        missed = len(played) < len(rounds) or not played
        # a missed round makes ABAKUS's best and worst round NaN: after the others, then by number only
        best, worst = (0, 0) if missed else (max(played), min(played))
        keyed.append(((-total, missed, -best, worst, key), key, tuple(rounds), total))
    keyed.sort()
    return [AbakusLine(key, rounds, total, place) for place, (_sort, key, rounds, total) in enumerate(keyed, start=1)]


def _guest(key: str) -> AbakusPlayer:
    name, _sep, place = key.rpartition(GUEST_MARK)
    clean = lambda text: " ".join(text.replace("%20", " ").replace("_", " ").replace(GUEST_MARK, " ").split())  # noqa: E731
    return AbakusPlayer(None, clean(name), clean(place))


def _players(cups_node: dict) -> dict[str, AbakusPlayer]:
    numbered = cups_node.get("SPIELERnr")
    if not isinstance(numbered, dict):
        raise _refuse(gettext_lazy("die Spielerliste (CUPS/SPIELERnr) fehlt."))
    players = {}
    for number, record in numbered.items():
        if not (isinstance(number, str) and number.isdigit()) or not isinstance(record, list) or len(record) < 2:
            raise _refuse(Message(gettext_lazy(
                "Spieler „%(number)s“ ist kein Eintrag [Zuname, Vorname, Ort, …]."), number=str(number)[:20]))
        surname, first, place = (str(record[i] or "").strip() if i < len(record) else "" for i in range(3))
        players[number] = AbakusPlayer(number, " ".join(f"{first} {surname}".split()), place)
    return players


def _tournament(cup_name: str, day_key: str, node) -> AbakusTournament:
    where = Message(gettext_lazy("%(cup)s, Turnier %(day)s"), cup=cup_name, day=day_key)
    if not isinstance(node, dict):
        raise _refuse(Message(gettext_lazy("%(where)s ist kein Objekt."), where=where))
    try:
        day = date.fromisoformat(day_key)
    except ValueError:
        raise _refuse(Message(gettext_lazy("„%(day)s“ ist kein Datum JJJJ-MM-TT."), day=day_key[:20])) from None
    name, season = node.get("_NAME"), node.get("_SAISON")
    if not isinstance(name, str) or not name.strip() or not isinstance(season, str) or not season.strip():
        raise _refuse(Message(gettext_lazy("%(where)s hat keinen _NAME oder keine _SAISON."), where=where))
    entries: dict[str, list] = {}
    for key, value in node.items():
        if key.startswith("_"):
            continue
        rounds = [_round(v) for v in value[:3]] if isinstance(value, list) and value else [False]
        if any(r is False for r in rounds):
            raise _refuse(Message(gettext_lazy("%(where)s: Spieler „%(key)s“ hat keine Rundenpunkte [R1, R2, R3]."),
                                  where=where, key=key[:30]))
        entries[key] = rounds
    return AbakusTournament(day, name.strip(), season.strip(), "FINAL" in name.upper(), tuple(rank_lines(entries)))


def read_export(content: bytes, *, only: set[str] | None = None) -> AbakusData:
    """The cups (all, or those whose number is in ``only``), their tournaments and the players they name.
    Raises ServiceError (German and English) for a file that is not an ABAKUS export or is broken."""
    try:
        data = json_value(content.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError):
        raise _refuse(gettext_lazy("die Datei ist kein JSON (UTF-8).")) from None
    if isinstance(data, dict) and isinstance(data.get("00"), dict):
        data = data["00"]
    if not isinstance(data, dict) or not isinstance(data.get("CUPS"), dict):
        raise _refuse(gettext_lazy("der Knoten CUPS fehlt."))
    players = _players(data["CUPS"])
    wanted = {str(int(n)) for n in only} if only else None
    cups, running, used = [], [], set()
    for raw_number, record in sorted(data["CUPS"].items()):
        if not raw_number.isdigit() or int(raw_number) == 0 or (wanted and str(int(raw_number)) not in wanted):
            continue
        number = f"{int(raw_number):03d}"
        name = record.get("NAME") if isinstance(record, dict) else None
        if not isinstance(name, str) or not name.strip():
            raise _refuse(Message(gettext_lazy("Cup %(number)s hat keinen NAME."), number=number))
        node = data.get(number) or {}
        if not isinstance(node, dict):
            raise _refuse(Message(gettext_lazy("die Turniere von Cup %(number)s sind kein Objekt."), number=number))
        tournaments = []
        for key in sorted(k for k in node if k[:1] == "2"):
            if isinstance(node[key], dict) and "_AKTTURNIER" in node[key]:
                running.append((name.strip(), key))
                continue
            tournament = _tournament(name.strip(), key, node[key])
            used.update(line.key for line in tournament.lines)
            tournaments.append(tournament)
        if tournaments:
            cups.append(AbakusCup(number, name.strip(), scheme_for(int(number)), tuple(tournaments)))
    if wanted and not cups:
        raise ServiceError(gettext_lazy("Keiner der genannten Cups hat Turniere in der Datei."))
    known = {key: players[key] for key in used if key in players}
    for key in used - set(known):
        # a number ABAKUS does not know ("1234 (neu)") keeps its number; a guest is name^place
        known[key] = AbakusPlayer(key, f"ABAKUS {key}", "") if key.isdigit() else _guest(key)
    return AbakusData(cups, known, running, sum(1 for n in players if n not in used))

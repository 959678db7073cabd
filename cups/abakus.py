"""Reading a JSON export of an ABAKUS database (the cups' scoring app, repository ahunu/ABAKUS): no database
access here; cups/abakus_import.py writes what this reads. Documented in docs/cups.md ("Import from ABAKUS").

The structure is the one ABAKUS's own code reads and writes in its Firebase database (read from the code
for the structure only, no code taken):

* ``/00/CUPS/<nr>``: a cup (``NAME``, ``TYP``: "MT" for team cups, ``REGELN``, ``TURNIER``: the number of
  counted results, a fraction adding the final on top) (``Abakus/loadCUPS.js``); ``/00/CUPS/TERMINE``: the
  coming dates (``DATUM``, ``CUP``, ``NAME``, ``BEGINN``); ``/00/CUPS/SPIELERnr/<nnnn>``: a player by his
  four-digit number, ``[surname, first name, place, location, flags, active]``, flag 2 = deceased
  (``Abakus/loadCUPS.js`` ``isVERSTORBEN``).
* ``/00/<nnn>`` (the cup's number in three digits): its tournaments, each under its date
  ``YYYY-MM-DD`` with ``_NAME``, ``_SAISON`` ("2023/24"), ``_VERANSTALTER`` and one entry per player,
  ``<nnnn>: [round 1, round 2, round 3]`` ("-" for a round not played; team cups add the team as a fourth
  item) (``AdminTools/TurnierImport.js`` wrote it until 2020-09, last at commit 5ce71ed, removed in 197abc8;
  ``Statistik/loadSTAT.js`` reads it). A player without a number is written ``Surname_First^place``
  (``Statistik/statFunktionen.js`` ``getSpielerName``, ``getSpielerOrt``). A tournament still running
  carries ``_AKTTURNIER`` (the phones' entries) and is skipped.

ABAKUS stores no ranks and no cup points; it computes them, and so does this module the same way:

* total = the sum of the rounds played; rank (``loadSTAT.js`` ``compSTAT``): more total first, then the
  higher best round, then the lower worst round, then the lower player number; a player who missed a
  round ranks after everyone else with his total (then by number); ranks are never shared (ABAKUS sorts
  these keys as four digits, 2000 - total and so on: rounds and totals beyond -999..999 are refused);
* the scheme and the season's counting per cup and season: cups/abakus_rules.py.
* names and places as ABAKUS shows them: "First Surname" (the site's order) for numbered players and
  guests alike; the place cut at its first ",", "/" or "-" (``getSpielerOrt``), the location (4th item)
  first where it has one.

The file may be the whole database (``{"00": {…}}``) or its ``/00`` node.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date
from decimal import Decimal

from django.utils.translation import gettext_lazy

from cups.abakus_rules import AbakusSeasonRules, fixed_path, parse_turnier, season_rules_for
from language import Message, ServiceError, message
from web.json_bodies import json_value

GUEST_MARK = "ˆ"  # name^place of a player without a number
ROUND_LIMIT = 999  # compSTAT's sort key holds 2000 - total in four digits (loadSTAT.js)
DECEASED_FLAG = 2  # loadCUPS.js isVERSTORBEN: SPIELERnr[nr][4] & 2
TEAM_TYPE = "MT"


@dataclass(frozen=True)
class AbakusPlayer:
    number: str | None  # None for a guest without a number
    name: str  # first name, then surname (the site's order)
    place: str  # as ABAKUS shows it (getSpielerOrt)
    deceased: bool = False


@dataclass(frozen=True)
class AbakusLine:
    key: str  # the player's key in the tournament: his number, or name^place
    rounds: tuple[int | None, ...]
    total: int
    rank: int
    team: str = ""  # the fourth item in a team cup's (TYP "MT") tournament


@dataclass(frozen=True)
class AbakusTournament:
    day: date
    name: str
    season: str
    is_final: bool
    lines: tuple[AbakusLine, ...]
    organiser: str = ""  # _VERANSTALTER: a player's number or a word ("Präsidium")


@dataclass(frozen=True)
class AbakusCup:
    number: str  # three digits, as the database names its node
    name: str
    tournaments: tuple[AbakusTournament, ...]
    turnier: Decimal | None = None  # CUPS/<nr>/TURNIER (cups/abakus_rules.py parse_turnier)
    rules: str = ""  # REGELN ("Wr.", "Tir.", "Ooe." …)
    is_team_cup: bool = False

    def season_rules(self, season: str) -> AbakusSeasonRules:
        return season_rules_for(int(self.number), season, self.turnier)


@dataclass(frozen=True)
class AbakusDate:
    """A coming date of CUPS/TERMINE."""

    day: date
    cup: str  # three digits
    name: str
    begins: str = ""


@dataclass
class AbakusData:
    cups: list[AbakusCup]
    players: dict[str, AbakusPlayer]  # by the key a tournament uses
    running: list[tuple[str, str]] = field(default_factory=list)  # (cup name, date) of tournaments still running
    unused_players: int = 0  # numbered players in no imported tournament
    dates: list[AbakusDate] = field(default_factory=list)
    # a guest's key -> the number he has in ABAKUS (same name and place, transliterations folded: "Mueller")
    aliases: dict[str, str] = field(default_factory=dict)
    doubtful: list[tuple[str, str]] = field(default_factory=list)  # (guest key, number): same name, other place


def _refuse(problem) -> ServiceError:
    return ServiceError(gettext_lazy("Keine ABAKUS-Datei: %(problem)s"), problem=message(problem))


def _round(value) -> int | None | bool:
    """A round's points: an int within ±ROUND_LIMIT, None for "-" (not played); False when it is neither."""
    if value in ("-", None, ""):
        return None
    if isinstance(value, bool):
        return False
    if isinstance(value, float) and value.is_integer() and abs(value) <= ROUND_LIMIT:
        value = int(value)
    if isinstance(value, int) and abs(value) <= ROUND_LIMIT:
        return value
    return False


def shown_place(place: str) -> str:
    """The place as ABAKUS shows it (statFunktionen.js getSpielerOrt): up to its first ",", "/" or "-"."""
    for mark in (",", "/", "-"):
        at = place.find(mark)
        if at > 0:
            place = place[:at]
    return " ".join(place.split())


def first_name_first(shown: str) -> str:
    """ABAKUS shows "Surname First" (getSpielerName); the site "First Surname": the first word is the surname."""
    surname, _sep, first = " ".join(shown.split()).partition(" ")
    return f"{first} {surname}".strip()


def fold(text: str) -> str:
    """A name's key across the transliterations ABAKUS's users type (ä = ae, ö = oe, ü = ue, ß = ss)."""
    text = " ".join(text.casefold().split())
    for plain, written in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss")):
        text = text.replace(plain, written)
    return text


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
    return AbakusPlayer(None, first_name_first(clean(name)), shown_place(clean(place)))


def _players(cups_node: dict) -> dict[str, AbakusPlayer]:
    numbered = cups_node.get("SPIELERnr")
    if not isinstance(numbered, dict):
        raise _refuse(gettext_lazy("die Spielerliste (CUPS/SPIELERnr) fehlt."))
    players = {}
    for number, record in numbered.items():
        if not (isinstance(number, str) and number.isdigit()) or not isinstance(record, list) or len(record) < 2:
            raise _refuse(Message(gettext_lazy(
                "Spieler „%(number)s“ ist kein Eintrag [Zuname, Vorname, Ort, …]."), number=str(number)[:20]))
        surname, first, place, location = (str(record[i] or "").strip() if i < len(record) else ""
                                           for i in range(4))
        flags = record[4] if len(record) > 4 and isinstance(record[4], int) and not isinstance(record[4], bool) else 0
        players[number] = AbakusPlayer(number, " ".join(f"{first} {surname}".split()), shown_place(location or place),
                                       bool(flags & DECEASED_FLAG))
    return players


def _tournament(cup_name: str, day_key: str, node, team_cup: bool = False) -> AbakusTournament:
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
    teams: dict[str, str] = {}
    for key, value in node.items():
        if key.startswith("_"):
            continue
        rounds = [_round(v) for v in value[:3]] if isinstance(value, list) and value else [False]
        if any(r is False for r in rounds):
            raise _refuse(Message(gettext_lazy(
                "%(where)s: Spieler „%(key)s“ hat keine Rundenpunkte [R1, R2, R3] (ganze Zahlen von -999 bis 999)."),
                where=where, key=key[:30]))
        if abs(sum(r for r in rounds if r is not None)) > ROUND_LIMIT:
            raise _refuse(Message(gettext_lazy(
                "%(where)s: Spieler „%(key)s“ hat mehr als 999 Punkte; so viel kann ABAKUS nicht reihen."),
                where=where, key=key[:30]))
        if team_cup and len(value) > 3 and value[3] not in (None, ""):
            teams[key] = " ".join(str(value[3]).split())[:60]
        entries[key] = rounds
    organiser = node.get("_VERANSTALTER")
    organiser = str(organiser).strip()[:60] if isinstance(organiser, str | int) and not isinstance(organiser, bool) else ""
    lines = tuple(rank_lines(entries))
    if teams:  # dataclasses.replace is slow: only a team cup's lines need it
        lines = tuple(replace(line, team=teams.get(line.key, "")) for line in lines)
    return AbakusTournament(day, name.strip(), season.strip(), "FINAL" in name.upper(), lines, organiser)


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
        team_cup = record.get("TYP") == TEAM_TYPE
        for key in sorted(k for k in node if k[:1] == "2"):
            if isinstance(node[key], dict) and "_AKTTURNIER" in node[key]:
                running.append((name.strip(), key))
                continue
            tournament = _tournament(name.strip(), key, node[key], team_cup)
            used.update(line.key for line in tournament.lines)
            tournaments.append(tournament)
        if tournaments:
            turnier = parse_turnier(record.get("TURNIER"))
            needs = sorted({t.season for t in tournaments if fixed_path(int(number), t.season)})
            if needs and turnier is None:
                raise _refuse(Message(gettext_lazy(
                    "Cup %(number)s (%(name)s) hat kein TURNIER (die Zahl der gewerteten Ergebnisse, etwa 6 oder "
                    "6.5); ABAKUS wertet ohne sie in der Saison %(season)s kein einziges Ergebnis."),
                    number=number, name=name.strip()[:60], season=needs[0]))
            rules = record.get("REGELN")
            cups.append(AbakusCup(number, name.strip(), tuple(_one_final_per_season(tournaments)), turnier,
                                  rules.strip()[:20] if isinstance(rules, str) else "", team_cup))
    if wanted and not cups:
        raise ServiceError(gettext_lazy("Keiner der genannten Cups hat Turniere in der Datei."))
    known = {key: players[key] for key in used if key in players}
    for key in used - set(known):
        # a number ABAKUS does not know ("1234 (neu)") keeps its number; a guest is name^place
        known[key] = AbakusPlayer(key, f"ABAKUS {key}", "") if key.isdigit() else _guest(key)
    aliases, doubtful = _guest_aliases(known, players)
    for number in aliases.values():
        known.setdefault(number, players[number])
    return AbakusData(cups, known, running, sum(1 for n in players if n not in used and n not in aliases.values()),
                      _dates(data["CUPS"].get("TERMINE"), {c.number for c in cups}), aliases, doubtful)


def _guest_aliases(known: dict[str, AbakusPlayer],
                   numbered: dict[str, AbakusPlayer]) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """Guests who are a numbered player written by hand ("Mueller Hans" for number 0042, Müller Hans): the
    same folded name and place -> that number; the same name at another place -> to be confirmed (listed)."""
    by_name: dict[str, list[AbakusPlayer]] = {}
    for person in numbered.values():
        by_name.setdefault(fold(person.name), []).append(person)
    aliases, doubtful = {}, []
    for key, guest in sorted(known.items()):
        if guest.number is not None:
            continue
        namesakes = by_name.get(fold(guest.name), [])
        same_place = [p for p in namesakes if fold(p.place) == fold(guest.place)]
        if len(same_place) == 1:
            aliases[key] = same_place[0].number
        elif namesakes:
            doubtful.append((key, namesakes[0].number))
    return aliases, doubtful


def _one_final_per_season(tournaments: list[AbakusTournament]) -> list[AbakusTournament]:
    """ABAKUS's final of a season is its last tournament with "FINAL" in the name (SAISON.js: stFinale is
    overwritten by each); an earlier one counts as an ordinary tournament."""
    last = {t.season: t.day for t in tournaments if t.is_final}
    return [replace(t, is_final=t.is_final and last[t.season] == t.day) for t in tournaments]


def _dates(node, cups: set[str]) -> list[AbakusDate]:
    """CUPS/TERMINE: the coming dates of the imported cups (a list or an object of {DATUM, CUP, NAME, BEGINN});
    an entry that is none of these is left out (ABAKUS itself shows only what it can read)."""
    items = node.values() if isinstance(node, dict) else node if isinstance(node, list) else []
    dates = []
    for item in items:
        if not isinstance(item, dict):
            continue
        cup, day, name = item.get("CUP"), item.get("DATUM"), item.get("NAME")
        if isinstance(cup, bool) or not isinstance(cup, int | str) or not str(cup).strip().isdigit():
            continue
        number = f"{int(str(cup).strip()):03d}"
        try:
            when = date.fromisoformat(str(day))
        except ValueError:
            continue
        if number in cups:
            text = " ".join(str(name or "").split())[:160]
            dates.append(AbakusDate(when, number, text, " ".join(str(item.get("BEGINN") or "").split())[:20]))
    return sorted(dates, key=lambda d: (d.day, d.cup, d.name))

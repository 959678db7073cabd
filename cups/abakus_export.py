"""An export of a cup's seasons in ABAKUS's own structure (issue 30, point 5), so a cup can keep ABAKUS
running while it tries the site: what cups/abakus.py reads, written back (the structure of
docs/cups.md "Import from ABAKUS"). import -> export -> import gives the same tables
(tests/cups/test_abakus_export.py).

* ``/00/CUPS/<nnn>``: ``NAME``, ``TYP`` ("MT" when a tournament has teams), ``REGELN`` where the cup's rule
  set is one ABAKUS names, ``TURNIER`` from the seasons that count a fixed number (the newest; + 0.5 when its
  final counts on top, as ABAKUS reads a fraction);
* ``/00/CUPS/SPIELERnr/<nnnn>``: every numbered player of the tournaments: ``[surname, first name, place, "",
  flags, true]`` (flag 2: deceased); the surname is the last word of the site's "First Surname";
* ``/00/<nnn>/<date>``: the imported tournaments: ``_NAME``, ``_SAISON``, ``_VERANSTALTER``, and per player
  his rounds (None as "-", a team as the fourth item); a player without an ABAKUS number is a guest
  ``Surname_FirstˆPlace``, as ABAKUS writes one.

Tournaments played on this site (not imported) are not in it: ABAKUS ranks by its own three rounds
(compSTAT), which a tournament of more rounds or hundredths would not keep.
"""

from __future__ import annotations

from collections import defaultdict

from cups.abakus import DECEASED_FLAG, GUEST_MARK, TEAM_TYPE
from cups.abakus_import import RULESETS
from cups.models import AbakusNumber, Cup, ImportedResult
from cups.season import FINAL_ON_TOP
from cups.season_rules import COUNT_FIXED

FREE_CUP_NUMBERS = range(900, 1000)  # a cup without an ABAKUS number gets the first free one of these


def _split(name: str) -> tuple[str, str]:
    first, _sep, surname = name.rpartition(" ")
    return surname, first


def _guest_key(name: str, place: str) -> str:
    surname, first = _split(name)
    words = "_".join(f"{surname} {first}".split())
    return f"{words}{GUEST_MARK}{place}"


def _turnier(cup: Cup):
    fixed = [s for s in cup.seasons.all() if s.counting == COUNT_FIXED and s.best_n]
    if not fixed:
        return cup.best_n
    newest = max(fixed, key=lambda s: (s.ordering, s.label))
    plus = (newest.final_mode or cup.final_mode) in FINAL_ON_TOP
    return newest.best_n + 0.5 if plus else newest.best_n


def export_abakus(cups: list[Cup]) -> dict:
    """The ABAKUS database (``{"00": …}``) of ``cups``' imported seasons (four queries per cup and two)."""
    rules = {slug: word for word, slug in RULESETS.items() if word != "Tir."}
    taken = {c.abakus_number for c in Cup.objects.exclude(abakus_number="")}
    root: dict = {"CUPS": {}}
    people = {}
    rows_by_cup = {}
    for cup in cups:
        number = cup.abakus_number or next(f"{n:03d}" for n in FREE_CUP_NUMBERS if f"{n:03d}" not in taken)
        taken.add(number)
        rows = list(ImportedResult.objects.filter(season__cup=cup).select_related("season", "player")
                    .order_by("date", "rank", "pk"))
        rows_by_cup[number] = rows
        record = {"NAME": cup.name, "TYP": TEAM_TYPE if any(r.team for r in rows) else "CUP"}
        if cup.ruleset_slug in rules:
            record["REGELN"] = rules[cup.ruleset_slug]
        turnier = _turnier(cup)
        if turnier:
            record["TURNIER"] = turnier
        root["CUPS"][number] = record
        for row in rows:
            people[row.player_id] = row.player
    numbers = {link.player_id: link for link in AbakusNumber.objects.filter(player_id__in=people).order_by("number")}
    root["CUPS"]["SPIELERnr"] = {}
    for player_id, link in sorted(numbers.items(), key=lambda item: item[1].number):
        surname, first = _split(people[player_id].name)
        root["CUPS"]["SPIELERnr"][link.number] = [surname, first, people[player_id].club, "",
                                                  DECEASED_FLAG if link.deceased else 0, True]
    for number, rows in rows_by_cup.items():
        tournaments: dict = defaultdict(dict)
        for row in rows:
            node = tournaments[row.date.isoformat()]
            node.setdefault("_NAME", row.tournament_name)
            node.setdefault("_SAISON", row.season.label)
            if row.organiser:
                node.setdefault("_VERANSTALTER", _organiser(row.organiser, people, numbers))
            key = numbers[row.player_id].number if row.player_id in numbers else _guest_key(row.player.name, row.club)
            rounds = ["-" if r is None else r for r in row.rounds] or ["-", "-", "-"]
            node[key] = [*rounds, row.team] if row.team else rounds
        if tournaments:
            root[number] = dict(tournaments)
    return {"00": root}


def _organiser(name: str, people: dict, numbers: dict) -> str:
    """ABAKUS keeps an organiser by his number where he has one, else the word ("Präsidium")."""
    for player_id, link in numbers.items():
        if people[player_id].name == name:
            return link.number
    return name

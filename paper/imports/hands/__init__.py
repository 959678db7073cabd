"""Hands typed in from paper score sheets, or a whole tournament.xlsx, imported all or nothing.

Two formats (hand-format.md for the hands themselves):

* ``.xlsx``: the sheet "Spiele" or "Hands" (or the first sheet with the headers Runde, Tisch, Spiel), read by the
  header names of paper/columns.py. A hand is the JSON in "Daten (JSON)" where that is
  filled, else it is read from the readable columns (Spielart = contract slug or its name in
  either language; Spieler/Partner/Renonce = a player's name at that table or a hand seat 0..3; Ergebnis
  gewonnen/verloren; Augen "P" or "P+B"; Kontra a number, a kontra name or a JSON object; Prämien
  a JSON list; Kartenpunkte "a;b;c;d" or a JSON list; geschleift ja/nein). A row with only its
  numbers (an empty line of a prepared sheet) is skipped. A "Tische" ("Tables") sheet (Runde, Tisch, Platz,
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
and every hand is recorded through scoring.services.store_hand, scored by the engine exactly as
if entered at the table, in short transactions (write.py) so the tables' saves go on meanwhile.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext_lazy

from language import Message
from paper.imports.hands.check import check_hands, check_seatings
from paper.imports.hands.read import Parsed, add_problem, read_file
from paper.imports.hands.report import ImportProblem, ImportReport
from paper.imports.hands.write import Failed, write
from tournament.models import Tournament


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
            add_problem(parsed, None, gettext_lazy("In der Datei stehen keine Spiele und keine Sitzordnung."))
        else:
            shown = ", ".join(str(n) for n in sorted(set(rounds)))
            add_problem(parsed, None, Message(gettext_lazy(
                "Für Runde %(shown)s stehen in der Datei keine Spiele und keine Sitzordnung."), shown=shown))
    if not any(problem.line is None for problem in problems):
        to_seat, plans, broken = check_seatings(tournament, parsed)
        new_hands = check_hands(tournament, parsed, plans, broken, report)
    if problems:
        report.refuse(problems)
        return report
    try:
        write(tournament, to_seat, new_hands, filename, user, report, items=parsed.items)
    except Failed as failed:  # what the batches before stored stays (write.py); the report says so
        report.problems = [failed.problem]
        return report
    report.ok = True
    return report




__all__ = ["ImportProblem", "ImportReport", "Parsed", "import_hands", "read_file"]

"""Final standings of past tournaments into a season, from CSV or XLSX, all or nothing.

Columns (by header, in any order; English or German): tournament/Turnier, date/Datum, rank/Rang,
name/Name, club/Verein, total/Punkte. Club may be empty. A CSV may use "," or ";" (Excel in Austria
writes ";") and decimal commas; dates are 2026-10-03 or 3.10.2026 (or a date cell in XLSX).

Every line is checked before anything is written; each problem is a line of the report in German
and English, and then nothing is stored. A tournament (name and date) already imported into the
season is refused, so a file cannot be counted twice. Players are matched to existing
``tournament.Player`` rows by tournament/players.py's rule (the keys of name and club); a player not
found is created.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from django.utils.translation import gettext_lazy, ngettext_lazy

from cups.models import ImportedResult, Season
from language import ByLanguage, Message, Said, ServiceError, active_language, message
from paper.cells import cell_text, csv_rows, open_workbook, whole_number
from tournament import live
from tournament.players import clean_fields, identity, known_players, register_player

HEADERS = {
    "tournament": ("tournament", "turnier"),
    "date": ("date", "datum"),
    "rank": ("rank", "rang", "platz"),
    "name": ("name", "spieler", "player"),
    "club": ("club", "verein"),
    "total": ("total", "punkte", "points"),
}
REQUIRED = ("tournament", "date", "rank", "name", "total")


@dataclass(frozen=True)
class Problem(Said):
    line: int | None  # the row of the file, the header row counting as 1; None for the file as a whole
    said: Message


    def text(self, lang: str | None = None) -> str:
        if not self.line:
            return self.said.render(lang)
        return Message(gettext_lazy("Zeile %(line)s: %(problem)s"), line=self.line, problem=self.said).render(
            lang or active_language())


def _problem(line: int | None, text, /, **params) -> Problem:
    return Problem(line, message(text, **params))


@dataclass
class ImportReport:
    problems: list[Problem] = field(default_factory=list)
    results: int = 0
    tournaments: int = 0
    players_created: int = 0

    @property
    def ok(self) -> bool:
        return not self.problems

    def lines(self, lang: str | None = None) -> list[str]:
        return [p.text(lang) for p in self.problems]

    def message(self, lang: str | None = None) -> str:
        if self.problems:
            said = Message(ngettext_lazy("Nichts wurde übernommen: %(count)s Problem in der Datei.",
                                         "Nichts wurde übernommen: %(count)s Probleme in der Datei.", "count"),
                           count=len(self.problems))
        else:
            said = Message(gettext_lazy("%(results)s aus %(tournaments)s übernommen, %(players)s."),
                           results=Message(ngettext_lazy("%(count)s Ergebnis", "%(count)s Ergebnisse", "count"),
                                           count=self.results),
                           tournaments=Message(ngettext_lazy("%(count)s Turnier", "%(count)s Turnieren", "count"),
                                               count=self.tournaments),
                           players=Message(ngettext_lazy("%(count)s neuer Spieler", "%(count)s neue Spieler", "count"),
                                           count=self.players_created))
        return said.render(lang or active_language())


@dataclass(frozen=True)
class _Line:
    line: int
    tournament: str
    date: date
    rank: int
    name: str
    club: str
    total: Decimal


def _rows_xlsx(content: bytes) -> list[tuple]:
    book = open_workbook(content)
    try:
        return [tuple(row) for row in book.worksheets[0].iter_rows(values_only=True)]
    finally:
        book.close()


def _date(value: Any) -> date | None:
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    text = cell_text(value)
    for fmt in ("%Y-%m-%d", "%d.%m.%Y", "%d.%m.%y"):
        try:
            return datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    return None


def _decimal(value: Any) -> Decimal | None:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return Decimal(str(value))
    text = cell_text(value).replace(" ", "")
    if "," in text and "." not in text:
        text = text.replace(",", ".")
    try:
        number = Decimal(text)
    except InvalidOperation:
        return None
    return number if number.is_finite() else None


def read_lines(content: bytes, filename: str) -> tuple[list[_Line], list[Problem]]:
    """Parse and check every line; no database access."""
    problems: list[Problem] = []
    try:
        rows = _rows_xlsx(content) if filename.lower().endswith((".xlsx", ".xlsm")) else csv_rows(content)
    except Exception:  # noqa: BLE001 - whatever a broken upload raises, the director gets a sentence
        return [], [_problem(None, gettext_lazy("Die Datei lässt sich nicht lesen (CSV in UTF-8 oder Excel .xlsx)."))]
    rows = [row for row in rows if any(cell_text(cell) for cell in row)]
    if not rows:
        return [], [_problem(None, gettext_lazy("Die Datei ist leer."))]
    header: dict[str, int] = {}
    for index, cell in enumerate(rows[0]):
        word = cell_text(cell).lower()
        for key, names in HEADERS.items():
            if word in names and key not in header:
                header[key] = index
    missing = [k for k in REQUIRED if k not in header]
    if missing:
        # A column's name in each language is the header the file would use in it (HEADERS).
        names = ByLanguage(lambda lang: ", ".join(HEADERS[k][0] if lang == "en" else HEADERS[k][1].capitalize()
                                                  for k in missing))
        return [], [_problem(1, gettext_lazy("Es fehlen die Spalten: %(columns)s."), columns=names)]

    lines: list[_Line] = []
    seen: dict[tuple, int] = {}
    for number, row in enumerate(rows[1:], start=2):
        def cell(key, row=row):
            i = header.get(key)
            return row[i] if i is not None and i < len(row) else None

        before = len(problems)
        tournament, name, club = cell_text(cell("tournament")), cell_text(cell("name")), cell_text(cell("club"))
        try:
            name, club, _region = clean_fields(name=name, club=club) if name else ("", club, "")
        except ServiceError as error:
            problems.append(Problem(number, error.said))
        day, place, total = _date(cell("date")), whole_number(cell("rank")), _decimal(cell("total"))
        if not tournament:
            problems.append(_problem(number, gettext_lazy("Turnier fehlt.")))
        if day is None:
            problems.append(_problem(number, gettext_lazy("Datum „%(value)s“ ist kein Datum (2026-10-03 oder 3.10.2026)."),
                                     value=cell_text(cell("date"))))
        if place is None or place < 1:
            problems.append(_problem(number, gettext_lazy("Rang „%(value)s“ ist keine ganze Zahl ab 1."),
                                     value=cell_text(cell("rank"))))
        if not name:
            problems.append(_problem(number, gettext_lazy("Name fehlt.")))
        if total is None:
            problems.append(_problem(number, gettext_lazy("Punkte „%(value)s“ sind keine Zahl."),
                                     value=cell_text(cell("total"))))
        if len(problems) > before:
            continue
        key = (tournament.casefold(), day, *identity(name, club))
        if key in seen:
            problems.append(_problem(number, gettext_lazy("%(name)s steht schon in Zeile %(line)s bei diesem Turnier."),
                                     name=name, line=seen[key]))
            continue
        seen[key] = number
        lines.append(_Line(number, tournament, day, place, name, club, total.quantize(Decimal("0.01"))))
    return lines, problems


@live.write_service(changes=live.NO_TOURNAMENT)  # cups/live.py versions imported results
def import_season_results(*, season: Season, content: bytes, filename: str) -> ImportReport:
    """Import past tournaments' final standings into ``season``: all lines or none (see the module docstring)."""
    lines, problems = read_lines(content, filename)
    stored = set(ImportedResult.objects.filter(season=season).values_list("tournament_name", "date").distinct())
    stored_keys = {(name.casefold(), day) for name, day in stored}
    for line in lines:
        if (line.tournament.casefold(), line.date) in stored_keys:
            # The date as each language writes it (3.10.2026, 2026-10-03).
            day = ByLanguage(lambda lang, day=line.date: f"{day:%Y-%m-%d}" if lang == "en" else f"{day:%d.%m.%Y}")
            problems.append(_problem(line.line, gettext_lazy("„%(tournament)s“ vom %(day)s ist schon in der Saison."),
                                     tournament=line.tournament, day=day))
    report = ImportReport(problems=sorted(problems, key=lambda p: (p.line or 0)))
    if problems:
        return report

    known = known_players((line.name, line.club) for line in lines)
    created = 0
    rows = []
    for line in lines:
        person = identity(line.name, line.club)
        player = known.get(person)
        if player is None:  # a namesake of another club is another player (tournament/players.py)
            player = known[person] = register_player(name=line.name, club=line.club, allow_duplicate=True)
            created += 1
        rows.append(ImportedResult(season=season, tournament_name=line.tournament, date=line.date, rank=line.rank,
                                   player=player, club=line.club, total=line.total))
    ImportedResult.objects.bulk_create(rows)
    report.results = len(rows)
    report.tournaments = len({(line.tournament.casefold(), line.date) for line in lines})
    report.players_created = created
    return report

"""The import's report: every problem with where it is, in German and English."""

from __future__ import annotations

from contextlib import nullcontext
from dataclasses import dataclass, field

from django.utils import translation
from django.utils.translation import gettext, ngettext, npgettext, pgettext

from language import LANGUAGES, Message, Said, active_language, in_both


def _speaking(lang: str | None):
    return translation.override(lang) if lang in LANGUAGES else nullcontext()


@dataclass(frozen=True)
class ImportProblem(Said):
    """One reason the file was refused (a Message, language/), with where it is: ``line`` is the row of
    the sheet (the header row counts), the line of a JSON Lines file, or the position (from 1) in a JSON
    array; None for the file as a whole."""

    line: int | None
    said: Message
    round: int | None = None
    table: int | None = None
    hand: int | None = None
    sheet: str = ""  # the worksheet, where it is not the Hands sheet (the Tables sheet)
    item: bool = False  # ``line`` counts the objects of a JSON array

    def where(self, lang: str | None = None) -> str:
        with _speaking(lang):
            if self.line is None:
                head = gettext("Datei")
            else:
                head = f"{gettext('Eintrag') if self.item else gettext('Zeile')} {self.line}"
            if self.sheet:
                head = f"{self.sheet}, {head}"
            labels = (gettext("Runde"), gettext("Tisch"), pgettext("the number of a hand", "Spiel"))
            context = [f"{label} {value}" for label, value in zip(labels, (self.round, self.table, self.hand), strict=True)
                       if value is not None]
        return f"{head} ({', '.join(context)})" if context else head


    def message(self, lang: str | None = None) -> str:
        return self.said.render(lang or active_language())

    def text(self, lang: str | None = None) -> str:
        """The report line in one language."""
        return f"{self.where(lang)}: {self.message(lang)}"

    def __str__(self) -> str:
        return f"{self.where('de')}: {in_both(self.said)}"


MAX_SHOWN = 100  # problems listed on the page: a hostile file must not become a huge error page


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
    problems_hidden: int = 0  # problems beyond the first MAX_SHOWN, counted but not listed

    def refuse(self, problems: list[ImportProblem]) -> None:
        """List the first MAX_SHOWN problems (the file's own first, then by line), count the rest."""
        ordered = sorted(problems, key=lambda p: (p.line is not None, p.sheet == "", p.line or 0))
        self.problems, self.problems_hidden = ordered[:MAX_SHOWN], max(0, len(ordered) - MAX_SHOWN)

    def _stopped(self) -> str:
        """A write refused half-way (the tournament changed since the check): what is stored already."""
        rounds = ", ".join(str(n) for n in self.rounds_seated)
        values = {"file": self.filename, "hands": self.hands_imported, "rounds": rounds}
        if rounds:
            return gettext("Abgebrochen: von „%(file)s“ sind %(hands)s Spiele gespeichert und Runde %(rounds)s gesetzt. "
                           "Nach dem Korrigieren die Datei nochmals hochladen: Gespeichertes wird übersprungen.") % values
        return gettext("Abgebrochen: von „%(file)s“ sind %(hands)s Spiele gespeichert. Nach dem Korrigieren die Datei "
                       "nochmals hochladen: Gespeichertes wird übersprungen.") % values

    def lines(self, lang: str | None = None) -> list[str]:
        return [problem.text(lang) for problem in self.problems]

    def message(self, lang: str | None = None) -> str:
        """A summary in the active language (or ``lang``)."""
        with _speaking(lang):
            return self._summary()

    def _summary(self) -> str:
        if not self.ok and (self.hands_imported or self.rounds_seated):
            return self._stopped()
        if not self.ok:
            count = len(self.problems) + self.problems_hidden
            return ngettext("Nichts gespeichert: „%(file)s“ hat %(count)s Problem.",
                            "Nichts gespeichert: „%(file)s“ hat %(count)s Probleme.", count) % {
                "file": self.filename, "count": count}
        text = ngettext("%(hands)s Spiel an %(tables)s %(table_word)s aus „%(file)s“ übernommen.",
                        "%(hands)s Spiele an %(tables)s %(table_word)s aus „%(file)s“ übernommen.",
                        self.hands_imported) % {
            "hands": self.hands_imported, "tables": self.tables, "file": self.filename,
            "table_word": npgettext("an import: at so many tables", "Tisch", "Tischen", self.tables)}
        rounds = ", ".join(str(n) for n in self.rounds_seated)
        if rounds:
            text += " " + gettext("Nach der Datei gesetzt: Runde %(rounds)s.") % {"rounds": rounds}
        if self.hands_skipped:
            text += " " + gettext("%(skipped)s Spiele waren schon gleich gespeichert.") % {"skipped": self.hands_skipped}
        return text

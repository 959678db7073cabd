"""The import's report: every problem with where it is, in German and English."""

from __future__ import annotations

from dataclasses import dataclass, field

from language import active_language


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

    def _stopped(self, german: bool) -> str:
        """A write refused half-way (the tournament changed since the check): what is stored already."""
        rounds = ", ".join(str(n) for n in self.rounds_seated)
        if german:
            text = f"Abgebrochen: von „{self.filename}“ sind {self.hands_imported} Spiele gespeichert"
            text += f" und Runde {rounds} gesetzt." if rounds else "."
            return text + " Nach dem Korrigieren die Datei nochmals hochladen: Gespeichertes wird übersprungen."
        text = f"Stopped: {self.hands_imported} hands of “{self.filename}” are stored"
        text += f" and round {rounds} seated." if rounds else "."
        return text + " Once corrected, upload the file again: what is stored is skipped."

    def lines(self, lang: str | None = None) -> list[str]:
        return [problem.text(lang) for problem in self.problems]

    def message(self, lang: str | None = None) -> str:
        """A summary in the active language (or ``lang``)."""
        german = (lang or active_language()) == "de"
        if not self.ok and (self.hands_imported or self.rounds_seated):
            return self._stopped(german)
        if not self.ok:
            count = len(self.problems) + self.problems_hidden
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


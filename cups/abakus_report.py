"""What an ABAKUS import did (cups/abakus_import.py): counts and one sentence per difference a second import
found, each a gettext msgid (German) rendered in the reader's language, so nothing is taken silently."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy, ngettext_lazy

from language import Message, active_language


@dataclass
class AbakusReport:
    cups_created: int = 0
    cups_matched: int = 0
    seasons_created: int = 0
    seasons_matched: int = 0
    tournaments_created: int = 0
    tournaments_changed: int = 0
    tournaments_skipped: int = 0  # already here as the file has them
    results_created: int = 0
    results_skipped: int = 0
    players_matched: int = 0
    players_created: int = 0
    players_skipped: int = 0  # numbered players of the file in no imported tournament
    dates_created: int = 0  # CUPS/TERMINE into the calendar (cups.models.CupDate)
    running: list[tuple[str, str]] = field(default_factory=list)
    notes: list[Message] = field(default_factory=list)  # every difference found and taken, in the file's order

    def note(self, text, /, **params) -> None:
        self.notes.append(Message(text, **params))

    def messages(self) -> list[Message]:
        counts = [
            (gettext_lazy("Cups"), self.cups_created, self.cups_matched, 0),
            (gettext_lazy("Saisonen"), self.seasons_created, self.seasons_matched, 0),
            (gettext_lazy("Turniere"), self.tournaments_created, 0, self.tournaments_skipped),
            (gettext_lazy("Ergebnisse"), self.results_created, 0, self.results_skipped),
            (gettext_lazy("Spieler"), self.players_created, self.players_matched, self.players_skipped),
        ]
        lines = [Message(gettext_lazy("%(what)s: %(created)s neu, %(matched)s gefunden, %(skipped)s übersprungen"),
                         what=what, created=created, matched=matched, skipped=skipped)
                 for what, created, matched, skipped in counts]
        if self.tournaments_changed:
            lines.append(Message(ngettext_lazy("%(count)s Turnier geändert übernommen (siehe unten)",
                                               "%(count)s Turniere geändert übernommen (siehe unten)", "count"),
                                 count=self.tournaments_changed))
        if self.dates_created:
            lines.append(Message(ngettext_lazy("%(count)s Termin in den Kalender übernommen",
                                               "%(count)s Termine in den Kalender übernommen", "count"),
                                 count=self.dates_created))
        lines += [Message(gettext_lazy("%(cup)s %(day)s: läuft in ABAKUS noch, übersprungen"), cup=cup, day=day)
                  for cup, day in self.running]
        return lines + self.notes

    def lines(self, lang: str | None = None) -> list[str]:
        return [line.render(lang or active_language()) for line in self.messages()]

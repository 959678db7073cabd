"""manage.py import_abakus FILE [--cup NR …]: a cup switches from ABAKUS (docs/cups.md, "Import from ABAKUS").

Reads a JSON export of the ABAKUS database (cups/abakus.py), writes cups, seasons, players with their
ABAKUS numbers and past tournaments (cups/abakus_import.py), all or nothing; prints what was created,
matched and skipped. A progress bar goes to stderr when it is a terminal. A file that cannot be read or is
not an ABAKUS export: exit 1 with a sentence in German and English, nothing written.
"""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext_lazy

from cups.abakus_import import import_abakus
from language import ServiceError, in_both

BAR = 30


class Command(BaseCommand):
    # A terminal's language is unknown: the help in both, from the msgids (argparse takes no lazy text).
    help = in_both(gettext_lazy("Cups, Spieler und Turniere aus einem ABAKUS-Export (JSON)"))

    def add_arguments(self, parser):
        parser.add_argument("file", help=in_both(gettext_lazy("JSON-Export der ABAKUS-Datenbank")))
        parser.add_argument("--cup", action="append", default=[], metavar="NR",
                            help=in_both(gettext_lazy("nur diesen Cup (ABAKUS-Nummer, etwa 55; mehrfach möglich)")))
        parser.add_argument("--no-progress", action="store_true", help=in_both(gettext_lazy("ohne Fortschrittsbalken")))

    def handle(self, *args, file: str, cup: list[str], no_progress: bool, **options):
        path = Path(file)
        try:
            content = path.read_bytes()
        except OSError as err:
            raise CommandError(in_both(gettext_lazy("Die Datei „%(file)s“ lässt sich nicht lesen: %(reason)s"),
                                       file=file, reason=err.strerror)) from None
        bad = [c for c in cup if not c.isdigit()]
        if bad:
            raise CommandError(in_both(gettext_lazy("--cup „%(cup)s“ ist keine ABAKUS-Cupnummer."), cup=bad[0]))
        show = not no_progress and self.stderr.isatty()
        try:
            report = import_abakus(content=content, only=set(cup) or None, progress=self._bar if show else None)
        except ServiceError as error:
            if show:
                self.stderr.write("")
            raise CommandError(in_both(gettext_lazy("%(refusal)s (nichts geschrieben)"), refusal=error.said)) from None
        if show:
            self.stderr.write("")
        for line in report.messages():
            self.stdout.write(in_both(line))

    def _bar(self, done: int, total: int) -> None:
        filled = BAR * done // max(total, 1)
        self.stderr.write(f"\r[{'#' * filled}{'.' * (BAR - filled)}] {done}/{total}", ending="")
        self.stderr.flush()

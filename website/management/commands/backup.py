"""backup: a consistent copy of the database plus every tournament's workbook, while the site runs.

    python manage.py backup --out DIR [--no-sheets] [--keep N] [--language en]

SQLite: sqlite3's online backup API (Connection.backup) into DIR/tarock-YYYYmmdd-HHMMSS.sqlite3,
safe while the server writes, and checked as `restore` checks it (hall/backup_check.py).
PostgreSQL: pg_dump -Fc into DIR/tarock-YYYYmmdd-HHMMSS.dump.
Then `manage.py export_sheets SLUG --out DIR/sheets-YYYYmmdd-HHMMSS/SLUG --language L` for each tournament
(--language, by default the site's LANGUAGE_CODE, is also the language of what it prints).
--keep N removes all but the newest N database copies (the backup loop of `make serve` uses it).
It lives in website, beside export_sheets, the layer that sees the hall's database check and the
sheets of paper and cups; `restore` is the hall's.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from datetime import datetime
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.utils import translation
from django.utils.translation import gettext, gettext_lazy

from hall.backup_check import NotABackup, check_sqlite
from hall.postgres import pg_env, pg_tool
from language import LANGUAGES, in_both


class Command(BaseCommand):
    # A terminal's language is unknown: the help in both, from the msgids (argparse takes no lazy text).
    help = in_both(gettext_lazy("Die Datenbank (SQLite-Online-Sicherung oder pg_dump) und die Tabellen jedes "
                                "Turniers sichern."))

    def add_arguments(self, parser):
        parser.add_argument("--out", required=True, type=Path,
                            help=in_both(gettext_lazy("Ordner für die Sicherungen (angelegt, wenn er fehlt)")))
        parser.add_argument("--no-sheets", action="store_true",
                            help=in_both(gettext_lazy("nur die Datenbank, keine Tabellen")))
        parser.add_argument("--keep", type=int, default=0,
                            help=in_both(gettext_lazy("nur die neuesten N Sicherungen der Datenbank behalten")))
        parser.add_argument("--language", choices=LANGUAGES, default=settings.LANGUAGE_CODE, help=in_both(gettext_lazy(
            "die Sprache der Tabellen und dessen, was ausgegeben wird (Vorgabe: LANGUAGE_CODE)")))

    def handle(self, *args, language: str, **options):
        with translation.override(language):
            return self.back_up(language=language, **options)

    def back_up(self, *, out: Path, no_sheets: bool, keep: int, language: str, **options):
        out.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        if connection.vendor == "sqlite":
            target = self._sqlite(out, stamp)
        elif connection.vendor == "postgresql":
            target = self._postgres(out, stamp)
        else:
            raise CommandError(gettext("backup: die Datenbank %(vendor)s wird nicht unterstützt")
                               % {"vendor": connection.vendor})
        self.stdout.write(gettext("Datenbank: %(file)s (%(kb)s KB)") % {
            "file": target, "kb": f"{target.stat().st_size / 1024:.0f}"})
        if not no_sheets:
            self._sheets(out / f"sheets-{stamp}", language)
        if keep > 0:
            self._prune(out, keep)
        return None

    def _sqlite(self, out: Path, stamp: str) -> Path:
        source = str(connection.settings_dict["NAME"])
        if source == ":memory:" or "mode=memory" in source:
            raise CommandError(gettext("backup: eine SQLite-Datenbank im Speicher, nichts zu sichern"))
        target = out / f"tarock-{stamp}.sqlite3"
        partial = target.with_suffix(".partial")
        src = sqlite3.connect(source, timeout=30)
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst)  # online, consistent even while others write (WAL)
            dst.execute("PRAGMA journal_mode=DELETE")  # the copy is one file, without -wal and -shm
        finally:
            dst.close()
            src.close()
        try:
            check_sqlite(partial)  # the copy restore would accept, else no backup under a backup's name
        except NotABackup as refusal:
            partial.unlink()
            raise CommandError(f"backup: {refusal}") from None
        partial.replace(target)
        return target

    def _postgres(self, out: Path, stamp: str) -> Path:
        pg_dump = pg_tool("pg_dump")
        if not pg_dump:
            raise CommandError(gettext("backup: pg_dump nicht gefunden (apt-get install postgresql-client)"))
        target = out / f"tarock-{stamp}.dump"
        result = subprocess.run([pg_dump, "-Fc", "--no-owner", "-f", str(target)],
                                env=pg_env(connection.settings_dict), capture_output=True, text=True)
        if result.returncode != 0:
            raise CommandError(gettext("%(program)s ist gescheitert: %(why)s")
                               % {"program": "pg_dump", "why": result.stderr.strip()})
        return target

    def _sheets(self, folder: Path, language: str) -> None:
        from tournament.models import Tournament

        slugs = list(Tournament.objects.order_by("slug").values_list("slug", flat=True))
        for slug in slugs:
            try:
                call_command("export_sheets", slug, out=folder / slug, language=language, stdout=open(os.devnull, "w"))
            except Exception as error:  # a broken sheet must not lose the database backup
                self.stderr.write(f"export_sheets {slug}: {error}")
                continue
            self.stdout.write(gettext("Tabellen: %(folder)s") % {"folder": folder / slug})

    def _prune(self, out: Path, keep: int) -> None:
        backups = sorted(list(out.glob("tarock-*.sqlite3")) + list(out.glob("tarock-*.dump")))
        for old in backups[:-keep]:
            old.unlink()
            sheets = out / ("sheets-" + old.stem.removeprefix("tarock-"))
            if sheets.is_dir():
                shutil.rmtree(sheets)

"""restore: put a backup made by `manage.py backup` back in place. Stop the server first.

    python manage.py restore DIR/tarock-YYYYmmdd-HHMMSS.sqlite3 [--yes]
    python manage.py restore DIR/tarock-YYYYmmdd-HHMMSS.dump [--yes]      # PostgreSQL, pg_restore

Nothing is replaced unless the file is a backup of this site's database (hall/backup_check.py: SQLite
header, integrity_check, this site's migrations and tables, this version's schema at those migrations
with no trigger or view; for PostgreSQL a pg_dump archive or SQL file holding the site's tables and
no trigger); what it holds is shown before the question, which needs a terminal (else --yes).
SQLite: the current database is kept next to it as
db.sqlite3.before-restore-<time>, and the backup is written in with the backup API (so WAL files
stay consistent). PostgreSQL: pg_restore --clean --if-exists into DATABASE_URL's database.

Afterwards every tournament gets a new incarnation: its restored state is older than what the cup's
site may have of it, and a new incarnation is what lets the site take it (docs/publishing.md).
"""

from __future__ import annotations

import re
import sqlite3
import subprocess
import sys
from datetime import datetime
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.utils.translation import gettext_lazy, ngettext_lazy

from hall.backup_check import NotABackup, check_sqlite, data_tables, open_readonly
from hall.postgres import pg_env, pg_tool
from language import Message, in_both
from tournament.models import Tournament
from tournament.services import renew_incarnations

NOT_FOUND = gettext_lazy("restore: %(program)s nicht gefunden (apt-get install postgresql-client)")


def check_postgres(file: Path) -> None:
    """A pg_dump archive (or SQL file) that creates this site's tables, else CommandError."""
    if file.suffix == ".sql":
        text = file.read_text(errors="replace")
    else:
        pg_restore = pg_tool("pg_restore")
        if not pg_restore:
            raise CommandError(in_both(NOT_FOUND, program="pg_restore"))
        listing = subprocess.run([pg_restore, "--list", str(file)], capture_output=True, text=True)
        if listing.returncode != 0:
            raise CommandError(in_both(gettext_lazy("%(file)s ist keine pg_dump-Sicherung; nichts wurde ersetzt (%(why)s)"),
                                       file=file, why=listing.stderr.strip()))
        text = listing.stdout
    missing = [table for table in ["django_migrations", *data_tables()] if not re.search(rf"\b{table}\b", text)]
    if missing:
        names = ", ".join(missing)
        raise CommandError(in_both(gettext_lazy(
            "%(file)s ist keine Sicherung dieser Turnier-Seite (es fehlt: %(names)s); nichts wurde ersetzt"),
            file=file, names=names))
    # This site creates no trigger on PostgreSQL either: one in the file came from elsewhere.
    if file.suffix == ".sql":
        trigger = re.search(r"\bCREATE\s+(?:OR\s+REPLACE\s+)?(?:CONSTRAINT\s+)?TRIGGER\b", text, flags=re.IGNORECASE)
    else:  # pg_restore --list: "<id>; <oid> <oid> TRIGGER <schema> <table> <name> <owner>"
        trigger = re.search(r"^\d+; \d+ \d+ (?:EVENT )?TRIGGER ", text, flags=re.MULTILINE)
    if trigger:
        raise CommandError(in_both(gettext_lazy("%(file)s enthält Trigger, die diese Seite nie anlegt; nichts wurde ersetzt"),
                                   file=file))


class Command(BaseCommand):
    # A terminal's language is unknown: the help in both, from the msgids (argparse takes no lazy text).
    help = in_both(gettext_lazy("Die Datenbank aus einer Sicherungsdatei wiederherstellen (vorher den Server anhalten)."))

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path, help=in_both(gettext_lazy("die Sicherungsdatei (.sqlite3, .dump oder .sql)")))
        parser.add_argument("--yes", action="store_true", help=in_both(gettext_lazy("nicht nach einer Bestätigung fragen")))

    def handle(self, *args, file: Path, yes: bool, **options):
        if not file.is_file():
            raise CommandError(in_both(gettext_lazy("Keine Datei: %(file)s"), file=file))
        if connection.vendor == "sqlite":
            try:
                held = check_sqlite(file)
            except NotABackup as refusal:
                raise CommandError(str(refusal)) from None
            self.stdout.write(in_both(gettext_lazy("Sicherung %(file)s: %(held)s"), file=file, held=held.said))
        elif connection.vendor == "postgresql":
            check_postgres(file)
        if not yes and not self._confirmed(file):
            raise CommandError(in_both(gettext_lazy("abgebrochen; nichts wurde ersetzt")))
        connection.close()
        if connection.vendor == "sqlite":
            self._sqlite(file)
        elif connection.vendor == "postgresql":
            self._postgres(file)
        else:
            raise CommandError(in_both(gettext_lazy("restore: die Datenbank %(vendor)s wird nicht unterstützt"),
                                       vendor=connection.vendor))
        self.stdout.write(self.style.SUCCESS(in_both(gettext_lazy("Wiederhergestellt aus %(file)s"), file=file)))
        self._renew_incarnations()

    def _renew_incarnations(self) -> None:
        with connection.cursor() as cursor:
            columns = [column.name for column in connection.introspection.get_table_description(
                cursor, Tournament._meta.db_table)]
        if "incarnation" not in columns:  # a backup from before incarnations: migrate gives each a new one
            self.stdout.write(in_both(gettext_lazy("Die Turniere bekommen mit manage.py migrate eine neue Inkarnation")))
            return
        renewed = len(renew_incarnations())
        self.stdout.write(in_both(Message(ngettext_lazy(
            "%(n)s Turnier mit neuer Inkarnation: beim nächsten Veröffentlichen ersetzt sein Stand den am Cup-Server, "
            "auch wenn jener neuer ist",
            "%(n)s Turniere mit neuer Inkarnation: beim nächsten Veröffentlichen ersetzt ihr Stand den am Cup-Server, "
            "auch wenn jener neuer ist", renewed), n=renewed)))

    def _confirmed(self, file: Path) -> bool:
        """Asks at a terminal; without one (a script, cron, a pipe) there is nobody to ask."""
        no_terminal = CommandError(in_both(gettext_lazy(
            "restore fragt vor dem Ersetzen nach, hat aber kein Terminal: mit --yes bestätigen; nichts wurde ersetzt")))
        if not sys.stdin or not sys.stdin.isatty():
            raise no_terminal
        try:
            answer = input(in_both(gettext_lazy("Die Datenbank durch %(file)s ersetzen? [j/N] "), file=file))
        except EOFError:
            raise no_terminal from None
        return answer.strip().lower() in ("y", "yes", "j", "ja")

    def _sqlite(self, file: Path) -> None:
        target = Path(connection.settings_dict["NAME"])
        source = open_readonly(file)
        try:
            if target.exists():
                keep = target.with_name(f"{target.name}.before-restore-{datetime.now():%Y%m%d-%H%M%S}")
                current = sqlite3.connect(target, timeout=30)
                saved = sqlite3.connect(keep)
                try:
                    current.backup(saved)
                finally:
                    saved.close()
                    current.close()
                self.stdout.write(in_both(gettext_lazy("Bisherige Datenbank aufgehoben als %(keep)s"), keep=keep))
            dest = sqlite3.connect(target, timeout=30)
            try:
                source.backup(dest)
            finally:
                dest.close()
        finally:
            source.close()

    def _postgres(self, file: Path) -> None:
        if file.suffix == ".sql":
            command = ["psql", "-v", "ON_ERROR_STOP=1", "-f", str(file)]
        else:
            command = ["pg_restore", "--clean", "--if-exists", "--no-owner", "-d",
                       str(connection.settings_dict["NAME"]), str(file)]
        program = pg_tool(command[0])
        if not program:
            raise CommandError(in_both(NOT_FOUND, program=command[0]))
        command[0] = program
        result = subprocess.run(command, env=pg_env(connection.settings_dict), capture_output=True, text=True)
        if result.returncode != 0:
            raise CommandError(in_both(gettext_lazy("%(program)s ist gescheitert: %(why)s"), program=command[0],
                                       why=result.stderr.strip()))

"""Is this file a backup of this site's database? Checked before `restore` replaces anything, and by
`backup` on every copy it writes (a backup that cannot be restored should be noticed the day it is made).

A file passes when it is an SQLite database (its header), SQLite finds nothing damaged in it
(integrity_check), it holds Django's migration record with the migrations of each of the site's own
apps, none the installed code does not know (a backup from a newer version), the tables the
tournament data lives in, and exactly the schema this version's migrations build at the migrations it
records (hall/schema.py: tables, columns, indexes, foreign keys; no trigger, no view). Every refusal
says in German and English what is wrong.
"""

from __future__ import annotations

import sqlite3
import subprocess
from dataclasses import dataclass
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.db.migrations.loader import MigrationLoader
from django.utils.translation import gettext_lazy

from hall import schema
from language import ByLanguage, Message, in_both, message

SQLITE_HEADER = b"SQLite format 3\x00"


class NotABackup(Exception):
    """A file that is no usable copy of this site's database; said in both languages (a command's
    reader has no language of its own)."""

    def __init__(self, text, /, **params):
        self.said = message(text, **params)
        super().__init__(in_both(self.said))


@dataclass(frozen=True)
class Contents:
    tournaments: int
    hands: int

    @property
    def said(self) -> Message:
        return Message(gettext_lazy("Turniere: %(tournaments)s, Spiele: %(hands)s"),
                       tournaments=self.tournaments, hands=self.hands)

    def __str__(self) -> str:
        return in_both(self.said)


def site_apps() -> dict[str, set[str]]:
    """The site's own apps with migrations (not Django's) -> the names of their migrations on disk."""
    ours = [config for config in apps.get_app_configs() if Path(config.path).is_relative_to(settings.BASE_DIR)]
    loader = MigrationLoader(None, ignore_no_migrations=True, load=False)
    loader.load_disk()
    known: dict[str, set[str]] = {config.label: set() for config in ours if config.label in loader.migrated_apps}
    for app, name in loader.disk_migrations:
        if app in known:
            known[app].add(name)
    return known


def data_tables() -> list[str]:
    from scoring.models import Hand
    from tournament.models import Entry, Round, Seat, Table, Tournament

    return [model._meta.db_table for model in (Tournament, Entry, Round, Table, Seat, Hand)]


def open_readonly(file: Path) -> sqlite3.Connection:
    """The file opened without writing anything next to it: a WAL-mode copy opened read-only would
    otherwise leave -wal and -shm files behind. Only when a -wal file is there (a copy taken with its
    log) must SQLite read it, and so open the file normally read-only."""
    log = file.with_name(file.name + "-wal")
    immutable = "" if log.exists() else "&immutable=1"
    return sqlite3.connect(f"file:{file}?mode=ro{immutable}", uri=True)


def check_sqlite(file: Path) -> Contents:
    """What the backup holds; NotABackup when it is not a usable copy of this site's database."""
    with open(file, "rb") as handle:
        header = handle.read(len(SQLITE_HEADER))
    if header != SQLITE_HEADER:
        what = gettext_lazy("leere Datei") if not header else gettext_lazy("kein SQLite-Kopf")
        raise NotABackup(gettext_lazy("%(file)s ist keine SQLite-Datenbank (%(what)s); nichts wurde ersetzt"),
                         file=file, what=what)
    try:
        source = open_readonly(file)
    except sqlite3.Error as error:
        raise NotABackup(gettext_lazy("%(file)s lässt sich nicht öffnen (%(error)s)"), file=file, error=error) from error
    try:
        return _check_open(file, source)
    except sqlite3.DatabaseError as error:
        raise NotABackup(gettext_lazy("%(file)s ist beschädigt (%(error)s); nichts wurde ersetzt"), file=file,
                         error=error) from error
    finally:
        source.close()


def _check_open(file: Path, source: sqlite3.Connection) -> Contents:
    problems = [row[0] for row in source.execute("PRAGMA integrity_check").fetchmany(5)]
    if problems != ["ok"]:
        found = "; ".join(problems)
        raise NotABackup(gettext_lazy("%(file)s ist beschädigt: %(found)s; nichts wurde ersetzt"), file=file, found=found)
    tables = {row[0] for row in source.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "django_migrations" not in tables:
        raise NotABackup(gettext_lazy(
            "%(file)s ist keine Datenbank dieser Turnier-Seite (keine Migrationen); nichts wurde ersetzt"), file=file)
    applied: dict[str, set[str]] = {}
    for app, name in source.execute("SELECT app, name FROM django_migrations"):
        applied.setdefault(app, set()).add(name)
    known = site_apps()
    missing = sorted(app for app in known if not applied.get(app))
    if missing:
        names = ", ".join(missing)
        raise NotABackup(gettext_lazy(
            "%(file)s ist keine Datenbank dieser Turnier-Seite (es fehlt: %(names)s); nichts wurde ersetzt"),
            file=file, names=names)
    newer = sorted(f"{app}.{name}" for app, names in known.items() for name in applied.get(app, set()) - names)
    if newer:
        names = ", ".join(newer)
        raise NotABackup(gettext_lazy(
            "%(file)s stammt von einer neueren Version der Seite (%(names)s); bitte diese Version installieren; nichts wurde "
            "ersetzt"), file=file, names=names)
    absent = [table for table in data_tables() if table not in tables]
    if absent:
        names = ", ".join(absent)
        raise NotABackup(gettext_lazy(
            "%(file)s ist unvollständig (Tabellen fehlen: %(names)s); nichts wurde ersetzt"),
            file=file, names=names)
    check_schema(file, source, {(app, name) for app, names in applied.items() for name in names})
    return contents(source)


def check_schema(file: Path, source: sqlite3.Connection, applied: set[tuple[str, str]], shown: int = 8) -> None:
    """NotABackup unless the file's schema is the one this version's migrations build at ``applied``."""
    try:
        expected = schema.reference(applied)
    except (schema.ReferenceFailed, OSError, subprocess.SubprocessError) as error:
        raise NotABackup(gettext_lazy(
            "das Schema dieser Version ließ sich zum Vergleich nicht aufbauen (%(error)s); nichts wurde ersetzt"),
            error=error) from error
    found = schema.differences(expected, schema.read(source))
    if found:
        more = len(found) - shown
        listed = ByLanguage(lambda lang: "; ".join(difference.render(lang) for difference in found[:shown]) + (
            "; " + Message(gettext_lazy("und %(more)s weitere"), more=more).render(lang) if more > 0 else ""))
        raise NotABackup(gettext_lazy(
            "%(file)s hat nicht das Schema dieser Version der Seite (%(listed)s); nichts wurde ersetzt"),
            file=file, listed=listed)


def contents(database: sqlite3.Connection) -> Contents:
    from scoring.models import Hand
    from tournament.models import Tournament

    def count(model) -> int:
        return database.execute(f'SELECT COUNT(*) FROM "{model._meta.db_table}"').fetchone()[0]

    return Contents(tournaments=count(Tournament), hands=count(Hand))

"""Does an SQLite file have exactly this version's schema? `restore` (and `backup` on every copy it
writes) compares the file's tables, columns, indexes and foreign keys with those this version's
migrations build, at the migrations the file records, and refuses triggers and views: a database with
a dropped column, a replaced or missing table or a trigger is no backup of this site.

The reference is built by this version's migrations in a separate process on a SQLite file of its own
(never touching the site's own database: some migrations move data through the default connection),
kept for the next check, and read the same way as the file. Everything is read through SQLite's pragma functions with the
names as parameters, so a hostile file's names are never part of a statement.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import django
from django.apps import apps
from django.conf import settings
from django.utils.translation import gettext_lazy

from language import Message

# Run in the helper process: this version's migrations up to the file's, on an empty database, and the
# database cache's table (`make serve` creates it; a database that has none yet is fine too).
_BUILD = """
import json, sys, django
django.setup()
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
applied = {tuple(key) for key in json.loads(sys.stdin.read())}
executor = MigrationExecutor(connection)
graph = executor.loader.graph
nodes = {key for key in applied if key in graph.nodes}
targets = sorted(key for key in nodes if not any(child.key in nodes for child in graph.node_map[key].children))
executor.migrate(targets)
from django.core.management import call_command
call_command("createcachetable")
"""


class ReferenceFailed(Exception):
    """This version's migrations could not build the reference schema (a broken installation)."""


@dataclass
class Schema:
    tables: dict[str, dict] = field(default_factory=dict)  # name -> {"columns", "indexes", "foreign_keys"}
    triggers: list[str] = field(default_factory=list)
    views: list[str] = field(default_factory=list)


def _words(text: str | None) -> str:
    return " ".join((text or "").replace('"', "").replace("`", "").split()).upper()


def read(database: sqlite3.Connection) -> Schema:
    """The schema of an open SQLite database."""
    schema = Schema()
    rows = database.execute("SELECT type, name, sql FROM sqlite_master ORDER BY name").fetchall()
    index_sql = {name: sql for kind, name, sql in rows if kind == "index"}
    for kind, name, _sql in rows:
        if kind == "trigger":
            schema.triggers.append(name)
        elif kind == "view":
            schema.views.append(name)
        elif kind == "table" and not name.startswith("sqlite_"):
            columns = {
                column: (_words(kind_of), bool(notnull), _words(default), bool(pk))
                for column, kind_of, notnull, default, pk in database.execute(
                    'SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(?)', (name,))}
            indexes = set()
            for index, unique, partial in database.execute(
                    'SELECT name, "unique", partial FROM pragma_index_list(?)', (name,)).fetchall():
                names = tuple(row[0] or "<expression>" for row in database.execute(
                    "SELECT name FROM pragma_index_info(?) ORDER BY seqno", (index,)))
                where = ""
                if partial:
                    where = re.split(r"\bWHERE\b", _words(index_sql.get(index)), maxsplit=1)[-1].strip()
                indexes.add((names, bool(unique), where))
            foreign_keys = {(source, target, _words(to)) for target, source, to in database.execute(
                'SELECT "table", "from", "to" FROM pragma_foreign_key_list(?)', (name,))}
            schema.tables[name] = {"columns": columns, "indexes": indexes, "foreign_keys": foreign_keys}
    return schema


def reference(applied: set[tuple[str, str]]) -> Schema:
    """The schema this version's migrations build when exactly ``applied`` has run. Built once per
    version and set of migrations and kept (reference_file): every backup checks the copy it writes,
    and migrating a throwaway database takes seconds on a venue's laptop."""
    database = sqlite3.connect(f"{reference_file(applied).as_uri()}?mode=ro", uri=True)
    try:
        return read(database)
    finally:
        database.close()


def reference_file(applied: set[tuple[str, str]]) -> Path:
    """The SQLite file this version's migrations build for ``applied``, built on first use. Kept in the
    project's own folder (whoever can write there can change the code too), under a name that hashes
    the migration files, Django's and SQLite's versions and the cache tables, so a changed migration or
    upgrade builds afresh; files of other versions are removed then."""
    folder = kept_folder()
    version = _version_key()
    kept = folder / f"{version}-{hashlib.sha256(json.dumps(sorted(applied)).encode()).hexdigest()[:16]}.sqlite3"
    if kept.exists():
        return kept
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="tarock-schema-", dir=folder) as building:
        target = Path(building) / "reference.sqlite3"
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{target}"}
        env.setdefault("DJANGO_SETTINGS_MODULE", "website.settings")
        result = subprocess.run([sys.executable, "-c", _BUILD], input=json.dumps(sorted(applied)), env=env,
                                cwd=settings.BASE_DIR, capture_output=True, text=True, timeout=600)
        if result.returncode != 0:
            last = (result.stderr.strip().splitlines() or ["?"])[-1]
            raise ReferenceFailed(last)
        built = sqlite3.connect(target)
        try:  # one file without a write-ahead log, so it reads as it is
            built.execute("PRAGMA journal_mode=DELETE")
        finally:
            built.close()
        os.replace(target, kept)  # whole or not at all, also with two backups at once
    for old in folder.glob("*.sqlite3*"):
        if not old.name.startswith(f"{version}-"):
            old.unlink(missing_ok=True)
    return kept


def kept_folder() -> Path:
    return Path(settings.BASE_DIR) / ".cache" / "reference-schemas"


def _version_key() -> str:
    """What the reference depends on besides the applied migrations: how it is built, the migration
    files, Django, SQLite and the cache tables."""
    digest = hashlib.sha256(f"{_BUILD} {django.get_version()} {sqlite3.sqlite_version} {sorted(cache_tables())}".encode())
    for app in apps.get_app_configs():
        folder = Path(app.path) / "migrations"
        for path in sorted(folder.glob("*.py")):
            digest.update(f"{app.label}/{path.name}".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def cache_tables() -> set[str]:
    """Tables of the site's database caches: made by createcachetable, not by a migration."""
    return {cache["LOCATION"] for cache in settings.CACHES.values() if cache["BACKEND"].endswith(".DatabaseCache")}


def _columns_text(columns: tuple[str, ...]) -> str:
    return ", ".join(columns)


def differences(expected: Schema, found: Schema) -> list[Message]:
    """Each way ``found`` differs from ``expected``, as a sentence (language/)."""
    out: list[Message] = []
    for name in found.triggers:
        out.append(Message(gettext_lazy("Trigger %(name)s"), name=name))
    for name in found.views:
        out.append(Message(gettext_lazy("Sicht (View) %(name)s"), name=name))
    for table in sorted(expected.tables.keys() - found.tables.keys() - cache_tables()):
        out.append(Message(gettext_lazy("Tabelle %(table)s fehlt"), table=table))
    for table in sorted(found.tables.keys() - expected.tables.keys()):
        out.append(Message(gettext_lazy("fremde Tabelle %(table)s"), table=table))
    for table in sorted(expected.tables.keys() & found.tables.keys()):
        want, have = expected.tables[table], found.tables[table]
        for column in sorted(want["columns"].keys() - have["columns"].keys()):
            out.append(Message(gettext_lazy("Spalte %(table)s.%(column)s fehlt"), table=table, column=column))
        for column in sorted(have["columns"].keys() - want["columns"].keys()):
            out.append(Message(gettext_lazy("fremde Spalte %(table)s.%(column)s"), table=table, column=column))
        for column in sorted(want["columns"].keys() & have["columns"].keys()):
            if want["columns"][column] != have["columns"][column]:
                out.append(Message(gettext_lazy("Spalte %(table)s.%(column)s anders definiert"), table=table, column=column))
        for columns, unique, _where in sorted(want["indexes"] - have["indexes"]):
            said = (gettext_lazy("eindeutiger Index auf %(table)s (%(columns)s) fehlt") if unique else
                    gettext_lazy("Index auf %(table)s (%(columns)s) fehlt"))
            out.append(Message(said, table=table, columns=_columns_text(columns)))
        for columns, _unique, _where in sorted(have["indexes"] - want["indexes"]):
            out.append(Message(gettext_lazy("fremder Index auf %(table)s (%(columns)s)"), table=table,
                               columns=_columns_text(columns)))
        if want["foreign_keys"] != have["foreign_keys"]:
            out.append(Message(gettext_lazy("Fremdschlüssel von %(table)s anders"), table=table))
    return out

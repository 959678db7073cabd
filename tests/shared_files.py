"""Files the suite builds once and its workers share (pytest-xdist): an empty database migrated by
`manage.py migrate`, and the collected static files of a server with debug off. The first worker that
asks builds the file under a lock; the others wait for it and read it (copies only: nobody writes it).

The migrated database is kept between runs in `.cache/test-databases/` under a name that hashes the
migration files, Django's and SQLite's versions (hall/schema.py's key, the question it answers is the
same), so the rules phase of `make test` builds it and the phases after it read it; a changed migration
builds afresh, and a fresh clone (CI) migrates from scratch in every run."""

from __future__ import annotations

import fcntl
import os
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

from manage_process import ROOT, manage_on, settled


def built_once(target: Path, build: Callable[[Path], None]) -> Path:
    """``target``, built by ``build(path)`` into a temporary path by the first process that asks (the
    others wait on a lock beside it) and moved into place whole."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(f"{target}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not target.exists():
            building = target.with_name(f"{target.name}.building")
            if building.is_dir():
                shutil.rmtree(building)
            building.unlink(missing_ok=True)
            build(building)
            os.replace(building, target)
    return target


def migrated_database() -> Path:
    """An empty SQLite file as `manage.py migrate` leaves it (migrations, content types, permissions)."""
    from hall.schema import _version_key

    def migrate(path: Path) -> None:
        manage_on(path)("migrate", "--noinput")
        settled(path)
        for left in path.parent.glob(f"{path.name}-*"):  # the writers' flock file of hall.sqlite
            left.unlink()

    folder = ROOT / ".cache" / "test-databases"
    target = built_once(folder / f"migrated-{_version_key()}.sqlite3", migrate)
    for old in folder.glob("migrated-*.sqlite3*"):  # other versions' files
        if not old.name.startswith(target.name):
            old.unlink(missing_ok=True)
    return target


def load_into(connection, template: Path) -> None:
    """The whole of ``template`` copied into the open SQLite ``connection`` (SQLite's backup API)."""
    source = sqlite3.connect(f"{template.as_uri()}?mode=ro&immutable=1", uri=True)  # nobody writes it: no -wal/-shm
    try:
        source.backup(connection)
    finally:
        source.close()

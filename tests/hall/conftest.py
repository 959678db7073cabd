"""Helpers for tests that run manage.py in real processes against a file database."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from manage_process import manage_on


@pytest.fixture
def manage(tmp_path, request):
    """manage(*args, env=None, check=True) -> CompletedProcess of manage.py on tmp_path/db.sqlite3.
    manage.migrated() puts a copy of the migrated template there (as `manage.py migrate` leaves it);
    manage.copy(path) a copy of another settled file."""
    run = manage_on(tmp_path / "db.sqlite3")

    def copy(template: Path) -> None:
        shutil.copyfile(template, run.database)

    run.copy = copy
    # Asked for only when used: tests that never migrate do not wait for the template.
    run.migrated = lambda: copy(request.getfixturevalue("migrated_template"))
    return run

"""manage.py in real processes against an SQLite file of a test's own (tests/hall and the tests that
start the site as the hall does), and settled copies of such files."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEST_KEY = "tests-only-secret-key-not-for-any-deployment-0123456789abcdef"


def manage_on(database: Path):
    """manage(*args, env=None, check=True) -> CompletedProcess of manage.py on the SQLite file ``database``."""
    # Other tests (playwright's) may set DJANGO_ALLOW_ASYNC_UNSAFE in this process: not for a real start.
    base = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DJANGO_SETTINGS_MODULE": "website.settings",
        "DJANGO_DEBUG": "1",
        "DJANGO_SECRET_KEY": TEST_KEY,
        "DATABASE_URL": f"sqlite:///{database}",
        "HALL_ROOT": str(ROOT),
    }

    def run(*args, env=None, check=True, timeout=300, stdin=subprocess.DEVNULL):
        # No terminal unless a test gives one: a command that would ask must not wait on pytest's.
        result = subprocess.run([sys.executable, str(ROOT / "manage.py"), *args], cwd=ROOT, capture_output=True,
                                text=True, env={**base, **(env or {})}, timeout=timeout, stdin=stdin)
        if check and result.returncode != 0:
            raise AssertionError(f"manage.py {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}")
        return result

    run.env = base
    run.database = database
    return run


def settled(database: Path) -> Path:
    """The file alone holds the database: the last connection's close checkpoints the WAL into it (and
    removes it), so a plain copy of the file is the whole database."""
    connection = sqlite3.connect(database)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    assert not Path(f"{database}-wal").exists(), database
    return database

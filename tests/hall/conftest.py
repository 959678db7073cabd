"""Helpers for tests that run manage.py in real processes against a file database."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEST_KEY = "tests-only-secret-key-not-for-any-deployment-0123456789abcdef"


@pytest.fixture
def manage(tmp_path):
    """manage(*args, env=None, check=True) -> CompletedProcess of manage.py on tmp_path/db.sqlite3."""
    # Other tests (playwright's) may set DJANGO_ALLOW_ASYNC_UNSAFE in this process: not for a real start.
    base = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DJANGO_SETTINGS_MODULE": "website.settings",
        "DJANGO_DEBUG": "1",
        "DJANGO_SECRET_KEY": TEST_KEY,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
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
    return run

"""bench/hall.py in miniature: two tables, two devices each, dropped answers, repeats and a kill -9 of
`make serve` on SQLite; its own read-back must find nothing lost, duplicated or wrong and no 5xx.

The full run (60 tablets, SQLite and PostgreSQL) is `make bench-hall`; its figures are in
docs/benchmarks.md. This keeps the script and its checks working on every CI run.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once

ROOT = Path(__file__).resolve().parents[2]


def test_a_small_hall_survives_kill_9_with_nothing_lost(tmp_path):
    done = subprocess.run(
        [sys.executable, "bench/hall.py", "--db", "sqlite", "--tables", "2", "--kill-at", "0.4",
         "--processes", "2", "--threads", "4", "--drop", "0.3", "--repeat", "0.3"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    out = done.stdout + done.stderr
    assert done.returncode == 0, out
    assert "kill -9 of the server on port" in out
    assert "32 hands stored at 2 tables by 4 devices" in out
    for line in ("lost", "duplicated", "wrong", "5xx in the server log", "5xx seen by devices"):
        assert f"   {line:38} 0" in out, out

"""The site's SQLite backend (settings.DATABASES' ENGINE "hall.sqlite"): Django's, with the scorers'
saves before a long import's batches.

SQLite has one writer at a time, and its waiting writers poll for the lock, every 100 ms once they
have waited a while. A long import (5,000 players, 100 a transaction, paper/imports/batches.py) that
starts its next batch the moment its pause ends wins the lock again and again while ten tables'
saves sleep between their polls: through `make serve` single saves waited 8 s and more
(bench/import_serve.py, docs/benchmarks.md).

So every write transaction says it is waiting: from before its BEGIN IMMEDIATE until the lock is its
own it holds a shared flock on `<database>-writers`. Work marked with `yielding_to_saves()` (the
import pages) takes that flock exclusively for an instant before each of its transactions, which
succeeds only while nobody waits; otherwise it waits (at most YIELD_SECONDS per transaction, so an
import always finishes). A save then waits for at most the one batch under way. The flock is the
kernel's: a process that dies lets go of it, and a database in memory has none.
"""

from __future__ import annotations

import contextlib
import contextvars

YIELD_SECONDS = 3.0  # longest an import's transaction waits for the saves waiting before it

yielding = contextvars.ContextVar("hall_sqlite_yielding", default=False)


@contextlib.contextmanager
def yielding_to_saves():
    """Transactions begun inside wait while other writers wait for the database (imports)."""
    token = yielding.set(True)
    try:
        yield
    finally:
        yielding.reset(token)

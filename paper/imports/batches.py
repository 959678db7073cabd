"""Writing a long import in short transactions, so the tables' saves go on meanwhile.

SQLite has one writer at a time: an import in one transaction made every scorer's save wait for
all of it (15.6 s for 5,000 players). Each batch is a transaction of its own; between two batches
the import pauses, because SQLite's waiting writers poll for the lock (every 100 ms once they have
waited a while) and an import that began its next batch at once would win the lock again and
again (bench/import_lock.py: 50 ms left a save waiting 1.9 s, 100 ms at most 0.45 s).
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from typing import TypeVar

from django.db import transaction

T = TypeVar("T")

PAUSE = 0.1  # seconds between two batches


def batches(items: Sequence[T], size: int) -> Iterator[Sequence[T]]:
    """``items`` ``size`` at a time, with a pause before every batch but the first (none inside an
    outer transaction, which holds the lock anyway). The caller writes each in a transaction of its own."""
    for start in range(0, len(items), size):
        if start and not transaction.get_connection().in_atomic_block:
            time.sleep(PAUSE)
        yield items[start:start + size]

"""Django's SQLite backend with the waiting writers marked (see hall/sqlite/__init__.py)."""

from __future__ import annotations

import fcntl
import time

from django.db.backends.sqlite3 import base

from hall import sqlite


class DatabaseWrapper(base.DatabaseWrapper):
    _writers = None  # this connection's handle on <database>-writers

    def _writers_file(self):
        if self._writers is None and not self.is_in_memory_db():
            try:
                self._writers = open(f"{self.settings_dict['NAME']}-writers", "a+b")  # noqa: SIM115 - kept open
            except OSError:  # a folder nobody may write in: SQLite's own waiting, as before
                return None
        return self._writers

    def _start_transaction_under_autocommit(self):
        handle = self._writers_file()
        if handle is None:
            return super()._start_transaction_under_autocommit()
        if sqlite.yielding.get():
            self._wait_while_writers_wait(handle)
            return super()._start_transaction_under_autocommit()
        fcntl.flock(handle, fcntl.LOCK_SH)  # waits only for a yielding transaction's instant look
        try:
            return super()._start_transaction_under_autocommit()
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)

    @staticmethod
    def _wait_while_writers_wait(handle) -> None:
        deadline = time.monotonic() + sqlite.YIELD_SECONDS
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    return
                time.sleep(0.005)
            else:
                fcntl.flock(handle, fcntl.LOCK_UN)
                return

    def close(self):
        super().close()
        if self._writers is not None:
            self._writers.close()
            self._writers = None

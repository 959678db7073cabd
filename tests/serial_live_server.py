"""pytest-django's live server on the suite's in-memory SQLite: the test's connection, one request at a time.

pytest-django passes the in-memory connection to its (session-wide) live server only if the test database
exists when the server starts; a test naming ``live_server`` before its database fixtures started it
first, and each request thread then opened a connection of its own to the shared in-memory database,
where two at once fail with "database table is locked" (every save a 503). tests/conftest.py's
``live_server`` therefore asks for the database first.

Django's live server hands every request thread the test's one in-memory SQLite connection
(``connections_override``); a browser asking for two things at once (the scorer page's preview and its
save) then uses that one connection from two threads, and SQLite answers "bad parameter or other API
misuse" (seen: a 500 on /vorschau/ and a hand lost as "Unbekannter Tisch-Link"). The site itself never
shares a connection between threads (waitress: one per thread), so serialising the test server hides
no behaviour of the site; the hall's concurrency is measured against real servers (bench/hall.py,
tests/hall). On PostgreSQL every thread has its own connection and nothing is serialised.
"""

from __future__ import annotations

import threading

from django.core.servers.basehttp import ThreadedWSGIServer
from django.test import testcases


class _ReleasedOnClose:
    """The response's body, with the server's lock held until the server closes it (Django sends
    request_finished, which touches the connection, from close())."""

    def __init__(self, result, lock: threading.Lock):
        self.result, self.lock = result, lock

    def __iter__(self):
        return iter(self.result)

    def close(self):
        try:
            if hasattr(self.result, "close"):
                self.result.close()
        finally:
            self.lock.release()


class OneRequestAtATimeOnASharedConnection(ThreadedWSGIServer):
    def set_app(self, application):
        if not self.connections_override:
            return super().set_app(application)
        lock = threading.Lock()

        def serialised(environ, start_response):
            lock.acquire()
            try:
                return _ReleasedOnClose(application(environ, start_response), lock)
            except BaseException:
                lock.release()
                raise

        return super().set_app(serialised)


testcases.LiveServerThread.server_class = OneRequestAtATimeOnASharedConnection

"""The hall's production server (`make serve`): waitress in front of the Django site.

Phones on bad Wi-Fi send half a request and stall, or fall asleep holding a connection. A server that
hands a connection to a worker thread as soon as it opens (gunicorn's gthread workers do) lets 20
such phones occupy every thread, and /healthz and every scorer wait behind them (bench/slow_clients.py,
docs/benchmarks.md). waitress reads each request whole in its asynchronous loop (the body buffered,
to a temporary file when large) and only then gives it to a thread, so threads only ever run Django;
a connection silent for SERVER_CHANNEL_TIMEOUT seconds is closed.

    HOST, PORT                  where to listen (0.0.0.0:8000)
    SERVER_THREADS              threads running Django (16)
    SERVER_CONNECTION_LIMIT     open connections at once (1000: 260 devices, several each)
    SERVER_CHANNEL_TIMEOUT      seconds before an idle or stalled connection is closed (60)
    SERVER_TRUSTED_PROXY        the HTTPS proxy whose X-Forwarded-Proto counts (127.0.0.1)

Every request is logged to stderr with its answer, size, time and the id the site sends back as
X-Request-ID (waitress itself writes no access log).
"""

from __future__ import annotations

import logging
import os
import resource
import time

from hall.logging import request_id

log = logging.getLogger("hall.access")


class AccessLog:
    """WSGI wrapper: one line per request, `client "request line" status bytes Nms id=request-id`."""

    def __init__(self, application):
        self.application = application

    def __call__(self, environ, start_response):
        started = time.perf_counter()
        seen: dict = {}

        def record(status, headers, exc_info=None):
            seen["status"], seen["headers"] = status.split(" ", 1)[0], dict(headers)
            return start_response(status, headers, exc_info)

        try:
            return self.application(environ, record)
        finally:
            headers = seen.get("headers", {})
            query = environ.get("QUERY_STRING")
            target = environ.get("PATH_INFO", "") + (f"?{query}" if query else "")
            rid = headers.get("X-Request-ID", "-")
            token = request_id.set(rid)  # the line carries the id in its [brackets] like the site's own lines
            try:
                log.info('%s "%s %s %s" %s %s %dms id=%s', environ.get("REMOTE_ADDR", "-"),
                         environ.get("REQUEST_METHOD"), target, environ.get("SERVER_PROTOCOL"),
                         seen.get("status", "500"), headers.get("Content-Length", "-"),
                         (time.perf_counter() - started) * 1000, rid)
            finally:
                request_id.reset(token)


def _env_int(name: str, default: int) -> int:
    return int(os.environ.get(name, "") or default)


def _raise_open_file_limit(wanted: int) -> None:
    """Each connection is a file descriptor; the usual soft limit (1024) is below what the hall may open."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


def options() -> dict:
    """waitress.serve()'s settings from the environment."""
    connections = _env_int("SERVER_CONNECTION_LIMIT", 1000)
    return {
        "host": os.environ.get("HOST", "0.0.0.0"),
        "port": _env_int("PORT", 8000),
        "threads": _env_int("SERVER_THREADS", 16),
        "connection_limit": connections,
        "channel_timeout": _env_int("SERVER_CHANNEL_TIMEOUT", 60),
        # poll() instead of select(): select cannot watch descriptors above 1023.
        "asyncore_use_poll": True,
        # Requests larger than this are refused before Django sees them (imports and uploads are far smaller).
        "max_request_body_size": 64 * 1024 * 1024,
        "ident": "tarock",
        # Behind an HTTPS proxy on the laptop (DJANGO_HTTPS=1) its X-Forwarded-Proto is believed, from
        # SERVER_TRUSTED_PROXY (127.0.0.1) only: waitress removes the header when anyone else sends it.
        "trusted_proxy": os.environ.get("SERVER_TRUSTED_PROXY", "127.0.0.1"),
        "trusted_proxy_headers": {"x-forwarded-proto"},
    }


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
    from waitress import serve

    from tournament.wsgi import application  # sets Django up, and with it the stderr logging

    settings = options()
    _raise_open_file_limit(settings["connection_limit"] + 64)
    serve(AccessLog(application), **settings)


if __name__ == "__main__":
    main()

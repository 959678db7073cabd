"""The hall's production server (`make serve`): waitress in front of the Django site.

Phones on bad Wi-Fi send half a request and stall, or fall asleep holding a connection. A server that
hands a connection to a worker thread as soon as it opens (gunicorn's gthread workers do) lets 20
such phones occupy every thread, and /healthz and every scorer wait behind them (bench/slow_clients.py,
docs/benchmarks.md). waitress reads each request whole in its asynchronous loop (the body buffered,
to a temporary file when large) and only then gives it to a thread, so threads only ever run Django;
a connection silent for SERVER_CHANNEL_TIMEOUT seconds is closed.

A waitress process runs Python on one core at a time; SERVER_PROCESSES copies of it (started here,
since waitress does not fork) share one listening socket, so a laptop's second core works too, as
gunicorn's two workers did. A copy that dies is started again; all leave when this process does,
even after a kill -9 of it alone.

    HOST, PORT                  where to listen (0.0.0.0:8000)
    SERVER_PROCESSES            server processes (2; 1: no extra process at all)
    SERVER_THREADS              threads running Django in each process (8)
    SERVER_CONNECTION_LIMIT     open connections at once, per process (1000: 260 devices, several each)
    SERVER_CONNECTIONS_PER_ADDRESS  open connections one address holds, per process (100; website/slots.py:
                                its next one closes its own longest-idle one, so no client takes every slot)
    SERVER_CHANNEL_TIMEOUT      seconds before an idle or stalled connection is closed (60)
    SERVER_TRUSTED_PROXY        the proxy whose X-Forwarded-For (the client) and X-Forwarded-Proto count (127.0.0.1)
    MESSAGES_WORKER             1: also run the worker that sends the players' messages (`manage.py db_worker`,
                                players/outbox.py), started again when it dies, stopped with the server; 0: not here

The worker is a process of its own beside the server processes: a request only queues a message (a row in
the site's database) and never waits for the mail server.

Every request is logged to stderr with its answer, size, time and the id the site sends back as
X-Request-ID (waitress itself writes no access log).
"""

from __future__ import annotations

import contextlib
import logging
import os
import resource
import signal
import socket
import subprocess
import sys
import threading
import time
import traceback

from hall.clients import client_address
from hall.logging import request_id

log = logging.getLogger("hall.access")
processes_log = logging.getLogger("website.serve")


class AccessLog:
    """WSGI wrapper: one line per request, `client "request line" status bytes Nms id=request-id cpu=Nms`.
    cpu is the time the request's thread ran; the rest of Nms it waited (the database's write lock, the
    process's other threads, a busy machine), which is what tells a slow request from a waiting one."""

    def __init__(self, application):
        self.application = application

    def __call__(self, environ, start_response):
        started, ran = time.perf_counter(), time.thread_time()
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
                log.info('%s "%s %s %s" %s %s %dms id=%s cpu=%dms', client_address(environ),
                         environ.get("REQUEST_METHOD"), target, environ.get("SERVER_PROTOCOL"),
                         seen.get("status", "500"), headers.get("Content-Length", "-"),
                         (time.perf_counter() - started) * 1000, rid, (time.thread_time() - ran) * 1000)
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
        "threads": _env_int("SERVER_THREADS", 8),
        "connection_limit": connections,
        "channel_timeout": _env_int("SERVER_CHANNEL_TIMEOUT", 60),
        # poll() instead of select(): select cannot watch descriptors above 1023.
        "asyncore_use_poll": True,
        # Requests larger than this are refused before Django sees them (imports and uploads are far smaller).
        "max_request_body_size": 64 * 1024 * 1024,
        "ident": "tarock",
        # From SERVER_TRUSTED_PROXY (127.0.0.1: Caddy on the hub) only, waitress believes X-Forwarded-For:
        # its last address (the one the proxy added) becomes the peer address the site sees, the client
        # every limit and log line counts (hall/clients.py); and X-Forwarded-Proto, the scheme the site sees
        # (request.is_secure(): secure cookies and no redirect with DJANGO_HTTPS, website/settings.py).
        # It removes both headers when anyone else sends them, so no client can claim another address or https.
        "trusted_proxy": os.environ.get("SERVER_TRUSTED_PROXY", "127.0.0.1"),
        "trusted_proxy_headers": {"x-forwarded-for", "x-forwarded-proto"},
        "trusted_proxy_count": 1,
        "clear_untrusted_proxy_headers": True,
    }


def connections_per_address() -> int:
    return max(1, _env_int("SERVER_CONNECTIONS_PER_ADDRESS", 100))


def _follow_changes() -> None:
    """Each process follows the changes no process follows (a command's) to the hub (publishing/venue/auto.py);
    imported once Django is set up."""
    from publishing.venue import auto

    auto.watch()


def _serve(settings: dict) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "website.settings")
    from website import slots
    from website.warm import warm_up
    from website.wsgi import application  # sets Django up, and with it the stderr logging

    warm_up(application)  # before the first connection: no phone waits for the imports and templates (website/warm.py)
    _follow_changes()
    slots.serve(AccessLog(application), settings, per_address=connections_per_address())


def _on_own_socket(settings: dict) -> dict:
    """The settings with HOST:PORT replaced by a listening socket made here (shared by every process)."""
    settings = dict(settings)
    settings["sockets"] = [_listening_socket(settings.pop("host"), settings.pop("port"))]
    return settings


def _listening_socket(host: str, port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(1024)
    # Every process waits on this socket; the one that wakes first takes the connection, the others
    # get EAGAIN (which waitress ignores) instead of blocking their loop in accept().
    sock.setblocking(False)
    return sock


def _child(settings: dict, parent: int) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_DFL)

    def leave_with_parent() -> None:  # the parent killed with -9 must not leave a server behind
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=leave_with_parent, daemon=True).start()
    try:
        _serve(settings)
    except BaseException:
        traceback.print_exc()
        os._exit(1)
    os._exit(0)


MANAGE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "manage.py")


def worker_wanted() -> bool:
    return os.environ.get("MESSAGES_WORKER", "1").strip() != "0"


def _worker_process() -> None:
    """In the worker before it runs: a lower priority, so the server processes (the players' and scorers'
    requests) go first on a busy laptop, as mail may take seconds; and Linux sends it SIGTERM when this
    process dies, a kill -9 too."""
    with contextlib.suppress(OSError):
        os.nice(10)
    with contextlib.suppress(Exception):
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def start_worker() -> int:
    """The messages' worker (django_tasks_db's db_worker, polling the queue every second), its pid."""
    command = [sys.executable, MANAGE, "db_worker", "--no-reload", "--interval", "1", "--no-startup-delay", "-v", "0"]
    return subprocess.Popen(command, preexec_fn=_worker_process).pid  # noqa: PLW1509 - only prctl, no locks


def _run_processes(settings: dict, processes: int) -> int:
    """SERVER_PROCESSES copies of the server on one listening socket, started again when one dies, and
    the messages' worker beside them."""
    children: dict[int, float] = {}
    workers: set[int] = set()
    stopping = False

    def spawn() -> None:
        pid = os.fork()
        if pid == 0:
            _child(settings, os.getppid())
        children[pid] = time.monotonic()

    def spawn_worker() -> None:
        pid = start_worker()
        children[pid] = time.monotonic()
        workers.add(pid)

    def stop(signum, frame) -> None:
        nonlocal stopping
        stopping = True
        for pid in children:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)

    for _ in range(processes):
        spawn()
    if worker_wanted():
        spawn_worker()
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    status = 0
    while children:
        pid, code = os.wait()
        started = children.pop(pid, None)
        if started is None or stopping:
            continue
        if pid in workers:  # the site goes on without it; messages wait in the queue until it is back
            workers.discard(pid)
            if not os.WIFSIGNALED(code) and time.monotonic() - started < 10:
                processes_log.error("messages worker %s stopped at its start (status %s): messages wait", pid, code)
            else:
                processes_log.warning("messages worker %s stopped (status %s): starting another", pid, code)
                spawn_worker()
            continue
        # A process that gives up at once by itself (a settings error) would only do so again: stop.
        if not os.WIFSIGNALED(code) and time.monotonic() - started < 10:
            processes_log.error("server process %s stopped at its start (status %s): stopping", pid, code)
            status = 1
            stop(signal.SIGTERM, None)
            continue
        processes_log.warning("server process %s stopped (status %s): starting another", pid, code)
        spawn()
    return status


def main() -> None:
    settings = options()
    _raise_open_file_limit(settings["connection_limit"] + 64)
    processes = _env_int("SERVER_PROCESSES", 2)
    if processes <= 1:
        if worker_wanted():
            start_worker()  # stops with this process (PR_SET_PDEATHSIG)
        _serve(_on_own_socket(settings))
    else:
        sys.exit(_run_processes(_on_own_socket(settings), processes))


if __name__ == "__main__":
    main()

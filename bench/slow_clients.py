"""Slow and idle clients against `make serve`: can the hall still reach /healthz?

A phone on bad Wi-Fi sends half a request and stalls; a phone that went to sleep holds an idle
connection. This opens N such connections to 127.0.0.1 (half-sent: the request line and a header
without the blank line that ends the head; idle: connected, nothing sent), keeps them open, and
then makes CHECKS /healthz requests one after the other, each given TIMEOUT seconds. It prints,
per N, how many checks were answered and how long they took, and how many of the N connections the
server had not closed afterwards (website/slots.py caps what one address holds).

    .venv/bin/python bench/slow_clients.py [--half-sent 0 20 40 200] [--idle 200 2200] [--checks 5] [--timeout 5]
                                           [--source 127.0.0.1]

The slow connections come from --source (127.0.0.1, the address /healthz is asked from too; any
127.x.y.z works on Linux, e.g. 127.0.0.2 for a flood from another device).

The server is `make serve` (debug off) on a throwaway SQLite file; only 127.0.0.1 is contacted.
"""

from __future__ import annotations

import argparse
import http.client
import os
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def healthz(port: int, timeout: float) -> float | None:
    """Seconds until /healthz answered 200, None when it did not within ``timeout``."""
    started = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", "/healthz")
        response = connection.getresponse()
        response.read()
        return time.perf_counter() - started if response.status == 200 else None
    except (OSError, http.client.HTTPException):
        return None
    finally:
        connection.close()


def open_slow(port: int, count: int, half_sent: bool, source: str) -> list[socket.socket]:
    sockets = []
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
        if half_sent:  # a head that never ends: no blank line after the last header
            sock.sendall(f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUser-Agent: slow-phone\r\n".encode())
        sockets.append(sock)
    return sockets


def still_open(sockets: list[socket.socket]) -> int:
    """How many of these connections the server has not closed."""
    count = 0
    for sock in sockets:
        sock.setblocking(False)
        try:
            count += sock.recv(1) != b""
        except BlockingIOError:
            count += 1
        except OSError:
            pass
    return count


def start_server(port: int, workdir: Path) -> subprocess.Popen:
    env = {key: value for key, value in os.environ.items() if key not in ("DJANGO_DEBUG", "DATABASE_URL")}
    env.update({"DATABASE_URL": f"sqlite:///{workdir / 'db.sqlite3'}", "DJANGO_SECRET_KEY": "bench-slow-clients-key",
                "DJANGO_SETTINGS_MODULE": "website.settings", "HOST": "127.0.0.1", "PORT": str(port),
                "DJANGO_STATIC_ROOT": str(workdir / "static")})
    log = open(workdir / "server.log", "w")
    server = subprocess.Popen(["make", "-s", "serve"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                              start_new_session=True)
    deadline = time.monotonic() + 180
    while healthz(port, 2) is None:
        if server.poll() is not None or time.monotonic() > deadline:
            raise SystemExit(f"make serve did not start; see {workdir / 'server.log'}")
        time.sleep(0.3)
    return server


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--half-sent", type=int, nargs="*", default=[0, 20, 40, 200])
    parser.add_argument("--idle", type=int, nargs="*", default=[200, 2200])
    parser.add_argument("--source", default="127.0.0.1")
    parser.add_argument("--checks", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=5.0)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)  # a socket each: 2,200 pass the usual 1,024
    wanted = max(args.half_sent + args.idle + [0]) + 256
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted if hard == resource.RLIM_INFINITY else min(wanted, hard), hard))
    workdir = Path(tempfile.mkdtemp(prefix="tarock-slow-"))
    port = free_port()
    server = start_server(port, workdir)
    failed = False
    try:
        for kind, counts in (("half-sent", args.half_sent), ("idle", args.idle)):
            for count in counts:
                sockets = open_slow(port, count, half_sent=kind == "half-sent", source=args.source)
                time.sleep(0.5)  # let the server accept them all before the checks
                times = [healthz(port, args.timeout) for _ in range(args.checks)]
                answered = [t * 1000 for t in times if t is not None]
                held = still_open(sockets)
                for sock in sockets:
                    sock.close()
                failed |= len(answered) < args.checks
                median = f"median {statistics.median(answered):.0f} ms, max {max(answered):.0f} ms" if answered else "-"
                print(f"{count:4} {kind:9} connections from {args.source}: {len(answered)}/{args.checks} /healthz "
                      f"answered within {args.timeout:.0f} s ({median}); {held} of them still open")
                time.sleep(1)  # the closed sockets leave the server before the next step
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
    print("OK: /healthz answered throughout" if not failed else "FAILED: /healthz went unanswered")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

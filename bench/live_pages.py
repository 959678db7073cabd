"""Warm live pages against /healthz through `make serve`, for a 240-player event (issue: a cached page
should cost at most 3x /healthz).

Builds a fresh SQLite database in a temporary folder (`seed_demo --players 240`), starts `make serve`
on 127.0.0.1 with a free port, loads every live page a few times (warm: nothing written since), then
asks for each page and /healthz in turn, ROUNDS times, as an anonymous phone does (no cookies, one
keep-alive connection), and prints the median and 90th percentile of each and the median's ratio
to /healthz's. Only 127.0.0.1 is contacted.

    .venv/bin/python bench/live_pages.py [--players 240] [--rounds 400]
"""

from __future__ import annotations

import argparse
import http.client
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SLUG = "live-bench"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def manage(env: dict, *args: str) -> str:
    done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"manage.py {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
    return done.stdout


def get(connection: http.client.HTTPConnection, path: str) -> tuple[int, float, int]:
    started = time.perf_counter()
    connection.request("GET", path)
    response = connection.getresponse()
    body = response.read()
    return response.status, (time.perf_counter() - started) * 1000, len(body)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=240)
    parser.add_argument("--rounds", type=int, default=400)
    args = parser.parse_args()

    workdir = Path(tempfile.mkdtemp(prefix="tarock-live-"))
    port = free_port()
    env = {key: value for key, value in os.environ.items() if key not in ("DJANGO_DEBUG", "DATABASE_URL")}
    env.update({
        "DATABASE_URL": f"sqlite:///{workdir / 'db.sqlite3'}", "DJANGO_SECRET_KEY": "bench-live-key-not-for-production",
        "DJANGO_SETTINGS_MODULE": "website.settings", "HOST": "127.0.0.1", "PORT": str(port),
        "SITE_URL": f"http://127.0.0.1:{port}", "DJANGO_STATIC_ROOT": str(workdir / "static"),
        "DJANGO_DATA_DIR": str(workdir),
    })
    manage(env, "migrate", "--noinput")
    manage(env, "seed_demo", "--players", str(args.players), "--slug", SLUG, "--seed", "bench")
    entry = manage(env, "shell", "--no-imports", "-c", f"from tournament.models import Entry; print(Entry.objects.filter("
                                       f"tournament__slug='{SLUG}').order_by('pk').values_list('pk', flat=True)[7])")
    base = f"/turnier/{SLUG}/"
    pages = {
        "/healthz": "/healthz",
        "standings page": base,
        "standings refresh": f"{base}?fragment=1",
        "projector": f"{base}beamer/",
        "projector refresh": f"{base}beamer/?fragment=1",
        "player page": f"{base}spieler/{entry.split()[-1]}/",
        "standings.json": f"{base}standings.json",
    }
    log = open(workdir / "server.log", "w")
    server = subprocess.Popen(["make", "-s", "serve"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                              start_new_session=True)
    try:
        for _ in range(600):
            try:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                if get(connection, "/healthz")[0] == 200:
                    break
            except OSError:
                time.sleep(0.2)
        else:
            raise SystemExit(f"make serve did not answer; see {workdir / 'server.log'}")
        times: dict[str, list[float]] = {name: [] for name in pages}
        sizes = {}
        for _ in range(5):  # warm: every worker and thread has rendered what it serves
            for name, path in pages.items():
                status, _ms, sizes[name] = get(connection, path)
                if status != 200:
                    raise SystemExit(f"{path}: {status}")
        for _ in range(args.rounds):
            for name, path in pages.items():
                times[name].append(get(connection, path)[1])
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    health = statistics.median(times["/healthz"])
    print(f"{args.players} players, {args.rounds} rounds, one keep-alive connection, no cookies")
    print(f"{'page':20} {'median ms':>10} {'p90 ms':>8} {'x healthz':>10} {'bytes':>8}")
    for name, values in times.items():
        median = statistics.median(values)
        p90 = statistics.quantiles(values, n=10)[-1]
        print(f"{name:20} {median:10.2f} {p90:8.2f} {median / health:10.2f} {sizes[name]:8}")


if __name__ == "__main__":
    main()

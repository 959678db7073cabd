"""A director's 5,000-player import through `make serve` while ten tables save hands (issue 25, point 9).

Measured from outside, as a table sees it: `make serve` (2 processes x 8 threads, debug off) on a
throwaway SQLite file; ten tables of a seated tournament each save a hand through the scorer API
(POST /t/<token>/api/hands/, a new connection each, as a phone makes it) every INTERVAL seconds
(0.3), a save starting as soon as the last one answered when that took longer (their tables are
planned for 10,000 hands, so they never run out during the run); after WARMUP seconds
the director, signed in, uploads a list of PLAYERS (5,000) new players to another tournament through
the import page (POST /turniere/<slug>/spieler/import/, one CSV file). Printed: the import's own
time, then for the saves made before it (the machine's pace without an import) and while it ran:
count, answers, median, 95th percentile and worst wait. The exit status is 1 when a save during the import waited LIMIT (3) s or
more, or was answered with anything but 201.

    .venv/bin/python bench/import_serve.py [--players 5000] [--tables 10] [--interval 0.3] [--limit 3]

Only 127.0.0.1 is contacted.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.engine.sampling import random_hand  # noqa: E402 - the pure engine, no Django
from rules.rulesets import get_ruleset  # noqa: E402

SETUP = """
import json
from datetime import date
from django.contrib.auth import get_user_model
from paper.imports.players import import_players
from rules.rulesets import BUILTIN
from tournament import rounds, services
get_user_model().objects.create_superuser("leitung", "", "bench-geheim")
tables = services.create_tournament(name="Tische", slug="tische", date=date(2026, 11, 21), ruleset=BUILTIN["tirol"])
import_players(tournament=tables, check_in=True, rows=[{"name": f"Tisch-Spieler {i:03d}"} for i in range(PLAYERS)])
rounds.seat_round(round=tables.round_set.get(number=1), seed="bench")
# A round plays 20 hands a table; the bench's tables keep saving as long as the import runs.
tables.round_set.get(number=1).tables.update(hands_planned=HANDS)
services.create_tournament(name="Import", slug="import", date=date(2026, 11, 22), ruleset=BUILTIN["tirol"])
print(json.dumps([table.token for table in tables.round_set.get(number=1).tables.order_by("number")]))
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def call(port: int, method: str, path: str, body: bytes | None = None, headers: dict | None = None,
         timeout: float = 120):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request(method, path, body=body, headers={"Host": f"127.0.0.1:{port}", **(headers or {})})
        response = connection.getresponse()
        return response.status, response.headers, response.read()
    finally:
        connection.close()


class Director:
    """A signed-in browser: session and CSRF cookies, the form's token."""

    def __init__(self, port: int):
        self.port, self.cookies = port, {}

    def _remember(self, headers) -> None:
        for value in headers.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]

    def send(self, method: str, path: str, body: bytes | None = None, content_type: str | None = None):
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        if content_type:
            headers["Content-Type"] = content_type
        status, response_headers, data = call(self.port, method, path, body, headers, timeout=600)
        self._remember(response_headers)
        return status, data

    def token(self, path: str) -> str:
        status, page = self.send("GET", path)
        found = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        if status != 200 or not found:
            raise SystemExit(f"GET {path}: {status}, no form token")
        return found.group(1).decode()

    def login(self) -> None:
        form = {"username": "leitung", "password": "bench-geheim", "csrfmiddlewaretoken": self.token("/anmelden/")}
        status, _ = self.send("POST", "/anmelden/", urllib.parse.urlencode(form).encode(),
                              "application/x-www-form-urlencoded")
        if status != 302:
            raise SystemExit(f"login: {status}")

    def upload(self, slug: str, players: int) -> tuple[int, float]:
        token = self.token(f"/turniere/{slug}/")
        csv = "name;club\n" + "".join(f"Neu {n:05d};Verein {n % 97}\n" for n in range(players))
        boundary = uuid.uuid4().hex
        parts = [
            f'--{boundary}\r\nContent-Disposition: form-data; name="csrfmiddlewaretoken"\r\n\r\n{token}\r\n',
            f'--{boundary}\r\nContent-Disposition: form-data; name="checked_in"\r\n\r\non\r\n',
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="spieler.csv"\r\n'
            f"Content-Type: text/csv\r\n\r\n{csv}\r\n",
            f"--{boundary}--\r\n",
        ]
        started = time.perf_counter()
        status, _ = self.send("POST", f"/turniere/{slug}/spieler/import/", "".join(parts).encode(),
                              f"multipart/form-data; boundary={boundary}")
        return status, time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=5000)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--interval", type=float, default=0.3)
    parser.add_argument("--limit", type=float, default=3.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="tarock-import-serve-"))
    port = free_port()
    env = {key: value for key, value in os.environ.items() if key not in ("DJANGO_DEBUG", "DATABASE_URL")}
    env.update({"DATABASE_URL": f"sqlite:///{workdir / 'db.sqlite3'}", "DJANGO_SECRET_KEY": "bench-import-serve-key",
                "DJANGO_SETTINGS_MODULE": "website.settings", "HOST": "127.0.0.1", "PORT": str(port),
                "DJANGO_STATIC_ROOT": str(workdir / "static"), "SITE_URL": f"http://127.0.0.1:{port}"})
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
    setup = SETUP.replace("HANDS", "10000").replace("PLAYERS", str(args.tables * 4))
    made = subprocess.run([*manage, "shell", "--no-imports", "-c", setup], cwd=ROOT, env=env, capture_output=True,
                          text=True)
    if made.returncode != 0:
        raise SystemExit(f"setting up failed:\n{made.stderr}")
    tokens = json.loads(made.stdout.strip().splitlines()[-1])
    log = open(workdir / "server.log", "w")
    server = subprocess.Popen(["make", "-s", "serve"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                              start_new_session=True)
    try:
        deadline = time.monotonic() + 180
        while True:
            try:
                if call(port, "GET", "/healthz", timeout=2)[0] == 200:
                    break
            except OSError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"make serve did not start; see {workdir / 'server.log'}")
            time.sleep(0.3)
        director = Director(port)
        director.login()
        return measure(args, port, tokens, director)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
        print(f"server log: {workdir / 'server.log'}")


def measure(args, port: int, tokens: list[str], director: Director) -> int:
    ruleset = get_ruleset("tirol")
    stop = threading.Event()
    saves: list[tuple[float, float, int]] = []  # (started, seconds, status)
    lock = threading.Lock()

    def table(token: str, seed: int) -> None:
        rng, number = random.Random(seed), 1
        while not stop.is_set():
            body = json.dumps({"number": number, "key": uuid.uuid4().hex, "hand": random_hand(ruleset, rng)}).encode()
            started = time.perf_counter()
            try:
                status = call(port, "POST", f"/t/{token}/api/hands/", body, {"Content-Type": "application/json"})[0]
            except OSError:
                status = 0
            took = time.perf_counter() - started
            with lock:
                saves.append((started, took, status))
            number += status in (200, 201)
            stop.wait(max(0.0, args.interval - took))

    threads = [threading.Thread(target=table, args=(token, n), daemon=True) for n, token in enumerate(tokens)]
    for thread in threads:
        thread.start()
    time.sleep(args.warmup)
    began = time.perf_counter()
    status, took = director.upload("import", args.players)
    ended = time.perf_counter()
    time.sleep(1)
    stop.set()
    for thread in threads:
        thread.join()
    print(f"{args.players} players imported through make serve in {took:.1f} s (answer {status}) while "
          f"{len(tokens)} tables saved a hand every {args.interval} s each")
    during = [s for s in saves if s[0] + s[1] >= began and s[0] <= ended]
    before = [s for s in saves if s[0] + s[1] < began]
    for label, rows in (("saves before the import", before), ("saves during the import", during)):
        waits = sorted(s[1] for s in rows)
        answers = dict(Counter(s[2] for s in rows))
        p95 = waits[int(0.95 * (len(waits) - 1))] if waits else 0
        print(f"{label:>24}: {len(rows)}, answers {answers}, median {statistics.median(waits):.3f} s, "
              f"p95 {p95:.3f} s, worst {max(waits):.3f} s")
    bad = [s for s in during if s[1] >= args.limit or s[2] != 201]
    print("OK: every save during the import under" if not bad else f"FAILED: {len(bad)} saves not 201 within",
          f"{args.limit} s")
    return 1 if bad or status != 302 else 0


if __name__ == "__main__":
    sys.exit(main())

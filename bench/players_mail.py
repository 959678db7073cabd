"""The players' messages under a 200-player sign-up: how long until every confirmation reached the mail server?

Starts a real SMTP server (tests/players/smtp_sink.py, aiosmtpd) and `make serve` (website/serve.py: two
server processes and the messages' worker) on a throwaway SQLite file with a tournament open for sign-up,
then signs up N players with an e-mail through the sign-up form, CONCURRENCY at a time (each from its own
address, given as the trusted proxy's X-Forwarded-For, as the hub's Caddy does), and watches the server's
folder. It prints the sign-up requests' times (a request never waits for mail), the time until all N
messages had arrived, and each message's delay from its sign-up's answer to its arrival (the contract: at
most 60 s, docs/sources/players.md).

    .venv/bin/python bench/players_mail.py [--players 200] [--concurrency 8] [--without-worker]

--without-worker is the yardstick: the same sign-ups with nothing sent, what the messages cost the requests.

Only 127.0.0.1 is contacted.
"""

from __future__ import annotations

import argparse
import email
import http.cookiejar
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SINK = ROOT / "tests" / "players" / "smtp_sink.py"
SETUP = """
from datetime import timedelta
from django.utils import timezone
from rules.rulesets import BUILTIN
from signup.services import set_registration
from tournament.services import create_tournament
t = create_tournament(name="Bench", slug="bench", date=timezone.localdate() + timedelta(days=9), ruleset=BUILTIN["tirol"])
set_registration(tournament=t, is_open=True, cap=None, deadline=timezone.now() + timedelta(days=8))
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--without-worker", action="store_true",
                        help="the yardstick: the same sign-ups with no worker running (MESSAGES_WORKER=0), nothing sent")
    arguments = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="players-mail-"))
    env = {**{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
           "DJANGO_SETTINGS_MODULE": "website.settings", "DATABASE_URL": f"sqlite:///{work / 'db.sqlite3'}",
           "DJANGO_SECRET_KEY": "bench-only-secret-key-0123456789abcdef-0123456789", "DJANGO_DEBUG": "",
           "DJANGO_STATIC_ROOT": str(work / "static")}
    manage = [sys.executable, str(ROOT / "manage.py")]
    for command in (["migrate", "--noinput", "-v", "0"], ["createcachetable"], ["collectstatic", "--noinput", "-v", "0"],
                    ["shell", "-c", SETUP]):
        subprocess.run(manage + command, cwd=ROOT, env=env, check=True)
    mailbox = work / "mail"
    mailbox.mkdir()
    sink = subprocess.Popen([sys.executable, str(SINK), str(mailbox)], stdout=subprocess.PIPE, text=True)
    smtp_port = int(sink.stdout.readline())
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen([sys.executable, "-m", "website.serve"], cwd=ROOT, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL,
                              env={**env, "HOST": "127.0.0.1", "PORT": str(port), "SITE_URL": base,
                                   "EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": str(smtp_port),
                                   "MESSAGES_WORKER": "0" if arguments.without_worker else "1"})
    arrived: dict[str, float] = {}
    answered: dict[str, float] = {}
    watching = threading.Event()

    def watch() -> None:  # when each message arrived, by its address
        while not watching.is_set():
            for path in mailbox.glob("*.eml"):
                if path.name not in seen:
                    seen.add(path.name)
                    arrived[email.message_from_bytes(path.read_bytes())["To"]] = time.monotonic()
            time.sleep(0.02)

    seen: set[str] = set()
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(base + "/healthz", timeout=2).read()
                break
            except OSError:
                assert time.monotonic() < deadline, "make serve did not start"
                time.sleep(0.3)
        threading.Thread(target=watch, daemon=True).start()

        def sign_up(number: int) -> float:
            browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
            forwarded = {"X-Forwarded-For": f"10.1.{number // 250}.{number % 250 + 1}"}
            page = browser.open(urllib.request.Request(f"{base}/turnier/bench/anmelden/", headers=forwarded)).read().decode()
            token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
            address = f"spieler{number}@example.invalid"
            data = urllib.parse.urlencode({"csrfmiddlewaretoken": token, "name": f"Spieler {number:03d}",
                                           "email": address}).encode()
            started = time.monotonic()
            browser.open(urllib.request.Request(f"{base}/turnier/bench/anmelden/", data=data,
                                                headers={**forwarded, "Referer": base}), timeout=30).read()
            answered[address] = time.monotonic()
            return answered[address] - started

        began = time.monotonic()
        with ThreadPoolExecutor(arguments.concurrency) as pool:
            request_times = list(pool.map(sign_up, range(arguments.players)))
        signed = time.monotonic() - began
        deadline = time.monotonic() + (0 if arguments.without_worker else 300)
        while len(arrived) < arguments.players and time.monotonic() < deadline:
            time.sleep(0.1)
        watching.set()
        done = max(arrived.values()) - began if arrived else float("nan")
        delays = sorted(arrived[a] - answered[a] for a in answered if a in arrived)
        print(f"{arguments.players} sign-ups ({arguments.concurrency} at a time) answered in {signed:.1f} s; "
              f"a sign-up POST: median {statistics.median(request_times) * 1000:.0f} ms, "
              f"max {max(request_times) * 1000:.0f} ms")
        print(f"{len(arrived)} of {arguments.players} messages reached the SMTP server; the last "
              f"{done:.1f} s after the first sign-up")
        if delays:
            print(f"delay sign-up answered -> message arrived: median {statistics.median(delays):.1f} s, "
                  f"95th {delays[int(len(delays) * 0.95) - 1]:.1f} s, max {delays[-1]:.1f} s (contract: 60 s)")
    finally:
        server.terminate()
        server.wait(30)
        sink.terminate()
        sink.wait(10)
        shutil.rmtree(work, ignore_errors=True)
    if not arguments.without_worker:
        sys.exit(0 if len(arrived) == arguments.players and delays and delays[-1] <= 60 else 1)


if __name__ == "__main__":
    main()

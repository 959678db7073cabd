"""The cup's site follows the hall while playing, across real servers (issue 31): a venue served as `make serve`
serves it (website.serve, two waitress processes, its own SQLite file) publishes to a hub (website.serve,
a database of its own) with "publish while playing" on. A correction booked by the director through one
of the venue's processes, a pause tapped on the scorer's page, and a withdrawal written by a command (a
third process, which no server hears: the servers' watchers find it in the database) each reach the hub
within PUBLISH_LIVE_SECONDS (plus the watcher's look for the command): the hub's copy holds the venue's
version and its standings.json equals the venue's."""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from publishing.venue.auto import WATCH_SECONDS

ROOT = Path(__file__).resolve().parents[2]
LIVE_SECONDS = 3.0
SLACK = 6.0  # one publication (build, send, store on the hub) and the page requests, on a busy two-core machine
SLUG = "laufend-am-hub"
PASSWORD = "tarock-leitung-42"

pytestmark = pytest.mark.once

HUB_SETUP = """
from cups.services import create_cup
from publishing.hub.tokens import create_token
_row, token = create_token(cup=create_cup(name="Unterland-Cup", slug="unterland", scheme="fixed"), name="Post")
print(token)
"""
VENUE_SETUP = """
from django.contrib.auth.models import User
from paper.imports.players import import_players
from publishing.venue.services import set_target
from rules.rulesets import BUILTIN
from scoring.services import store_hand
from tournament import rounds, services
import datetime
t = services.create_tournament(name="Laufend", slug="%(slug)s", date=datetime.date(2026, 11, 28), ruleset=BUILTIN["tirol"])
import_players(tournament=t, check_in=True, rows=[{"name": f"Spielerin {i}", "club": "TC Test"} for i in range(9)])
rounds.seat_round(round=t.round_set.get(number=1), seed="hub")
five = next(table for table in t.round_set.get(number=1).tables.all() if table.seats.count() == 5)
for number in (1, 2):
    store_hand(table=five, number=number, data={"contract": "dreier", "declarer": 1, "result": "won"})
User.objects.create_superuser("leitung", "leitung@example.invalid", "%(password)s")
set_target(tournament=t, url="%(hub)s", token="%(token)s", after_each_round=True, while_playing=True)
print(five.token)
"""
WITHDRAW = """
from tournament.models import Entry
from tournament.services import withdraw
withdraw(entry=Entry.objects.filter(tournament__slug="%(slug)s").order_by("pk").last(), after_round=1)
"""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Site:
    """One site (venue or hub): its SQLite file, manage.py on it, and `python -m website.serve` serving it."""

    def __init__(self, name: str, tmp: Path, template: Path, static: Path, processes: int):
        self.name, self.database, self.port = name, tmp / f"{name}.sqlite3", _free_port()
        self.url, self.log = f"http://127.0.0.1:{self.port}", tmp / f"{name}.log"
        shutil.copyfile(template, self.database)
        self.env = {key: value for key, value in os.environ.items()
                    if not key.startswith(("DJANGO_", "SITE_URL", "PYTEST", "HALL_", "DATABASE_URL"))}
        self.env.update({
            "DATABASE_URL": f"sqlite:///{self.database}", "DJANGO_DATA_DIR": str(tmp / name),
            "DJANGO_STATIC_ROOT": str(static),  # collected once for the suite (tests/conftest.py static_root)
            "DJANGO_SETTINGS_MODULE": "website.settings", "DJANGO_DEBUG": "", "DJANGO_HTTPS": "",
            "DJANGO_SECRET_KEY": f"tests-only-{name}-key-not-for-any-deployment-0123456789abcdef",
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1", "SITE_URL": self.url, "HOST": "127.0.0.1", "PORT": str(self.port),
            "SERVER_PROCESSES": str(processes), "PUBLISH_LIVE_SECONDS": str(LIVE_SECONDS), "PUBLISH_ALLOW_PRIVATE": "1"})
        self.process: subprocess.Popen | None = None

    def manage(self, *args: str) -> str:
        result = subprocess.run([sys.executable, str(ROOT / "manage.py"), *args], cwd=ROOT, env=self.env,
                                capture_output=True, text=True, timeout=300, check=False)
        assert result.returncode == 0, f"{self.name}: manage.py {args[0]} failed:\n{result.stdout}\n{result.stderr}"
        return result.stdout

    def shell(self, code: str) -> str:
        """The last line ``code`` printed, run by manage.py shell on this site's database."""
        lines = self.manage("shell", "-c", code).strip().splitlines()
        return lines[-1] if lines else ""

    def serve(self) -> None:
        self.manage("createcachetable")
        with self.log.open("w") as out:
            self.process = subprocess.Popen([sys.executable, "-m", "website.serve"], cwd=ROOT, env=self.env,
                                            stdout=out, stderr=subprocess.STDOUT)
        wait_for(lambda: urllib.request.urlopen(f"{self.url}/healthz", timeout=5).status == 200,  # noqa: S310
                 f"{self.name} serving", 90, self)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()

    def query(self, sql: str, *parameters):
        with sqlite3.connect(self.database, timeout=30) as database:
            row = database.execute(sql, parameters).fetchone()
        return row[0] if row else None

    def standings(self) -> dict:
        with urllib.request.urlopen(f"{self.url}/turnier/{SLUG}/standings.json", timeout=10) as answer:  # noqa: S310
            return json.loads(answer.read())


def wait_for(condition, what: str, seconds: float, site: Site) -> float:
    """Seconds until ``condition()`` holds (polled every 0.2 s; errors count as not yet)."""
    started = time.monotonic()
    while True:
        try:
            if condition():
                return time.monotonic() - started
        except (OSError, ValueError, sqlite3.Error):
            pass
        assert site.process is None or site.process.poll() is None, f"{site.name} stopped:\n{site.log.read_text()}"
        assert time.monotonic() - started < seconds, f"{what}: not within {seconds} s\n{site.log.read_text()[-3000:]}"
        time.sleep(0.2)


def hub_has_venue_state(venue: Site, hub: Site) -> bool:
    version = venue.query("SELECT live_version FROM tournament_tournament WHERE slug = ?", SLUG)
    copied = hub.query("SELECT c.sequence FROM publishing_publishedcopy c JOIN tournament_tournament t "
                       "ON t.id = c.tournament_id WHERE t.slug = ?", SLUG)
    return copied == version and hub.standings() == venue.standings()


class Browser:
    """A client with cookies that sends Django's CSRF token like a form does."""

    def __init__(self, site: Site):
        self.site, self.jar = site, http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str) -> str:
        with self.opener.open(self.site.url + path, timeout=20) as answer:
            return answer.read().decode()

    def post(self, path: str, fields: dict, *, form_on: str | None = None) -> str:
        """POST ``fields`` to ``path`` as the form on page ``form_on`` (``path`` itself by default) does."""
        page = self.get(form_on or path)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        body = urllib.parse.urlencode({**fields, "csrfmiddlewaretoken": token}).encode()
        request = urllib.request.Request(self.site.url + path, data=body, headers={"Referer": self.site.url + path})
        with self.opener.open(request, timeout=20) as answer:
            return answer.read().decode()


@pytest.fixture
def sites(tmp_path, migrated_template, static_root):
    hub = Site("hub", tmp_path, migrated_template, static_root, processes=1)
    venue = Site("venue", tmp_path, migrated_template, static_root, processes=2)  # as `make serve` runs the hall
    yield venue, hub
    venue.stop()
    hub.stop()


def test_a_correction_a_pause_and_a_withdrawal_reach_the_hub_while_playing(sites):
    venue, hub = sites
    token = hub.shell(HUB_SETUP)
    hub.serve()
    scorer_token = venue.shell(VENUE_SETUP % {"slug": SLUG, "password": PASSWORD, "hub": hub.url, "token": token})
    venue.serve()
    # The state before the server started: no process heard it, the watchers find it.
    wait_for(lambda: hub_has_venue_state(venue, hub), "the first publication", LIVE_SECONDS + WATCH_SECONDS + SLACK, venue)

    director = Browser(venue)
    director.post("/anmelden/", {"username": "leitung", "password": PASSWORD})
    entry = venue.query("SELECT id FROM tournament_entry ORDER BY id LIMIT 1")
    round_id = venue.query("SELECT id FROM tournament_round WHERE number = 1")
    page = director.post(f"/leitung/turnier/{SLUG}/korrekturen/",
                         {"entry": entry, "round": round_id, "points": "-5", "reason": "Renonce nachträglich"})
    assert "Renonce nachträglich" in page
    took = {"correction": wait_for(lambda: hub_has_venue_state(venue, hub), "the correction",
                                   LIVE_SECONDS + SLACK, venue)}

    scorer = Browser(venue)
    version = venue.query("SELECT version FROM tournament_table WHERE token = ?", scorer_token)
    scorer.post(f"/t/{scorer_token}/pause/", {"action": "pause", "position": 4, "version": version},
                form_on=f"/t/{scorer_token}/")
    assert venue.query("SELECT absences FROM tournament_table WHERE token = ?", scorer_token) != "[]"
    took["pause"] = wait_for(lambda: hub_has_venue_state(venue, hub), "the pause", LIVE_SECONDS + SLACK, venue)
    assert hub.query("SELECT absences FROM tournament_table t JOIN tournament_round r ON r.id = t.round_id "
                     "JOIN tournament_tournament x ON x.id = r.tournament_id WHERE x.slug = ? AND absences != '[]'",
                     SLUG)

    venue.shell(WITHDRAW % {"slug": SLUG})
    took["withdrawal"] = wait_for(lambda: hub_has_venue_state(venue, hub), "the withdrawal",
                                  LIVE_SECONDS + WATCH_SECONDS + SLACK, venue)
    assert any(row["status"] == "withdrawn" for row in hub.standings()["rows"])
    print("seconds until the hub had it:", {kind: round(seconds, 1) for kind, seconds in took.items()})

"""Behind the trusted proxy each client is itself, through the real server (`python -m website.serve`):
the address the proxy forwards in X-Forwarded-For counts for the login limit, the sign-up limit and the
access log, and its X-Forwarded-Proto makes a request https; from anyone else both headers are ignored.
The proxy is played by connections from 127.0.0.1 (SERVER_TRUSTED_PROXY), a client that connects
directly by connections from 127.0.0.2."""

from __future__ import annotations

import http.client
import re
import socket
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

import pytest

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once

ROOT = Path(__file__).resolve().parents[2]

SETUP = """
from datetime import date, timedelta
from django.contrib.auth import get_user_model
from django.utils import timezone
from rules.rulesets import BUILTIN
from signup.services import set_registration
from tournament import services
get_user_model().objects.create_user("chefin", password="richtig-geheim", is_staff=True)
tournament = services.create_tournament(name="Herbst", slug="herbst", date=date(2026, 11, 21), ruleset=BUILTIN["tirol"])
set_registration(tournament=tournament, is_open=True, cap=None, deadline=timezone.now() + timedelta(days=7))
"""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Site:
    def __init__(self, port: int, host: str | None = None):
        self.port, self.host = port, host or f"127.0.0.1:{port}"

    def send(self, method: str, path: str, *, source: str = "127.0.0.1", forwarded: str | None = None,
             cookies: dict | None = None, form: dict | None = None, headers: dict | None = None):
        """(status, headers, body) of one request from ``source``, with X-Forwarded-For when given."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10, source_address=(source, 0))
        headers = {"Host": self.host, **(headers or {})}
        if forwarded is not None:
            headers["X-Forwarded-For"] = forwarded
        if cookies:
            headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in cookies.items())
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            return response.status, response.headers, response.read().decode()
        finally:
            connection.close()

    def post_form(self, path: str, form: dict, **where):
        """GET the page for its CSRF cookie and token, then POST the form with them (one client)."""
        status, headers, body = self.send("GET", path, **where)
        assert status == 200, body
        cookie = re.search(r"csrftoken=([^;]+)", ", ".join(headers.get_all("Set-Cookie") or [])).group(1)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', body).group(1)
        return self.send("POST", path, cookies={"csrftoken": cookie}, form={**form, "csrfmiddlewaretoken": token},
                         **where)

    def login(self, password: str, **where) -> int:
        return self.post_form("/anmelden/", {"username": "chefin", "password": password}, **where)[0]

    def sign_up(self, name: str, **where) -> int:
        return self.post_form("/turnier/herbst/anmelden/", {"name": name}, **where)[0]


def _start(manage, static_root, settings: dict) -> Site:
    # pages name hashed static files: the suite's collectstatic (tests/conftest.py static_root)
    env = {"DJANGO_DEBUG": "", "DJANGO_STATIC_ROOT": str(static_root), **settings}
    manage.migrated()
    manage("shell", "--no-imports", "-c", SETUP, env=env)
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "website.serve"], cwd=ROOT,
        env={**manage.env, **env, "HOST": "127.0.0.1", "PORT": str(port), "SERVER_PROCESSES": "1",
             "SERVER_THREADS": "2", "SERVER_TRUSTED_PROXY": "127.0.0.1"},
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    running = Site(port, urllib.parse.urlsplit(settings["SITE_URL"]).hostname if "SITE_URL" in settings else None)
    deadline = time.monotonic() + 60
    while True:
        try:
            if running.send("GET", "/healthz")[0] == 200:
                break
        except OSError:
            assert server.poll() is None, server.stdout.read()
            assert time.monotonic() < deadline, "the server did not answer within 60 s"
            time.sleep(0.3)
    running.server = server
    running.log = lambda: _stop(server)
    return running


@pytest.fixture
def site(manage, static_root):
    running = _start(manage, static_root, {})
    try:
        yield running
    finally:
        if running.server.poll() is None:
            _stop(running.server)


@pytest.fixture
def hub(manage, static_root):
    """The site as the hub runs it: SITE_URL on https (which is all DJANGO_HTTPS needs), its one host name."""
    running = _start(manage, static_root, {"SITE_URL": "https://cup.tarock.example",
                                           "DJANGO_ALLOWED_HOSTS": "cup.tarock.example"})
    try:
        yield running
    finally:
        if running.server.poll() is None:
            _stop(running.server)


def _stop(server: subprocess.Popen) -> str:
    server.terminate()
    return server.communicate(timeout=30)[0]


def test_a_crowd_of_wrong_passwords_behind_the_proxy_locks_only_its_own_client(site):
    for _ in range(5):
        assert site.login("falsch", forwarded="203.0.113.5") == 200
    assert site.login("richtig-geheim", forwarded="203.0.113.5") == 429
    # The director at another address behind the same proxy signs in.
    assert site.login("richtig-geheim", forwarded="198.51.100.7") == 302
    # The proxy appends the client it saw: what a client wrote into the header itself is never read.
    assert site.login("richtig-geheim", forwarded="198.51.100.7, 203.0.113.5") == 429
    log = site.log()
    assert re.search(r'203\.0\.113\.5 "POST /anmelden/ HTTP/1\.1" 429', log), log
    assert re.search(r'198\.51\.100\.7 "POST /anmelden/ HTTP/1\.1" 302', log), log


def test_a_client_that_is_not_the_proxy_cannot_claim_another_address(site):
    for n in range(5):
        assert site.login("falsch", source="127.0.0.2", forwarded=f"192.0.2.{n}") == 200
    assert site.login("richtig-geheim", source="127.0.0.2", forwarded="192.0.2.99") == 429
    assert re.search(r'127\.0\.0\.2 "POST /anmelden/ HTTP/1\.1" 429', site.log())


def test_the_sign_up_limit_counts_each_client_behind_the_proxy(site):
    for n in range(10):
        assert site.sign_up(f"Spieler {n}", forwarded="203.0.113.5") == 302
    assert site.sign_up("Spieler 10", forwarded="203.0.113.5") == 429
    assert site.sign_up("Spielerin 11", forwarded="198.51.100.7") == 302
    # Directly, a header names nobody: 127.0.0.2 is one client whatever it claims.
    for n in range(10):
        assert site.sign_up(f"Gast {n}", source="127.0.0.2", forwarded=f"192.0.2.{n}") == 302
    assert site.sign_up("Gast 10", source="127.0.0.2", forwarded="192.0.2.50") == 429


def test_only_the_trusted_proxy_makes_a_request_https(hub):
    proxied = {"X-Forwarded-Proto": "https"}
    status, headers, _ = hub.send("GET", "/anmelden/", forwarded="203.0.113.5", headers=proxied)
    assert status == 200
    assert "max-age=" in headers["Strict-Transport-Security"]
    cookies = headers.get_all("Set-Cookie") or []
    assert any(cookie.startswith("csrftoken=") for cookie in cookies) and all("; Secure" in c for c in cookies), cookies
    # Straight to the instance, claiming https: plain http all the same, sent to the https address.
    status, headers, _ = hub.send("GET", "/anmelden/", source="127.0.0.2", headers=proxied)
    assert (status, headers["Location"]) == (301, "https://cup.tarock.example/anmelden/")
    assert "Strict-Transport-Security" not in headers and not headers.get_all("Set-Cookie")
    # Caddy's own health checks come without the header: answered, not redirected.
    assert hub.send("GET", "/healthz")[0] == 200


def test_a_form_sent_through_the_proxy_from_the_https_page_passes_the_csrf_check(hub):
    origin = {"X-Forwarded-Proto": "https", "Origin": "https://cup.tarock.example"}
    assert hub.post_form("/anmelden/", {"username": "chefin", "password": "richtig-geheim"},
                         forwarded="203.0.113.5", headers=origin)[0] == 302
    # The check is there: the same form sent from another site's page is refused.
    assert hub.post_form("/anmelden/", {"username": "chefin", "password": "richtig-geheim"}, forwarded="203.0.113.5",
                         headers={**origin, "Origin": "https://elsewhere.example"})[0] == 403

"""An event run on the cup's hub with phones only (issue 23): no laptop and no router in the hall, the
director on the hosted site, the scorers on their phones over the internet.

The hub as deploy/ sets it up, on loopback: two waitress instances (`python -m website.serve`, debug
off, SITE_URL on https, SERVER_TRUSTED_PROXY=127.0.0.1) on the suite's PostgreSQL database, and Caddy
in front with deploy/Caddyfile itself (through deploy/Caddyfile.loopback: a certificate of Caddy's own
authority for cup.tarock.example, which chromium resolves to 127.0.0.1). The director signs in over
https, creates the tournament, pastes eight players, seats round 1 and takes the table cards; a phone
(390 x 844) at each table enters hands through the scorer link, the rest of each sheet goes in through
the scorer API from that phone, the phone confirms the sheet; the director closes the round and a phone
shows the standings. Links, QR codes and cookies must all be the https site's.
"""

from __future__ import annotations

import base64
import http.client
import os
import re
import shutil
import socket
import ssl
import subprocess
import sys
import time
import urllib.parse
from decimal import Decimal
from pathlib import Path

import pytest
from browser_flows import PASSWORD, create_with_players, send_the_rest, sign_in, standings_on_page, tap_a_dreier
from django.db import connection
from django.db.models import Sum
from pdf_tools import pdf_text, qr_codes, render_pages
from playwright.sync_api import Page, expect

from scoring.models import HandScore
from tournament.models import Round, Table

ROOT = Path(__file__).resolve().parents[2]
HOST = "cup.tarock.example"  # reserved for examples (RFC 2606): never a real site
CHROMIUM_EXTRA_ARGS = [f"--host-resolver-rules=MAP {HOST} 127.0.0.1"]
PHONE = {"width": 390, "height": 844}
NAMES = ["Anna Berger", "Karl Huber", "Lisa Maier", "Otto Sommer", "Maria Gruber", "Josef Wallner", "Resi Hofer",
         "Franz Egger"]
SLUG = "hub-abend"
FETCH_BYTES = """async url => {
    const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
    let text = "";
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
}"""

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(not os.environ.get("DATABASE_URL", "").startswith("postgres"),
                       reason="PostgreSQL only, as the hub runs (scripts/with-postgres.sh; the PostgreSQL phase of make test)"),
]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _https_get(port: int, path: str, root_ca: Path) -> int:
    """Status of GET path over https on 127.0.0.1:port as HOST, the certificate checked against Caddy's authority."""
    tls = ssl.create_default_context(cafile=str(root_ca))
    with socket.create_connection(("127.0.0.1", port), timeout=10) as raw, \
            tls.wrap_socket(raw, server_hostname=HOST) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nConnection: close\r\n\r\n".encode())
        response = http.client.HTTPResponse(sock)
        response.begin()
        return response.status


def _http_status(port: int, path: str) -> int:
    """Status of GET path straight from an instance (as Caddy's health check asks it)."""
    instance = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        instance.request("GET", path)
        return instance.getresponse().status
    finally:
        instance.close()


def _wait(until, what: str, process: subprocess.Popen, log: Path, seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            if until():
                return
        except (OSError, ssl.SSLError, http.client.HTTPException):
            pass
        assert process.poll() is None, f"{what} stopped:\n{log.read_text()}"
        assert time.monotonic() < deadline, f"{what} did not answer within {seconds} s:\n{log.read_text()}"
        time.sleep(0.3)


class Hub:
    def __init__(self, tmp: Path):
        self.tmp, self.processes, self.port = tmp, [], _free_port()
        self.url = f"https://{HOST}:{self.port}"

    def start(self, name: str, args: list[str], env: dict) -> tuple[subprocess.Popen, Path]:
        log = self.tmp / f"{name}.log"
        with log.open("w") as out:
            process = subprocess.Popen(args, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
        self.processes.append(process)
        return process, log

    def stop(self) -> None:
        for process in reversed(self.processes):
            process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=30)


@pytest.fixture
def hub(transactional_db, tmp_path):
    """The hub on loopback: PostgreSQL (the suite's test database), two instances, Caddy on https."""
    caddy = shutil.which("caddy")
    if caddy is None:
        pytest.fail("caddy not found: the hub's browser test runs Debian's caddy in front of the site "
                    "(apt-get install caddy; scripts/system-packages.sh, run by make test, installs it).", pytrace=False)
    database = urllib.parse.urlsplit(os.environ["DATABASE_URL"])._replace(path="/" + connection.settings_dict["NAME"])
    hub = Hub(tmp_path)
    env = {**{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
           "DJANGO_SETTINGS_MODULE": "website.settings", "DJANGO_DEBUG": "", "DJANGO_HTTPS": "",
           "DJANGO_SECRET_KEY": "tests-only-hub-key-not-for-any-deployment-0123456789abcdef",
           "DATABASE_URL": urllib.parse.urlunsplit(database), "DJANGO_DATA_DIR": str(tmp_path),
           "DJANGO_STATIC_ROOT": str(tmp_path / "static"), "SITE_URL": hub.url, "DJANGO_ALLOWED_HOSTS": HOST,
           "HOST": "127.0.0.1", "SERVER_PROCESSES": "1", "SERVER_THREADS": "4", "SERVER_TRUSTED_PROXY": "127.0.0.1",
           "DJANGO_SUPERUSER_PASSWORD": PASSWORD}
    for command in (["collectstatic", "--noinput", "-v", "0"],
                    ["createsuperuser", "--noinput", "--username", "leitung", "--email", "leitung@example.invalid"]):
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True, timeout=300,
                       capture_output=True)
    try:
        upstreams = []
        for number in (1, 2):
            port = _free_port()
            server, log = hub.start(f"instance{number}", [sys.executable, "-m", "website.serve"],
                                    {**env, "PORT": str(port)})
            upstreams.append((port, server, log))
        for port, server, log in upstreams:
            _wait(lambda port=port: _http_status(port, "/healthz") == 200, "waitress", server, log)
        caddy_data = tmp_path / "caddy"
        process, log = hub.start("caddy", [caddy, "run", "--adapter", "caddyfile", "--config",
                                           str(ROOT / "deploy" / "Caddyfile.loopback")], {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(caddy_data), "XDG_DATA_HOME": str(caddy_data),
            "XDG_CONFIG_HOME": str(caddy_data), "SITE_ADDRESS": HOST, "HTTPS_PORT": str(hub.port),
            "HTTP_PORT": str(_free_port()), "UPSTREAMS": " ".join(f"127.0.0.1:{port}" for port, _, _ in upstreams)})
        hub.root_ca = caddy_data / "caddy" / "pki" / "authorities" / "local" / "root.crt"
        _wait(lambda: _https_get(hub.port, "/healthz", hub.root_ca) == 200, "caddy", process, log)
        hub.instance_logs = [log for _, _, log in upstreams]
        yield hub
    finally:
        hub.stop()


def _all_secure(context) -> list[str]:
    cookies = context.cookies()
    assert cookies and all(cookie["secure"] for cookie in cookies), cookies
    return sorted(cookie["name"] for cookie in cookies)


def _links_stay_on_the_hub(page: Page, hub: Hub) -> None:
    hrefs = page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)")
    assert hrefs and all(href.startswith(f"{hub.url}/") for href in hrefs), hrefs


def test_an_event_on_the_hub_with_phones_only(hub, open_context, artifacts):
    director_context = open_context(hub.url, ignore_https_errors=True)
    director = director_context.new_page()
    sign_in(director)
    # Caddy answered: its own authority signed the certificate chromium was given.
    reply = director.goto("/turniere/")
    assert reply.url.startswith(f"{hub.url}/") and "Caddy Local Authority" in reply.security_details()["issuer"]
    assert "max-age" in reply.headers["strict-transport-security"]
    create_with_players(director, name="Abend am Hub", slug=SLUG, ruleset="tirol", players=NAMES)
    director.locator(".round-card").filter(has=director.get_by_role("link", name="Runde 1", exact=True)) \
        .get_by_role("button", name="Runde setzen").click()
    expect(director.locator("ul.messages")).to_contain_text("Runde 1 ist gesetzt.")
    expect(director.locator("#site-url-warning")).to_have_count(0)  # a public https name reaches every phone
    _links_stay_on_the_hub(director, hub)
    links = [a.get_attribute("href") for a in director.get_by_role("link", name="Scorer-Link").all()]
    assert len(links) == 2
    assert _all_secure(director_context) == ["csrftoken", "hall_known_device", "sessionid"]

    # The table cards the director prints or shows: each QR code opens the table's scorer page on the hub.
    cards = director.get_by_role("link", name="Tischkarten mit QR-Code").get_attribute("href")
    pdf = base64.b64decode(director.evaluate(FETCH_BYTES, cards))
    assert all(f"{hub.url}{link}" in pdf_text(pdf) for link in links)
    pictures = render_pages(pdf, dpi=150, first=1, last=2)
    assert sorted(code for picture in pictures for code in qr_codes(picture)) == sorted(f"{hub.url}{link}"
                                                                                         for link in links)

    # A phone at each table, over the internet: a hand or two tapped, the rest of the sheet sent by the
    # scorer API from the same page, the sheet confirmed.
    for tapped, link in zip((2, 1), links, strict=True):
        phone_context = open_context(hub.url, phone=True, ignore_https_errors=True)
        phone = phone_context.new_page()
        phone.set_viewport_size(PHONE)
        phone.goto(f"{hub.url}{link}")
        for number in range(1, tapped + 1):
            expect(phone.locator("#hand-title")).to_have_text(re.compile(rf"^Spiel {number} von"))
            tap_a_dreier(phone, number)
        token = link.split("/")[2]
        assert set(send_the_rest(phone, token)) == {201}
        phone.reload()
        _links_stay_on_the_hub(phone, hub)
        phone.get_by_role("button", name="Zettel bestätigen").tap()
        expect(phone.locator("ul.messages")).to_contain_text("Tisch bestätigt")
        assert "csrftoken" in _all_secure(phone_context)
        table = Table.objects.get(token=token)
        assert table.hands.count() == table.hands_planned == 16 and table.confirmed_at is not None
    phone.screenshot(path=artifacts / "hub-scorer-390.png", full_page=True)

    director.goto(f"/turniere/{SLUG}/runde/1/")
    director.get_by_role("button", name="Runde abschließen").click()
    expect(director.locator("ul.messages")).to_contain_text("Runde 1 ist abgeschlossen.")
    assert Round.objects.get(tournament__slug=SLUG, number=1).status == Round.CLOSED

    # The standings on a phone, and the same in English: the language cookie too is for https only.
    public_context = open_context(hub.url, phone=True, ignore_https_errors=True)
    public = public_context.new_page()
    public.set_viewport_size(PHONE)
    shown = standings_on_page(public, SLUG)
    stored = dict(HandScore.objects.filter(hand__table__round__tournament__slug=SLUG)
                  .values_list("entry__player__name").annotate(Sum("points")))
    assert shown == {name: stored.get(name, Decimal(0)) for name in NAMES} and sum(shown.values()) == 0
    _links_stay_on_the_hub(public, hub)
    public.screenshot(path=artifacts / "hub-standings-390.png", full_page=True)
    public.locator('.lang-switch button[value="en"]').tap()
    expect(public.locator("html")).to_have_attribute("lang", "en")
    assert public.url == f"{hub.url}/turnier/{SLUG}/"
    assert "django_language" in _all_secure(public_context)

    # Both instances answered (Caddy takes turns), each request from the trusted proxy as https.
    for log in hub.instance_logs:
        assert re.search(r'"POST /t/[^/]+/api/hands/ HTTP/1\.1" 201', log.read_text()), log.read_text()[-3000:]

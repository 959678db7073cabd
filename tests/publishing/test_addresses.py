"""The server sends a tournament and its token only where the operator allows: never into an internal
network by default, only to PUBLISH_ALLOWED_URLS where set, following no redirect; a hub's answer is
shown as plain, short text."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from publishing.forms import TargetForm
from publishing.venue.addresses import NotAllowed, check_address
from publishing.venue.client import send


@pytest.mark.parametrize("url", ["http://127.0.0.1:8000/", "http://localhost/", "http://10.0.0.5/", "http://192.168.1.2/",
                                 "http://172.16.0.1/", "http://169.254.169.254/latest/", "http://[::1]/",
                                 "http://[::ffff:127.0.0.1]/", "http://0.0.0.0/", "http://100.64.0.1/"])
def test_internal_addresses_are_refused_by_default(settings, url):
    settings.PUBLISH_ALLOW_PRIVATE = False
    with pytest.raises(NotAllowed) as refusal:
        check_address(url)
    assert "internen Netz" in refusal.value.message_de and "internal network" in refusal.value.message_en


@pytest.mark.parametrize("url", ["ftp://cup.example.at/", "file:///etc/passwd", "gopher://x/", "http:///nohost"])
def test_only_http_and_https(settings, url):
    with pytest.raises(NotAllowed):
        check_address(url)


def test_only_the_allowed_sites_when_the_operator_names_them(settings):
    settings.PUBLISH_ALLOWED_URLS = ["https://cup.example.at/"]
    settings.PUBLISH_HUB_URL = "https://finale.example.at"
    check_address("https://cup.example.at/api/publish/")
    check_address("https://finale.example.at/")
    for other in ("http://cup.example.at/", "https://cup.example.at:8443/", "https://evil.example.at/"):
        with pytest.raises(NotAllowed) as refusal:
            check_address(other)
        assert "PUBLISH_ALLOWED_URLS" in refusal.value.message_en


@pytest.mark.django_db
def test_the_directors_form_refuses_an_internal_address_in_words(settings):
    settings.PUBLISH_ALLOW_PRIVATE = False
    form = TargetForm({"url": "http://169.254.169.254/", "token": "a.b", "after_each_round": "on"})
    assert not form.is_valid() and "internen Netz" in form.errors["url"][0]


class _Hub(BaseHTTPRequestHandler):
    def do_POST(self):  # noqa: N802 - the http.server hook
        self.rfile.read(int(self.headers["Content-Length"]))
        if self.path.startswith("/weiter"):
            self.send_response(307)
            self.send_header("Location", "http://127.0.0.1:9/api/publish/")
            self.end_headers()
            return
        body = json.dumps({"error_de": "Böse\x00\u202e<b>Antwort</b>" + "x" * 1000, "error_en": "evil"}).encode()
        self.send_response(403)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture
def hub():
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Hub)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def test_no_redirect_is_followed_and_the_answer_is_plain_short_text(make_tournament, hub):
    tournament = make_tournament(players=8, slug="adressen")

    moved = send(tournament, f"{hub}/weiter/", "a.b")
    assert not moved.ok and "leitet weiter" in moved.message_de and "redirects" in moved.message_en

    refused = send(tournament, f"{hub}/", "a.b")
    assert not refused.ok and "\x00" not in refused.message_de and "\u202e" not in refused.message_de
    assert len(refused.message_de) < 400  # cut to 300 characters of the hub's sentence


"""The server sends a tournament and its token only where the operator allows: never into an internal
network by default, only to PUBLISH_ALLOWED_URLS where set, following no redirect; a hub's answer is
shown as plain, short text."""

from __future__ import annotations

import ipaddress
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from publishing.forms import TargetForm
from publishing.venue.addresses import NotAllowed, _public, check_address
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


@pytest.mark.parametrize("url", ["http://[2002:7f00:1::]/", "http://[2002:a00:5::]:8080/",
                                 "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/"])
def test_6to4_and_teredo_forms_of_an_internal_address_are_refused_on_any_python(settings, monkeypatch, url):
    """2002:7f00:1:: is 127.0.0.1 in 6to4, 2001:0:…:80ff:fffe a Teredo client at 127.0.0.1. Pythons before
    3.12.4 count 2002::/16 (and with it these) as global: the check must unwrap them itself."""
    settings.PUBLISH_ALLOW_PRIVATE = False
    table_of_an_older_python = ipaddress.ip_network("2001::/32"), ipaddress.ip_network("2002::/16")
    newer = ipaddress.IPv6Address.is_global
    monkeypatch.setattr(ipaddress.IPv6Address, "is_global", property(
        lambda ip: any(ip in net for net in table_of_an_older_python) or newer.fget(ip)))
    with pytest.raises(NotAllowed) as refusal:
        check_address(url)
    assert "internen Netz" in refusal.value.message_de and "internal network" in refusal.value.message_en


def test_the_6to4_form_of_a_public_address_is_judged_by_that_address(monkeypatch):
    """The unwrapping changes nothing for a public host (the carried 8.8.8.8 is global)."""
    monkeypatch.setattr(ipaddress.IPv6Address, "is_global", property(lambda ip: True))
    assert _public("2002:808:808::") and not _public("2002:7f00:1::") and not _public("::ffff:10.0.0.1")


@pytest.mark.parametrize("url", ["https://cup.example.at:99999/", "https://cup.example.at:65536/api/publish/",
                                 "https://cup.example.at:0/"])
def test_a_port_out_of_range_is_a_sentence_not_a_crash(settings, url):
    settings.PUBLISH_ALLOW_PRIVATE = True
    with pytest.raises(NotAllowed) as refusal:
        check_address(url)
    assert "1 bis 65535" in refusal.value.message_de and "1 to 65535" in refusal.value.message_en


@pytest.mark.django_db
def test_the_directors_publish_page_answers_a_port_above_65535_with_a_form_error(make_tournament, director, client):
    from django.urls import reverse

    tournament = make_tournament(players=8, slug="port")
    response = client.post(reverse("publishing:settings", args=[tournament.slug]), {
        "action": "save", "url": "https://cup.example.at:99999/", "token": "a.b", "after_each_round": "on"})
    assert response.status_code == 422  # the form again, with its error (not a 500)
    assert "Der Port des Cup-Servers ist eine Zahl von 1 bis 65535." in response.content.decode()


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


"""The client's address (hall/clients.py), and waitress's trusted-proxy handling with `make serve`'s
settings: X-Forwarded-For counts from SERVER_TRUSTED_PROXY only."""

from __future__ import annotations

import pytest
from django.test import RequestFactory

from hall.clients import client_address


@pytest.mark.parametrize("remote, expected", [
    ("192.168.1.20", "192.168.1.20"),
    ("::ffff:192.168.1.20", "192.168.1.20"),
    ("[2001:db8::1]", "2001:db8::1"),
    ("2001:DB8:0::1", "2001:db8::1"),
    ("", "-"),
    (None, "-"),
])
def test_one_spelling_of_each_address(remote, expected):
    assert client_address({"REMOTE_ADDR": remote}) == expected
    request = RequestFactory().get("/", REMOTE_ADDR=remote or "")
    assert client_address(request) == expected


def test_a_header_is_never_read_by_the_site_itself():
    request = RequestFactory().get("/", REMOTE_ADDR="192.168.1.20", HTTP_X_FORWARDED_FOR="203.0.113.5",
                                   HTTP_X_REAL_IP="203.0.113.6")
    assert client_address(request) == "192.168.1.20"
    assert client_address(None) == "-"


def _through_waitress(monkeypatch, remote: str, forwarded: str | None, trusted: str | None = None) -> dict:
    from waitress.adjustments import Adjustments
    from waitress.proxy_headers import proxy_headers_middleware

    from website import serve

    if trusted:
        monkeypatch.setenv("SERVER_TRUSTED_PROXY", trusted)
    adj = Adjustments(**serve.options())
    seen = {}

    def app(environ, start_response):
        seen.update(client=client_address(environ), header=environ.get("HTTP_X_FORWARDED_FOR"))
        return []

    wrapped = proxy_headers_middleware(app, trusted_proxy=adj.trusted_proxy, trusted_proxy_count=adj.trusted_proxy_count,
                                       trusted_proxy_headers=adj.trusted_proxy_headers,
                                       clear_untrusted=adj.clear_untrusted_proxy_headers)
    environ = {"REMOTE_ADDR": remote, "wsgi.url_scheme": "http"}
    if forwarded is not None:
        environ["HTTP_X_FORWARDED_FOR"] = forwarded
    wrapped(environ, None)
    return seen


def test_behind_the_trusted_proxy_the_client_is_the_address_it_forwards(monkeypatch):
    assert _through_waitress(monkeypatch, "127.0.0.1", "203.0.113.5")["client"] == "203.0.113.5"
    # The proxy appends the client it saw; whatever the client wrote itself comes before and is not read.
    assert _through_waitress(monkeypatch, "127.0.0.1", "10.0.0.1, 203.0.113.5")["client"] == "203.0.113.5"
    assert _through_waitress(monkeypatch, "127.0.0.1", "2001:db8::7")["client"] == "2001:db8::7"
    assert _through_waitress(monkeypatch, "127.0.0.1", None)["client"] == "127.0.0.1"
    assert _through_waitress(monkeypatch, "10.0.0.2", "203.0.113.5", trusted="10.0.0.2")["client"] == "203.0.113.5"


def test_from_anyone_else_the_header_is_dropped(monkeypatch):
    seen = _through_waitress(monkeypatch, "192.168.1.20", "203.0.113.5")
    assert seen == {"client": "192.168.1.20", "header": None}
    seen = _through_waitress(monkeypatch, "127.0.0.1", "203.0.113.5", trusted="10.0.0.2")
    assert seen == {"client": "127.0.0.1", "header": None}


@pytest.mark.parametrize("remote, counted", [
    ("192.168.1.20", "192.168.1.20"),
    ("::ffff:192.168.1.20", "192.168.1.20"),
    ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
    ("2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"),
    ("", "-"),
])
def test_the_limits_count_an_ipv6_client_by_its_64_network(remote, counted):
    from hall.clients import counted_address

    assert counted_address({"REMOTE_ADDR": remote}) == counted


def test_nothing_but_hall_clients_reads_the_peer_or_a_forwarded_header():
    """One function owns the client's address: no other module of the site looks at REMOTE_ADDR or a
    forwarded header itself (waitress's settings in website/serve.py name the header only as a setting)."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    packages = ["hall", "website", "signup", "publishing", "cups", "paper", "scoring", "tournament", "rules"]
    readers = []
    for package in packages:
        for path in (root / package).rglob("*.py"):
            if path.relative_to(root).as_posix() == "hall/clients.py" or "migrations" in path.parts:
                continue
            text = path.read_text()
            for needle in ("REMOTE_ADDR", "HTTP_X_FORWARDED_FOR", "HTTP_X_REAL_IP", "HTTP_FORWARDED"):
                if needle in text:
                    readers.append(f"{path.relative_to(root)}: {needle}")
    assert readers == []

"""The production start: waitress with debug off serves /healthz and hashed static files, and keeps
answering while phones stall half-way through requests; LAN addresses."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from hall import net

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once

ROOT = Path(__file__).resolve().parents[2]


def test_site_urls_phones_cannot_reach_are_recognised():
    for url in ["http://127.0.0.1:8000", "http://localhost:8000", "http://127.1.2.3", "http://[::1]:8000",
                "http://0.0.0.0:8000", "http://tarock.localhost"]:
        assert net.unreachable_site_url(url), url
    for url in ["http://192.168.1.20:8000", "https://turnier.example.at", "http://10.0.0.5"]:
        assert not net.unreachable_site_url(url), url


def test_the_banner_lists_lan_addresses_and_warns_about_loopback(monkeypatch):
    monkeypatch.setattr(net, "lan_addresses", lambda: ["192.168.1.20"])
    lines = "\n".join(net.banner("0.0.0.0", 8000, "http://127.0.0.1:8000"))
    assert "http://192.168.1.20:8000/" in lines
    assert "WARNING: SITE_URL=http://127.0.0.1:8000 cannot be reached by phones" in lines
    assert "SITE_URL=http://192.168.1.20:8000" in lines
    lines = "\n".join(net.banner("0.0.0.0", 8000, "http://192.168.1.20:8000"))
    assert "WARN" not in lines


def test_lan_addresses_never_include_loopback():
    addresses = net.lan_addresses()
    assert all(not address.startswith("127.") for address in addresses)


def test_allowed_hosts_default_to_localhost_the_lan_addresses_and_site_url(monkeypatch):
    monkeypatch.setattr(net, "lan_addresses", lambda: ["192.168.1.20", "10.0.0.5"])
    hosts = net.allowed_hosts(None, "http://tarock.lan:8000")
    assert {"localhost", "127.0.0.1", "192.168.1.20", "10.0.0.5", "tarock.lan"} <= set(hosts)
    assert "*" not in hosts and len(hosts) == len(set(hosts))
    assert net.allowed_hosts("", "http://127.0.0.1:8000").count("127.0.0.1") == 1


def test_configured_allowed_hosts_replace_the_default_but_keep_loopback(monkeypatch):
    """The hub names its site; its proxy still checks each instance as 127.0.0.1:port."""
    monkeypatch.setattr(net, "lan_addresses", lambda: ["192.168.1.20"])
    assert net.allowed_hosts(" turnier.example.at , 10.0.0.9 ,", "http://192.168.1.20:8000") == [
        "turnier.example.at", "10.0.0.9", "localhost", "127.0.0.1", "[::1]"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str, host: str | None = None):
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    with urllib.request.urlopen(request, timeout=5) as response:
        return response.status, response.headers, response.read()


def _start(manage, env: dict, port: int) -> subprocess.Popen:
    """The production server as `make serve` starts it (website/serve.py), on 127.0.0.1:port."""
    server = subprocess.Popen(
        [sys.executable, "-m", "website.serve"], cwd=ROOT,
        env={**manage.env, **env, "HOST": "127.0.0.1", "PORT": str(port), "SERVER_THREADS": "2"},
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + 60
    while True:
        try:
            _get(f"http://127.0.0.1:{port}/healthz")
            return server
        except OSError:
            assert server.poll() is None, server.stdout.read()
            assert time.monotonic() < deadline, "the server did not answer within 60 s"
            time.sleep(0.3)


def _stop(server: subprocess.Popen) -> str:
    server.terminate()
    return server.communicate(timeout=30)[0]


def test_the_server_with_debug_off_serves_healthz_and_hashed_css(manage, static_root):
    # collectstatic with debug off, as `make serve` runs it: the worker's (tests/hall/conftest.py)
    env = {"DJANGO_DEBUG": "", "DJANGO_STATIC_ROOT": str(static_root)}
    manage.migrated()
    port = _free_port()
    server = _start(manage, env, port)
    try:
        base = f"http://127.0.0.1:{port}"
        status, headers, body = _get(base + "/healthz")
        assert status == 200 and b'"status": "ok"' in body
        assert headers["X-Request-ID"]
        status, headers, body = _get(base + "/")
        css = re.search(r'href="(/static/css/site\.[0-9a-f]{12}\.css)"', body.decode())
        assert css, "no hashed CSS name in the page"
        status, headers, body = _get(base + css.group(1))
        assert status == 200 and headers["Content-Type"].startswith("text/css") and b"{" in body
        assert "immutable" in headers["Cache-Control"]
        # A phone types the laptop's LAN address: that Host is accepted without DJANGO_ALLOWED_HOSTS (the
        # request itself still goes to 127.0.0.1); a foreign host name is refused.
        for address in net.lan_addresses():
            status, headers, body = _get(base + "/healthz", host=f"{address}:{port}")
            assert status == 200, address
        with pytest.raises(urllib.error.HTTPError) as refused:
            _get(base + "/healthz", host="evil.example")
        assert refused.value.code == 400
    finally:
        log = _stop(server)
    # The access log names each request with the id the answer carried, and the CPU time its thread ran.
    assert re.search(r'"GET /healthz HTTP/1.1" 200 \d+ \d+ms id=[0-9a-f]{16} cpu=\d+ms', log), log


def _children(pid: int) -> set[int]:
    return {int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()}


def _wait_for(condition, what: str, seconds: float = 30):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.2)


def _gone(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] == "Z"
    except FileNotFoundError:
        return True


def test_server_processes_are_replaced_when_one_dies_and_leave_with_their_parent(manage, tmp_path):
    env = {"DJANGO_DEBUG": "", "DJANGO_STATIC_ROOT": str(tmp_path / "static"), "SERVER_PROCESSES": "2",
           "MESSAGES_WORKER": "0"}  # the messages' worker, a third child, has its own test (tests/players)
    manage.migrated()
    port = _free_port()
    server = _start(manage, env, port)
    try:
        _wait_for(lambda: len(_children(server.pid)) == 2, "two server processes")
        first, second = sorted(_children(server.pid))
        os.kill(first, signal.SIGKILL)
        _wait_for(lambda: len(_children(server.pid) - {first}) == 2, "a new process for the killed one")
        assert second in _children(server.pid)
        assert _get(f"http://127.0.0.1:{port}/healthz")[0] == 200
        survivors = _children(server.pid)
        server.kill()  # kill -9 of the parent alone: its processes must not keep the port
        server.wait()
        _wait_for(lambda: all(_gone(pid) for pid in survivors), "the server processes left with their parent")
    finally:
        if server.poll() is None:
            server.kill()
        server.communicate(timeout=30)


def test_the_server_settings_are_waitress_settings_and_trust_only_the_local_proxy(monkeypatch):
    from waitress.adjustments import Adjustments
    from waitress.proxy_headers import proxy_headers_middleware

    from website import serve

    monkeypatch.setenv("SERVER_THREADS", "6")
    monkeypatch.setenv("PORT", "8123")
    adj = Adjustments(**serve.options())  # refuses an unknown name or a bad value
    assert adj.threads == 6 and adj.port == 8123 and adj.channel_timeout == 60 and adj.connection_limit >= 260
    seen = {}

    def app(environ, start_response):
        seen.update(proto=environ.get("HTTP_X_FORWARDED_PROTO"), scheme=environ["wsgi.url_scheme"])
        return []

    wrapped = proxy_headers_middleware(app, trusted_proxy=adj.trusted_proxy, trusted_proxy_headers=adj.trusted_proxy_headers,
                                       clear_untrusted=adj.clear_untrusted_proxy_headers)
    for remote, proto, scheme in (("127.0.0.1", "https", "https"), ("192.168.1.20", None, "http")):
        seen.clear()
        wrapped({"REMOTE_ADDR": remote, "HTTP_X_FORWARDED_PROTO": "https", "wsgi.url_scheme": "http"}, None)
        assert seen == {"proto": proto, "scheme": scheme}, remote


def test_phones_that_stall_half_way_through_a_request_do_not_starve_the_server(tmp_path):
    """40 connections that sent half a request head and stopped, then /healthz: a server that gives each
    connection a thread as it opens (gunicorn's gthread workers did) never answers; `make serve` must."""
    port = _free_port()
    env = {key: value for key, value in os.environ.items()
           if key not in ("DJANGO_DEBUG", "DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE")}
    env.update({"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}", "DJANGO_SECRET_KEY": "tests-only-slow-clients",
                "DJANGO_SETTINGS_MODULE": "website.settings", "HOST": "127.0.0.1", "PORT": str(port),
                "DJANGO_STATIC_ROOT": str(tmp_path / "static"), "SERVER_THREADS": "4",
                # the old server's size, for the run that shows the test failing against it
                "GUNICORN_WORKERS": "1", "GUNICORN_THREADS": "4"})
    server = subprocess.Popen(["make", "-s", "serve"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, start_new_session=True)
    stalled = []
    try:
        deadline = time.monotonic() + 180
        while True:
            try:
                _get(f"http://127.0.0.1:{port}/healthz")
                break
            except OSError:
                assert server.poll() is None, server.stdout.read()
                assert time.monotonic() < deadline, "make serve did not answer within 180 s"
                time.sleep(0.3)
        for _ in range(40):
            sock = socket.create_connection(("127.0.0.1", port), timeout=5)
            sock.sendall(f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUser-Agent: stalled\r\n".encode())
            stalled.append(sock)
        for _ in range(5):
            status, _headers, body = _get(f"http://127.0.0.1:{port}/healthz")
            assert status == 200 and b'"status": "ok"' in body
    finally:
        for sock in stalled:
            sock.close()
        os.killpg(server.pid, signal.SIGTERM)
        server.communicate(timeout=30)

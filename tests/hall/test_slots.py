"""The venue server holds its slots (website/slots.py): one client cannot take every connection, and
/healthz answers while one address holds far more idle connections than the server may keep."""

from __future__ import annotations

import http.client
import socket
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from website.slots import SlotKeepingServer, longest_idle

ROOT = Path(__file__).resolve().parents[2]


def channel(host: str, *, last: float, busy: bool = False, half_sent: bool = False, sending: int = 0):
    return SimpleNamespace(addr=(host, 40000), last_activity=last, requests=["r"] if busy else [],
                           request=object() if half_sent else None, total_outbufs_len=sending, will_close=False)


def server(channels, *, per_address: int, limit: int) -> SlotKeepingServer:
    made = SlotKeepingServer.__new__(SlotKeepingServer)  # no socket: only the bookkeeping is tested
    made.active_channels = dict(enumerate(channels))
    made.adj = SimpleNamespace(connection_limit=limit)
    made.per_address = per_address
    return made


def test_idle_connections_go_before_half_sent_ones_and_busy_ones_never():
    idle_new, idle_old = channel("a", last=5), channel("a", last=3)
    half_sent = channel("a", last=1, half_sent=True)
    busy, sending = channel("a", last=0, busy=True), channel("a", last=0, sending=10)
    assert longest_idle([idle_new, half_sent, busy, sending, idle_old]) is idle_old
    assert longest_idle([half_sent, busy]) is half_sent
    assert longest_idle([busy, sending]) is None


def test_an_address_at_its_cap_displaces_its_own_longest_idle_connection():
    mine = [channel("10.0.0.5", last=n) for n in range(3)]
    other = channel("10.0.0.9", last=-1)
    running = server([*mine, other], per_address=3, limit=100)
    assert running.make_room("10.0.0.5")
    assert mine[0].will_close and not other.will_close and not any(c.will_close for c in mine[1:])
    # A new address is simply let in.
    assert server([*mine, other], per_address=3, limit=100).make_room("10.0.0.7")


def test_an_address_whose_connections_are_all_busy_is_refused():
    busy = [channel("10.0.0.5", last=n, busy=True) for n in range(3)]
    assert not server(busy, per_address=3, limit=100).make_room("10.0.0.5")
    assert not any(c.will_close for c in busy)


def test_at_the_connection_limit_the_crowd_gives_way():
    crowd = [channel("10.0.0.5", last=10 + n) for n in range(4)]
    lonely = channel("10.0.0.9", last=0)  # longer idle, but its only connection
    running = server([lonely, *crowd], per_address=10, limit=5)
    assert running.make_room("10.0.0.7")
    assert crowd[0].will_close and not lonely.will_close
    everyone_busy = [channel(f"10.0.0.{n}", last=n, busy=True) for n in range(5)]
    assert not server(everyone_busy, per_address=10, limit=5).make_room("10.0.0.7")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _healthz(port: int, timeout: float = 5) -> int | None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", "/healthz")
        response = connection.getresponse()
        response.read()
        return response.status
    except OSError:
        return None
    finally:
        connection.close()


def _eventually(check, message: str, seconds: float = 30) -> None:
    """Polls ``check`` until it holds (a state of the server, seen from outside) or fails after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, message
        time.sleep(0.05)


def _still_open(sockets) -> int:
    count = 0
    for sock in sockets:
        sock.setblocking(False)
        try:
            count += sock.recv(1) != b""
        except BlockingIOError:
            count += 1  # nothing to read and not closed
        except OSError:
            pass
    return count


@pytest.mark.once
def test_one_address_with_more_idle_connections_than_the_server_holds_leaves_healthz_answering(manage, tmp_path):
    env = {"DJANGO_DEBUG": "", "DJANGO_STATIC_ROOT": str(tmp_path / "static")}
    manage.migrated()
    port = _free_port()
    server_process = subprocess.Popen(
        [sys.executable, "-m", "website.serve"], cwd=ROOT,
        env={**manage.env, **env, "HOST": "127.0.0.1", "PORT": str(port), "SERVER_PROCESSES": "1",
             "SERVER_THREADS": "2", "SERVER_CONNECTION_LIMIT": "100", "SERVER_CONNECTIONS_PER_ADDRESS": "20"},
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    held = []
    try:
        deadline = time.monotonic() + 60
        while _healthz(port, 2) != 200:
            assert server_process.poll() is None, server_process.stdout.read()
            assert time.monotonic() < deadline, "the server did not answer within 60 s"
            time.sleep(0.3)
        for source in ("127.0.0.2", "127.0.0.1"):  # a flood from another address, then from /healthz's own
            flood = [socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
                     for _ in range(250)]
            held.extend(flood)
            # Wait for the state, not a while: the server has taken the flood in and kept 20 of it.
            _eventually(lambda flood=flood: _still_open(flood) <= 20, f"{source} still holds more than 20")
            assert [_healthz(port) for _ in range(5)] == [200] * 5, source
        assert _still_open(held[:250]) <= 20 and _still_open(held[250:]) <= 20
    finally:
        for sock in held:
            sock.close()
        server_process.terminate()
        log = server_process.communicate(timeout=30)[0]
    assert "the most one address may: closing its longest idle" in log, log

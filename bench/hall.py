"""The hall under load: 60 tablets enter 16 hands each through the scorer API against `make serve`.

What a card hall does to the server, in one run per database (SQLite, then PostgreSQL):
- two devices per table (the scorer's tablet and a player's phone) enter every hand and race for it:
  one gets 201, the other 409 and reloads the table's state, as the page's outbox does;
- repeated requests: a share of saves is sent a second time with the same key (a double tap, a
  retry after a slow answer) and must come back 200 with the same hand;
- dropped responses: a share of saves is sent and the connection cut before the answer arrives
  (the Wi-Fi is gone); the device sends it again with the same key until it gets an answer;
- `kill -9` of the whole server (make and the waitress processes under it) twice during the run,
  then `make serve` again; the devices keep retrying through the outage, as the outbox does.
At the end every table is read back through the API and compared with what the devices meant to
enter: lost (a hand missing), duplicated (a hand stored twice or under another number), wrong (a
stored hand or its points differ from the engine's score of what was entered, or a player's total
in standings.json differs from the sum of his hands) and 5xx (in the server's access log, including
answers nobody read) must all be 0; the exit status is 1 otherwise. It prints hands per second
(stored hands / wall time, outages included) and answer times of the saves.

    make bench-hall      (or: .venv/bin/python bench/hall.py [--db sqlite|postgres|both] [--tables 60])

PostgreSQL runs on a throwaway cluster (scripts/with-postgres.sh). Only 127.0.0.1 is contacted.
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
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.engine import read_hand, score  # noqa: E402 - the pure engine, no Django
from rules.engine.sampling import random_hand  # noqa: E402
from rules.rulesets import get_ruleset  # noqa: E402
from scoring.seats import active_positions  # noqa: E402

SLUG = "hall"
RULES = "tirol"
SERVER_LOG_5XX = re.compile(r'" (5\d\d) ')


@dataclass
class Tally:
    """What the devices saw; one lock, since 120 threads count into it."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    counts: Counter = field(default_factory=Counter)
    save_ms: list[float] = field(default_factory=list)
    acks: dict = field(default_factory=lambda: defaultdict(list))  # (table, number) -> [(key, points, cash)]
    keys: dict = field(default_factory=lambda: defaultdict(set))  # (table, number) -> keys sent
    refusals: list = field(default_factory=list)
    stored: set = field(default_factory=set)  # (table, number) acknowledged
    in_flight: int = 0  # requests sent and not yet answered: what a kill -9 cuts off


    def count(self, what: str, n: int = 1) -> None:
        with self.lock:
            self.counts[what] += n


class Server:
    """`make serve` in a session of its own, so kill -9 reaches make and the server under it at once."""

    def __init__(self, env: dict, port: int, log: Path):
        self.env, self.port, self.log = env, port, log
        self.process: subprocess.Popen | None = None

    def start(self, timeout: float = 180) -> float:
        started = time.perf_counter()
        with open(self.log, "a") as log:
            self.process = subprocess.Popen(["make", "-s", "serve"], cwd=ROOT, env=self.env, stdout=log,
                                            stderr=subprocess.STDOUT, start_new_session=True)
        while time.perf_counter() - started < timeout:
            if self.process.poll() is not None:
                raise SystemExit(f"make serve stopped (exit {self.process.returncode}); see {self.log}")
            try:
                if request(self.port, "GET", "/healthz", timeout=2)[0] == 200:
                    return time.perf_counter() - started
            except OSError:
                pass
            time.sleep(0.2)
        raise SystemExit(f"make serve did not answer /healthz within {timeout:.0f} s; see {self.log}")

    def kill9(self) -> None:
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.kill9()


def request(port: int, method: str, path: str, body: bytes | None = None, timeout: float = 30) -> tuple[int, dict]:
    """One request on a new connection, as a phone on shaky Wi-Fi makes it; OSError when unreachable."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        raw = response.read()
        try:
            data = json.loads(raw) if raw else {}
        except ValueError:
            data = {"raw": raw[:200].decode("utf-8", "replace")}
        return response.status, data
    except http.client.HTTPException as error:
        raise OSError(str(error)) from error
    finally:
        connection.close()


def send_and_drop(port: int, path: str, body: bytes, rng: random.Random) -> None:
    """Send a save and cut the connection (RST) before the answer: the hand may or may not be stored."""
    head = (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
            sock.sendall(head + body)
            time.sleep(rng.uniform(0, 0.05))
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    except OSError:
        pass


class Device(threading.Thread):
    """One tablet or phone at a table: enters the table's intended hands in order until it is full."""

    def __init__(self, bench: HallBench, table: int, token: str, name: str, seed: str, home: int = 0):
        super().__init__(daemon=True)
        self.bench, self.table, self.token, self.name = bench, table, token, name
        # The instance this device talks to (--instances); when it is unreachable the device tries the
        # next one, as a load balancer in front of several instances would send it there.
        self.home = home
        self.rng = random.Random(seed)
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self._enter_all()
        except BaseException as error:  # noqa: BLE001 - reported in the summary, never swallowed
            self.error = error

    def _call(self, method: str, path: str, body: bytes | None = None) -> tuple[int, dict]:
        """Retry through outages and 5xx (counted) until the server gives an answer."""
        delay = 0.1
        tally, ports = self.bench.tally, self.bench.ports
        failures = 0
        while True:
            with tally.lock:
                tally.in_flight += 1
            try:
                status, data = request(ports[(self.home + failures) % len(ports)], method, path, body)
            except OSError:
                failures += 1
                tally.count("retries while unreachable")
            else:
                if status < 500:
                    return status, data
                tally.count("5xx seen by devices")
            finally:
                with tally.lock:
                    tally.in_flight -= 1
            time.sleep(delay)
            delay = min(delay * 2, 2.0)

    def _enter_all(self) -> None:
        tally, planned = self.bench.tally, self.bench.hands_planned
        state_path = f"/t/{self.token}/api/"
        number = self._call("GET", state_path)[1]["next_number"]
        while number <= planned:
            outcome = self._save(number)
            if outcome == "stored":
                number += 1
            elif outcome == "taken":
                status, state = self._call("GET", state_path)
                number = state.get("next_number", number) if status == 200 else number
            else:
                return
            time.sleep(self.rng.uniform(0, self.bench.think))
        tally.count("devices finished")

    def _save(self, number: int) -> str:
        bench, tally = self.bench, self.bench.tally
        hand = bench.intended[self.table][number]
        key = f"t{self.table}-n{number}-{self.name}-{uuid.uuid4().hex[:12]}"
        with tally.lock:
            tally.keys[(self.table, number)].add(key)
        path = f"/t/{self.token}/api/hands/"
        body = json.dumps({"number": number, "key": key, "hand": hand}).encode()
        if self.rng.random() < bench.drop_share:
            send_and_drop(bench.ports[self.home], path, body, self.rng)
            tally.count("dropped responses")
        started = time.perf_counter()
        status, data = self._call("POST", path, body)
        elapsed = (time.perf_counter() - started) * 1000
        with tally.lock:
            tally.save_ms.append(elapsed)
            tally.counts[f"answer {status}"] += 1
        if status in (200, 201):
            with tally.lock:
                tally.acks[(self.table, number)].append((key, data.get("number"), data.get("points"), data.get("cash")))
                tally.stored.add((self.table, number))
            if self.rng.random() < bench.repeat_share:
                again, replay = self._call("POST", path, body)
                tally.count("repeated requests")
                if again != 200 or replay.get("number") != number or replay.get("points") != data.get("points"):
                    tally.count("replays answered wrongly")
            return "stored"
        if status == 409:
            return "taken"
        with tally.lock:
            tally.refusals.append((self.table, number, status, data))
        return "refused"


class HallBench:
    def __init__(self, args, database_url: str, label: str):
        self.args, self.database_url, self.label = args, database_url, label
        self.tables = args.tables
        self.hands_planned = 16
        self.drop_share, self.repeat_share, self.think = args.drop, args.repeat, args.think
        self.tally = Tally()
        self.workdir = Path(tempfile.mkdtemp(prefix="tarock-hall-"))
        # One `make serve` per instance, all on the same database (--instances: the hub's several processes
        # or machines); the first one's port is where the tables are read back.
        self.ports = [free_port() for _ in range(args.instances)]
        self.port = self.ports[0]
        self.env = {key: value for key, value in os.environ.items() if key not in ("DJANGO_DEBUG", "DATABASE_URL")}
        self.env.update({
            "DATABASE_URL": database_url, "DJANGO_SECRET_KEY": "bench-hall-key-not-for-production",
            "DJANGO_SETTINGS_MODULE": "website.settings", "HOST": "127.0.0.1", "PORT": str(self.port),
            "SITE_URL": f"http://127.0.0.1:{self.port}", "DJANGO_STATIC_ROOT": str(self.workdir / "static"),
            "SERVER_PROCESSES": str(args.processes), "SERVER_THREADS": str(args.threads),
        })
        self.servers = [Server({**self.env, "PORT": str(port)}, port, self.workdir / f"server-{n + 1}.log")
                        for n, port in enumerate(self.ports)]
        self.server = self.servers[0]
        self.ruleset = get_ruleset(RULES)
        self.intended: dict[int, dict[int, dict]] = {}
        self.tokens: dict[int, str] = {}

    def manage(self, *args: str) -> str:
        done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=self.env, capture_output=True,
                              text=True)
        if done.returncode != 0:
            raise SystemExit(f"manage.py {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
        return done.stdout

    def prepare(self) -> None:
        started = time.perf_counter()
        self.manage("migrate", "--noinput")
        self.manage("seed_demo", "--players", str(self.tables * 4), "--played", "0", "--slug", SLUG,
                    "--rules", RULES, "--seed", "hall-bench")
        links = json.loads(self.manage("table_links", SLUG, "--base-url", f"http://127.0.0.1:{self.port}"))
        for link in links:
            self.tokens[link["table"]] = urllib.parse.urlsplit(link["url"]).path.split("/")[2]
        rng = random.Random(f"hall-{self.tables}")
        self.intended = {table: {number: random_hand(self.ruleset, rng) for number in range(1, self.hands_planned + 1)}
                         for table in self.tokens}
        print(f"[{self.label}] {len(self.tokens)} tables seated with seed_demo --played 0 "
              f"in {time.perf_counter() - started:.1f} s")

    def run(self) -> bool:
        self.prepare()
        for server in self.servers:
            boot = server.start()
            print(f"[{self.label}] make serve on port {server.port} answered /healthz after {boot:.1f} s "
                  f"(waitress, {self.args.processes} processes x {self.args.threads} threads)")
        # With several instances a table's two devices talk to different ones: they race across servers.
        devices = [Device(self, table, token, name, f"{table}-{name}", home=(table + n) % len(self.ports))
                   for table, token in sorted(self.tokens.items())
                   for n, name in enumerate(("tablet", "phone")[: self.args.devices])]
        total = len(self.tokens) * self.hands_planned
        started = time.perf_counter()
        for device in devices:
            device.start()
        outages = self._kill_during(devices, total)
        for device in devices:
            device.join()
        wall = time.perf_counter() - started
        try:
            return self._report(devices, wall, outages)
        finally:
            for server in self.servers:
                server.stop()

    def _kill_during(self, devices: list[Device], total: int) -> list[float]:
        outages = []
        for turn, share in enumerate(self.args.kill_at):
            server = self.servers[turn % len(self.servers)]  # each instance in turn
            while len(self.tally.stored) < share * total and any(device.is_alive() for device in devices):
                time.sleep(0.02)
            if not any(device.is_alive() for device in devices):
                break
            at, cut = len(self.tally.stored), self.tally.in_flight
            server.kill9()
            down = time.perf_counter()
            server.start()
            outages.append(time.perf_counter() - down)
            print(f"[{self.label}] kill -9 of the server on port {server.port} after {at} of {total} hands, "
                  f"{cut} requests in flight; back after {outages[-1]:.1f} s")
        return outages

    def _check(self) -> Counter:
        """Read every table back and compare with what the devices meant to enter."""
        found: Counter = Counter()
        expected_totals: dict[str, float] = defaultdict(float)
        for table, token in sorted(self.tokens.items()):
            status, state = request(self.port, "GET", f"/t/{token}/api/")
            assert status == 200, (table, status, state)
            numbers = [row["number"] for row in state["hands"]]
            found["lost"] += len(set(range(1, self.hands_planned + 1)) - set(numbers))
            found["duplicated"] += len(numbers) - len(set(numbers)) + sum(1 for n in numbers if n > self.hands_planned)
            size = len(state["seats"])
            for row in state["hands"]:
                number = row["number"]
                if number not in self.intended[table]:
                    continue
                meant = self.intended[table][number]
                expected = score(meant, self.ruleset).to_dict()
                if row["key"] not in self.tally.keys[(table, number)]:
                    stray = any(row["key"] in keys for (t, _), keys in self.tally.keys.items() if t == table)
                    found["duplicated" if stray else "wrong"] += 1
                same_hand = read_hand(row["hand"], self.ruleset).to_dict() == read_hand(meant, self.ruleset).to_dict()
                if not same_hand or row["points"] != expected["points"] or row["cash"] != expected["cash"]:
                    found["wrong"] += 1
                for seat, position in enumerate(active_positions(number, size, state.get("first_dealer") or 0)):
                    expected_totals[state["seats"][position]["name"]] += expected["points"][seat]
            for number in range(1, self.hands_planned + 1):
                expected = score(self.intended[table][number], self.ruleset).to_dict()
                for _key, acked_number, points, cash in self.tally.acks.get((table, number), []):
                    if acked_number != number or points != expected["points"] or cash != expected["cash"]:
                        found["wrong answers"] += 1
        status, standings = request(self.port, "GET", f"/turnier/{SLUG}/standings.json")
        assert status == 200, status
        # Every instance shows the same standings: no process serves a page cached before another's write.
        found["instances showing other standings"] = sum(
            1 for port in self.ports[1:] if request(port, "GET", f"/turnier/{SLUG}/standings.json") != (200, standings))
        totals = {row["name"]: row["total"] for row in standings["rows"]}
        found["wrong totals"] = sum(1 for name, total in expected_totals.items()
                                    if abs(float(totals.get(name, 0)) - total) > 0.005)
        return found

    def _report(self, devices: list[Device], wall: float, outages: list[float]) -> bool:
        tally = self.tally
        found = self._check()
        log = "".join(server.log.read_text(errors="replace") for server in self.servers)
        found["5xx in the server log"] = len(SERVER_LOG_5XX.findall(log))
        found["5xx seen by devices"] = tally.counts["5xx seen by devices"]
        found["tracebacks in the server log"] = log.count("Traceback")
        found["refused hands (4xx other than 409)"] = len(tally.refusals)
        found["devices that crashed"] = sum(1 for device in devices if device.error is not None)
        found["replays answered wrongly"] = tally.counts["replays answered wrongly"]
        stored = len(tally.stored)
        ms = sorted(tally.save_ms)
        print(f"[{self.label}] {stored} hands stored at {len(self.tokens)} tables by {len(devices)} devices in "
              f"{wall:.1f} s: {stored / wall:.1f} hands/s ({len(outages)} kill -9 outages, "
              f"{' + '.join(f'{o:.1f}' for o in outages) or '0'} s, included)")
        if ms:
            print(f"[{self.label}] save answers: median {statistics.median(ms):.0f} ms, "
                  f"95th percentile {ms[int(len(ms) * 0.95) - 1]:.0f} ms, max {ms[-1]:.0f} ms "
                  f"(retries through outages included)")
        seen = ", ".join(f"{what}: {n}" for what, n in sorted(tally.counts.items()) if what != "5xx seen by devices")
        print(f"[{self.label}] traffic: {seen}")
        for what in ("lost", "duplicated", "wrong", "wrong answers", "wrong totals",
                     "instances showing other standings", "5xx in the server log",
                     "5xx seen by devices", "tracebacks in the server log", "refused hands (4xx other than 409)",
                     "replays answered wrongly", "devices that crashed"):
            print(f"[{self.label}]   {what:38} {found[what]}")
        for table, number, status, data in tally.refusals[:5]:
            print(f"[{self.label}]   refused: table {table} hand {number}: {status} {data}")
        for device in devices:
            if device.error is not None:
                print(f"[{self.label}]   device {device.table}/{device.name} crashed: {device.error!r}")
                break
        ok = not any(found.values())
        print(f"[{self.label}] {'OK: nothing lost, duplicated or wrong, no 5xx' if ok else 'FAILED'}"
              f" (server logs: {', '.join(str(server.log) for server in self.servers)})")
        return ok


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--devices", type=int, choices=[1, 2], default=2, help="devices per table")
    parser.add_argument("--drop", type=float, default=0.1, help="share of saves whose answer is cut off")
    parser.add_argument("--repeat", type=float, default=0.1, help="share of saves sent twice with the same key")
    parser.add_argument("--think", type=float, default=0.05, help="most seconds a device waits between hands")
    parser.add_argument("--kill-at", type=float, nargs="*", default=[0.33, 0.66],
                        help="kill -9 the server when these shares of the hands are stored")
    parser.add_argument("--instances", type=int, default=1,
                        help="`make serve` instances on the same database, each on its own port (the hub)")
    parser.add_argument("--processes", type=int, default=int(os.environ.get("SERVER_PROCESSES", "2")))
    parser.add_argument("--threads", type=int, default=int(os.environ.get("SERVER_THREADS", "8")))
    args = parser.parse_args()
    ok = True
    if args.db in ("sqlite", "both"):
        workdir = Path(tempfile.mkdtemp(prefix="tarock-hall-db-"))
        ok &= HallBench(args, f"sqlite:///{workdir / 'hall.sqlite3'}", "SQLite").run()
    if args.db in ("postgres", "both"):
        url = os.environ.get("DATABASE_URL", "")
        if url.startswith("postgres"):
            ok &= HallBench(args, url, "PostgreSQL").run()
        else:  # a throwaway cluster around a second run of this script
            command = [str(ROOT / "scripts" / "with-postgres.sh"), sys.executable, __file__, "--db", "postgres"]
            ok &= subprocess.run(command + strip_db(sys.argv[1:]), cwd=ROOT).returncode == 0
    return 0 if ok else 1


def strip_db(argv: list[str]) -> list[str]:
    """The command line without its --db choice (the PostgreSQL run sets its own)."""
    kept, skip = [], False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--db":
            skip = True
        elif not arg.startswith("--db="):
            kept.append(arg)
    return kept


if __name__ == "__main__":
    sys.exit(main())

"""How long a newcomer waits for `make run`: from the command to the demo's first page.

Runs `make run` (migrate, cache table, seed_demo with the demo cups, the LAN banner, runserver) on a
throwaway SQLite file and a free port on 127.0.0.1, asks for the start page every 0.2 s and prints
the seconds until it answered, with the time `make run` printed for each tournament seed_demo built.
The virtualenv must exist already (the figure is "once the virtualenv exists"); make's own check of it
runs as usual.

    .venv/bin/python bench/first_run.py [--runs 1] [MAKE_ARGUMENT ...]

Extra arguments go to make (e.g. `VENV=/path/to/.venv -o /path/to/.venv/.installed` to use a
virtualenv elsewhere without reinstalling into it).
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 600


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def answers(port: int) -> bool:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        connection.request("GET", "/")
        response = connection.getresponse()
        response.read()
        return response.status == 200
    except (OSError, http.client.HTTPException):
        return False
    finally:
        connection.close()


def first_run(make_arguments: list[str]) -> tuple[float, list[str]]:
    """Seconds from `make run` to the start page's first 200, and seed_demo's lines of each tournament."""
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{folder}/db.sqlite3", "HOST": "127.0.0.1", "PORT": str(port),
               "DJANGO_DATA_DIR": folder}
        log = Path(folder) / "make.log"
        with log.open("w") as out:
            started = time.perf_counter()
            make = subprocess.Popen(["make", "--no-print-directory", "run", *make_arguments], cwd=ROOT, env=env,
                                    stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
            try:
                while not answers(port):
                    if make.poll() is not None:
                        raise SystemExit(f"make run stopped (exit {make.returncode}):\n{log.read_text()}")
                    if time.perf_counter() - started > TIMEOUT:
                        raise SystemExit(f"no answer within {TIMEOUT} s:\n{log.read_text()}")
                    time.sleep(0.2)
                seconds = time.perf_counter() - started
            finally:
                os.killpg(make.pid, signal.SIGTERM)
                make.wait()
        built = [line for line in log.read_text().splitlines() if re.match(r"Demo tournament '.*hands in", line)]
    return seconds, built


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=1)
    options, make_arguments = parser.parse_known_args()
    for run in range(1, options.runs + 1):
        seconds, built = first_run(make_arguments)
        print(f"run {run}: make run answered after {seconds:.1f} s ({len(built)} demo tournaments)")
        for line in built:
            print(f"  {line}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()

"""Simultaneous wrong guesses from several processes (server processes) × threads on the hall's SQLite
file: at most LOGIN_MAX_FAILURES of them reach the password check, the rest are refused with 429."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once

PROCESSES = 3
THREADS = 4

GUESSER = f"""
import json, os, pathlib, sys, threading, time, django
sys.path.insert(0, os.environ["HALL_ROOT"])
django.setup()
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import connection
from django.test import Client

checks = []
original = AbstractBaseUser.check_password

def counted(user, raw_password):
    checks.append(raw_password)
    time.sleep(0.2)  # keep the checks overlapping, as a slow hasher would
    return original(user, raw_password)

AbstractBaseUser.check_password = counted
statuses = []

def guess(n):
    try:
        response = Client().post("/anmelden/", {{"username": "victim", "password": f"falsch-{{sys.argv[1]}}-{{n}}"}})
        statuses.append(response.status_code)
    finally:
        connection.close()

folder = pathlib.Path(sys.argv[2])
(folder / f"ready-{{sys.argv[1]}}").touch()
while not (folder / "go").exists():  # all processes start guessing at once
    time.sleep(0.01)
threads = [threading.Thread(target=guess, args=(n,)) for n in range({THREADS})]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(json.dumps({{"checks": len(checks), "statuses": statuses}}))
"""


def test_simultaneous_guesses_from_several_workers_are_checked_at_most_the_limit(manage, tmp_path):
    manage.migrated()
    manage("createcachetable")  # as make serve does
    manage("shell", "--no-imports", "-c", "from django.contrib.auth.models import User; "
           "User.objects.create_user('victim', password='richtig-geheim', is_staff=True)")
    guessers = [subprocess.Popen([sys.executable, "-c", GUESSER, str(n), str(tmp_path)], env=manage.env, cwd=tmp_path,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                for n in range(PROCESSES)]
    deadline = time.monotonic() + 120
    while len(list(tmp_path.glob("ready-*"))) < PROCESSES and time.monotonic() < deadline:
        time.sleep(0.05)
    (tmp_path / "go").touch()
    outputs = [guesser.communicate(timeout=300) for guesser in guessers]
    results = []
    for guesser, (out, err) in zip(guessers, outputs, strict=True):
        assert guesser.returncode == 0, err
        results.append(json.loads(out.strip().splitlines()[-1]))
    assert sum(result["checks"] for result in results) == 5
    statuses = sorted(status for result in results for status in result["statuses"])
    assert statuses == [200] * 5 + [429] * (PROCESSES * THREADS - 5)

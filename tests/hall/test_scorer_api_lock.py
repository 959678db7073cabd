"""A scorer's save while another writer holds SQLite's lock past the busy timeout: a JSON 503 with
Retry-After, not the HTML 500 "database is locked" of before (scoring/api.py)."""

from __future__ import annotations

import pytest

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once

SAVE_WHILE_LOCKED = """
import sqlite3
from datetime import date
from django.conf import settings
from django.test import Client
from paper.imports.players import import_players
from rules.rulesets import BUILTIN
from tournament import rounds, services

tournament = services.create_tournament(name="Busy", slug="busy", date=date(2026, 11, 21), ruleset=BUILTIN["tirol"])
import_players(tournament=tournament, check_in=True, rows=[{"name": f"S {i}"} for i in range(8)])
rounds.seat_round(round=tournament.round_set.get(number=1), seed="x")
table = tournament.round_set.get(number=1).tables.first()
holder = sqlite3.connect(settings.DATABASES["default"]["NAME"], isolation_level=None)
holder.execute("BEGIN IMMEDIATE")  # another writer holds the lock longer than the busy timeout
response = Client(raise_request_exception=False).post(f"/t/{table.token}/api/hands/", content_type="application/json",
                         data='{"number": 1, "key": "abcdefgh1234", "hand": {"contract": "dreier", "declarer": 0, "result": "won"}}')
holder.rollback()
print(response.status_code, response.get("Retry-After"), response["Content-Type"])
"""


def test_a_real_sqlite_lock_is_a_503_not_an_html_500(manage):
    manage.migrated()
    result = manage("shell", "--no-imports", "-c", SAVE_WHILE_LOCKED, env={"SQLITE_BUSY_TIMEOUT": "0.2"})
    status, retry_after, content_type = result.stdout.split()[-3:]
    assert (status, content_type) == ("503", "application/json")
    assert int(retry_after) > 0

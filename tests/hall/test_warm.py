"""A server process is ready before its first connection (website/warm.py): the scorer whose save or page
is the first a process answers does not wait for the URLconf's imports, the static files' list, the
templates or the translations (issue 31: such saves took 1.1–2.8 s on the emulated Slow 3G phone)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

# Each test starts its own process on an SQLite file: run once, in the SQLite phase of `make test`.
pytestmark = pytest.mark.once

ROOT = Path(__file__).resolve().parents[2]

# website.serve's own start, up to the moment waitress would take the first connection (slots.serve):
# what is loaded there, and what a first scorer request still had to load after it.
START = """
import json, os, sys
os.environ["DJANGO_SETTINGS_MODULE"] = "website.settings"
from django.template import engines
from website import serve, slots
seen = {}
def first_connection(application, settings, per_address):
    from django.test import Client
    seen["modules"] = sorted(sys.modules)
    seen["templates"] = sorted(engines["django"].engine.template_loaders[0].get_template_cache)
    before = set(sys.modules)
    seen["status"] = Client().get("/t/no-such-table-token-here/zettel/").status_code
    seen["imported_by_a_scorer_request"] = sorted(set(sys.modules) - before)
slots.serve = first_connection
serve._follow_changes = lambda: None
serve._serve({})
print(json.dumps(seen))
"""


def started(tmp_path, migrated: Path, static: Path) -> dict:
    shutil.copy(migrated, tmp_path / "db.sqlite3")
    env = {key: value for key, value in os.environ.items() if key not in ("DJANGO_DEBUG", "DATABASE_URL")}
    env.update(DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}", DJANGO_SECRET_KEY="warm-test-key-not-for-production",
               DJANGO_DATA_DIR=str(tmp_path), DJANGO_STATIC_ROOT=str(static))
    done = subprocess.run([sys.executable, "-c", START], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_server_process_has_its_views_and_the_phones_templates_before_the_first_connection(tmp_path, migrated_template,
                                                                                              static_root):
    seen = started(tmp_path, migrated_template, static_root)
    # The URLconf with every view it names (cups.views pulls icalendar in: the slowest import of all).
    assert {"website.urls", "scoring.api", "scoring.phone_views", "scoring.views", "cups.views", "icalendar"} <= set(seen["modules"])
    assert {"base.html", "scoring/sheet.html", "scoring/_sheet_live.html", "scoring/_preview.html",
            "scoring/scorer-worker.js"} <= set(seen["templates"])
    # A scorer's request to the fresh process (a table link that is no more) loads no module of the site any more.
    assert seen["status"] == 404
    site = ("website", "scoring", "tournament", "cups", "hall", "paper", "players", "publishing", "rating",
            "rules", "signup", "web", "language", "django", "whitenoise", "icalendar", "pydantic")
    assert [name for name in seen["imported_by_a_scorer_request"] if name.split(".")[0] in site] == []


def test_warming_up_answers_healthz_and_writes_nothing(tmp_path):
    script = """
import os, django, json
os.environ["DJANGO_SETTINGS_MODULE"] = "website.settings"
from website.wsgi import application
from website.warm import warm_up
from django.db import connection
print(json.dumps([warm_up(application), connection.connection is None]))
"""
    env = {key: value for key, value in os.environ.items() if key not in ("DJANGO_DEBUG", "DATABASE_URL")}
    env.update(DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}", DJANGO_SECRET_KEY="warm-test-key-not-for-production",
               DJANGO_DATA_DIR=str(tmp_path), DJANGO_STATIC_ROOT=str(tmp_path / "static"))
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    status, closed = json.loads(done.stdout.strip().splitlines()[-1])
    assert status.startswith("200") and closed
    # No table was made: /healthz asks "SELECT 1" of an empty database.
    assert subprocess.run(["sqlite3", str(tmp_path / "db.sqlite3"), ".tables"], capture_output=True, text=True).stdout.strip() == ""

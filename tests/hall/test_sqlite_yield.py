"""A long import's transactions let waiting saves go first (hall/sqlite/), on the hall's SQLite file.

A save that has waited a while for SQLite's lock polls for it only every 100 ms; an import's next batch
that arrives just before the lock is free polls every few ms and used to win it, again and again
(bench/import_serve.py). Now the import waits while a save waits."""

from __future__ import annotations

import pytest

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once

RACE = """
import fcntl, sqlite3, threading, time
from django.conf import settings
from django.db import connection, transaction
from hall.sqlite import base, yielding_to_saves

name = settings.DATABASES["default"]["NAME"]
order = []
holder = sqlite3.connect(name, isolation_level=None)
holder.execute("BEGIN IMMEDIATE")  # a batch of the import holds the lock


def save():
    with transaction.atomic():
        order.append("save")
    connection.close()


def next_batch():
    with yielding_to_saves(), transaction.atomic():
        order.append("import")
    connection.close()


def someone_waits():
    with open(name + "-writers", "a+b") as probe:
        try:
            fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        fcntl.flock(probe, fcntl.LOCK_UN)
        return False


# The import's batch says when it starts waiting for the saves (the state the lock is freed in).
importer_waits = threading.Event()
waiting = base.DatabaseWrapper._wait_while_writers_wait


def marked(handle):
    importer_waits.set()
    waiting(handle)


base.DatabaseWrapper._wait_while_writers_wait = staticmethod(marked)

saver = threading.Thread(target=save)
saver.start()
# Each step waits for a state; a state that never comes fails here with its name (on a loaded machine a
# thread may take seconds to get there: never go on as if it had).
deadline = time.monotonic() + 60
while not someone_waits():
    if time.monotonic() > deadline:
        raise SystemExit("the save never waited for the lock")
    time.sleep(0.01)  # polls for a state: the save waiting for the lock
importer = threading.Thread(target=next_batch)
importer.start()
if not importer_waits.wait(60):  # the import's next batch is there, waiting, before the lock comes free
    raise SystemExit("the import's next batch never waited for the saves")
holder.rollback()
saver.join()
importer.join()
print(" ".join(order))
"""

NEVER_STUCK = """
import fcntl
from django.conf import settings
from django.db import transaction
from hall import sqlite
from hall.sqlite import yielding_to_saves
from hall.models import LoginThrottle

sqlite.YIELD_SECONDS = 0.3
with open(settings.DATABASES["default"]["NAME"] + "-writers", "a+b") as waiting:
    fcntl.flock(waiting, fcntl.LOCK_SH)  # a writer that never stops waiting
    with yielding_to_saves(), transaction.atomic():
        print("written", LoginThrottle.objects.count())
"""


def test_a_waiting_save_gets_the_lock_before_the_imports_next_batch(manage):
    manage.migrated()
    for _ in range(3):
        assert manage("shell", "--no-imports", "-c", RACE).stdout.split()[-2:] == ["save", "import"]


def test_an_import_goes_on_after_its_longest_wait(manage):
    manage.migrated()
    assert manage("shell", "--no-imports", "-c", NEVER_STUCK, timeout=60).stdout.split()[-2:] == ["written", "0"]


def test_the_import_pages_yield_to_the_tables_saves(admin_client, make_tournament, monkeypatch):
    from django.core.files.uploadedfile import SimpleUploadedFile

    import paper.views
    import website.views.entries
    from hall import sqlite

    seen = []

    def recording(result):
        def call(**kwargs):
            seen.append(sqlite.yielding.get())
            return result
        return call

    tournament = make_tournament(players=8, slug="ruhig")
    monkeypatch.setattr(website.views.entries.player_import, "import_players",
                        recording(type("Report", (), {"entered": [], "reused": [], "flagged": []})()))
    admin_client.post(f"/turniere/{tournament.slug}/spieler/import/", {"text": "Neu Eins; Verein"})
    monkeypatch.setattr(paper.views, "import_hands", recording(type("Report", (), {"ok": True,
                                                                                 "message": lambda self: "ok"})()))
    upload = SimpleUploadedFile("spiele.json", b"[]", content_type="application/json")
    admin_client.post(f"/leitung/turnier/{tournament.slug}/spiele-import/", {"file": upload})
    assert seen == [True, True]
    assert sqlite.yielding.get() is False  # only inside the import

"""SQLite holding a hall: processes × threads writing at once through the ORM see no 'database is locked'.

Each transaction reads a counter and writes it back plus one (the read-then-write that fails at
once under SQLite's default DEFERRED transactions) and adds a row; in the end the counter must
equal the number of transactions, so no write was lost either.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once

PROCESSES = 4
THREADS = 4
TRANSACTIONS = 25

WRITER = f"""
import os, sys, threading, django
sys.path.insert(0, os.environ["HALL_ROOT"])
django.setup()
from django.contrib.auth.models import User
from django.db import OperationalError, connection, transaction

errors = []

def work(name):
    try:
        for i in range({TRANSACTIONS}):
            with transaction.atomic():
                counter = User.objects.get(username="counter")
                counter.last_name = str(int(counter.last_name) + 1)
                counter.save(update_fields=["last_name"])
                User.objects.create(username=f"{{name}}-{{i}}")
    except OperationalError as error:
        errors.append(repr(error))
    finally:
        connection.close()

threads = [threading.Thread(target=work, args=(f"{{sys.argv[1]}}-{{t}}",)) for t in range({THREADS})]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print("\\n".join(errors))
sys.exit(1 if errors else 0)
"""


def test_concurrent_writers_never_see_database_is_locked(manage, tmp_path):
    manage("migrate", "auth", "--noinput")
    manage("shell", "--no-imports", "-c", "from django.contrib.auth.models import User; User.objects.create(username='counter', last_name='0')")
    mode = manage("shell", "--no-imports", "-c", "from django.db import connection; c = connection.cursor(); "
                  "print(c.execute('PRAGMA journal_mode').fetchone()[0], c.execute('PRAGMA busy_timeout').fetchone()[0])")
    assert mode.stdout.split() == ["wal", "20000"]

    writers = [subprocess.Popen([sys.executable, "-c", WRITER, f"p{n}"], env=manage.env, cwd=tmp_path,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
               for n in range(PROCESSES)]
    outputs = [writer.communicate(timeout=300) for writer in writers]
    for writer, (out, err) in zip(writers, outputs, strict=True):
        assert writer.returncode == 0, f"{out}\n{err}"
        assert "locked" not in out + err

    total = PROCESSES * THREADS * TRANSACTIONS
    counts = manage("shell", "--no-imports", "-c", "from django.contrib.auth.models import User; "
                    "print(User.objects.get(username='counter').last_name, User.objects.count())")
    assert counts.stdout.split() == [str(total), str(total + 1)]

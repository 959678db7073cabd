"""A director's player import while the tables score (issue 16): how long does a scorer's save wait?

A file SQLite database (WAL, IMMEDIATE transactions, SQLITE_BUSY_TIMEOUT as configured) in a temporary
directory holds a seated tournament of 80 players (20 tables). A second process (as a second gunicorn
worker would) imports 5,000 new players into another tournament (paper.imports.players.import_players);
meanwhile a thread saves hands
through the scorer API (POST /t/<token>/api/hands/, as the outbox does) one after the other, round
robin over the tables, with a pause of 50 ms between saves, until the import is done. Printed per
mode: the import's time, the saves made during it, their median and worst wait, and answers other
than 201 (a 503 is what the outbox retries). Modes: the whole list in one transaction (how the
import wrote before) and in batches of paper.imports.players.BATCH rows.

    make bench            (or: .venv/bin/python bench/import_lock.py [--players N] [--batch N])
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PAUSE = 0.05  # between two saves of the scorer thread


def setup(directory: str, migrate: bool = True) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{directory}/import-lock.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
    os.environ.setdefault("DJANGO_DEBUG", "1")
    os.environ.setdefault("DJANGO_SECRET_KEY", "bench-only-key")
    import django

    django.setup()
    from django.core.management import call_command

    if not migrate:
        return
    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)


def import_only(slug: str, players: int, batch: int) -> None:
    """The child process: the import alone, its time printed as JSON."""
    from paper.imports.players import import_players
    from tournament.models import Tournament

    target = Tournament.objects.get(slug=slug)
    rows = [{"name": f"{slug} Neu {i:05d}", "club": f"Verein {i % 97}"} for i in range(players)]
    start = time.perf_counter()
    import_players(tournament=target, rows=rows, check_in=True, batch=batch)
    print(json.dumps({"import": time.perf_counter() - start}))


def run(directory: str, mode: str, players: int, batch: int) -> dict:
    import random

    from django.db import connection
    from django.test import Client

    from paper.imports.players import import_players
    from rules.engine.sampling import random_hand
    from rules.rulesets import BUILTIN
    from tournament import rounds, services

    slug = f"scoring-{mode}"
    scoring = services.create_tournament(name=slug, slug=slug, date=date(2026, 11, 21), ruleset=BUILTIN["tirol"])
    import_players(tournament=scoring, check_in=True, rows=[{"name": f"{mode} Tisch {i:02d}"} for i in range(80)])
    rounds.seat_round(round=scoring.round_set.get(number=1), seed="bench")
    tables = list(scoring.round_set.get(number=1).tables.order_by("number"))
    target = services.create_tournament(name=f"import-{mode}", slug=f"import-{mode}", date=date(2026, 11, 22),
                                        ruleset=BUILTIN["tirol"])

    done = threading.Event()
    waits: list[float] = []
    answers: Counter = Counter()
    rng = random.Random(1)

    def scorer():
        client = Client(raise_request_exception=False)
        numbers = dict.fromkeys(range(len(tables)), 1)
        turn = 0
        try:
            while not done.is_set():
                index = turn % len(tables)
                turn += 1
                if numbers[index] > tables[index].hands_planned:
                    continue
                body = {"number": numbers[index], "key": uuid.uuid4().hex,
                        "hand": random_hand(scoring.ruleset, rng)}
                start = time.perf_counter()
                response = client.post(f"/t/{tables[index].token}/api/hands/", data=json.dumps(body),
                                       content_type="application/json")
                waits.append(time.perf_counter() - start)
                answers[response.status_code] += 1
                if response.status_code in (200, 201, 422):
                    numbers[index] += response.status_code != 422
                time.sleep(PAUSE)
        finally:
            connection.close()

    thread = threading.Thread(target=scorer)
    thread.start()
    time.sleep(0.5)  # the scorer is saving before the import starts
    child = subprocess.run([sys.executable, __file__, "--import-only", target.slug, "--db", directory,
                            "--players", str(players), "--batch", str(batch)],
                           capture_output=True, text=True, check=True)
    took = json.loads(child.stdout.splitlines()[-1])["import"]
    done.set()
    thread.join()
    assert target.entries.count() == players
    return {"import": took, "saves": len(waits), "median": statistics.median(waits), "worst": max(waits),
            "answers": dict(answers)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=5000)
    parser.add_argument("--batch", type=int, default=None, help="rows per transaction (default: the import's BATCH)")
    parser.add_argument("--import-only", metavar="SLUG", help=argparse.SUPPRESS)
    parser.add_argument("--db", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.import_only:
        setup(args.db, migrate=False)
        import_only(args.import_only, args.players, args.batch)
        return
    with tempfile.TemporaryDirectory() as directory:
        setup(directory)
        from paper.imports.players import BATCH

        batch = args.batch or BATCH
        print(f"{args.players} players imported while a scorer saves hands (SQLite, busy timeout "
              f"{os.environ.get('SQLITE_BUSY_TIMEOUT', '20')} s)")
        print(f"{'writes':<22}{'import s':>9}{'saves':>7}{'median s':>10}{'worst s':>9}  answers")
        for mode, size in (("one", args.players), ("batched", batch)):
            result = run(directory, mode, args.players, size)
            label = "one transaction" if mode == "one" else f"{size} rows a transaction"
            print(f"{label:<22}{result['import']:>9.1f}{result['saves']:>7}{result['median']:>10.3f}"
                  f"{result['worst']:>9.3f}  {result['answers']}")


if __name__ == "__main__":
    main()

"""Site benchmark: SQL queries and server time of the pages people use, for a 53- and a 1,000-player event.

The events are built once with `seed_demo` in their own SQLite file (bench/bench.sqlite3, rebuilt
with --rebuild) and reused afterwards. For each size it prints the queries and the best server
time of: the public standings page, a scorer's sheet page, and one hand save. The query counts
must be the same for both sizes (they must not grow with players or hands).

    make bench            (or: .venv/bin/python bench/site.py [--rebuild] [--repeats N])
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DB = ROOT / "bench" / "bench.sqlite3"
sys.path.insert(0, str(ROOT))


def setup(rebuild: bool) -> None:
    if rebuild and DB.exists():
        DB.unlink()
    os.environ["DATABASE_URL"] = f"sqlite:///{DB}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    for slug, players in (("bench-53", 53), ("bench-1000", 1000)):
        from tournament.models import Tournament

        if not Tournament.objects.filter(slug=slug).exists():
            started = time.perf_counter()
            call_command("seed_demo", slug=slug, players=players, seed="bench", stdout=open(os.devnull, "w"))
            print(f"built {slug} with seed_demo in {time.perf_counter() - started:.0f} s")


def measure(client, method: str, url: str, data=None, repeats: int = 5) -> tuple[int, float, int]:
    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext

    best, queries, status = float("inf"), 0, 0
    for _ in range(repeats):
        payload = data() if callable(data) else data
        reset_queries()  # the query log is capped: a full one would count nothing
        with CaptureQueriesContext(connection) as captured:
            started = time.perf_counter()
            response = getattr(client, method)(url, payload) if payload is not None else getattr(client, method)(url)
            elapsed = time.perf_counter() - started
        best, queries, status = min(best, elapsed), len(captured), response.status_code
    return queries, best, status


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    setup(args.rebuild)
    from django.db import transaction
    from django.test import Client
    from django.urls import reverse

    from tournament.models import Round, Tournament

    client = Client(HTTP_HOST="127.0.0.1")
    print(f"{'event':<12}{'page':<22}{'queries':>8}{'best ms':>9}  status")
    for slug in ("bench-53", "bench-1000"):
        tournament = Tournament.objects.get(slug=slug)
        table = tournament.round_set.get(number=3).tables.order_by("number").last()
        rows = [
            ("standings page", "get", reverse("tournament:standings", args=[slug]), None),
            ("scorer sheet page", "get", reverse("scoring:sheet", args=[table.token]), None),
        ]
        for label, method, url, data in rows:
            queries, best, status = measure(client, method, url, data, args.repeats)
            print(f"{slug:<12}{label:<22}{queries:>8}{best * 1000:>9.1f}  {status}")
        # One hand save: on a copy of the last table's state, rolled back after each try.
        last = table.hands.order_by("-number").first()

        def save(table=table, last=last):
            table.refresh_from_db()
            return {"number": last.number, "version": table.version, "idempotency_key": uuid.uuid4().hex,
                    "kontra": 1, "contract": "dreier", "declarer": 1, "result": "won"}

        best, queries, status = float("inf"), 0, 0
        for _ in range(args.repeats):
            try:
                with transaction.atomic():
                    Round.objects.filter(pk=table.round_id).update(status=Round.RUNNING)
                    table.hands.filter(pk=last.pk).delete()
                    type(table).objects.filter(pk=table.pk).update(confirmed_at=None, hands_entered=last.number - 1)
                    q, elapsed, status = measure(client, "post", reverse("scoring:sheet", args=[table.token]), save, 1)
                    best, queries = min(best, elapsed), q
                    raise _Rollback
            except _Rollback:
                pass
        print(f"{slug:<12}{'one hand save':<22}{queries:>8}{best * 1000:>9.1f}  {status}")


class _Rollback(Exception):
    pass


if __name__ == "__main__":
    main()

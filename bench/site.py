"""Site benchmark: SQL queries and server time of the pages people use, for a 53- and a 1,000-player event.

The events are built once with `seed_demo` in their own SQLite file (bench/bench.sqlite3, rebuilt
with --rebuild) and reused afterwards. For each size it prints the queries and the best server
time of: a trivial view (the yardstick: a view that answers "ok"), the live pages a hall's phones
refresh (standings page and its refresh fragment, projector, a player's page, standings.json),
each "warm" (served from the live cache, as every refresh between two hands is) and "cold" (the
first request after a hand was saved renders them), a scorer's sheet page, and one hand save.
The query counts must be the same for both sizes (they must not grow with players or hands).

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
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "website.settings")
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


def install_trivial_view() -> None:
    """The yardstick: the site's URLs plus /bench-trivial/, a view that only answers "ok"."""
    import types

    from django.conf import settings
    from django.http import HttpResponse
    from django.urls import clear_url_caches, include, path

    module = types.ModuleType("bench_urls")
    from tournament.models import Tournament

    def one_row(request, slug):  # what a cached live page cannot avoid: reading the tournament's version
        return HttpResponse(str(Tournament.objects.values_list("live_version", flat=True).get(slug=slug)))

    module.urlpatterns = [path("bench-trivial/", lambda request: HttpResponse("ok")),
                          path("bench-one-row/<slug:slug>/", one_row), path("", include(settings.ROOT_URLCONF))]
    sys.modules["bench_urls"] = module
    settings.ROOT_URLCONF = "bench_urls"
    clear_url_caches()


def measure(client, method: str, url: str, data=None, repeats: int = 5, before=None) -> tuple[int, float, int]:
    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext

    if before is None and data is None:  # warm: one request fills what the later ones reuse
        getattr(client, method)(url)
    best, queries, status = float("inf"), 0, 0
    for _ in range(repeats):
        if before is not None:
            before()
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
    from django.core.cache import caches

    cache = caches["live"]
    from django.db import transaction
    from django.test import Client
    from django.urls import reverse

    from tournament.models import Round, Tournament

    install_trivial_view()
    client = Client(HTTP_HOST="127.0.0.1")
    print(f"{'event':<12}{'page':<26}{'queries':>8}{'best ms':>9}{'x trivial':>10}{'x one row':>10}  status")
    for slug in ("bench-53", "bench-1000"):
        tournament = Tournament.objects.get(slug=slug)
        table = tournament.round_set.get(number=3).tables.order_by("number").last()
        entry = tournament.entries.order_by("pk").first()
        standings = reverse("tournament:standings", args=[slug])
        live_pages = [
            ("standings page", standings), ("standings refresh", standings + "?fragment=1"),
            ("projector", reverse("tournament:projector", args=[slug])),
            ("player page", reverse("tournament:player", args=[slug, entry.pk])),
            ("standings.json", reverse("tournament:standings_json", args=[slug])),
        ]
        _, trivial, _ = measure(client, "get", "/bench-trivial/", None, args.repeats)
        _, row, _ = measure(client, "get", f"/bench-one-row/{slug}/", None, args.repeats)
        print(f"{slug:<12}{'trivial view':<26}{0:>8}{trivial * 1000:>9.1f}{1:>10.1f}{trivial / row:>10.1f}  200")
        print(f"{slug:<12}{'one-row view':<26}{1:>8}{row * 1000:>9.1f}{row / trivial:>10.1f}{1:>10.1f}  200")
        for label, url in live_pages:
            for state in ("warm", "cold"):
                before = cache.clear if state == "cold" else None
                queries, best, status = measure(client, "get", url, None, args.repeats, before=before)
                print(f"{slug:<12}{label + ', ' + state:<26}{queries:>8}{best * 1000:>9.1f}{best / trivial:>10.1f}"
                      f"{best / row:>10.1f}  {status}")
        queries, best, status = measure(client, "get", reverse("scoring:sheet", args=[table.token]), None, args.repeats)
        print(f"{slug:<12}{'scorer sheet page':<26}{queries:>8}{best * 1000:>9.1f}{best / trivial:>10.1f}"
              f"{best / row:>10.1f}  {status}")
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
        print(f"{slug:<12}{'one hand save':<26}{queries:>8}{best * 1000:>9.1f}{best / trivial:>10.1f}"
              f"{best / row:>10.1f}  {status}")


class _Rollback(Exception):
    pass


if __name__ == "__main__":
    main()

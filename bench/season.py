"""Season benchmark: a cup season of 20 tournaments x 200 players (issue 11).

Two cups are built once with `seed_demo --cup` into bench/season.sqlite3 (rebuilt with --rebuild):
'season-small' (5 tournaments x 50 players from a pool of 80) and 'season-large' (20 tournaments x
200 players from a pool of 300, so the same people meet again), both under the `fixed` scheme. For
each it prints the SQL queries and the best server time of the public season standings page, the
cup page and the page of the pool player with most tournaments, beside a trivial view (the
yardstick); the query counts must be the same for both cups (constant in players and tournaments).
Then the season standings PDF and XLSX of the large cup, each rendered in a fresh process so its
peak memory (max RSS) is its own.

    make bench            (or: .venv/bin/python bench/season.py [--rebuild] [--repeats N])
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DB = ROOT / "bench" / "season.sqlite3"
sys.path.insert(0, str(ROOT))
CUPS = {  # cup slug: (tournaments, players, pool)
    "season-small": (5, 50, 80),
    "season-large": (20, 200, 300),
}


def setup(rebuild: bool) -> None:
    if rebuild:
        for suffix in ("", "-wal", "-shm"):
            Path(f"{DB}{suffix}").unlink(missing_ok=True)
    os.environ["DATABASE_URL"] = f"sqlite:///{DB}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "website.settings")
    import django

    django.setup()
    from django.core.management import call_command

    from tournament.models import Tournament

    call_command("migrate", verbosity=0)
    for cup, (count, players, pool) in CUPS.items():
        started, built = time.perf_counter(), 0
        for number in range(1, count + 1):
            slug = f"{cup}-{number:02d}"
            if Tournament.objects.filter(slug=slug).exists():
                continue
            day = date(2026, 9, 5) + timedelta(days=14 * number)
            call_command("seed_demo", slug=slug, players=players, pool=pool, cup=cup, scheme="fixed",
                         date=day.isoformat(), seed=slug, stdout=open(os.devnull, "w"))
            built += 1
        if built:
            print(f"built {built} tournaments of {cup} with seed_demo in {time.perf_counter() - started:.0f} s")


def install_trivial_view() -> None:
    """The site's URLs plus /bench-trivial/, a view that only answers "ok" (the yardstick)."""
    import types

    from django.conf import settings
    from django.http import HttpResponse
    from django.urls import clear_url_caches, include, path

    module = types.ModuleType("bench_season_urls")
    module.urlpatterns = [path("bench-trivial/", lambda request: HttpResponse("ok")),
                          path("", include(settings.ROOT_URLCONF))]
    sys.modules[module.__name__] = module
    settings.ROOT_URLCONF = module.__name__
    clear_url_caches()


def measure(client, url: str, repeats: int) -> tuple[int, float, int, float, int]:
    """(queries, best milliseconds, status, first-request milliseconds, first-request queries) of GET url.
    The first request renders (the season page's cache is empty in a new process); the repeats are
    what a reload costs until something in the season changes."""
    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext

    reset_queries()  # the log keeps 9,000 queries: a full one would make the counts below wrong
    started = time.perf_counter()
    with CaptureQueriesContext(connection) as first:
        status = client.get(url).status_code
    cold = time.perf_counter() - started
    cold_queries = len(first)  # now: the context reads the log lazily, and the log is cleared next
    reset_queries()
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        client.get(url)
        best = min(best, time.perf_counter() - started)
    return len(queries), best * 1000, status, cold * 1000, cold_queries


def pages(repeats: int) -> bool:
    from django.db.models import Count
    from django.test import Client

    from cups.models import Season
    from tournament.models import Player

    install_trivial_view()
    client = Client()
    counts: dict[str, set[int]] = {}
    print(f"{'page':<44}{'cup':>14}{'first: queries':>16}{'ms':>8}{'reload: queries':>17}{'best ms':>9}"
          f"{'x trivial':>11}")
    for cup in CUPS:
        season = Season.objects.select_related("cup").get(cup__slug=cup)
        player = (Player.objects.filter(entries__tournament__slug__startswith=f"{cup}-")
                  .annotate(n=Count("entries")).order_by("-n", "pk").first())
        trivial = measure(client, "/bench-trivial/", repeats)[1]
        urls = {
            "trivial view (yardstick)": "/bench-trivial/",
            "season standings page": f"/cup/{cup}/{season.slug}/",
            "cup page (seasons, winners)": f"/cup/{cup}/",
            f"player page ({player.n} tournaments)": f"/spieler/{player.pk}/",
        }
        for name, url in urls.items():
            queries, best, status, cold, cold_queries = measure(client, url, repeats)
            assert status == 200, (url, status)
            counts.setdefault(name.split(" (")[0], set()).add((cold_queries, queries))
            print(f"{name:<44}{cup:>14}{cold_queries:>16}{cold:>8.1f}{queries:>17}{best:>9.1f}{best / trivial:>11.1f}")
    constant = all(len(found) == 1 for found in counts.values())
    print("query counts " + ("constant in players and tournaments" if constant else f"DIFFER: {counts}"))
    return constant


def child(identifier: str, repeats: int) -> None:
    """In its own process: render one season sheet of the large cup, print JSON figures."""
    setup(False)
    from cups.models import Season
    from paper.registry import REGISTRY, SEASON

    season = Season.objects.select_related("cup").get(cup__slug="season-large")
    best, size = float("inf"), 0
    for _ in range(repeats):
        started = time.perf_counter()
        export, format = REGISTRY.find(SEASON, identifier)
        content = export.make(format, season).render().content
        best = min(best, time.perf_counter() - started)
        size = len(content)
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"seconds": best, "kb": size / 1024, "rss_mb": rss_mb}))


def sheets(repeats: int) -> None:
    print(f"{'season sheet (season-large)':<30}{'size KB':>10}{'seconds':>9}{'peak MB':>9}")
    for identifier in ("season-standings-pdf", "season-standings-xlsx"):
        run = subprocess.run([sys.executable, __file__, "--repeats", str(repeats), "--child", identifier],
                             capture_output=True, text=True, check=True)
        figures = json.loads(run.stdout.strip().splitlines()[-1])
        print(f"{identifier:<30}{figures['kb']:>10.0f}{figures['seconds']:>9.2f}{figures['rss_mb']:>9.0f}")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--child", metavar="IDENTIFIER")
    args = parser.parse_args()
    if args.child:
        child(args.child, args.repeats)
        return 0
    setup(args.rebuild)
    constant = pages(args.repeats)
    sheets(min(args.repeats, 3))
    return 0 if constant else 1


if __name__ == "__main__":
    sys.exit(main())

"""A long ABAKUS history (issue 30, point 7): 3,000 players over 20 seasons, 36,000 results.

Builds an export in ABAKUS's structure (cup 050 on the fixed path, TURNIER 6.5; 20 seasons 2005/06 …
2024/25, 12 tournaments of 150 players each, drawn from a pool of 3,000 numbered players; a finale per
season; some guests), then each step in its own fresh process on a fresh SQLite file (bench/abakus.sqlite3,
migrated once and copied), so each peak memory (max RSS) is its own:

* import: `import_abakus` of the whole file (seconds, peak MB);
* re-import: the same file again, nothing changes (seconds, peak MB);
* of the import, its last step apart: ranking and storing every season it changed (cups/summaries.py and
  cups/rankings.py), so the first page after it reads them;
* the cup overview and a season page on a cold cache (the first request of a new process, the page cache
  cleared), beside a trivial view measured in the same process (the yardstick): once in a process warmed as
  `make serve` warms each of its processes before it listens (website/warm.py; the warming's seconds
  printed), once in a bare new process ("unwarmed"); each page also a second time in its process with the
  page cache emptied (what a running server pays for a cold page).

    .venv/bin/python bench/abakus_history.py [--seasons 20] [--players 3000] [--per-tournament 150]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASE = ROOT / "bench" / "abakus-base.sqlite3"
DB = ROOT / "bench" / "abakus.sqlite3"
EXPORT = ROOT / "bench" / "abakus-history.json"
sys.path.insert(0, str(ROOT))
FIRST = ["Anna", "Bernd", "Carla", "Dieter", "Elli", "Franz", "Gerti", "Hans", "Inge", "Josef", "Karin", "Leo"]
LAST = ["Huber", "Bauer", "Gruber", "Wagner", "Pichler", "Steiner", "Moser", "Mayer", "Hofer", "Leitner"]
PLACES = ["Wels", "Linz, Urfahr", "Steyr", "Ried", "Vöcklabruck", "Gmunden-Ort", "Braunau"]


def build_export(seasons: int, players: int, per_tournament: int, tournaments: int = 12) -> dict:
    rng = random.Random(30)
    numbered = {f"{n:04d}": [f"{rng.choice(LAST)}{n}", rng.choice(FIRST), rng.choice(PLACES), "", 0, True]
                for n in range(1, players + 1)}
    cup: dict = {}
    for season in range(seasons):
        year = 2005 + season
        label = f"{year}/{(year + 1) % 100:02d}"
        for number in range(tournaments):
            day = f"{year}-{9 + number // 4:02d}-{1 + 7 * (number % 4):02d}" if number < 16 else None
            name = "Hausruck-FINALE" if number == tournaments - 1 else f"{number + 1}. Hausruck-Turnier"
            node = {"_NAME": name, "_SAISON": label, "_VERANSTALTER": "0001"}
            for key in rng.sample(sorted(numbered), per_tournament - 2):
                node[key] = [rng.randint(-60, 120), rng.randint(-60, 120), rng.choice([rng.randint(-60, 120), "-"])]
            for guest in range(2):
                node[f"Gast{guest}_Gustlˆ Linz"] = [rng.randint(-20, 60), rng.randint(-20, 60), rng.randint(-20, 60)]
            cup[day] = node
    return {"00": {"CUPS": {"050": {"NAME": "Hausruckcup", "TYP": "CUP", "REGELN": "Ooe.", "TURNIER": 6.5},
                            "SPIELERnr": numbered}, "050": cup}}


def django_setup(db: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{db}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "website.settings")
    import django

    django.setup()


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def cpu() -> float:
    """This process's CPU seconds: on a shared machine the wall clock counts the others' work too."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def child(step: str) -> None:
    warmed = not step.endswith("-unwarmed")
    step = step.removesuffix("-unwarmed")
    if step in ("overview", "season"):
        # As `make bench` runs the pages: static files without collectstatic (a page needs its manifest else).
        os.environ.setdefault("DJANGO_DEBUG", "1")
    django_setup(DB)
    if step in ("import", "reimport"):
        from cups import abakus_import
        from cups.abakus_import import import_abakus

        ranking = {"seconds": 0.0, "cpu": 0.0}
        rank_seasons = abakus_import._rank_seasons

        def timed_ranking(cup):  # the import's last step, reported apart (its seasons ranked and stored)
            started, cpu_started = time.perf_counter(), cpu()
            rank_seasons(cup)
            ranking["seconds"] += time.perf_counter() - started
            ranking["cpu"] += cpu() - cpu_started

        abakus_import._rank_seasons = timed_ranking
        content = EXPORT.read_bytes()
        started, cpu_started = time.perf_counter(), cpu()
        report = import_abakus(content=content)
        seconds = time.perf_counter() - started
        print(json.dumps({"seconds": seconds, "cpu": cpu() - cpu_started, "peak_mb": peak_mb(), "results": report.results_created,
                          "skipped": report.results_skipped, "notes": len(report.notes),
                          "ranking_seconds": ranking["seconds"], "ranking_cpu": ranking["cpu"]}))
        return
    import types

    from django.conf import settings
    from django.core.cache import cache
    from django.http import HttpResponse
    from django.test import Client
    from django.urls import clear_url_caches, include, path

    from cups.models import Season

    module = types.ModuleType("bench_abakus_urls")
    module.urlpatterns = [path("bench-trivial/", lambda request: HttpResponse("ok")),
                          path("", include(settings.ROOT_URLCONF))]
    sys.modules[module.__name__] = module
    settings.ROOT_URLCONF = module.__name__
    clear_url_caches()
    cache.clear()
    warm_seconds = None
    if warmed:  # as each process of `make serve` does before it listens (website/serve.py)
        from website.warm import warm as warm_process

        started = time.perf_counter()
        warm_process()
        warm_seconds = time.perf_counter() - started
    client = Client()
    season = Season.objects.select_related("cup").order_by("-ordering").first()
    url = {"overview": f"/cup/{season.cup.slug}/", "season": f"/cup/{season.cup.slug}/{season.slug}/"}[step]
    client.get("/bench-trivial/")  # the process's first request pays for imports and URL resolving
    started = time.perf_counter()
    client.get("/bench-trivial/")
    trivial = time.perf_counter() - started
    started, cpu_started = time.perf_counter(), cpu()
    status = client.get(url).status_code
    cold, cpu_ms = time.perf_counter() - started, (cpu() - cpu_started) * 1000
    # The same page again in this process with the page cache emptied: a running server's cold page (a new
    # process also pays once for URL reversing, templates and imports, which the first figure includes).
    from django.core.cache import caches

    caches["live"].clear()
    started, cpu_started = time.perf_counter(), cpu()
    client.get(url)
    warm, warm_cpu_ms = time.perf_counter() - started, (cpu() - cpu_started) * 1000
    print(json.dumps({"ms": cold * 1000, "cpu_ms": cpu_ms, "trivial_ms": trivial * 1000, "status": status, "url": url,
                      "warm_ms": warm * 1000, "warm_cpu_ms": warm_cpu_ms, "warm_seconds": warm_seconds}))


def run(step: str) -> dict:
    done = subprocess.run([sys.executable, __file__, "--child", step], capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--child")
    parser.add_argument("--seasons", type=int, default=20)
    parser.add_argument("--players", type=int, default=3000)
    parser.add_argument("--per-tournament", type=int, default=150)
    options = parser.parse_args()
    if options.child:
        child(options.child)
        return
    data = build_export(options.seasons, options.players, options.per_tournament)
    EXPORT.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    results = sum(len([k for k in t if not k.startswith("_")]) for t in data["00"]["050"].values())
    print(f"export: {options.players} players, {options.seasons} seasons, {len(data['00']['050'])} tournaments, "
          f"{results} results, {EXPORT.stat().st_size / 1e6:.1f} MB")
    for command in ("migrate", "createcachetable"):  # a base of an older checkout gets the newer migrations
        subprocess.run([sys.executable, "manage.py", command, "--verbosity", "0"], cwd=ROOT, check=True,
                       env={**os.environ, "DATABASE_URL": f"sqlite:///{BASE}"})
    for suffix in ("", "-wal", "-shm"):
        Path(f"{DB}{suffix}").unlink(missing_ok=True)
    shutil.copyfile(BASE, DB)
    first = run("import")
    print(f"import      {first['seconds']:6.2f} s ({first['cpu']:.2f} s CPU)   peak {first['peak_mb']:6.1f} MB   "
          f"{first['results']} results; of it ranking and storing the seasons {first['ranking_seconds']:.2f} s "
          f"({first['ranking_cpu']:.2f} s CPU)")
    again = run("reimport")
    print(f"re-import   {again['seconds']:6.2f} s ({again['cpu']:.2f} s CPU)   peak {again['peak_mb']:6.1f} MB   "
          f"{again['skipped']} unchanged, {again['notes']} notes; ranking {again['ranking_seconds']:.2f} s")
    # The import ranked and stored every season (cups/summaries.py, cups/rankings.py): the first overview after
    # it reads them as any later one does. "new process, warmed": as a process of `make serve` answers its
    # first request (website/warm.py before it listens); "unwarmed": a bare new process.
    for step, name in (("overview", "cup overview, first after the import"), ("overview-unwarmed", "cup overview, unwarmed"),
                       ("season", "season page"), ("season-unwarmed", "season page, unwarmed")):
        page = run(step)
        assert page["status"] == 200, page
        warming = f", warming {page['warm_seconds']:.2f} s before" if page["warm_seconds"] is not None else ""
        print(f"{name:<37}{page['ms']:7.1f} ms cold ({page['cpu_ms']:.0f} ms CPU)   (trivial view {page['trivial_ms']:.1f} ms, "
              f"x{page['ms'] / page['trivial_ms']:.0f}{warming})   {page['url']}")
        print(f"{'  again, page cache emptied':<37}{page['warm_ms']:7.1f} ms ({page['warm_cpu_ms']:.0f} ms CPU)")


if __name__ == "__main__":
    main()

"""CPU seconds of the cold pages and the sheets of the 1,000-player event, for a machine too busy for wall times.

On a machine shared with other work the wall time of a render says more about the neighbours than
about the code; the process's own CPU time (``time.process_time``: SQLite runs in the process too)
moves much less. For the tree at --tree (default: this one) and its bench/bench.sqlite3 (built by
bench/site.py), it prints the best CPU time of: the cold standings page, projector and
standings.json of 'bench-1000' (best of 9, the live cache cleared before each), and each sheet of
bench/exports.py (best of 3 or 2), and whether reportlab's C accelerator (rl_accel) was loaded.

    .venv/bin/python bench/cpu_seconds.py [--tree PATH]

Run two trees one after the other (e.g. a `git archive` of an older commit) to compare them side by side.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGES = ("standings", "projector", "standings_json")
SHEETS = (("score-sheets-pdf", 1), ("table-cards-pdf", 1), ("settlement-pdf", None), ("tournament-xlsx", None),
          ("standings-pdf", None), ("settlement-xlsx", None), ("seating-pdf", 1))


def best(render, repeats: int, before=None) -> float:
    fastest = float("inf")
    for _ in range(repeats):
        if before is not None:
            before()
        started = time.process_time()
        render()
        fastest = min(fastest, time.process_time() - started)
    return fastest


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tree", type=Path, default=ROOT)
    tree = parser.parse_args().tree.resolve()
    os.environ.setdefault("DJANGO_DEBUG", "1")  # as `make bench` runs it (static files without collectstatic)
    if tree == ROOT:  # this tree's events are built when missing (bench/site.py's setup, as bench/exports.py does)
        import importlib.util

        spec = importlib.util.spec_from_file_location("bench_site", ROOT / "bench" / "site.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        module.setup(False)
    sys.path.insert(0, str(tree))
    os.chdir(tree)
    os.environ["DATABASE_URL"] = f"sqlite:///{tree / 'bench' / 'bench.sqlite3'}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "website.settings")
    import django

    django.setup()
    import reportlab.lib.rl_accel as accel
    from django.core.cache import caches
    from django.test import Client
    from django.urls import reverse

    from paper.registry import get_exporter
    from tournament.models import Tournament

    tournament = Tournament.objects.get(slug="bench-1000")
    client = Client(HTTP_HOST="127.0.0.1")
    print(f"{tree}: reportlab accelerator {'C (rl_accel)' if 'built-in' in repr(accel.fp_str) else 'Python'}")
    for page in PAGES:
        url = reverse(f"tournament:{page}", args=["bench-1000"])
        client.get(url)
        print(f"  {page + ', cold':<26}{best(lambda url=url: client.get(url), 9, caches['live'].clear) * 1000:>8.0f} ms CPU")
    for identifier, number in SHEETS:
        round = tournament.round_set.get(number=number) if number else None
        exporter = get_exporter(identifier)
        seconds = best(lambda exporter=exporter, round=round: exporter(tournament, round=round, base_url="https://x").render(),
                       3 if number else 2)
        print(f"  {identifier:<26}{seconds:>8.2f} s CPU")


if __name__ == "__main__":
    main()

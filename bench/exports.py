"""Export benchmark: seconds and peak memory of the big sheets of a 1,000-player event.

Uses the events bench/site.py builds (bench/bench.sqlite3, built on first use with seed_demo).
For 'bench-1000' (250 tables a round, 15,000 hands) it renders, each in a fresh process so the
peak memory (max RSS) belongs to that sheet alone: the table cards of round 1 (250 pages), the
whole tournament workbook, the settlement PDF, and the rest of export_sheets' files for
reference. Targets (issue 4): under 5 s and 500 MB each.

    make bench            (or: .venv/bin/python bench/exports.py [--slug bench-1000] [--repeats 3])
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def setup(rebuild: bool) -> None:
    """bench/site.py's setup (loaded by path: the name "site" is taken by Python's own module)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_site", ROOT / "bench" / "site.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.setup(rebuild)

SHEETS = [  # (identifier, round number or None)
    ("table-cards-pdf", 1),
    ("tournament-xlsx", None),
    ("settlement-pdf", None),
    ("score-sheets-pdf", 1),
    ("seating-pdf", 1),
    ("standings-pdf", None),
    ("settlement-xlsx", None),
]
TARGET_SECONDS, TARGET_MB = 5.0, 500


def child(slug: str, identifier: str, round_number: int | None, repeats: int) -> None:
    """Runs in its own process: render one sheet ``repeats`` times, print JSON figures."""
    setup(False)
    from paper.registry import get_exporter
    from tournament.models import Tournament

    tournament = Tournament.objects.get(slug=slug)
    round = tournament.round_set.get(number=round_number) if round_number else None
    exporter_class = get_exporter(identifier)
    best, size, pages = float("inf"), 0, None
    for _ in range(repeats):
        started = time.perf_counter()
        content = exporter_class(tournament, round=round, base_url="https://turnier.example.at").render().content
        best = min(best, time.perf_counter() - started)
        size = len(content)
    if content[:4] == b"%PDF":
        import io

        from pypdf import PdfReader

        pages = len(PdfReader(io.BytesIO(content)).pages)
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"seconds": best, "kb": size / 1024, "pages": pages, "rss_mb": rss_mb}))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--slug", default="bench-1000")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--child", nargs=2, metavar=("IDENTIFIER", "ROUND"))
    args = parser.parse_args()
    if args.child:
        identifier, round_number = args.child
        child(args.slug, identifier, int(round_number) or None, args.repeats)
        return
    setup(False)  # build the events once, before timing anything
    print(f"Exports of '{args.slug}' (best of {args.repeats}; peak memory = max RSS of a process rendering only it)")
    print(f"{'sheet':<24}{'pages':>7}{'size KB':>10}{'seconds':>9}{'peak MB':>9}")
    failed = False
    for identifier, round_number in SHEETS:
        run = subprocess.run(
            [sys.executable, __file__, "--slug", args.slug, "--repeats", str(args.repeats),
             "--child", identifier, str(round_number or 0)],
            capture_output=True, text=True, check=True,
        )
        figures = json.loads(run.stdout.strip().splitlines()[-1])
        name = identifier + (f" (round {round_number})" if round_number else "")
        over = figures["seconds"] > TARGET_SECONDS or figures["rss_mb"] > TARGET_MB
        failed |= over
        print(f"{name:<24}{figures['pages'] or '':>7}{figures['kb']:>10.0f}{figures['seconds']:>9.2f}"
              f"{figures['rss_mb']:>9.0f}{'  OVER TARGET' if over else ''}")
    print(f"targets: each under {TARGET_SECONDS:.0f} s and {TARGET_MB} MB" + (" - MISSED" if failed else " - met"))


if __name__ == "__main__":
    main()

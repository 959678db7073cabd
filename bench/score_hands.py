"""Engine throughput: score the hands of a 1,000-player event.

A 1,000-player event is 250 tables × 3 rounds × 20 hands = 15,000 hands. For each rule set (and
for a mix of all five) the hands are generated first (rules.engine.sampling, fixed seeds), then
read, validated and scored through the engine exactly as score_hands does, one core, no
database. Printed: best and median CPU seconds of the process (time.process_time: the machine is
shared) over the repeats, hands per second. Target: < 0.25 s a set (issue 24, point 7).

    make bench            (or: .venv/bin/python bench/score_hands.py [--repeats N])
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.engine import score  # noqa: E402
from rules.engine.sampling import random_hands  # noqa: E402
from rules.rulesets import BUILTIN  # noqa: E402

HANDS = 250 * 3 * 20
TARGET_SECONDS = 0.25


def measure(cases, repeats: int) -> list[float]:
    times = []
    for _ in range(repeats):
        start = time.process_time()
        for ruleset, hand in cases:
            score(hand, ruleset)
        times.append(time.process_time() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    sets = {slug: [(rs, hand) for hand in random_hands(rs, HANDS, seed=f"bench-{slug}")] for slug, rs in BUILTIN.items()}
    share = HANDS // len(BUILTIN)
    sets["mixed"] = [case for cases in list(sets.values()) for case in cases[:share]]
    print(f"engine: {HANDS} hands per set (250 tables x 3 rounds x 20 hands), {args.repeats} repeats, one core")
    print(f"{'rule set':<12}{'best s':>9}{'median s':>10}{'hands/s':>10}  target < {TARGET_SECONDS} s")
    worst = 0.0
    for slug, cases in sets.items():
        times = measure(cases, args.repeats)
        best, median = min(times), statistics.median(times)
        worst = max(worst, best)
        verdict = "ok" if best < TARGET_SECONDS else "OVER"
        print(f"{slug:<12}{best:>9.3f}{median:>10.3f}{len(cases) / best:>10.0f}  {verdict}")
    print(f"slowest set (best of repeats): {worst:.3f} s")


if __name__ == "__main__":
    main()

"""Seating draw speed: the time to draw 3 rounds for 1,000 players (and 200, 53, 17).

For each player count: best and median wall time of the repeats (each repeat a different seed, so
the search does different work), the repeats of the drawn plans, the five-table repeats, and the
proven lower bound. One core, no database. Target: 1,000 players in a couple of seconds at most.

    make bench            (or: .venv/bin/python bench/seating.py [--repeats N] [--rounds R])
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournament.seating import draw, lower_bound  # noqa: E402

PLAYERS = (1000, 200, 53, 17)
# With tables of six allowed (a tournament option): the counts where a six replaces byes, with fives
# (11 = 6 + 5) and without (22 = 6 + 4 x 4, Hopfgarten-like fours and sixes).
SIX = ((11, True), (22, False))
TARGET_SECONDS = 2.0


def spread(values: list[int]) -> str:
    """'3' when all repeats agree, else 'min-max'."""
    return str(values[0]) if min(values) == max(values) else f"{min(values)}-{max(values)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(f"seating: {args.rounds} rounds planned together, {args.repeats} repeats (seeds 1..{args.repeats}), one core")
    print(f"{'players':>8}{'best s':>9}{'median s':>10}{'repeats':>9}{'bound':>7}{'5-table rep.':>14}"
          f"  target < {TARGET_SECONDS} s")
    cases = [(players, True, False, "") for players in PLAYERS]
    cases += [(players, five, True, " (sixes)" if five else " (4+6)") for players, five in SIX]
    for players, allow_five, allow_six, label in cases:
        people = list(range(1, players + 1))
        times, repeats, fives = [], [], []
        for seed in range(1, args.repeats + 1):
            start = time.perf_counter()
            result = draw(people, args.rounds, seed, allow_five=allow_five, allow_six=allow_six)
            times.append(time.perf_counter() - start)
            repeats.append(result.repeats)
            fives.append(result.five_table_repeats)
        best, median = min(times), statistics.median(times)
        verdict = "ok" if best < TARGET_SECONDS else "OVER"
        bound = lower_bound(players, args.rounds, allow_five=allow_five, allow_six=allow_six)
        print(f"{players:>8}{best:>9.3f}{median:>10.3f}{spread(repeats):>9}{bound:>7}"
              f"{spread(fives):>14}  {verdict}{label}")


if __name__ == "__main__":
    main()

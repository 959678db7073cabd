"""Seating draw for Königrufen tournaments: who sits at which table in which round.

A pure module (no Django, no database, no global state), so the same code serves the site, the
`draw_seating` command, the tests and the benchmark.

* Tables seat four; tables of five only as many as the player count needs: N = 4a + 5b with the
  fewest five-tables (b = N mod 4). 6, 7 and 11 players fit no tables (`SeatingImpossible`
  names the nearest counts that work); a round of the tournament then gives the fewest players a
  bye (`byes.choose_byes`, rotating), so every count from 4 up is seated. Rule sets that play
  only at tables of four (Hopfgarten) pass ``allow_five=False``; then N must be a multiple of four.
  Where the tournament allows tables of six (``allow_six``, two sit out each hand), they seat the
  counts fours and fives cannot (6 -> [6], 11 -> [6, 5]); the search counts a six-table seat like a
  five-table seat (a seat where the player sits some hands out) when it spreads them evenly.
* `draw` plans several unseeded rounds together: a random draw whose five-table seats are spread
  evenly, then a tabu search with swap moves (Dotú & Van Hentenryck's local search for the social
  golfer problem) that repairs repeat meetings and restarts from the best draw with random swaps
  when it stalls. With many players a random draw is nearly repeat-free, so only a handful of
  conflicts get repaired (1,000 players: milliseconds).
* A repeat-free plan is taken where the search finds one; otherwise unfair five-table seats weigh
  more than repeat meetings (REPEAT_WEIGHT). 16 and 20-40 players get 3 rounds without any repeat
  (21 and 23 players pay for it with 3 players at a five-table twice); 12-19 players get the
  repeats that the five-table spread leaves (17 players: 12, none at a five-table twice).
* Every draw is reproducible: all chance comes from ``random.Random(seed)``, the search is bounded
  by iteration counts (never by wall-clock time) and nothing iterates over sets or hash order.
* `seeded_round` seats a final round by the standings; `quality` measures any rounds.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence

from tournament.seating.search import MAX_ITERATIONS, Search, player_index
from tournament.seating.tables import (
    Draw,
    Round,
    SeatingImpossible,
    Table,
    lower_bound,
    quality,
    repeat_bound,
    table_sizes,
)

__all__ = ["Draw", "SeatingImpossible", "draw", "lower_bound", "quality", "seeded_round", "table_sizes"]


def draw(players: Sequence[Hashable], rounds: int, seed: int | str, *, allow_five: bool = True,
         allow_six: bool = False, history: Sequence[Sequence[Sequence[Hashable]]] = ()) -> Draw:
    """Draw `rounds` new rounds for `players`, planned together.

    Repeat meetings are minimised over the history (rounds already played, possibly with other or
    more players: only pairs of current players count) plus the new rounds, and so are five-table
    seats beyond a player's fair share, history included (how the two are weighed: REPEAT_WEIGHT).
    A late arrival or a withdrawal before a round starts: draw the rounds not yet played again, with
    the played rounds as history. The Draw's figures cover history and new rounds together.

    Deterministic: the same players (in the same order), rounds, history, options and seed give
    the same draw; the search is bounded by iteration counts, not time.
    """
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 0:
        raise ValueError("rounds must be a non-negative int")
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise TypeError("seed must be an int or a str")
    index = player_index(players)
    people = list(index)
    n = len(people)
    sizes = table_sizes(n, allow_five=allow_five, allow_six=allow_six)
    rng = random.Random(seed)
    history_met = [bytearray(n) for _ in range(n)]
    history_five = [0] * n
    history_groups = []
    for round_ in history:
        groups, seen = 0, 0
        for table in round_:
            ids = [index[p] for p in table if p in index]
            groups += 1 if ids else 0
            seen += len(ids)
            if len(table) > 4:
                for i in ids:
                    history_five[i] += 1
            for k, i in enumerate(ids):
                row = history_met[i]
                for j in ids[k + 1:]:
                    if row[j] < 2:
                        row[j] += 1
                        history_met[j][i] += 1
        # Players of this draw who were not in that round each count as a table of their own.
        history_groups.append(max(1, groups + n - seen))
    new_rounds: list[list[list[int]]] = []
    if rounds:
        pairs_met = (n * n - sum(row.count(0) for row in history_met)) // 2
        target = repeat_bound(sizes, rounds, history_groups, n, pairs_met)
        new_rounds = Search(n, sizes, rounds, history_met, history_five, rng).run(target, MAX_ITERATIONS)
    drawn = []
    for tables in new_rounds:
        ordered: list[Table] = []
        for size in sorted(set(sizes), reverse=True):
            same = [list(t) for t in tables if len(t) == size]
            rng.shuffle(same)  # which table number
            for table in same:
                rng.shuffle(table)  # the seat order, table[0] deals first
                ordered.append(tuple(people[i] for i in table))
        drawn.append(tuple(ordered))
    repeats, repeated_pairs, five_repeats = quality([*history, *drawn])
    return Draw(rounds=tuple(drawn), repeats=repeats, repeated_pairs=repeated_pairs, five_table_repeats=five_repeats, seed=seed)


def seeded_round(ranked_players: Sequence[Hashable], *, allow_five: bool = True, allow_six: bool = False) -> Round:
    """A round seated by the standings: best four at table 1, next four at table 2, ...

    Where five- or six-tables are needed they are the last (lowest-ranked) tables, so the top tables play
    the same four-handed game for the title. Seats are in ranking order (no seed here): the cup at
    the table draws the dealer, or the caller shuffles with its own stored seed.
    """
    players = list(ranked_players)
    player_index(players)
    sizes = sorted(table_sizes(len(players), allow_five=allow_five, allow_six=allow_six))
    tables, start = [], 0
    for size in sizes:
        tables.append(tuple(players[start:start + size]))
        start += size
    return tuple(tables)

"""The tabu search that repairs repeat meetings (see the package docstring). Pure Python."""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence

# Search budget, in iterations (one iteration = one swap made). Counts, never seconds: the same inputs and
# seed must give the same draw on any machine and under any load.
MAX_ITERATIONS = 4000
# Each iteration looks at the best swaps of this many conflicted players (drawn at random) and makes the best
# of them: 1 gets stuck (16 players, 5 rounds: ~10 repeats), 8 finds the affine plane's 0.
CONFLICTS_PER_STEP = 8
# Iterations without a better draw before the search goes back to the best draw and shakes it up.
STALL_ITERATIONS = 150
# With many players nearly every swap helps: look at a sample of this many other tables, not at all of them.
SAMPLE_TABLES = 24
# Restarts without a better draw after which a draw with repeats at the lower bound is taken as it is, and
# after which any draw is (the bound is often out of reach: 17 players, one round after a 5-table round).
PATIENCE = 3
GIVE_UP = 8
# Repeat meetings against unfair five-table seats. A repeat-free plan, where the search finds one, is taken (with
# the fairest five-table spread it allows): 21 players, 3 rounds, get no repeats with 3 players at a five-table
# twice (an even spread would cost 6 repeats). Otherwise the score is REPEAT_WEIGHT * repeats + _five_cost per
# player: a five-table seat beyond a player's fair share weighs as much as 3 repeats (k seats beyond: 3k^2), so the
# spread comes first in practice: 17 players, 3 rounds, get 15 different players at the five-tables and 12 repeats
# (at least 10 are forced then) rather than 2 repeats with 2 players there three times. FIVE_SCALE leaves room
# below for the tie-break towards the even spread.
FIVE_SCALE = 1_000_000
REPEAT_WEIGHT = FIVE_SCALE
EXCESS_WEIGHT = 3
# The search for a repeat-free plan puts repeats strictly first (see Search.run).
LEXICOGRAPHIC = 10**15


def _five_cost(c: int, cap: int) -> int:
    """What `c` five-table seats cost a player when the fair share is at most `cap` (see REPEAT_WEIGHT).

    Seats beyond the share: EXCESS_WEIGHT * k^2 for k seats too many (one too many = 3 repeats, two
    too many = 12: three players one seat over beat one player two over). Within the share, the cube
    of c breaks ties towards the even spread.
    """
    over = c - cap
    return (EXCESS_WEIGHT * over * over * FIVE_SCALE if over > 0 else 0) + c * c * c


def _crossing(mine: list[int], theirs: list[int]) -> int:
    """1 when a swap moves a player from a five-table (five or six: players sit out) to a four-table,
    -1 the other way round, 0 when both tables are alike (a swap between a five and a six changes no
    player's count of five-table seats)."""
    return (len(mine) > 4) - (len(theirs) > 4)


class Search:
    """Tabu search over `rounds` new rounds of players 0..n-1 (indices into the caller's list).

    met[p][q] counts meetings: history (capped at 2, since only "met at least once / twice" matters)
    plus the new rounds. cost = repeats the new rounds add; pen = sum of _five_cost over the players'
    five-table seats (history included), smallest for the even spread (pen_min, what the first draw
    has). The score is REPEAT_WEIGHT * cost + pen. conf[r][p] = players at p's table in round r whom p
    also meets in another round; the conflicted list holds the (r, p) with conf > 0 or with a five-table
    seat in round r beyond the fair share (cap). Everything is updated incrementally by `swap`.
    """

    def __init__(self, n: int, sizes: list[int], rounds: int, history_met: list[bytearray], history_five: list[int],
                 rng: random.Random) -> None:
        self.n = n
        self.sizes = sizes
        self.rounds = rounds
        self.history_met = history_met
        self.history_five = history_five
        self.rng = rng
        seats = sum(history_five) + rounds * sum(size for size in sizes if size > 4)
        self.cap = -(-seats // n)
        five_so_far = list(history_five)
        self.tables: list[list[list[int]]] = [self._initial_round(five_so_far) for _ in range(rounds)]
        self._rebuild()
        self.pen_min = self.pen

    def _initial_round(self, five_so_far: list[int]) -> list[list[int]]:
        """A random round whose five-table seats go to those with the fewest so far (ties at random).

        Round by round, that is the even spread: it reaches the smallest pen.
        """
        rng = self.rng
        order = list(range(self.n))
        rng.shuffle(order)
        order.sort(key=five_so_far.__getitem__)
        fivers = order[:sum(size for size in self.sizes if size > 4)]  # sizes come largest first
        rest = order[len(fivers):]
        rng.shuffle(fivers)
        rng.shuffle(rest)
        for p in fivers:
            five_so_far[p] += 1
        seated = fivers + rest
        tables, start = [], 0
        for size in self.sizes:
            tables.append(seated[start:start + size])
            start += size
        return tables

    def _rebuild(self) -> None:
        """Derive meetings, five counts, cost, pen and conflicts from self.tables."""
        n, rounds = self.n, self.rounds
        met = [bytearray(row) for row in self.history_met]
        five = list(self.history_five)
        cost = 0
        self.pos = [[0] * n for _ in range(rounds)]
        for r, tables in enumerate(self.tables):
            pos = self.pos[r]
            for t, table in enumerate(tables):
                for p in table:
                    pos[p] = t
                    if len(table) > 4:
                        five[p] += 1
                for k, p in enumerate(table):
                    row = met[p]
                    for q in table[k + 1:]:
                        if row[q]:
                            cost += 1
                        row[q] += 1
                        met[q][p] += 1
        self.met, self.five, self.cost = met, five, cost
        self.pen = sum(_five_cost(c, self.cap) for c in five)
        self.conf = [[0] * n for _ in range(rounds)]
        self.conflicted: list[int] = []
        self.slot = [-1] * (rounds * n)
        for r, tables in enumerate(self.tables):
            for table in tables:
                self._recount(r, table)

    def _pen_delta(self, a: int, b: int, cross: int) -> int:
        """Change of pen when a and b swap between a five-table and a four-table.

        cross > 0: a leaves the five-table for b's four-table; cross < 0: the other way round.
        """
        up, down = (b, a) if cross > 0 else (a, b)
        c_up, c_down, cap = self.five[up], self.five[down], self.cap
        return (_five_cost(c_up + 1, cap) - _five_cost(c_up, cap)) + (_five_cost(c_down - 1, cap) - _five_cost(c_down, cap))

    def _flag(self, r: int, p: int) -> None:
        """Put (r, p) in the conflicted list or take it out (O(1), order deterministic)."""
        key = r * self.n + p
        on = self.conf[r][p] > 0 or (self.five[p] > self.cap and self.sizes[self.pos[r][p]] > 4)
        slot, items = self.slot, self.conflicted
        if on and slot[key] < 0:
            slot[key] = len(items)
            items.append(key)
        elif not on and slot[key] >= 0:
            last = items.pop()
            if last != key:
                items[slot[key]] = last
                slot[last] = slot[key]
            slot[key] = -1

    def _recount(self, r: int, table: list[int]) -> None:
        conf, met = self.conf[r], self.met
        for p in table:
            row = met[p]
            conf[p] = sum(1 for q in table if q != p and row[q] >= 2)
            self._flag(r, p)

    def _crossed(self, r: int, p: int, q: int, step: int) -> None:
        """met[p][q] crossed 2 (step +1 up, -1 down): fix conf where p and q share a table outside round r."""
        for s in range(self.rounds):
            if s != r and self.pos[s][p] == self.pos[s][q]:
                conf = self.conf[s]
                conf[p] += step
                conf[q] += step
                self._flag(s, p)
                self._flag(s, q)

    def _candidates(self, r: int, ta: int) -> list[int]:
        others = [t for t in range(len(self.sizes)) if t != ta]
        if len(others) > SAMPLE_TABLES:
            others = self.rng.sample(others, SAMPLE_TABLES)
        return others

    def _best_swap(self, r: int, a: int, iteration: int, tabu: list[int], best_score: int) -> tuple[int, int, int, int] | None:
        """The best non-tabu partner b for a in round r (ties at random): (change in score, b, in cost, in pen).

        Tabu swaps are taken only when they would beat the best draw so far (aspiration).
        """
        tables, pos, conf, met = self.tables[r], self.pos[r], self.conf[r], self.met
        ta = pos[a]
        mine = tables[ta]
        row_a = met[a]
        base = r * self.n
        leave_a = conf[a]
        weight = self.repeat_weight
        score = weight * self.cost + self.pen
        best, chosen = None, []
        for tb in self._candidates(r, ta):
            theirs = tables[tb]
            join_a = sum(1 for x in theirs if row_a[x])
            cross = _crossing(mine, theirs)
            for b in theirs:
                row_b = met[b]
                d_cost = join_a - (1 if row_a[b] else 0) - conf[b] - leave_a + sum(1 for y in mine if y != a and row_b[y])
                d_pen = self._pen_delta(a, b, cross) if cross else 0
                delta = weight * d_cost + d_pen
                if tabu[base + b] > iteration and score + delta >= best_score:
                    continue
                if best is None or delta < best:
                    best, chosen = delta, [(delta, b, d_cost, d_pen)]
                elif delta == best:
                    chosen.append((delta, b, d_cost, d_pen))
        if best is None:
            return None
        return chosen[self.rng.randrange(len(chosen))] if len(chosen) > 1 else chosen[0]

    def _delta(self, r: int, a: int, b: int) -> tuple[int, int]:
        pos, met, conf = self.pos[r], self.met, self.conf[r]
        mine, theirs = self.tables[r][pos[a]], self.tables[r][pos[b]]
        row_a, row_b = met[a], met[b]
        d_cost = (sum(1 for x in theirs if x != b and row_a[x]) - conf[b] - conf[a]
                  + sum(1 for y in mine if y != a and row_b[y]))
        cross = _crossing(mine, theirs)
        return d_cost, self._pen_delta(a, b, cross) if cross else 0

    def swap(self, r: int, a: int, b: int, d_cost: int, d_pen: int) -> None:
        """Swap a and b (different tables of round r), keeping meetings, cost, pen and conflicts exact."""
        pos, met = self.pos[r], self.met
        ta, tb = pos[a], pos[b]
        mine, theirs = self.tables[r][ta], self.tables[r][tb]
        row_a, row_b = met[a], met[b]
        crossed = []
        for x in theirs:
            if x != b:
                row_a[x] += 1
                met[x][a] += 1
                if row_a[x] == 2:
                    crossed.append((a, x, 1))
                row_b[x] -= 1
                met[x][b] -= 1
                if row_b[x] == 1:
                    crossed.append((b, x, -1))
        for y in mine:
            if y != a:
                row_b[y] += 1
                met[y][b] += 1
                if row_b[y] == 2:
                    crossed.append((b, y, 1))
                row_a[y] -= 1
                met[y][a] -= 1
                if row_a[y] == 1:
                    crossed.append((a, y, -1))
        mine[mine.index(a)] = b
        theirs[theirs.index(b)] = a
        pos[a], pos[b] = tb, ta
        self.cost += d_cost
        self.pen += d_pen
        for p, q, step in crossed:
            self._crossed(r, p, q, step)
        if _crossing(mine, theirs):
            moved_in, moved_out = (b, a) if len(mine) > 4 else (a, b)
            self.five[moved_in] += 1
            self.five[moved_out] -= 1
            for s in range(self.rounds):
                self._flag(s, a)
                self._flag(s, b)
        self._recount(r, mine)
        self._recount(r, theirs)

    def _shake(self, moves: int) -> None:
        """Random swaps (cost ignored) to leave a plateau or a local minimum."""
        rng, n = self.rng, self.n
        for _ in range(moves):
            r = rng.randrange(self.rounds)
            a, b = rng.randrange(n), rng.randrange(n)
            if self.pos[r][a] != self.pos[r][b]:
                self.swap(r, a, b, *self._delta(r, a, b))

    def run(self, target: int, max_iterations: int) -> list[list[list[int]]]:
        """The best tables found within `max_iterations` (see REPEAT_WEIGHT for what "best" means).

        Where a repeat-free plan may exist (target 0), first a search that puts repeats strictly
        first, five-table spread second: a repeat-free plan it finds is taken. Otherwise (or if it
        finds none) a search from the even-spread first draw with the real score, which puts the
        five-table spread first; the better of the two by that score wins.
        """
        start = [[list(t) for t in tables] for tables in self.tables]
        budget = max_iterations
        candidates = []
        if target == 0:
            tables, cost, pen = self._phase(LEXICOGRAPHIC, 0, max_iterations // 2)
            if cost == 0:
                return tables
            candidates.append((REPEAT_WEIGHT * cost + pen, 0, tables))
            budget -= max_iterations // 2
            self.tables = start
            self._rebuild()
        tables, cost, pen = self._phase(REPEAT_WEIGHT, target, budget)
        candidates.append((REPEAT_WEIGHT * cost + pen, 1, tables))
        return min(candidates)[2]

    def _phase(self, repeat_weight: int, target: int, max_iterations: int) -> tuple[list[list[list[int]]], int, int]:
        """Search until repeats reach `target` with the even spread, or the iterations run out.

        Once the repeats are at `target`, a few fruitless restarts end the search early too (the even
        spread may be out of reach without repeats). Returns the best tables found, their repeats and pen.
        """
        rng, n = self.rng, self.n
        self.repeat_weight = repeat_weight
        best_score, best_cost, best_pen = repeat_weight * self.cost + self.pen, self.cost, self.pen
        best = [[list(t) for t in tables] for tables in self.tables]
        if len(self.sizes) < 2:
            return best, best_cost, self.pen
        tabu = [0] * (self.rounds * n)
        last_better = 0
        fruitless = 0
        for iteration in range(1, max_iterations + 1):
            if best_score <= repeat_weight * target + self.pen_min:
                break
            if iteration - last_better > STALL_ITERATIONS:
                fruitless += 1
                if fruitless > (PATIENCE if best_cost <= target else GIVE_UP):
                    break
                self.tables = [[list(t) for t in tables] for tables in best]
                self._rebuild()
                self._shake(rng.randint(1, max(2, self.rounds * len(self.sizes) // 2)))
                tabu = [0] * (self.rounds * n)
                last_better = iteration
            if not self.conflicted:
                self._shake(1)
                continue
            found = None
            for _ in range(min(CONFLICTS_PER_STEP, len(self.conflicted))):
                r_try, a_try = divmod(self.conflicted[rng.randrange(len(self.conflicted))], n)
                swap = self._best_swap(r_try, a_try, iteration, tabu, best_score)
                if swap is not None and (found is None or swap[0] < found[0]):
                    found, r, a = swap, r_try, a_try
            if found is None:
                continue
            _, b, d_cost, d_pen = found
            self.swap(r, a, b, d_cost, d_pen)
            tabu[r * n + a] = tabu[r * n + b] = iteration + rng.randint(3, 10)
            score = repeat_weight * self.cost + self.pen
            if score < best_score:
                best_score, best_cost, best_pen = score, self.cost, self.pen
                best = [[list(t) for t in tables] for tables in self.tables]
                last_better = iteration
                fruitless = 0
        return best, best_cost, best_pen


def player_index(players: Sequence[Hashable]) -> dict[Hashable, int]:
    index: dict[Hashable, int] = {}
    for player in players:
        if player in index:
            raise ValueError(f"player {player!r} is listed twice")
        index[player] = len(index)
    return index

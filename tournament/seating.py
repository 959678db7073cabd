"""Seating draw for Königrufen tournaments: who sits at which table in which round.

A pure module (no Django, no database, no global state), so the same code serves the site, the
`draw_seating` command, the tests and the benchmark.

* Tables seat four; tables of five only as many as the player count needs: N = 4a + 5b with the
  fewest five-tables (b = N mod 4). 6, 7 and 11 players cannot be seated (`SeatingImpossible`
  names the nearest counts that work). Rule sets that play only at tables of four
  (Hopfgarten) pass ``allow_five=False``; then N must be a multiple of four.
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

import math
import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

__all__ = ["Draw", "SeatingImpossible", "draw", "lower_bound", "quality", "seeded_round", "table_sizes"]

Table = tuple[Hashable, ...]
Round = tuple[Table, ...]

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
# The search for a repeat-free plan puts repeats strictly first (see _Search.run).
LEXICOGRAPHIC = 10**15


class SeatingImpossible(ValueError):
    """A player count that cannot be split into tables of four (and five).

    Carries a German and an English sentence for the director and ``options``: the nearest player
    counts below and above that can be seated (only "above" when nothing below works), so the
    director can wait for a late arrival or seat a substitute.
    """

    def __init__(self, players: int, options: list[int], *, allow_five: bool = True) -> None:
        self.players = players
        self.options = options
        self.allow_five = allow_five
        tables_de = "Vierer- und Fünfertische" if allow_five else "Vierertische"
        tables_en = "tables of four and five" if allow_five else "tables of four only"
        verb_de = "lässt" if players == 1 else "lassen"
        noun_en = "player" if players == 1 else "players"
        if len(options) == 1:
            works_de = f"möglich ist {options[0]}"
            works_en = f"{options[0]} would work"
        else:
            works_de = f"möglich sind {options[0]} oder {options[1]}"
            works_en = f"{options[0]} or {options[1]} would work"
        self.message_de = f"{players} Spieler {verb_de} sich nicht an {tables_de} setzen; {works_de}."
        self.message_en = f"{players} {noun_en} cannot be seated at {tables_en}; {works_en}."
        super().__init__(f"{self.message_de}\n{self.message_en}")


def _split(players: int, allow_five: bool) -> tuple[int, int] | None:
    """(fours, fives) with the fewest five-tables, or None. N = 4a + 5b forces b ≡ N (mod 4)."""
    fives = players % 4 if allow_five else 0
    if players < 4 or 5 * fives > players or (players - 5 * fives) % 4:
        return None
    return (players - 5 * fives) // 4, fives


def table_sizes(players: int, *, allow_five: bool = True) -> list[int]:
    """Table sizes for a round, five-tables first: 17 -> [5, 4, 4, 4], 10 -> [5, 5].

    Five-tables only as many as needed (each one makes a player sit out every fifth hand).
    Raises SeatingImpossible for 1-3, 6, 7, 11 (and, without five-tables, for every count that
    is not a multiple of four).
    """
    if isinstance(players, bool) or not isinstance(players, int):
        raise TypeError("players must be an int")
    if players < 0:
        raise ValueError("players must not be negative")
    split = _split(players, allow_five)
    if split is None:
        below = next((n for n in range(players - 1, 3, -1) if _split(n, allow_five)), None)
        above = next(n for n in range(max(players + 1, 4), players + 9) if _split(n, allow_five))
        raise SeatingImpossible(players, [n for n in (below, above) if n is not None], allow_five=allow_five)
    fours, fives = split
    return [5] * fives + [4] * fours


@dataclass(frozen=True)
class Draw:
    """A seating draw of one or more rounds and the quality the director sees.

    rounds: round -> table -> players in seat order (table[0] deals first); five-tables first.
    The figures cover the history passed to `draw` plus these rounds (the whole tournament as it
    will have been played), computed by `quality`:
    repeats: repeated meetings, i.e. for each pair that met, (times at the same table - 1), summed.
    repeated_pairs: (player, player, times) for each pair that met more than once, most often first.
    five_table_repeats: players who sat at a five-table more often than the counts force (more
    than ceil(five-table seats / players) times).
    seed: the seed the draw was made with; the same inputs and seed give the same draw.
    """

    rounds: tuple[Round, ...]
    repeats: int
    repeated_pairs: tuple[tuple[Hashable, Hashable, int], ...]
    five_table_repeats: int
    seed: int | str


def quality(rounds: Sequence[Sequence[Sequence[Hashable]]]) -> tuple[int, tuple[tuple[Hashable, Hashable, int], ...], int]:
    """(repeats, repeated_pairs, five_table_repeats) of any rounds, as described on `Draw`.

    Usable for rounds as played (with withdrawals and late arrivals): players are whoever
    appears; a five-table is a table of five. Pairs are listed most-met first, then in order of
    first appearance, each pair in order of first appearance.
    """
    index: dict[Hashable, int] = {}
    met: dict[tuple[int, int], int] = {}
    five: dict[int, int] = {}
    five_seats = 0
    for round_ in rounds:
        for table in round_:
            ids = [index.setdefault(player, len(index)) for player in table]
            if len(ids) == 5:
                five_seats += 5
                for i in ids:
                    five[i] = five.get(i, 0) + 1
            for k, i in enumerate(ids):
                for j in ids[k + 1:]:
                    pair = (i, j) if i < j else (j, i)
                    met[pair] = met.get(pair, 0) + 1
    players = list(index)
    repeated = sorted(((i, j, times) for (i, j), times in met.items() if times > 1), key=lambda t: (-t[2], t[0], t[1]))
    repeats = sum(times - 1 for _, _, times in repeated)
    cap = math.ceil(five_seats / len(players)) if players else 0
    return (
        repeats,
        tuple((players[i], players[j], times) for i, j, times in repeated),
        sum(1 for count in five.values() if count > cap),
    )


def _pigeonhole(sizes: Sequence[int], groups: int) -> int:
    """Fewest pairs that must share an earlier table: s players from `groups` earlier tables."""
    total = 0
    for size in sizes:
        q, rem = divmod(size, groups)
        total += rem * (q + 1) * q // 2 + (groups - rem) * q * (q - 1) // 2
    return total


def _bound(sizes: Sequence[int], rounds: int, history_groups: Sequence[int], n: int, pairs_met: int) -> int:
    """A proven lower bound on the repeats that `rounds` new rounds add (see `lower_bound`)."""
    pigeonhole = sum(max([_pigeonhole(sizes, g) for g in history_groups] + [_pigeonhole(sizes, len(sizes)) if r else 0])
                     for r in range(rounds))
    counting = rounds * sum(s * (s - 1) // 2 for s in sizes) - (n * (n - 1) // 2 - pairs_met)
    return max(0, pigeonhole, counting)


def lower_bound(players: int, rounds: int, *, allow_five: bool = True) -> int:
    """A proven lower bound on the repeats of `rounds` rounds for `players` players (no history).

    Repeats = sum over rounds of the pairs at its tables that met in some earlier round. The larger of
    * pigeonhole: against one earlier round with g tables, a table of s > g players seats two players
      from the same earlier table; spread as evenly as possible that still forces
      rem*C(q+1, 2) + (g-rem)*C(q, 2) pairs, q, rem = divmod(s, g). 12 players, 3 rounds: 3 + 3 = 6;
    * counting: the rounds seat rounds*sum C(s, 2) pairs, at most C(N, 2) of them for the first time.
      8 players, 4 rounds: 4*12 - 28 = 20.
    """
    sizes = table_sizes(players, allow_five=allow_five)
    return _bound(sizes, rounds, (), players, 0)


def _five_cost(c: int, cap: int) -> int:
    """What `c` five-table seats cost a player when the fair share is at most `cap` (see REPEAT_WEIGHT).

    Seats beyond the share: EXCESS_WEIGHT * k^2 for k seats too many (one too many = 3 repeats, two
    too many = 12: three players one seat over beat one player two over). Within the share, the cube
    of c breaks ties towards the even spread.
    """
    over = c - cap
    return (EXCESS_WEIGHT * over * over * FIVE_SCALE if over > 0 else 0) + c * c * c


class _Search:
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
        seats = sum(history_five) + rounds * 5 * sizes.count(5)
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
        fivers = order[:5 * self.sizes.count(5)]
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
                    if len(table) == 5:
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
        on = self.conf[r][p] > 0 or (self.five[p] > self.cap and self.sizes[self.pos[r][p]] == 5)
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
            cross = len(mine) - len(theirs)
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
        cross = len(mine) - len(theirs)
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
        if len(mine) != len(theirs):
            moved_in, moved_out = (b, a) if len(mine) == 5 else (a, b)
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


def _index(players: Sequence[Hashable]) -> dict[Hashable, int]:
    index: dict[Hashable, int] = {}
    for player in players:
        if player in index:
            raise ValueError(f"player {player!r} is listed twice")
        index[player] = len(index)
    return index


def draw(players: Sequence[Hashable], rounds: int, seed: int | str, *, allow_five: bool = True,
         history: Sequence[Sequence[Sequence[Hashable]]] = ()) -> Draw:
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
    index = _index(players)
    people = list(index)
    n = len(people)
    sizes = table_sizes(n, allow_five=allow_five)
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
            if len(table) == 5:
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
        target = _bound(sizes, rounds, history_groups, n, pairs_met)
        new_rounds = _Search(n, sizes, rounds, history_met, history_five, rng).run(target, MAX_ITERATIONS)
    drawn = []
    for tables in new_rounds:
        ordered: list[Table] = []
        for size in (5, 4):
            same = [list(t) for t in tables if len(t) == size]
            rng.shuffle(same)  # which table number
            for table in same:
                rng.shuffle(table)  # the seat order, table[0] deals first
                ordered.append(tuple(people[i] for i in table))
        drawn.append(tuple(ordered))
    repeats, repeated_pairs, five_repeats = quality([*history, *drawn])
    return Draw(rounds=tuple(drawn), repeats=repeats, repeated_pairs=repeated_pairs, five_table_repeats=five_repeats, seed=seed)


def seeded_round(ranked_players: Sequence[Hashable], *, allow_five: bool = True) -> Round:
    """A round seated by the standings: best four at table 1, next four at table 2, ...

    Where five-tables are needed they are the last (lowest-ranked) tables, so the top tables play
    the same four-handed game for the title. Seats are in ranking order (no seed here): the cup at
    the table draws the dealer, or the caller shuffles with its own stored seed.
    """
    players = list(ranked_players)
    _index(players)
    sizes = sorted(table_sizes(len(players), allow_five=allow_five))
    tables, start = [], 0
    for size in sizes:
        tables.append(tuple(players[start:start + size]))
        start += size
    return tuple(tables)

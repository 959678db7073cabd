"""Table sizes, seatings measured, and the lower bound of repeat meetings: the parts of the draw that
need no search. Pure Python."""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

Table = tuple[Hashable, ...]
Round = tuple[Table, ...]


class SeatingImpossible(ValueError):
    """A player count that cannot be split into tables of four (and five, and six).

    Carries a German and an English sentence for the director and ``options``: the nearest player
    counts below and above that can be seated (only "above" when nothing below works), so the
    director can wait for a late arrival or seat a substitute.
    """

    def __init__(self, players: int, options: list[int], *, allow_five: bool = True, allow_six: bool = False) -> None:
        self.players = players
        self.options = options
        self.allow_five = allow_five
        self.allow_six = allow_six
        tables_de, tables_en = {
            (True, False): ("Vierer- und Fünfertische", "tables of four and five"),
            (False, False): ("Vierertische", "tables of four only"),
            (True, True): ("Vierer-, Fünfer- und Sechsertische", "tables of four, five and six"),
            (False, True): ("Vierer- und Sechsertische", "tables of four and six"),
        }[(allow_five, allow_six)]
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


def _split_with_sixes(players: int, allow_five: bool, allow_six: bool) -> tuple[int, int, int] | None:
    """(fours, fives, sixes) with the fewest six-tables, then the fewest five-tables, or None.

    A six-table makes two players sit out every hand, a five-table one: sixes only where fours and
    fives cannot seat everyone (6 and 11 players with fives; 4k + 2 without)."""
    for sixes in range(players // 6 + 1 if allow_six else 1):
        rest = players - 6 * sixes
        if rest == 0 and sixes:
            return 0, 0, sixes
        split = _split(rest, allow_five)
        if split is not None:
            return split[0], split[1], sixes
    return None


def table_sizes(players: int, *, allow_five: bool = True, allow_six: bool = False) -> list[int]:
    """Table sizes for a round, the largest tables first: 17 -> [5, 4, 4, 4], 10 -> [5, 5],
    with tables of six allowed 11 -> [6, 5] and 6 -> [6].

    Five- and six-tables only as many as needed (at each one players sit out hands).
    Raises SeatingImpossible for 1-3, 6, 7, 11 (with six-tables allowed: 1-3 and 7; without
    five-tables, for every count that is not a multiple of four, or not even where sixes are allowed).
    """
    if isinstance(players, bool) or not isinstance(players, int):
        raise TypeError("players must be an int")
    if players < 0:
        raise ValueError("players must not be negative")
    split = _split_with_sixes(players, allow_five, allow_six)
    if split is None:
        def works(n: int) -> bool:
            return _split_with_sixes(n, allow_five, allow_six) is not None

        below = next((n for n in range(players - 1, 3, -1) if works(n)), None)
        above = next(n for n in range(max(players + 1, 4), players + 9) if works(n))
        raise SeatingImpossible(players, [n for n in (below, above) if n is not None],
                                allow_five=allow_five, allow_six=allow_six)
    fours, fives, sixes = split
    return [6] * sixes + [5] * fives + [4] * fours


@dataclass(frozen=True)
class Draw:
    """A seating draw of one or more rounds and the quality the director sees.

    rounds: round -> table -> players in seat order (table[0] deals first); the largest tables first.
    The figures cover the history passed to `draw` plus these rounds (the whole tournament as it
    will have been played), computed by `quality`:
    repeats: repeated meetings, i.e. for each pair that met, (times at the same table - 1), summed.
    repeated_pairs: (player, player, times) for each pair that met more than once, most often first.
    five_table_repeats: players who sat at a five-table more often than the counts force (more
    than ceil(five-table seats / players) times). Here and in the search a "five-table" is any table
    where players sit out hands: five, or six where the tournament allows tables of six.
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
            if len(ids) > 4:
                five_seats += len(ids)
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


def repeat_bound(sizes: Sequence[int], rounds: int, history_groups: Sequence[int], n: int, pairs_met: int) -> int:
    """A proven lower bound on the repeats that `rounds` new rounds add (see `lower_bound`)."""
    pigeonhole = sum(max([_pigeonhole(sizes, g) for g in history_groups] + [_pigeonhole(sizes, len(sizes)) if r else 0])
                     for r in range(rounds))
    counting = rounds * sum(s * (s - 1) // 2 for s in sizes) - (n * (n - 1) // 2 - pairs_met)
    return max(0, pigeonhole, counting)


def lower_bound(players: int, rounds: int, *, allow_five: bool = True, allow_six: bool = False) -> int:
    """A proven lower bound on the repeats of `rounds` rounds for `players` players (no history).

    Repeats = sum over rounds of the pairs at its tables that met in some earlier round. The larger of
    * pigeonhole: against one earlier round with g tables, a table of s > g players seats two players
      from the same earlier table; spread as evenly as possible that still forces
      rem*C(q+1, 2) + (g-rem)*C(q, 2) pairs, q, rem = divmod(s, g). 12 players, 3 rounds: 3 + 3 = 6;
    * counting: the rounds seat rounds*sum C(s, 2) pairs, at most C(N, 2) of them for the first time.
      8 players, 4 rounds: 4*12 - 28 = 20.
    """
    sizes = table_sizes(players, allow_five=allow_five, allow_six=allow_six)
    return repeat_bound(sizes, rounds, (), players, 0)

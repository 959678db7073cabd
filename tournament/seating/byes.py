"""Byes: who sits out a round when the present players fit no table sizes. Pure Python.

events.md: every round is seated for any count from 4 up; where no table size fits (6, 7 or 11
players with tables of four and five, 7 where tables of six are allowed too; any count that is no
multiple of four where only four sit at a table, as at Hopfgarten) the fewest players sit the round
out. Byes rotate: they go to those with the fewest byes so far, so nobody sits out twice while
someone present has not; among equals the seed decides, so the same inputs give the same byes.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Hashable, Mapping, Sequence

from tournament.seating.tables import SeatingImpossible, table_sizes


def fits(players: int, *, allow_five: bool = True, allow_six: bool = False) -> bool:
    try:
        table_sizes(players, allow_five=allow_five, allow_six=allow_six)
    except SeatingImpossible:
        return False
    return True


def bye_count(players: int, *, allow_five: bool = True, allow_six: bool = False) -> int:
    """The fewest players who must sit out so that the rest fit the tables: 0 when they already do.

    Raises SeatingImpossible below four players (nobody can play)."""
    for byes in range(players - 3):
        if fits(players - byes, allow_five=allow_five, allow_six=allow_six):
            return byes
    table_sizes(players, allow_five=allow_five, allow_six=allow_six)  # raises with the director's message
    raise AssertionError("unreachable: 4 players always fit")  # pragma: no cover


def choose_byes(players: Sequence[Hashable], byes_so_far: Mapping[Hashable, int], seed: int | str, *,
                allow_five: bool = True, allow_six: bool = False,
                ranking: Sequence[Hashable] | None = None, substitutes: Collection[Hashable] = ()
                ) -> tuple[list[Hashable], list[Hashable]]:
    """(sitting out, seated), both in the order of ``players``: the fewest byes the count needs,
    given to those with the fewest byes so far (``byes_so_far``; missing = 0), the seed breaking ties.

    With a ``ranking`` (best first: a round seated by the standings, events.md) the lowest-ranked among
    those with the fewest byes sit out, so the leaders always play; a player missing from the ranking
    counts below all of it, and only players equal on both are left to the seed. A substitute (Springer,
    seated instead of a bye) sits out before anyone else, since he is not ranked."""
    count = bye_count(len(players), allow_five=allow_five, allow_six=allow_six)
    if not count:
        return [], list(players)
    lots = list(range(len(players)))
    random.Random(f"byes-{seed}").shuffle(lots)
    place = {player: index for index, player in enumerate(ranking or ())}
    unranked = len(place)
    order = sorted(range(len(players)), key=lambda i: (players[i] not in substitutes, byes_so_far.get(players[i], 0),
                                                       -place.get(players[i], unranked), lots[i]))
    out = set(order[:count])
    return ([p for i, p in enumerate(players) if i in out], [p for i, p in enumerate(players) if i not in out])

"""The seating draw searched once per process for the tests that only need a seated round.

`tournament.seating.draw` is the largest part of building a test tournament (17 players: about 0.25 s of
the 0.3 s `make_tournament` takes, nearly all of it the tabu search), and hundreds of tests seat the same
counts with the same seed. The draw depends on its players only through their order and equality (the
search works on indices; labels are put back at the end), so a draw of ``players`` is the draw of
``range(n)`` with the labels put back. This module keeps the draw of each such canonical form and gives
every caller its own labels back: the same Draw the real search returns, without searching again.
tests/tournament/test_seating_memo.py checks that sameness against the real draw; tests of the draw
itself are marked ``fresh_draws`` and see the real function (tests/conftest.py).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Sequence

from tournament import seating

real_draw = seating.draw
_drawn: dict[tuple, seating.Draw] = {}


def draw(players: Sequence[Hashable], rounds: int, seed: int | str, *, allow_five: bool = True,
         allow_six: bool = False, history: Sequence[Sequence[Sequence[Hashable]]] = ()) -> seating.Draw:
    players = list(players)
    options = {"allow_five": allow_five, "allow_six": allow_six}
    try:
        label: dict[Hashable, int] = {}
        for player in players:
            label.setdefault(player, len(label))
        canonical_history = tuple(tuple(tuple(label.setdefault(p, len(label)) for p in table) for table in round_)
                                  for round_ in history)
        key = (len(players), rounds, seed, allow_five, allow_six, canonical_history)
        hash(key)
    except TypeError:  # unhashable input: the real draw says what is wrong with it
        return real_draw(players, rounds, seed, history=history, **options)
    if len(label) < len(players) or isinstance(seed, bool) or not isinstance(seed, int | str) or \
            isinstance(rounds, bool) or not isinstance(rounds, int):
        return real_draw(players, rounds, seed, history=history, **options)  # refused by the real draw
    found = _drawn.get(key)
    if found is None:
        found = _drawn[key] = real_draw(range(len(players)), rounds, seed, history=canonical_history, **options)
    back = {index: player for player, index in label.items()}
    return dataclasses.replace(
        found,
        rounds=tuple(tuple(tuple(back[i] for i in table) for table in round_) for round_ in found.rounds),
        repeated_pairs=tuple((back[a], back[b], times) for a, b, times in found.repeated_pairs),
    )

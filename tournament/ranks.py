"""Shared ranks: the one place places are numbered (competition ranking, "1, 2, 2, 4").

Pure Python (no Django). A tournament's standings, the players a cup counts of a tournament and a
season's ranking all sort their rows best first and then number them here, so a tie reads the same
on every page, sheet and JSON document.
"""

from __future__ import annotations

from typing import Hashable, NamedTuple, Sequence


class Place(NamedTuple):
    rank: int
    shared: bool  # another row has the same rank


def shared_ranks(keys: Sequence[Hashable], *, start: int = 1) -> list[Place]:
    """The places of rows already sorted best first, compared by ``keys`` (one per row): equal keys
    next to each other share the rank of the first of them, and the next rank skips the places they
    took (3, 3, 5). ``start`` is the first row's rank: a group ranked below another starts after it."""
    places: list[Place] = []
    for index, key in enumerate(keys):
        same_as_previous = index > 0 and keys[index - 1] == key
        same_as_next = index + 1 < len(keys) and keys[index + 1] == key
        rank = places[-1].rank if same_as_previous else start + index
        places.append(Place(rank, same_as_previous or same_as_next))
    return places


def rank_text(rank: int | None, shared: bool) -> str:
    """A place as printed: "3", "3=" when shared, "" for a player without a rank."""
    return "" if rank is None else f"{rank}{'=' if shared else ''}"

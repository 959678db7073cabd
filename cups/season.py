"""The season ranking of a cup: each player's best n results. Pure Python (no Django).

Binding contract: docs/sources/season.md "Season ranking". Source: ABAKUS ``Statistik/SAISON.js``
``bereSaison`` (a player's cup points sorted best first, the best results summed; the final is not
among them and is added on its own).

* ``T`` = tournaments of the season held so far; ``n = floor(T / 2)`` when ``T > 10``, else
  ``floor((T + 1) / 2)``; a cup may override ``n``.
* Season points = the sum of a player's best ``n`` results (all of them when he has fewer).
* The final (``FINAL_NONE`` / ``FINAL_DOUBLE`` / ``FINAL_DECIDES``, a cup setting):
  - none: the final is a tournament like any other;
  - double: as in ABAKUS ``bereSaison`` the final is always counted, on top of the best ``n`` of the
    other tournaments, and its cup points count twice;
  - decides: the final alone ranks its players: finalists first in the order of their final rank,
    everyone else after them; season points (best ``n`` of the other tournaments) stay what they are
    and break ties within the same final rank and among non-finalists.
* Ties: more counted points, then the better best rank, then more participations; then shared.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from tournament.ranks import shared_ranks

FINAL_NONE, FINAL_DOUBLE, FINAL_DECIDES = "none", "double", "decides"
FINAL_MODES = (FINAL_NONE, FINAL_DOUBLE, FINAL_DECIDES)

Number = int | Decimal


@dataclass(frozen=True)
class Result:
    """One tournament of one player: its key (slug), the order of the tournament in the season, final rank,
    cup points, and whether it is the cup final."""

    tournament: str
    rank: int
    points: Number
    is_final: bool = False
    order: int = 0


@dataclass(frozen=True)
class PlayerSeason:
    key: object
    name: str
    club: str
    results: tuple[Result, ...]


@dataclass(frozen=True)
class CountedResult:
    result: Result
    counted: bool
    worth: Number  # what it adds to the season points when counted (the final twice in "double")


@dataclass(frozen=True)
class SeasonRow:
    rank: int
    shared: bool
    player: PlayerSeason
    points: Number
    best_rank: int | None
    participations: int
    results: tuple[CountedResult, ...] = field(default_factory=tuple)

    def result_for(self, tournament: str) -> CountedResult | None:
        for item in self.results:
            if item.result.tournament == tournament:
                return item
        return None


def counted_results(tournaments: int, override: int | None = None) -> int:
    """n: how many results count when ``tournaments`` (T) were held (spec: floor(T/2) above 10, else floor((T+1)/2))."""
    if override is not None:
        return max(0, override)
    if tournaments > 10:
        return tournaments // 2
    return (tournaments + 1) // 2


def _choose(results: tuple[Result, ...], n: int, final_mode: str) -> tuple[list[CountedResult], Number]:
    ordinary = [r for r in results if not (r.is_final and final_mode != FINAL_NONE)]
    # Best first: more points, then the better rank, then the earlier tournament (a stable, visible choice).
    best = sorted(ordinary, key=lambda r: (-r.points, r.rank, r.order, r.tournament))[:n]
    chosen = {id(r) for r in best}
    items: list[CountedResult] = []
    total: Number = 0
    for r in sorted(results, key=lambda r: (r.order, r.tournament)):
        if r.is_final and final_mode == FINAL_DOUBLE:
            items.append(CountedResult(r, True, r.points * 2))
            total += r.points * 2
        elif id(r) in chosen:
            items.append(CountedResult(r, True, r.points))
            total += r.points
        else:
            items.append(CountedResult(r, False, r.points))
    return items, total


def rank_season(players: list[PlayerSeason], *, tournaments: int, best_n: int | None = None,
                final_mode: str = FINAL_NONE) -> tuple[int, list[SeasonRow]]:
    """(n, rows best first). ``tournaments`` is T, the tournaments held so far (with the final)."""
    if final_mode not in FINAL_MODES:
        raise ValueError(f"unknown final mode {final_mode!r}")
    n = counted_results(tournaments, best_n)
    scored = []
    for player in players:
        items, points = _choose(player.results, n, final_mode)
        best_rank = min((r.rank for r in player.results), default=None)
        final = next((r for r in player.results if r.is_final), None)
        # "decides": finalists first, by their final rank; everyone else after them.
        decide = (0, 0)
        if final_mode == FINAL_DECIDES:
            decide = (0, final.rank) if final is not None else (1, 0)
        key = (decide, -points, best_rank if best_rank is not None else 10**9, -len(player.results))
        scored.append((key, player, items, points, best_rank))
    scored.sort(key=lambda row: (row[0], row[1].name, str(row[1].key)))
    rows: list[SeasonRow] = []
    places = shared_ranks([row[0] for row in scored])
    for (_key, player, items, points, best_rank), place in zip(scored, places, strict=True):
        rows.append(SeasonRow(place.rank, place.shared, player, points, best_rank,
                              len(player.results), tuple(items)))
    return n, rows

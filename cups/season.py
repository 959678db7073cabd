"""The season ranking of a cup: each player's best n results. Pure Python (no Django).

Binding contract: docs/sources/season.md "Season ranking". Source: ABAKUS ``Statistik/SAISON.js``
``bereSaisonFIX`` and ``bereSaisonHEINE`` (a player's cup points sorted best first, the best results summed;
on the fixed path with a fraction in ``TURNIER`` the final is not among them and is added once on its own).

* ``T`` = tournaments of the season held so far; ``n = floor(T / 2)`` when ``T > 10``, else
  ``floor((T + 1) / 2)``; a cup may override ``n``.
* Season points = the sum of a player's best ``n`` results (all of them when he has fewer).
* The final (``FINAL_NONE`` / ``FINAL_DOUBLE`` / ``FINAL_PLUS`` / ``FINAL_DECIDES``, a cup setting):
  - none: the final is a tournament like any other;
  - plus: as in ABAKUS ``bereSaisonFIX`` the final is always counted, once, on top of the best ``n`` of
    the other tournaments;
  - double: like plus, but the final's cup points count twice (a cup setting of this project; ABAKUS
    never doubles);
  - decides: the final alone ranks its players: finalists first in the order of their final rank,
    everyone else after them; season points (best ``n`` of the other tournaments) stay what they are
    and break ties within the same final rank and among non-finalists.
* Ties (``TIE_PROJECT``): more counted points, then the better best rank, then more participations; then
  shared. A season imported from ABAKUS keeps ABAKUS's rule (docs/sources/season.md "Seasons imported from
  ABAKUS"; ``Statistik/SAISON.js``): ``TIE_ABAKUS_FIXED`` (``bereSaisonFIX``: more points, then the
  weighted sum of the counted results, each weighing twice the next, the final on top last, times 30 plus
  the participations; shared when both are equal) and ``TIE_ABAKUS_HEINE`` (``bereSaisonHEINE``: shared on
  equal points). ABAKUS lists a result without points ("-") after the negative ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from tournament.ranks import shared_ranks

FINAL_NONE, FINAL_DOUBLE, FINAL_PLUS, FINAL_DECIDES = "none", "double", "plus", "decides"
FINAL_MODES = (FINAL_NONE, FINAL_DOUBLE, FINAL_PLUS, FINAL_DECIDES)
# The modes that add the final on top of the best n (and so may give negative final points).
FINAL_ON_TOP = (FINAL_DOUBLE, FINAL_PLUS)
# Negative final points (ABAKUS ``Statistik/statFunktionen.js`` ``getCupPunkte``, fixed points of some
# cups' finals): a finalist ranked below 50 loses a point per place beyond 50.
PENALTY_FROM_RANK = 50
TIE_PROJECT, TIE_ABAKUS_FIXED, TIE_ABAKUS_HEINE = "project", "abakus-fixed", "abakus-heine"
TIE_RULES = (TIE_PROJECT, TIE_ABAKUS_FIXED, TIE_ABAKUS_HEINE)
# ABAKUS's fixed path: sortPunkte * 30 + participations (SAISON.js bereSaisonFIX)
ABAKUS_PARTICIPATION_WEIGHT = 30

Number = int | Decimal


@dataclass(frozen=True)
class Result:
    """One tournament of one player: its key (slug), the order of the tournament in the season, final rank,
    cup points, and whether it is the cup final. ``rank`` is None for a player of the season who did not
    come to a final that gives no-shows negative points (``no_show_result``)."""

    tournament: str
    rank: int | None
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


def final_points(points: Number, rank: int, penalties: bool) -> Number:
    """A finalist's cup points: with negative final points a rank beyond 50 gives 50 - rank (51st: -1)."""
    return PENALTY_FROM_RANK - rank if penalties and rank > PENALTY_FROM_RANK else points


def no_show_result(final: str, finalists: int, order: int, *, as_abakus: bool = False) -> Result:
    """What a player of the season who did not play the final gets with negative final points: one point
    less than the finalists' last place beyond 50 would get (49 - finalists), never more than 0.
    (ABAKUS gives 49 - finalists even when fewer than 49 play the final, i.e. points for staying away;
    here staying away never earns points, except in a season imported from ABAKUS, ``as_abakus``, which
    reads as ABAKUS published it.)"""
    points = PENALTY_FROM_RANK - 1 - finalists
    return Result(final, None, points if as_abakus else min(0, points), True, order)


def _best_first(results: list[Result], tie_rule: str) -> list[Result]:
    """More points first, then the better rank, then the earlier tournament (a stable, visible choice); as
    ABAKUS lists them (``SAISON.js``: a result without points, "-", goes after every number) for its rules."""
    dash_last = tie_rule != TIE_PROJECT
    return sorted(results, key=lambda r: (dash_last and r.points == 0, -r.points,
                                          r.rank if r.rank is not None else 10**9, r.order, r.tournament))


def abakus_sort_points(results: tuple[Result, ...], n: int, final_mode: str, has_final: bool) -> Number:
    """ABAKUS's tie-break of equal season points on its fixed path (``SAISON.js`` ``bereSaisonFIX``
    ``sortPunkte``): the first ``n`` of the results best first, each doubling what came before (a missing
    one adds nothing but still doubles), the final's points last when the final counts on top; times 30
    plus the participations, or 0 when the sum is 0."""
    ordinary = _best_first([r for r in results if not (r.is_final and final_mode in FINAL_ON_TOP)],
                           TIE_ABAKUS_FIXED)
    value: Number = 0
    for i in range(n):
        value = value * 2 + (ordinary[i].points if i < len(ordinary) else 0)
    if final_mode in FINAL_ON_TOP and has_final:
        value = value * 2 + sum(r.points for r in results if r.is_final)
    if not value:
        return 0
    return value * ABAKUS_PARTICIPATION_WEIGHT + sum(1 for r in results if r.rank is not None)


def _choose(results: tuple[Result, ...], n: int, final_mode: str,
            tie_rule: str = TIE_PROJECT) -> tuple[list[CountedResult], Number]:
    ordinary = [r for r in results if not (r.is_final and final_mode != FINAL_NONE)]
    best = _best_first(ordinary, tie_rule)[:n]
    chosen = {id(r) for r in best}
    items: list[CountedResult] = []
    total: Number = 0
    for r in sorted(results, key=lambda r: (r.order, r.tournament)):
        if r.is_final and final_mode in FINAL_ON_TOP:
            worth = r.points * 2 if final_mode == FINAL_DOUBLE else r.points
            items.append(CountedResult(r, True, worth))
            total += worth
        elif id(r) in chosen:
            items.append(CountedResult(r, True, r.points))
            total += r.points
        else:
            items.append(CountedResult(r, False, r.points))
    return items, total


def _tie_key(rule: str, player: PlayerSeason, n: int, final_mode: str, has_final: bool, best_rank: int | None,
             played: int) -> tuple:
    """What breaks a tie in season points under ``rule`` (the module docstring); equal keys share the rank."""
    if rule == TIE_ABAKUS_HEINE:
        return ()
    if rule == TIE_ABAKUS_FIXED:
        return (-abakus_sort_points(player.results, n, final_mode, has_final),)
    return (best_rank if best_rank is not None else 10**9, -played)


def rank_season(players: list[PlayerSeason], *, tournaments: int, best_n: int | None = None,
                final_mode: str = FINAL_NONE, tie_rule: str = TIE_PROJECT) -> tuple[int, list[SeasonRow]]:
    """(n, rows best first). ``tournaments`` is T, the tournaments held so far (with the final)."""
    if final_mode not in FINAL_MODES:
        raise ValueError(f"unknown final mode {final_mode!r}")
    if tie_rule not in TIE_RULES:
        raise ValueError(f"unknown tie rule {tie_rule!r}")
    n = counted_results(tournaments, best_n)
    has_final = any(r.is_final for p in players for r in p.results)
    scored = []
    for player in players:
        items, points = _choose(player.results, n, final_mode, tie_rule)
        played = [r for r in player.results if r.rank is not None]
        best_rank = min((r.rank for r in played), default=None)
        final = next((r for r in played if r.is_final), None)
        # "decides": finalists first, by their final rank; everyone else after them.
        decide = (0, 0)
        if final_mode == FINAL_DECIDES:
            decide = (0, final.rank) if final is not None else (1, 0)
        key = (decide, -points, *_tie_key(tie_rule, player, n, final_mode, has_final, best_rank, len(played)))
        scored.append((key, player, items, points, best_rank))
    scored.sort(key=lambda row: (row[0], row[1].name, str(row[1].key)))
    rows: list[SeasonRow] = []
    places = shared_ranks([row[0] for row in scored])
    for (_key, player, items, points, best_rank), place in zip(scored, places, strict=True):
        rows.append(SeasonRow(place.rank, place.shared, player, points, best_rank,
                              sum(1 for r in player.results if r.rank is not None), tuple(items)))
    return n, rows


@dataclass(frozen=True)
class Qualification:
    """Whether a season row qualifies (docs/sources/season.md "Qualification and sub-rankings") and how many
    tournaments of the season the player still needs for the minimum (0 when he has it)."""

    qualified: bool
    missing: int


def qualify(rows: list[SeasonRow], *, min_tournaments: int | None = None,
            final_qualifiers: int | None = None) -> dict[object, Qualification]:
    """Player key -> Qualification. Qualified: at least ``min_tournaments`` tournaments played (every player
    when the cup sets no minimum) and, where ``final_qualifiers`` is set, ranked within that many of the
    qualified players (a shared place inside the number takes every player sharing it)."""
    result: dict[object, Qualification] = {}
    ahead = 0  # qualified players ranked strictly better than the current place
    place_rank, place_start = None, 0
    for row in rows:
        missing = max(0, (min_tournaments or 0) - row.participations)
        if missing:
            result[row.player.key] = Qualification(False, missing)
            continue
        if row.rank != place_rank:
            place_rank, place_start = row.rank, ahead
        ahead += 1
        within = final_qualifiers is None or place_start < final_qualifiers
        result[row.player.key] = Qualification(within, 0)
    return result

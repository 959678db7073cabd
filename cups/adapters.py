"""The one place cups/ knows how a tournament ranks its players.

``standings`` is imported here and nowhere else in cups/: the tournament ranking is moving to
``scoring.selectors.standings``; switching is this one import line (the pure ``rank``/``PlayerScores``
and ``HandScore`` sit next to it for the same reason).

A season needs every tournament's final standings with a fixed number of queries, whatever the
number of tournaments. ``standings(tournament)`` costs two queries per tournament, so
``final_standings`` runs its two queries (entries with players; hand scores summed per entry and
round) once for all tournaments and ranks each tournament with the very same pure ``rank`` and the
tournament's own tie-break chain and final carry-over. tests/cups/test_selectors.py checks that it
gives exactly what ``standings`` gives. The hook that would remove this copy of the two queries: a
``standings_many(tournaments) -> dict[tournament_id, list[Ranked]]`` next to ``standings``.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Sum

from scoring.models import HandScore
from tournament.models import Entry, Tournament
from tournament.selectors import standings  # noqa: F401 - the ONE import; soon scoring.selectors.standings
from tournament.standings import PlayerScores, Ranked, rank

ZERO = Decimal("0")


@dataclass(frozen=True)
class FinalRow:
    """A ranked player of a tournament: only those who played at least one hand, ranks closed up among them."""

    rank: int
    shared: bool
    total: Decimal
    entry: Entry


def final_standings(tournaments: list[Tournament]) -> dict[int, list[FinalRow]]:
    """tournament pk -> its ranked players (two queries for all tournaments together).

    Players without any HandScore row never played a hand: they are absent, get no cup points and
    do not count in N; the ranks of the others close up (a shared rank stays shared)."""
    ids = [t.pk for t in tournaments]
    if not ids:
        return {}
    entries = list(Entry.objects.filter(tournament_id__in=ids).select_related("player").order_by("player__name", "pk"))
    sums = (
        HandScore.objects.filter(hand__table__round__tournament_id__in=ids)
        .values("entry_id", "hand__table__round__number", "hand__table__round__is_final")
        .annotate(points=Sum("points"), cash=Sum("cash"))
        .order_by()
    )
    rounds: dict[int, dict[int, Decimal]] = defaultdict(dict)
    finals: dict[int, Decimal] = {}
    cash: dict[int, Decimal] = defaultdict(lambda: ZERO)
    for row in sums:
        if row["hand__table__round__is_final"]:
            finals[row["entry_id"]] = row["points"]
        else:
            rounds[row["entry_id"]][row["hand__table__round__number"]] = row["points"]
        cash[row["entry_id"]] += row["cash"]
    played = set(rounds) | set(finals)
    by_tournament: dict[int, list[Entry]] = defaultdict(list)
    for entry in entries:
        by_tournament[entry.tournament_id].append(entry)
    result: dict[int, list[FinalRow]] = {}
    for tournament in tournaments:
        mine = by_tournament.get(tournament.pk, [])
        players = [PlayerScores(e.pk, e.player.name, e.player.club, e.lot, rounds.get(e.pk, {}), cash[e.pk],
                                finals.get(e.pk)) for e in mine]
        carry = tournament.final_round_carry_percent if tournament.has_final else None
        ranked = rank(players, tie_breaks=tuple(tournament.tie_breaks), carry_percent=carry)
        result[tournament.pk] = present_only(ranked, played, {e.pk: e for e in mine})
    return result


def present_only(ranked: list[Ranked], played: set[int], entries: dict[int, Entry]) -> list[FinalRow]:
    """Drop the players who never played a hand and close up the ranks of the others."""
    kept = [r for r in ranked if r.player.entry_id in played]
    rows: list[FinalRow] = []
    for index, r in enumerate(kept):
        same_as_previous = index > 0 and kept[index - 1].rank == r.rank
        same_as_next = index + 1 < len(kept) and kept[index + 1].rank == r.rank
        number = rows[-1].rank if same_as_previous else index + 1
        rows.append(FinalRow(number, same_as_previous or same_as_next, r.total, entries[r.player.entry_id]))
    return rows

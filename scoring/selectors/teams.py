"""Reads of the team standings (Mannschaftswertung) and of a sub-ranking (a club's players ranked among
themselves), both built on the player standings so every page, sheet and JSON shows one answer.

A team's total is the sum of its members' totals (ABAKUS ``Statistik/showTurnierMT.js``); teams are
ranked by total, equal totals share a rank (1, 1, 3). A sub-ranking keeps the players' order in the
tournament and numbers them 1..k among themselves, players level in the tournament sharing their rank
there too (ABAKUS ``Statistik/showOovwertung.js`` ranks an association's members so)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal

from tournament.models import Team, Tournament
from tournament.players import key
from tournament.ranks import rank_text, shared_ranks
from tournament.standings import ZERO, Ranked


@dataclass(frozen=True)
class TeamRow:
    rank: int
    shared: bool
    name: str
    members: tuple[Ranked, ...]  # best first, as in the standings
    total: Decimal

    @property
    def rank_label(self) -> str:
        return rank_text(self.rank, self.shared)


def team_standings(tournament: Tournament, ranked: list[Ranked]) -> list[TeamRow]:
    """The tournament's teams ranked by total, from the player standings ``ranked``, which know each
    player's team (one query for the teams' names; none when nobody plays for a team)."""
    if not any(row.player.team_id for row in ranked):
        return []
    teams = list(Team.objects.filter(tournament=tournament).order_by("name", "pk").values_list("pk", "name"))
    members: dict[int, list[int]] = defaultdict(list)
    for row in ranked:
        if row.player.team_id:
            members[row.player.team_id].append(row.player.entry_id)
    order = {row.player.entry_id: index for index, row in enumerate(ranked)}
    by_entry = {row.player.entry_id: row for row in ranked}
    built = []
    for pk, name in teams:
        rows = tuple(sorted((by_entry[e] for e in members[pk] if e in by_entry), key=lambda r: order[r.player.entry_id]))
        built.append((sum((row.total for row in rows), ZERO), name, rows))
    built.sort(key=lambda item: (-item[0], item[1]))
    numbers = shared_ranks([total for total, _name, _rows in built])
    return [TeamRow(number, shared, name, rows, total)
            for (number, shared), (total, name, rows) in zip(numbers, built, strict=True)]


def sub_ranking(ranked: list[Ranked], keep) -> list[tuple[int | None, bool, Ranked]]:
    """The players ``keep(row)`` accepts, in their tournament order, ranked 1..k among themselves
    (unranked players stay unranked); players sharing a rank in the tournament share it here."""
    kept = [row for row in ranked if keep(row)]
    placed = [row for row in kept if row.rank is not None]
    numbers = shared_ranks([row.rank for row in placed])
    result = [(number, shared, row) for (number, shared), row in zip(numbers, placed, strict=True)]
    return result + [(None, False, row) for row in kept if row.rank is None]


def club_ranking(ranked: list[Ranked], club: str) -> list[tuple[int | None, bool, Ranked]]:
    """The sub-ranking of one club's players (the same club as tournament/players.py's rule reads it)."""
    wanted = key(club)
    return sub_ranking(ranked, lambda row: key(row.player.club) == wanted)

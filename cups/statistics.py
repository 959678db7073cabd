"""A cup's statistics over all its seasons, as ABAKUS offers them (its statistics pages: all-time best
lists, the winners of each season, how many played): read from the season standings (one computation
for every season together, cups/selectors.py) and the tournaments' final standings, with a filter
for occasional players (a minimum share of the cup's tournaments)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from cups.adapters import final_standings
from cups.models import Cup, SeasonTournament
from cups.selectors import Column, SeasonStandings, _standings_of
from scoring.selectors import hand_totals

TOP = 10
PER_HANDS = 60  # points per 60 hands: a three-round tournament at tables of five is 60 hands
MIN_HANDS = 60  # fewer hands say too little about a player to rank him
PER_CENT = 100  # the minimum share is given in per cent


@dataclass(frozen=True)
class Line:
    """One place of a best list: a player, the figure, and what it was achieved in."""

    name: str
    club: str
    value: object
    detail: str = ""


@dataclass(frozen=True)
class SeasonCount:
    label: str
    winners: list[str]
    tournaments: int
    players: int
    columns: list[Column]


@dataclass(frozen=True)
class CupStatistics:
    cup: Cup
    tournaments: int  # every tournament of every season (imported ones included)
    min_share: int  # per cent of those a player must have played to be listed
    seasons: list[SeasonCount]
    best_results: list[Line]
    most_wins: list[Line]
    most_played: list[Line]
    best_seasons: list[Line]
    per_sixty: list[Line]


def _top(lines: list[Line]) -> list[Line]:
    return sorted(lines, key=lambda line: (-line.value, line.name))[:TOP]


def cup_statistics(cup: Cup, *, min_share: int = 0) -> CupStatistics:
    """The statistics of ``cup``; players with less than ``min_share`` per cent of the cup's tournaments
    are left out of the best lists (not of the counts). Twelve queries for any number of seasons."""
    seasons = list(cup.seasons.all())
    for season in seasons:
        season.cup = cup
    standings: dict[int, SeasonStandings] = _standings_of(seasons, cup) if seasons else {}
    total = sum(s.tournaments for s in standings.values())
    played, wins, names = Counter(), Counter(), {}
    best_seasons = []
    for season in seasons:
        for row in standings[season.pk].rows:
            key = row.player.key
            names[key] = (row.player.name, row.player.club)
            played[key] += sum(1 for item in row.results if item.result.rank is not None)
            wins[key] += sum(1 for item in row.results if item.result.rank == 1)
            best_seasons.append((key, Line(row.player.name, row.player.club, row.points, f"{season.label}, {row.rank}.")))
    regular = {key for key, count in played.items() if total and Fraction(count, total) >= Fraction(min_share, PER_CENT)}

    links = list(SeasonTournament.objects.filter(season__cup=cup).select_related("tournament"))
    finals = final_standings([link.tournament for link in links])
    best_results, entries = [], {}
    for link in links:
        for row in finals.get(link.tournament_id, []):
            player = row.entry.player
            entries[row.entry.pk] = player.pk
            best_results.append((player.pk, Line(player.name, player.club, row.total,
                                                 f"{link.tournament.name}, {row.rank}.")))
    hands: Counter = Counter()
    points: dict[int, Decimal] = {}
    for entry_id, (count, sum_points) in hand_totals(list(entries)).items():
        hands[entries[entry_id]] += count
        points[entries[entry_id]] = points.get(entries[entry_id], Decimal(0)) + sum_points
    per_sixty = [Line(*names.get(key, ("?", "")), (points[key] * PER_HANDS / hands[key]).quantize(Decimal("0.1")),
                      str(hands[key]))
                 for key in hands if hands[key] >= MIN_HANDS and key in regular]

    return CupStatistics(
        cup=cup, tournaments=total, min_share=min_share,
        seasons=[SeasonCount(season.label, [r.player.name for r in standings[season.pk].rows if r.rank == 1],
                             standings[season.pk].tournaments, len(standings[season.pk].rows),
                             standings[season.pk].columns) for season in seasons],
        best_results=_top([line for key, line in best_results if key in regular]),
        most_wins=_top([Line(*names[key], wins[key], str(played[key])) for key in wins if wins[key] and key in regular]),
        most_played=_top([Line(*names[key], played[key]) for key in played if key in regular]),
        best_seasons=_top([line for key, line in best_seasons if key in regular]),
        per_sixty=_top(per_sixty),
    )

"""The Österreich-Rangliste's arithmetic, pure Python (no Django): tournaments in, ratings and their history out.

Each tournament is one match of all its ranked players, each player a team of one, ranked by the
tournament's final standings (shared ranks stay shared). openskill's Plackett-Luce model (Weng and Lin,
"A Bayesian Approximation Method for Online Ranking", JMLR 12, 2011; the openskill package) moves each
player's skill estimate μ and its uncertainty σ after every tournament in date order. What the list shows
is the conservative estimate μ − 3σ (openskill's ``ordinal``): a player rated on one lucky day keeps a
wide σ and stands below one who played as well over many tournaments, while playing more never adds
points by itself (docs/rating.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date

from openskill.models import PlackettLuce

METHOD = "openskill Plackett-Luce (Weng & Lin 2011) over each tournament's final ranking; rating = μ − 3σ"


@dataclass(frozen=True)
class Event:
    """One rated tournament: its players' ids with their final ranks (1 = best; equal ranks are a tie)."""

    key: str
    name: str
    date: date
    cup: int | None
    placings: tuple[tuple[int, int], ...]  # (player id, rank)


@dataclass(frozen=True)
class Step:
    """A player's rating right after one tournament."""

    event: str
    name: str
    date: date
    cup: int | None
    rank: int
    field: int
    value: float


@dataclass
class Standing:
    player: int
    mu: float
    sigma: float
    steps: list[Step] = field(default_factory=list)
    skill: object = None  # openskill's own rating object, carried to the next tournament as it is

    @property
    def value(self) -> float:
        return display(self.mu, self.sigma)

    @property
    def tournaments(self) -> int:
        return len(self.steps)


def display(mu: float, sigma: float) -> float:
    """The number the list shows: openskill's ordinal μ − 3σ, to two decimals."""
    return round(mu - 3 * sigma, 2)


def in_order(events: Iterable[Event]) -> list[Event]:
    """Tournaments oldest first; a day's tournaments by name, then key, so a recomputation is repeatable."""
    return sorted(events, key=lambda e: (e.date, e.name, e.key))


def rate(events: Iterable[Event]) -> dict[int, Standing]:
    """Every player's rating after all ``events`` (in date order) with a step per tournament played.

    A tournament with fewer than two ranked players says nothing about anyone and is left out."""
    model = PlackettLuce()
    standings: dict[int, Standing] = {}
    for event in in_order(events):
        if len(event.placings) < 2:
            continue
        players = [standings.get(player) or Standing(player, model.mu, model.sigma, skill=model.rating())
                   for player, _rank in event.placings]
        rated = model.rate([[s.skill] for s in players], ranks=[rank for _player, rank in event.placings])
        size = len(event.placings)
        for standing, (_player, rank), (after,) in zip(players, event.placings, rated, strict=True):
            standing.mu, standing.sigma, standing.skill = after.mu, after.sigma, after
            standing.steps.append(Step(event.key, event.name, event.date, event.cup, rank, size, standing.value))
            standings[standing.player] = standing
    return standings


def ranked(standings: Iterable[Standing]) -> list[tuple[int, Standing]]:
    """Best first, with shared places for equal ratings (1, 2, 2, 4)."""
    rows = sorted(standings, key=lambda s: (-s.value, -s.tournaments, s.player))
    places, previous = [], None
    for index, standing in enumerate(rows, start=1):
        place = places[-1][0] if previous is not None and standing.value == previous else index
        places.append((place, standing))
        previous = standing.value
    return places

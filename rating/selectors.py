"""Reads of the Österreich-Rangliste: the list with its filters, a player's rating, the newest recomputation."""

from __future__ import annotations

from dataclasses import dataclass

from cups.models import Cup
from rating.models import Rating, RatingRun
from tournament.models import Player
from tournament.ranks import shared_ranks


@dataclass(frozen=True)
class Filters:
    cup: Cup | None = None
    region: str = ""
    min_tournaments: int = 0


@dataclass(frozen=True)
class Row:
    rank: int
    shared: bool
    rating: Rating


def latest_run() -> RatingRun | None:
    return RatingRun.objects.first()


def regions() -> list[str]:
    """The regions of the cups rated players played in (one query): the list's region filter."""
    return sorted({r for r in Cup.objects.filter(region__gt="").values_list("region", flat=True)})


def rating_list(filters: Filters) -> list[Row]:
    """The rated players that pass ``filters``, best first, their places counted within the filter (one query)."""
    ratings = Rating.objects.select_related("player").order_by("rank", "pk")
    if filters.cup is not None:
        ratings = ratings.filter(player__rating_cups__cup=filters.cup)
    if filters.region:
        ratings = ratings.filter(player__rating_cups__cup__region=filters.region)
    if filters.min_tournaments:
        ratings = ratings.filter(tournaments__gte=filters.min_tournaments)
    found = list(ratings.distinct())
    return [Row(place.rank, place.shared, rating) for rating, place in
            zip(found, shared_ranks([r.value for r in found]), strict=True)]


def player_rating(player: Player) -> Rating | None:
    return Rating.objects.filter(player=player).first()


def as_json(rows: list[Row], run: RatingRun | None, player_url) -> dict:
    """players.md's shape: {"as_of", "method", "rows": [{"rank", "name", "club", "rating", "tournaments",
    "player_url"}]}, best first; ``player_url(player)`` gives the absolute address of the player's page."""
    return {
        "as_of": run.as_of.isoformat() if run and run.as_of else None,
        "method": run.method if run else "",
        "rows": [{"rank": row.rank, "name": row.rating.player.name, "club": row.rating.player.club,
                  "rating": row.rating.value, "tournaments": row.rating.tournaments,
                  "player_url": player_url(row.rating.player)} for row in rows],
    }

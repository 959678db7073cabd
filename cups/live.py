"""The season standings as the public season and cup pages show them, cached under a version of
everything they are computed from, like the tournaments' live pages (tournament/live.py).

A season of 20 tournaments x 200 players takes about half a second to rank (docs/benchmarks.md);
phones reloading the page while a tournament of the season runs then cost three small reads each
until something changes. The version covers each tournament of the season (its live_version, which
every hand, correction, withdrawal and seating bumps, and whether it is the cup final), the imported
results, player merges, the cup's scheme settings and the language. What it does not cover (a
player renamed, a cup's own points table edited) shows after at most KEEP_SECONDS.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.db.models import Count, Max
from django.utils.translation import get_language

from cups.models import Cup, ImportedResult, PlayerMerge, Season, SeasonTournament
from tournament.live import cached_under

KEEP_SECONDS = 60


def _digest(cup: Cup, seasons: list[tuple]) -> str:
    """A digest of what the standings of ``seasons`` (pk, label, ordering) of ``cup`` are made of (three queries)."""
    ids = [season[0] for season in seasons]
    tournaments = list(SeasonTournament.objects.filter(season_id__in=ids).order_by("season_id", "tournament_id")
                       .values_list("season_id", "tournament_id", "is_final", "tournament__live_version",
                                    "tournament__created_at"))
    imported = ImportedResult.objects.filter(season_id__in=ids).aggregate(n=Count("id"), last=Max("id"))
    merged = PlayerMerge.objects.aggregate(last=Max("id"))["last"]
    parts = (cup.pk, cup.scheme, cup.best_n, cup.final_mode, seasons, tournaments, imported["n"], imported["last"],
             merged, get_language())
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]


def season_version(season: Season) -> str:
    """The version of one season's standings (three queries; ``season.cup`` loaded)."""
    return _digest(season.cup, [(season.pk, season.label, season.ordering)])


def cup_version(cup: Cup) -> str:
    """The version of every season of ``cup`` (four queries)."""
    return _digest(cup, list(cup.seasons.order_by("pk").values_list("pk", "label", "ordering")))


def cached_season(season: Season, render: Callable[[], str]) -> str:
    """``render()``'s HTML for the season as it is now."""
    return cached_under(f"season:{season.pk}:{season_version(season)}", render, KEEP_SECONDS)


def cached_cup(cup: Cup, render: Callable[[], str]) -> str:
    """``render()``'s HTML for the cup's seasons as they are now."""
    return cached_under(f"cup:{cup.pk}:{cup_version(cup)}", render, KEEP_SECONDS)

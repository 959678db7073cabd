"""The season standings as the public season and cup pages show them, and a player's history, cached
under a version of everything they are computed from.

Each season's part of that version is the one its stored ranking carries (cups/summaries.py
``season_versions``: its tournaments' live versions, which every write service bumps, whether one is the cup
final, the imported results, merges, the season's and the cup's rules, a cup's own points table, the ranking
code), so a page never shows a ranking older than the stored one; around it the seasons' labels and order, a
player's name and club, the language.

A season of 20 tournaments x 200 players takes about half a second to rank (docs/benchmarks.md);
phones reloading the page while a tournament of the season runs then cost three small reads each
until something changes. What the version does not cover (a player with only imported results
renamed) shows after at most KEEP_SECONDS.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from itertools import groupby

from django.db.models import Q
from django.utils.translation import get_language

from cups import summaries
from cups.models import Cup, Season
from tournament.live import VERSION_FIELDS, cached_under, version_key
from tournament.models import Entry, Player

KEEP_SECONDS = 60


def _digest(*parts) -> str:
    return hashlib.sha256(repr((parts, get_language())).encode()).hexdigest()[:32]


def _seasons_part(cup: Cup, seasons: list[Season]) -> list[tuple]:
    """Each season's label and place, and the version of its ranking: the one cups/summaries.py stores the
    ranking under (everything it is computed from, the ranking code included), so a page never shows a
    ranking older than the stored one (three or four queries)."""
    versions = summaries.season_versions(cup, seasons) if seasons else {}
    return [(season.pk, season.label, season.ordering, versions[season.pk]) for season in seasons]


def season_version(season: Season) -> str:
    """The version of one season's standings page (``season.cup`` loaded)."""
    return _digest(season.cup.pk, _seasons_part(season.cup, [season]))


def cup_version(cup: Cup) -> str:
    """The version of every season of ``cup``."""
    return _digest(cup.pk, _seasons_part(cup, list(cup.seasons.order_by("pk"))))


def player_version(player: Player) -> str:
    """The version of a player's history: his name and club, the tournaments he entered (their live versions:
    hands, corrections), and the version of every season he took part in."""
    entries = list(Entry.objects.filter(player=player).order_by("tournament_id").values_list(
        *(f"tournament__{field}" for field in VERSION_FIELDS)))
    seasons = list(Season.objects.filter(
        Q(tournaments__tournament__in=[entry[0] for entry in entries]) | Q(imported_results__player=player)
    ).distinct().select_related("cup").order_by("cup_id", "pk"))
    by_cup = [list(cup_seasons) for _cup, cup_seasons in groupby(seasons, key=lambda season: season.cup_id)]
    return _digest(player.pk, player.name, player.club, [version_key(*entry) for entry in entries],
                   [_seasons_part(cup_seasons[0].cup, cup_seasons) for cup_seasons in by_cup])


def cached_season(season: Season, render: Callable[[], str], variant: str = "") -> str:
    """``render()``'s HTML for the season as it is now (``variant``: the query the page depends on, its page)."""
    digest = hashlib.sha256(variant.encode()).hexdigest()[:24]
    return cached_under(f"season:{season.pk}:{season_version(season)}:{digest}", render, KEEP_SECONDS)


def cached_cup(cup: Cup, render: Callable[[], str]) -> str:
    """``render()``'s HTML for the cup's seasons as they are now."""
    return cached_under(f"cup:{cup.pk}:{cup_version(cup)}", render, KEEP_SECONDS)


def cached_player(player: Player, render: Callable[[], str]) -> str:
    """``render()``'s HTML for the player's history as it is now."""
    return cached_under(f"player:{player.pk}:{player_version(player)}", render, KEEP_SECONDS)


def cached_final_field(cup: Cup, members: list[Cup], render: Callable[[], str]) -> str:
    """``render()``'s HTML for who qualified through each of ``members`` for the final of ``cup`` (four
    queries a member cup when warm)."""
    version = _digest(cup.pk, [(m.pk, m.name, m.slug, cup_version(m)) for m in members])
    return cached_under(f"final-field:{cup.pk}:{version}", render, KEEP_SECONDS)

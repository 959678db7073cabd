"""The season standings as the public season and cup pages show them, and a player's history, cached
under a version of everything they are computed from.

The tournaments' part of that version is theirs (tournament/live.py: VERSION_FIELDS, the
live_version every write service bumps, a player merge and a rename in the admin included); the rest
is a digest of what no tournament's version covers: whether a tournament is the cup final, the
imported results, merges (an imported result moves with no tournament written), the cup's scheme
settings (edited in the admin, outside the services), the seasons' labels and order, a player's
name and club, the language.

A season of 20 tournaments x 200 players takes about half a second to rank (docs/benchmarks.md);
phones reloading the page while a tournament of the season runs then cost three small reads each
until something changes. What the version does not cover (a player with only imported results
renamed, a cup's own points table edited) shows after at most KEEP_SECONDS.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.db.models import Count, Max, Q
from django.utils.translation import get_language

from cups.models import Cup, ImportedResult, PlayerMerge, Season, SeasonTournament
from tournament.live import VERSION_FIELDS, cached_under, version_key
from tournament.models import Entry, Player

KEEP_SECONDS = 60


def _season_inputs(season_ids: list[int]) -> tuple:
    """What the standings of these seasons are computed from (three queries): their tournaments with
    live versions and final flags, their imported results, and player merges."""
    tournaments = [(season, final, version_key(*version)) for season, final, *version in SeasonTournament.objects.filter(
        season_id__in=season_ids).order_by("season_id", "tournament_id").values_list(
        "season_id", "is_final", *(f"tournament__{field}" for field in VERSION_FIELDS))]
    imported = ImportedResult.objects.filter(season_id__in=season_ids).aggregate(n=Count("id"), last=Max("id"))
    merged = PlayerMerge.objects.aggregate(last=Max("id"))["last"]
    return tournaments, imported["n"], imported["last"], merged


# A season's own rules (migration 0007): a change to any of them is a new version of its pages.
SEASON_RULE_FIELDS = ("scheme", "counting", "best_n", "final_mode", "final_penalties", "min_tournaments",
                      "final_qualifiers", "tie_rule")


def _digest(*parts) -> str:
    return hashlib.sha256(repr((parts, get_language())).encode()).hexdigest()[:32]


def season_version(season: Season) -> str:
    """The version of one season's standings (three queries; ``season.cup`` loaded)."""
    cup = season.cup
    return _digest(cup.pk, cup.scheme, cup.best_n, cup.final_mode, cup.final_penalties, cup.min_tournaments,
                   cup.final_qualifiers, (season.pk, season.label, season.ordering),
                   tuple(getattr(season, name) for name in SEASON_RULE_FIELDS), _season_inputs([season.pk]))


def cup_version(cup: Cup) -> str:
    """The version of every season of ``cup`` (four queries)."""
    seasons = list(cup.seasons.order_by("pk").values_list("pk", "label", "ordering", *SEASON_RULE_FIELDS))
    return _digest(cup.pk, cup.scheme, cup.best_n, cup.final_mode, cup.final_penalties, cup.min_tournaments,
                   cup.final_qualifiers, seasons, _season_inputs([s[0] for s in seasons]))


def player_version(player: Player) -> str:
    """The version of a player's history (five queries): his name and club, the tournaments he entered
    (their live versions: hands, corrections), and everything the seasons he took part in are made of."""
    entries = list(Entry.objects.filter(player=player).order_by("tournament_id").values_list(
        *(f"tournament__{field}" for field in VERSION_FIELDS)))
    seasons = list(Season.objects.filter(
        Q(tournaments__tournament__in=[entry[0] for entry in entries]) | Q(imported_results__player=player)
    ).distinct().order_by("pk").values_list("pk", "label", "ordering", "cup__scheme", "cup__best_n", "cup__final_mode",
                     "cup__final_penalties", "cup__min_tournaments", "cup__final_qualifiers", *SEASON_RULE_FIELDS))
    return _digest(player.pk, player.name, player.club, [version_key(*entry) for entry in entries], seasons,
                   _season_inputs([s[0] for s in seasons]))


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

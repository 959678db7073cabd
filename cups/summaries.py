"""The cup overview's line per season (its tournaments, players, winners and their points), stored.

Ranking every season of a long history to name its winners took seconds (issue 30, point 7: 20 seasons,
36,000 results); the overview now ranks only the seasons whose stored summary is missing or stale and reads
the rest. Stale means: the summary's version is not the season's current one. The version is a digest of
everything a season's ranking is computed from, read for all seasons of the cup in four queries:

* the cup's and the season's rules (scheme, counting, final mode and penalties, tie rule, qualification);
* a cup's own points table (CupScheme) when a season uses one;
* each tournament of the season with its live version (tournament/live.py: every write service bumps it,
  a player merge and the admin's edits included) and its final flag;
* the imported results: their number, highest id and the sums of their ranks, totals and players, so an
  import, a re-import that replaces a tournament, a deletion or an edit in the admin gives a new version;
* the newest player merge (a merge moves imported results without a tournament written).

Nothing has to invalidate a summary by hand: the next overview after any of these changes ranks that
season again and stores the new line. Names are not stored: the winners' names and clubs are read when the
overview is shown, so a renamed player shows under his new name at once.
"""

from __future__ import annotations

import hashlib
import logging
import sys
from collections import defaultdict
from functools import lru_cache
from pathlib import Path

from django.db import OperationalError, transaction
from django.db.models import Count, Max, Sum

from cups import rankings, schemes, season_rules
from cups.models import Cup, CupScheme, ImportedResult, PlayerMerge, Season, SeasonSummary, SeasonTournament
from cups.season_rules import CUP_RULE_FIELDS, SEASON_RULE_FIELDS, rules_of
from rules.engine.numbers import json_number
from tournament.live import VERSION_FIELDS, version_key

log = logging.getLogger(__name__)


@lru_cache(maxsize=1)
def ranking_code() -> str:
    """A digest of the code that ranks a season and of the stored documents' shape: part of every version, so a
    new version of the site ranks each season again instead of reading what the old code ranked and stored."""
    from cups import season

    modules = (schemes, season, season_rules, rankings, sys.modules[__name__])
    return hashlib.sha256(b"".join(Path(module.__file__).read_bytes() for module in modules)).hexdigest()


def season_versions(cup: Cup, seasons: list[Season]) -> dict[int, str]:
    """The current version of each season's ranking (four queries, five with a cup's own scheme)."""
    ids = [season.pk for season in seasons]
    tournaments: dict[int, list] = defaultdict(list)
    for season_id, is_final, *version in SeasonTournament.objects.filter(season_id__in=ids).order_by(
            "season_id", "tournament_id").values_list("season_id", "is_final",
                                                      *(f"tournament__{field}" for field in VERSION_FIELDS)):
        tournaments[season_id].append((is_final, version_key(*version)))
    imported = {row["season_id"]: tuple(row.values()) for row in ImportedResult.objects.filter(season_id__in=ids)
                .values("season_id").order_by("season_id").annotate(
                    n=Count("id"), last=Max("id"), ranks=Sum("rank"), totals=Sum("total"), players=Sum("player_id"))}
    merged = PlayerMerge.objects.aggregate(last=Max("id"))["last"]
    keys = {rules_of(season, cup).scheme for season in seasons} - set(schemes.BUILTIN)
    own = {s.key: (s.numbers, s.name) for s in CupScheme.objects.filter(key__in=keys)} if keys else {}
    cup_part = tuple(getattr(cup, name) for name in CUP_RULE_FIELDS)
    versions = {}
    for season in seasons:
        parts = (ranking_code(), cup.pk, cup_part, season.pk, tuple(getattr(season, name) for name in SEASON_RULE_FIELDS),
                 own.get(rules_of(season, cup).scheme), tournaments.get(season.pk, []), imported.get(season.pk),
                 merged)
        versions[season.pk] = hashlib.sha256(repr(parts).encode()).hexdigest()
    return versions


def stored_summaries(seasons: list[Season], versions: dict[int, str]) -> dict[int, SeasonSummary]:
    """The stored summaries of these seasons that are current (one query)."""
    return {summary.season_id: summary for summary in SeasonSummary.objects.filter(season__in=seasons)
            if summary.version == versions.get(summary.season_id)}


def keep_ranked(summary_lines: list, items: list[tuple[Season, str, object]]) -> bool:
    """Store what a page (or the import) just ranked: the seasons' summaries (cups/summaries.py) and whole rankings,
    together. A cache: when the database stays locked past its timeout (the hall's SQLite while the scorers save),
    nothing is stored and False returned; the page shows what it ranked, and the next visitor stores it."""
    try:
        with transaction.atomic():
            store_summaries(summary_lines)
            rankings.store_rankings(items)
    except OperationalError as error:
        log.warning("season rankings not stored (%s): ranked again on the next page", error)
        return False
    return True


def store_summaries(lines: list[SeasonSummary]) -> None:
    """Replace the stored summaries of these seasons (two queries): a cache kept in the database, written
    by the overview that ranked them (its version says what it was ranked from); of two overviews storing the
    same season at once, the first one's line stays. Inside ``keep_ranked``'s transaction."""
    SeasonSummary.objects.filter(season_id__in=[line.season_id for line in lines]).delete()
    SeasonSummary.objects.bulk_create(lines, ignore_conflicts=True)  # two overviews at once store one line


def summary_of(season: Season, version: str, standings) -> SeasonSummary:
    """The line to store for a season ranked just now (``standings``: its SeasonStandings)."""
    winners = [row for row in standings.rows if row.rank == 1]
    return SeasonSummary(season=season, version=version, tournaments=standings.tournaments,
                         players=len(standings.rows), winners=[row.player.key for row in winners],
                         points=json_number(winners[0].points) if winners else None)

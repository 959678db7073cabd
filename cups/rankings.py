"""A season's whole ranking, stored (issue 30, point 7): the season page of a long history read its season's
results and ranked them on every cold page (1,350 players × 12 tournaments: most of a second).

The ranking is stored as one document per season (SeasonRanking) under the version SeasonSummary uses
(cups/summaries.py ``season_versions``: everything a season's ranking is computed from), so nothing has to
invalidate it by hand: a document whose version is not the season's current one is never read, and whoever
ranks the season next (its page, its JSON, the cup overview) stores the new one.

What is stored: the columns (the season's tournaments) and, per row, the player's id, rank, whether it is
shared, points, best rank, participations and every result (counted or not, with what it adds). Not stored:
names and clubs, read when the ranking is shown, so a renamed player shows under his new name at once. Rows
of one shared rank are put in the ranking's own order again with those names (``rank_season`` sorts equal
places by name, then id), so a stored ranking reads exactly as a fresh one.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from cups.models import Season, SeasonRanking
from cups.season import CountedResult, PlayerSeason, Result, SeasonRow
from tournament.models import Player


def _number(value):
    """A point value as JSON keeps it exactly: an int as it is, a Decimal as its text ("10.50" stays 10.50)."""
    return value if isinstance(value, int) else str(value)


def _value(stored):
    return Decimal(stored) if isinstance(stored, str) else stored


def document_of(standings) -> dict:
    """The document to store for ``standings`` (cups/selectors.py SeasonStandings of a whole season)."""
    return {
        "counted": standings.counted,
        "columns": [[c.key, c.name, c.date.isoformat(), c.is_final, c.tournament_slug, c.players, c.venue]
                    for c in standings.columns],
        "rows": [[row.player.key, row.rank, row.shared, _number(row.points), row.best_rank, row.participations,
                  [[item.result.tournament, item.result.rank, _number(item.result.points), item.result.is_final,
                    item.result.order, item.counted, _number(item.worth)] for item in row.results]]
                 for row in standings.rows],
    }


def stored_document(season: Season, version: str) -> dict | None:
    """The stored ranking of ``season`` when it is of ``version`` (one query), else None."""
    return SeasonRanking.objects.filter(season=season, version=version).values_list("document", flat=True).first()


def columns_of(document: dict) -> list[tuple]:
    """The stored columns: (key, name, date, is_final, tournament_slug, players, venue) each."""
    return [(key, name, date.fromisoformat(day), *rest) for key, name, day, *rest in document["columns"]]


def rows_of(document: dict) -> list[SeasonRow] | None:
    """The stored rows in the ranking's order, with the players' names and clubs as they are now (one query);
    None when a player of the ranking is gone (the ranking is then ranked anew)."""
    stored = document["rows"]
    people = {pk: (name, club) for pk, name, club in Player.objects.filter(
        pk__in=[row[0] for row in stored]).values_list("pk", "name", "club")}
    if len(people) != len(stored):
        return None
    rows = []
    for pk, rank, shared, points, best_rank, played, items in stored:
        results = [(Result(tournament, place, _value(value), is_final, order), counted, _value(worth))
                   for tournament, place, value, is_final, order, counted, worth in items]
        name, club = people[pk]
        player = PlayerSeason(pk, name, club, tuple(result for result, _counted, _worth in results))
        rows.append(SeasonRow(rank, shared, player, _value(points), best_rank, played,
                              tuple(CountedResult(*item) for item in results)))
    rows.sort(key=lambda row: (row.rank, row.player.name, str(row.player.key)))
    return rows


def store_rankings(items: list[tuple[Season, str, object]]) -> None:
    """Replace the stored rankings of these seasons ((season, version, standings) each; two queries), inside
    ``cups.summaries.keep_ranked``'s transaction: of two requests storing the same season at once, the first
    one's document stays."""
    SeasonRanking.objects.filter(season_id__in=[season.pk for season, _version, _standings in items]).delete()
    SeasonRanking.objects.bulk_create([SeasonRanking(season=season, version=version, document=document_of(standings))
                                       for season, version, standings in items], ignore_conflicts=True)

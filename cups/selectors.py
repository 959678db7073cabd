"""Reads for the cup pages, the season_standings command and tests: a fixed number of queries each.

``season_standings(season)``: the season's tournaments (one query), their final standings (four
queries for all of them, cups/adapters.py), the imported results (one query), the cup's own scheme
when it is not a built-in one (one query), and ``season.cup`` when the caller did not select it.
``stored_season_standings(season)`` reads the season's stored ranking (cups/rankings.py) when it is current.
``cup_overview(cup)`` reads the stored summary of every season (cups/summaries.py) and ranks, with the
queries above, only the seasons whose summary is missing or stale (storing their whole rankings too).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace
from datetime import date
from decimal import Decimal
from itertools import batched

from django.utils.text import slugify
from django.utils.translation import gettext_lazy

from cups import rankings, schemes, summaries
from cups.adapters import final_standings
from cups.models import Cup, CupScheme, ImportedResult, Season, SeasonTournament, SubRanking
from cups.season import (
    FINAL_ON_TOP,
    PlayerSeason,
    Qualification,
    Result,
    SeasonRow,
    final_points,
    no_show_result,
    qualify,
    rank_season,
)
from cups.season_rules import SeasonRules, rules_of
from cups.season_words import outside_the_line, season_sentences
from paper.exports.base import collector_paused
from rules.engine.numbers import json_number
from tournament.models import Player


class UnknownScheme(LookupError):
    pass


@dataclass(frozen=True)
class Column:
    """One tournament of the season: one of this site (``tournament_slug``) or an imported one."""

    key: str
    name: str
    date: date
    is_final: bool = False
    tournament_slug: str | None = None
    players: int = 0
    venue: str = ""


@dataclass
class SeasonStandings:
    cup: Cup
    season: Season
    scheme: schemes.Scheme
    columns: list[Column]
    counted: int
    rows: list[SeasonRow]
    clubs: dict[int, str] = field(default_factory=dict)
    qualification: dict[object, Qualification] = field(default_factory=dict)
    sub: SubRanking | None = None
    min_tournaments: int | None = None
    final_qualifiers: int | None = None
    rules: SeasonRules | None = None

    @property
    def tournaments(self) -> int:
        return len(self.columns)

    def qualified(self, row: SeasonRow) -> bool:
        found = self.qualification.get(row.player.key)
        return found is None or found.qualified

    def missing(self, row: SeasonRow) -> int:
        found = self.qualification.get(row.player.key)
        return found.missing if found else 0

    @property
    def has_qualification(self) -> bool:
        return bool(self.min_tournaments or self.final_qualifiers)

    def table(self) -> list[tuple[SeasonRow, list]]:
        """Each row with its cells in column order (None where the player did not play)."""
        return [(row, [row.result_for(c.key) for c in self.columns]) for row in self.rows]

    def sentences(self) -> list[str]:
        """The season's rules in words (cups/season_words.py): the page, the PDF and the workbook say these."""
        return season_sentences(self)

    def table_body(self, page=None) -> str:
        """The season page's table rows (those of ``page``, a cups/season_table.py TablePage, when given), every
        cell worked out once (cups/season_table.py)."""
        from cups.season_table import table_body  # the page's view of these standings, built on them

        return table_body(self, page)

    def outside_the_line(self) -> str:
        return outside_the_line(self)

    def rows_with_qualification(self, rows: list[SeasonRow] | None = None) -> list[tuple[SeasonRow, Qualification, list]]:
        """Each row (of ``rows``, else all) with its qualification and its cells (the season page)."""
        return [(row, self.qualification.get(row.player.key, Qualification(True, 0)),
                 [row.result_for(c.key) for c in self.columns]) for row in (self.rows if rows is None else rows)]

    def as_json(self) -> dict:
        """The spec's shape (docs/sources/season.md, Interfaces: season_standings --json)."""
        data = {
            "cup": self.cup.slug,
            "season": self.season.label,
            "scheme": self.scheme.key,
            "tournaments": self.tournaments,
            "counted": self.counted,
            "min_tournaments": self.min_tournaments,
            "final_qualifiers": self.final_qualifiers,
            "rows": [{
                "rank": row.rank,
                "name": row.player.name,
                "club": row.player.club,
                "points": json_number(row.points),
                "qualified": self.qualified(row),
                "tournaments_missing": self.missing(row),
                "results": [{"tournament": c.result.tournament, "rank": c.result.rank,
                             "points": json_number(c.result.points), "counted": c.counted,
                             "final": c.result.is_final} for c in row.results],
            } for row in self.rows],
        }
        if self.sub is not None:
            data["sub_ranking"] = {"slug": self.sub.slug, "name": self.sub.name}
        return data


# The built-in schemes' names in the reader's language (cups/schemes.py is pure and keeps the German,
# which these msgids are: tests/cups/test_scheme_names.py holds them equal).
BUILTIN_NAMES = {"cube": gettext_lazy("Kubisch (Tirol bis 2019/20)"), "fixed": gettext_lazy("Fixpunkte (Rang 1–50)"),
                 "heine": gettext_lazy("Heine (aus den Turnierpunkten)")}


def scheme_for(cup: Cup, own: dict[str, CupScheme] | None = None, key: str | None = None) -> schemes.Scheme:
    """The scheme ``key`` (a season's), else the cup's: a built-in one or the cup's own table."""
    key = key or cup.scheme
    if key in schemes.BUILTIN:
        return replace(schemes.BUILTIN[key], name=BUILTIN_NAMES[key])
    found = (own or {}).get(key)
    if found is None:
        raise UnknownScheme(key)
    return found.scheme()


def _own_schemes(keys: set[str]) -> dict[str, CupScheme]:
    keys = {key for key in keys if key not in schemes.BUILTIN}
    return {s.key: s for s in CupScheme.objects.filter(key__in=keys)} if keys else {}


@dataclass(frozen=True, slots=True)
class SeasonPerson:
    """A player of imported results as the ranking reads him: a Player instance each cost more than his ranking."""

    pk: int
    name: str
    club: str
    region: str


def _imported_key(name: str, day: date) -> str:
    return f"{day.isoformat()}-{slugify(name)}"


def _standings_of(seasons: list[Season], cup: Cup | None = None,
                  sub: SubRanking | None = None) -> dict[int, SeasonStandings]:
    """Every season of one cup (or of several, each with ``season.cup`` loaded), with the same six or seven
    queries whatever their number. With ``sub`` (a sub-ranking of that cup) only its tournaments and players
    count; each tournament's cup points stay those of its whole field."""
    cups = {cup.pk: cup} if cup is not None else {s.cup_id: s.cup for s in seasons}
    rules_by_season = {s.pk: rules_of(s, cups[s.cup_id]) for s in seasons}
    own = _own_schemes({r.scheme for r in rules_by_season.values()})
    ids = [s.pk for s in seasons]
    links = list(SeasonTournament.objects.filter(season_id__in=ids).select_related("tournament")
                 .order_by("tournament__date", "tournament__name", "pk"))
    finals = final_standings([link.tournament for link in links])
    # Plain values, not model instances: a cup's long history is tens of thousands of rows (issue 30, point 7).
    imported = ImportedResult.objects.filter(season_id__in=ids).order_by("date", "tournament_name", "rank", "pk") \
        .values_list("season_id", "tournament_name", "date", "is_final", "rank", "total",
                     "player_id", "player__name", "player__club", "player__region")

    # (season, column, [(player, rank, total)]) in date order
    by_season: dict[int, list[tuple[Column, list[tuple[object, int, Decimal]]]]] = defaultdict(list)
    for link in links:
        rows = finals.get(link.tournament_id, [])
        if not rows:
            continue  # not held yet: nobody has played a hand
        t = link.tournament
        column = Column(t.slug, t.name, t.date, link.is_final, t.slug, len(rows), t.venue)
        by_season[link.season_id].append((column, [(r.entry.player, r.rank, r.total) for r in rows]))
    grouped: dict[tuple[int, str, date], list[tuple]] = defaultdict(list)
    people: dict[int, SeasonPerson] = {}
    for season_id, name, day, is_final, rank, total, player_id, player_name, club, region in imported:
        player = people.get(player_id)
        if player is None:
            player = people[player_id] = SeasonPerson(player_id, player_name, club, region)
        grouped[(season_id, name, day)].append((player, rank, total, is_final))
    for (season_id, name, day), items in grouped.items():
        column = Column(_imported_key(name, day), name, day, any(i[3] for i in items), None, len(items))
        by_season[season_id].append((column, [item[:3] for item in items]))
    if sub is not None:
        for season_id, held in by_season.items():
            by_season[season_id] = [(column, [row for row in rows if sub.takes_player(row[0].club, row[0].region)])
                                    for column, rows in held if sub.takes_tournament(column.name, column.venue)]

    result = {}
    for season in seasons:
        rules = rules_by_season[season.pk]
        held = sorted(by_season.get(season.pk, []), key=lambda item: (item[0].date, item[0].name))
        n, rows = _rank(held, rules, scheme_for(cups[season.cup_id], own, rules.scheme))
        minimum = sub.min_tournaments if sub is not None else rules.min_tournaments
        qualifiers = None if sub is not None else rules.final_qualifiers
        result[season.pk] = SeasonStandings(
            cups[season.cup_id], season, scheme_for(cups[season.cup_id], own, rules.scheme), [c for c, _ in held], n,
            rows, qualification=qualify(rows, min_tournaments=minimum, final_qualifiers=qualifiers), sub=sub,
            min_tournaments=minimum, final_qualifiers=qualifiers, rules=rules)
    return result


def _rank(held: list, rules: SeasonRules, scheme: schemes.Scheme) -> tuple[int, list[SeasonRow]]:
    """The season ranking of the held tournaments (column, [(player, rank, total)]) in date order.

    Negative final points: a finalist beyond 50 gets 50 - rank where the final counts on top (and in an
    ABAKUS season whatever the final mode, as its getCupPunkte does); a no-show gets his (negative) result only
    where the final counts on top, since only then the final's points are added for every player."""
    results: dict[int, list[Result]] = defaultdict(list)
    people: dict[int, object] = {}
    on_top = rules.final_mode in FINAL_ON_TOP
    penalties = rules.final_penalties and (on_top or rules.as_abakus)
    for order, (column, rows) in enumerate(held):
        for player, place, total in rows:
            people[player.pk] = player
            points = scheme.points(rank=place, players=column.players, total=total)
            if column.is_final:
                points = final_points(points, place, penalties)
            results[player.pk].append(Result(column.key, place, points, column.is_final, order))
    final = next(((order, column) for order, (column, _rows) in enumerate(held) if column.is_final), None)
    if penalties and on_top and final is not None:
        order, column = final
        for rs in results.values():
            if not any(r.is_final for r in rs):
                rs.append(no_show_result(column.key, column.players, order, as_abakus=rules.as_abakus))
    players = [PlayerSeason(pk, people[pk].name, people[pk].club, tuple(rs)) for pk, rs in results.items()]
    return rank_season(players, tournaments=len(held), best_n=rules.best_n, final_mode=rules.final_mode,
                       tie_rule=rules.tie_rule)


def season_standings(season: Season, sub: SubRanking | None = None) -> SeasonStandings:
    """The season ranking of ``season`` (six queries with a built-in scheme and ``season.cup`` loaded), or its
    sub-ranking ``sub`` (a SubRanking of the season's cup) with the same queries."""
    return _standings_of([season], season.cup, sub)[season.pk]


def stored_season_standings(season: Season) -> SeasonStandings:
    """``season_standings(season)`` read from its stored ranking when that is current (cups/rankings.py; seven
    queries with a built-in scheme and ``season.cup`` loaded), else ranked, and stored with its summary."""
    cup = season.cup
    version = summaries.season_versions(cup, [season])[season.pk]
    # Reading the document makes tens of thousands of objects that live on: without the cycle collector's full
    # walks over them (most of a new process's season page, docs/benchmarks.md).
    with collector_paused():
        document = rankings.stored_document(season, version)
        rows = rankings.rows_of(document) if document is not None else None
    if rows is None:
        standings = _standings_of([season], cup)[season.pk]
        summaries.keep_ranked([summaries.summary_of(season, version, standings)], [(season, version, standings)])
        return standings
    rules = rules_of(season, cup)
    return SeasonStandings(cup, season, scheme_for(cup, _own_schemes({rules.scheme}), rules.scheme),
                           [Column(*column) for column in rankings.columns_of(document)], document["counted"], rows,
                           qualification=qualify(rows, min_tournaments=rules.min_tournaments,
                                                 final_qualifiers=rules.final_qualifiers),
                           min_tournaments=rules.min_tournaments, final_qualifiers=rules.final_qualifiers, rules=rules)


def find_sub_ranking(cup: Cup, slug: str) -> SubRanking:
    """A cup's sub-ranking by slug (one query). Raises SubRanking.DoesNotExist."""
    return SubRanking.objects.get(cup=cup, slug=slug)


@dataclass(frozen=True)
class CupQualifiers:
    """Who qualified for a final through one member cup: its newest season and the qualified rows."""

    cup: Cup
    season: Season | None
    rows: list[SeasonRow]


def final_field(final_cup: Cup) -> list[CupQualifiers]:
    """A final that draws from several cups (the Ö-Finale): per member cup (``Cup.qualifies_for``), the
    qualified players of its newest season, in their season order."""
    members = list(final_cup.member_cups.order_by("name"))
    newest: dict[int, Season] = {}
    for season in Season.objects.filter(cup__in=members).order_by("cup_id", "-ordering", "-label"):
        newest.setdefault(season.cup_id, season)
    for cup in members:
        if cup.pk in newest:
            newest[cup.pk].cup = cup
    standings = _standings_of(list(newest.values())) if newest else {}
    field_ = []
    for cup in members:
        season = newest.get(cup.pk)
        s = standings.get(season.pk) if season else None
        field_.append(CupQualifiers(cup, season, [r for r in s.rows if s.qualified(r)] if s else []))
    return field_


@dataclass(frozen=True)
class SeasonWinner:
    player: PlayerSeason
    points: object


@dataclass(frozen=True)
class SeasonSummary:
    season: Season
    tournaments: int
    players: int
    winners: list[SeasonWinner]


# Seasons ranked together when several are stale: each group costs its six or seven queries, and ranking a long
# history at once held all of it alive (20 seasons, 36,000 results: 183 MB).
SEASONS_RANKED_AT_ONCE = 1


def current_summaries(cup: Cup, seasons: list[Season]) -> dict:
    """The stored summary of each of ``seasons`` (of ``cup``, ``season.cup`` loaded), current: those missing or
    stale (cups/summaries.py says when) are ranked now and stored with their whole rankings (cups/rankings.py).
    Five queries when every one is current, whatever the number of seasons. The overview asks it, and the
    ABAKUS import at its end, so the first page after an import reads what it stored."""
    versions = summaries.season_versions(cup, seasons) if seasons else {}
    stored = summaries.stored_summaries(seasons, versions) if seasons else {}
    stale = [season for season in seasons if season.pk not in stored]
    # The collector paused for all of it: thousands of results alive until they are stored (as in
    # stored_season_standings); paused and resumed per group, its full walks took a third of the ranking.
    with collector_paused():
        for group in batched(stale, SEASONS_RANKED_AT_ONCE):
            standings = _standings_of(list(group), cup)
            ranked = [summaries.summary_of(season, versions[season.pk], standings[season.pk]) for season in group]
            summaries.keep_ranked(ranked, [(season, versions[season.pk], standings[season.pk]) for season in group])
            stored.update({line.season_id: line for line in ranked})
            del standings  # before the next group's: one group's ranking alive at a time
    return stored


def cup_overview(cup: Cup) -> list[SeasonSummary]:
    """Each season of ``cup``, newest first, with its winner(s) and size. Only seasons whose stored summary is
    missing or stale are ranked (``current_summaries``): seven queries when every summary is current, whatever
    the number of seasons."""
    seasons = list(cup.seasons.all())
    for season in seasons:
        season.cup = cup
    stored = current_summaries(cup, seasons)
    winners = {pk: PlayerSeason(pk, name, club, ()) for pk, name, club in Player.objects.filter(
        pk__in={pk for line in stored.values() for pk in line.winners}).values_list("pk", "name", "club")}
    return [SeasonSummary(season, line.tournaments, line.players,
                          [SeasonWinner(winners[pk], line.points) for pk in line.winners if pk in winners])
            for season in seasons for line in [stored[season.pk]]]


def cups_with_seasons() -> list[Cup]:
    """Every cup by name, each with its seasons newest first (two queries): the list at /cup/."""
    return list(Cup.objects.order_by("name").prefetch_related("seasons"))


def seasons_of(tournament) -> list[Season]:
    """The seasons ``tournament`` counts in, with their cups (one query): linked from its public page."""
    return [link.season for link in SeasonTournament.objects.filter(tournament=tournament)
            .select_related("season__cup").order_by("season__cup__name")]


def find_season(cup_slug: str, label: str | None = None) -> Season:
    """The season of a cup by label or slug, else the newest (one query). Raises Season.DoesNotExist/Cup.DoesNotExist."""
    cup = Cup.objects.get(slug=cup_slug)
    seasons = Season.objects.filter(cup=cup).select_related("cup")
    if label is None:
        season = seasons.first()
        if season is None:
            raise Season.DoesNotExist
        return season
    found = seasons.filter(label=label).first() or seasons.filter(slug=label).first()
    if found is None:
        raise Season.DoesNotExist
    return found

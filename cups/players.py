"""Players across tournaments: finding known players (typo-tolerant) and merging duplicate records.

``find_players(query)`` reads the Player table once (name, club, name key) and scores each row in
Python (difflib on the keys of tournament/players.py plus word prefixes), so it behaves the same on
SQLite and PostgreSQL. ``merge_players`` moves a duplicate's entries and imported results onto the
record kept, notes it in PlayerMerge and deletes the duplicate.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.db import models
from django.utils.translation import gettext_lazy

from cups.models import AbakusNumber, ImportedResult, PlayerMerge
from language import ServiceError
from tournament import live
from tournament.events import ChangeKind
from tournament.models import Entry, Player
from tournament.players import SEARCH_MIN_SCORE, key, keyed_players, likely_duplicates, match_score


@dataclass(frozen=True)
class Suggestion:
    player: Player
    score: float


def find_players(query: str, *, club: str = "", limit: int = 10, exclude: set[int] | frozenset = frozenset()
                 ) -> list[Suggestion]:
    """Known players best matching ``query`` (a name, in any order, with typos) and ``club`` (two queries).
    A player ABAKUS marks deceased (AbakusNumber.deceased) is never suggested, so nobody signs him up."""
    wanted, wanted_club = key(query or ""), key(club or "")
    if not wanted and not wanted_club:
        return []
    found = []
    deceased = deceased_ids()
    for player, name, player_club in keyed_players():
        if player.pk in exclude or player.pk in deceased:
            continue
        score = match_score(wanted, wanted_club, name, player_club)
        if score >= SEARCH_MIN_SCORE:
            found.append(Suggestion(player, round(score, 3)))
    found.sort(key=lambda s: (-s.score, s.player.name, s.player.pk))
    return found[:max(1, min(limit, 50))]


DECEASED = gettext_lazy("%(name)s ist in ABAKUS als verstorben vermerkt und wird nicht angemeldet.")


def deceased_players() -> models.QuerySet:
    """The ids of the players ABAKUS marks deceased (AbakusNumber.deceased), as a subquery: the one test of
    "is this player deceased". No path that brings a player to a table takes them: the search above, signup's
    sign-up, the director's newcomer and pick, and through tournament.players.matchable_by_name (registered
    in cups/apps.py) the player list and a substitute."""
    return AbakusNumber.objects.filter(deceased=True).values("player_id")


def deceased_ids() -> set[int]:
    """The players ABAKUS marks deceased (one query)."""
    return {row["player_id"] for row in deceased_players()}


def is_deceased(player: Player | None) -> bool:
    return player is not None and deceased_players().filter(player=player).exists()


# A shared word or a name's prefix alone scores 0.9 (Franz Huber for Anna Huber, a family): a name close
# enough to ask about is above that, the whole name within a letter or two (Anna Huber / Anna Hubert: 0.95).
CLOSE_SCORE = 0.9


def close_players(name: str) -> list[Player]:
    """Known players whose name is close to ``name`` but not the same key (Anna Hubert for Anna Huber):
    the search above with a higher bar, asked about before a newcomer is added. Same keys are
    tournament.players.likely_duplicates' (two queries)."""
    same = frozenset(likely_duplicates(name).values_list("pk", flat=True))
    return [s.player for s in find_players(name, limit=5, exclude=same) if s.score > CLOSE_SCORE]


@live.write_service(kind=ChangeKind.ENTRIES, changes=lambda arguments, merge: Entry.objects.filter(
    player=arguments["keep"].pk).values_list("tournament_id", flat=True))  # the duplicate's entries are the kept one's now
def merge_players(*, keep: Player, duplicate: Player, user=None) -> PlayerMerge:
    """Move every Entry and ImportedResult of ``duplicate`` onto ``keep``, record it, delete ``duplicate``.

    Refused (nothing changes) when both are the same record, when both played in the same tournament
    or share an imported result of the same tournament of a season."""
    if keep.pk == duplicate.pk:
        raise ServiceError(gettext_lazy("Ein Spieler kann nicht mit sich selbst zusammengeführt werden."))
    keep = Player.objects.select_for_update().get(pk=keep.pk)
    duplicate = Player.objects.select_for_update().get(pk=duplicate.pk)
    entries = list(Entry.objects.filter(player=duplicate).select_related("tournament"))
    both = Entry.objects.filter(player=keep, tournament_id__in=[e.tournament_id for e in entries]).select_related(
        "tournament").first()
    if both is not None:
        name = both.tournament.name
        raise ServiceError(gettext_lazy("Beide haben im Turnier „%(name)s“ gespielt: nicht zusammenführbar."), name=name)
    imported = list(ImportedResult.objects.filter(player=duplicate))
    keys = {(i.season_id, i.tournament_name, i.date) for i in imported}
    clash = next((i for i in ImportedResult.objects.filter(player=keep)
                  if (i.season_id, i.tournament_name, i.date) in keys), None)
    if clash is not None:
        raise ServiceError(gettext_lazy(
            "Beide haben ein importiertes Ergebnis von „%(tournament)s“: nicht zusammenführbar."),
                tournament=clash.tournament_name)
    Entry.objects.filter(pk__in=[e.pk for e in entries]).update(player=keep)
    PlayerMerge.objects.filter(keep=duplicate).update(keep=keep)  # earlier merges into the duplicate follow it
    ImportedResult.objects.filter(pk__in=[i.pk for i in imported]).update(player=keep)
    AbakusNumber.objects.filter(player=duplicate).update(player=keep)  # his ABAKUS numbers find the one kept
    merge = PlayerMerge.objects.create(
        keep=keep, duplicate_id=duplicate.pk, duplicate_name=duplicate.name, duplicate_club=duplicate.club,
        user=user if getattr(user, "is_authenticated", False) else None,
        tournaments=[e.tournament.slug for e in sorted(entries, key=lambda e: (e.tournament.date, e.tournament.slug))],
        imported_results=len(imported),
    )
    duplicate.delete()
    return merge


# --- a player's page across tournaments ------------------------------------------------------------


@dataclass(frozen=True)
class TournamentLine:
    name: str
    date: object
    rank: int
    players: int
    points: object  # the tournament total (None for an imported result without it)
    tournament_slug: str | None = None
    season: object = None  # cups.models.Season when the tournament counts in one
    cup_points: object = None
    counted: bool = False


@dataclass
class PlayerHistory:
    player: Player
    lines: list[TournamentLine]
    contracts: list  # scoring.selectors.ContractRecord, most played first
    charts: list[dict]
    hands: int = 0  # hands played in this site's tournaments
    points: Decimal = Decimal(0)  # their points
    # (season, Qualification) for each season whose cup sets a minimum or a number of finalists
    qualifications: list = field(default_factory=list)

    @property
    def points_per_sixty(self) -> Decimal | None:
        """Points per 60 hands (a three-round tournament at tables of five), as ABAKUS compares players."""
        return (self.points * 60 / self.hands).quantize(Decimal("0.1")) if self.hands else None

    @property
    def tournaments(self) -> int:
        return len(self.lines)

    @property
    def wins(self) -> int:
        return sum(1 for line in self.lines if line.rank == 1)

    @property
    def podiums(self) -> int:
        return sum(1 for line in self.lines if line.rank <= 3)

    @property
    def best_rank(self) -> int | None:
        return min((line.rank for line in self.lines), default=None)

    @property
    def average_rank(self) -> float | None:
        return sum(line.rank for line in self.lines) / len(self.lines) if self.lines else None

    def as_json(self) -> list[dict]:
        """Every tournament line as open data (the player's ``?format=json``)."""
        from rules.engine.numbers import json_number

        return [{"date": line.date.isoformat(), "name": line.name, "tournament": line.tournament_slug,
                 "rank": line.rank, "players": line.players,
                 "points": None if line.points is None else json_number(line.points),
                 "season": {"cup": line.season.cup.slug, "season": line.season.label} if line.season else None,
                 "cup_points": None if line.cup_points is None else json_number(line.cup_points),
                 "counted": line.counted} for line in self.lines]


def player_history(player: Player) -> PlayerHistory:
    """Every tournament of ``player`` (played ones and imported results) with rank, points and, where the
    tournament counts in a season, cup points; hands by contract and role, points per 60 hands. Fourteen queries whatever the
    number of tournaments and seasons (one more when a cup has its own scheme; six without any season):
    entries, the final standings (three), the seasons, their standings (five, cups/selectors.py), the
    hand scores and their totals."""
    from cups.adapters import final_standings
    from cups.models import Season
    from cups.selectors import _standings_of
    from scoring.selectors import contract_record, hand_totals

    entries = list(Entry.objects.filter(player=player).select_related("tournament"))
    tournaments = [e.tournament for e in entries]
    finals = final_standings(tournaments)
    seasons = list(Season.objects.filter(
        models.Q(tournaments__tournament__in=[t.pk for t in tournaments]) | models.Q(imported_results__player=player)
    ).distinct().select_related("cup"))
    standings = _standings_of(seasons) if seasons else {}

    cup_cells: dict[str, tuple] = {}  # column key -> (season, CountedResult)
    imported: list[TournamentLine] = []
    qualifications = []
    for season in seasons:
        s = standings[season.pk]
        row = next((r for r in s.rows if r.player.key == player.pk), None)
        if row is None:
            continue
        if s.has_qualification:
            qualifications.append((season, s.qualification[row.player.key]))
        columns = {c.key: c for c in s.columns}
        for item in row.results:
            column = columns[item.result.tournament]
            if column.tournament_slug:
                cup_cells[column.tournament_slug] = (season, item)
            else:
                imported.append(TournamentLine(column.name, column.date, item.result.rank, column.players, None,
                                               None, season, item.worth if item.counted else item.result.points,
                                               item.counted))
    lines = []
    for entry in entries:
        t = entry.tournament
        rows = finals.get(t.pk, [])
        mine = next((r for r in rows if r.entry.pk == entry.pk), None)
        if mine is None:
            continue  # entered but never played a hand
        season, item = cup_cells.get(t.slug, (None, None))
        lines.append(TournamentLine(t.name, t.date, mine.rank, len(rows), mine.total, t.slug, season,
                                    None if item is None else (item.worth if item.counted else item.result.points),
                                    bool(item and item.counted)))
    lines = sorted(lines + imported, key=lambda line: (line.date, line.name))
    ids = [e.pk for e in entries]
    totals = hand_totals(ids).values()
    qualifications.sort(key=lambda item: (item[0].cup.name, -item[0].ordering))
    return PlayerHistory(player, lines, contract_record(ids), season_charts(lines),
                         hands=sum(n for n, _p in totals), points=sum((p for _n, p in totals), Decimal(0)),
                         qualifications=qualifications)


def season_charts(lines: list[TournamentLine], *, width: int = 320, height: int = 120) -> list[dict]:
    """Per season, the geometry of a small bar chart of cup points by tournament with the running sum of
    counted points as a line (an inline <svg> in the template; no JavaScript)."""
    by_season: dict[int, list[TournamentLine]] = {}
    for line in lines:
        if line.season is not None:
            by_season.setdefault(line.season.pk, []).append(line)
    charts = []
    for items in by_season.values():
        running, sums = 0, []
        for line in items:
            running += line.cup_points if line.counted else 0
            sums.append(running)
        top = max([float(line.cup_points or 0) for line in items] + [float(s) for s in sums] + [1])
        step = (width - 20) / len(items)
        bars, points = [], []
        for index, (line, total) in enumerate(zip(items, sums, strict=True)):
            x = 10 + index * step
            h = (height - 20) * float(line.cup_points or 0) / top
            bars.append({"x": round(x + step * 0.15, 1), "y": round(height - 10 - h, 1), "w": round(step * 0.7, 1),
                         "h": round(h, 1), "counted": line.counted, "label": f"{line.name}: {line.cup_points}"})
            points.append(f"{x + step / 2:.1f},{height - 10 - (height - 20) * float(total) / top:.1f}")
        charts.append({"season": items[0].season, "width": width, "height": height, "bars": bars,
                       "line": " ".join(points), "total": sums[-1] if sums else 0})
    return charts

"""Reads of the tournament core for pages and exports: a fixed number of queries each, whatever the
size of the event. Nothing here reads a hand: hands are scoring's (scoring/selectors/), and the
progress of a table comes from its counters (Table.hands_entered, Table.last_hand_at)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache

from django.conf import settings
from django.db import DatabaseError
from django.db.models import Count, Prefetch, Q
from django.utils import timezone
from django.utils.text import slugify

from rules.engine.custom import RuleSetInvalid
from rules.engine.ruleset import RuleSet
from rules.engine.types import RuleSetProblem
from rules.rulesets import BUILTIN, RefusedVersion, load_custom
from tournament.models import (
    Bye,
    CustomRuleSet,
    Entry,
    Round,
    RoundEvent,
    Seat,
    Table,
    Team,
    TeamMember,
    Tournament,
    looks_like_token,
)
from tournament.variants.problems import said_all


def table_by_token(token: str) -> Table | None:
    """The table a scorer link names (with its round and tournament), or None for an unknown or
    malformed token: anything that cannot be a token never reaches the database."""
    if not looks_like_token(token):
        return None
    return Table.objects.select_related("round__tournament").filter(token=token).first()


def seats_in_order() -> Prefetch:
    """Prefetch of a table's seats in position order with each player (one query for any number of tables)."""
    return Prefetch("seats", queryset=Seat.objects.select_related("entry__player").order_by("position"))


def player_list(tournament: Tournament) -> list[Entry]:
    """The tournament's entries with their players, by name (one query): the director's player list."""
    return list(tournament.entries.select_related("player").order_by("player__name", "pk"))


def rounds_with_progress(tournament: Tournament) -> list[Round]:
    return list(tournament.round_set.annotate(tables_count=Count("tables")).order_by("number"))


def open_round(tournament: Tournament) -> Round | None:
    """The round being played (seated or running), the earliest if several are open."""
    return tournament.round_set.filter(status__in=[Round.SEATED, Round.RUNNING]).order_by("number").first()


# A table still playing with no hand entered for this long is highlighted on the director's board:
# a hand takes three to five minutes, so twenty minutes without one means a stuck tablet, a dispute
# or a missing scorer. settings.ROUND_IDLE_MINUTES changes the default, ?idle=N the board itself.
IDLE_MINUTES = 20


def idle_minutes_default() -> int:
    return int(getattr(settings, "ROUND_IDLE_MINUTES", IDLE_MINUTES))


@dataclass
class TableProgress:
    table: Table
    players: list[str]
    five: bool
    minutes_idle: int  # since the last hand (or since seating): a late table stands out
    idle: bool = False  # still playing and nothing entered for the board's idle minutes

    @property
    def entered(self) -> int:
        return self.table.hands_entered

    @property
    def last_entry(self) -> datetime | None:
        return self.table.last_hand_at


def progress_board(round: Round, *, idle_minutes: int | None = None, now: datetime | None = None) -> list[TableProgress]:
    """Each table of a round: hands entered of planned, time of the last entry, and whether it has
    been idle (playing, no hand for ``idle_minutes``) (two queries)."""
    tables = round.tables.prefetch_related(seats_in_order()).order_by("number")
    now = now or timezone.now()
    limit = idle_minutes_default() if idle_minutes is None else idle_minutes
    board = []
    for table in tables:
        players = [seat.entry.player.name for seat in table.seats.all()]
        since = table.last_hand_at or round.seated_at or now
        idle = max(int((now - since).total_seconds() // 60), 0)
        board.append(TableProgress(table, players, len(players) > 4, idle, table.is_playing and idle >= limit))
    return board


@dataclass(frozen=True)
class RoundClock:
    """How long a round has been going: from seating (the players sit down and draw the first dealer)
    to now, or to its closing once it is closed."""

    started: datetime | None
    ended: datetime | None
    minutes: int | None
    deadline: datetime | None = None  # seating + the tournament's time limit, while the round is open
    now: datetime | None = None  # the server's time, so a countdown does not trust the device's clock

    @property
    def over(self) -> bool:
        """The time is up and the round still open: the director may end play at late tables."""
        return self.deadline is not None and self.now is not None and self.now >= self.deadline

    @property
    def text(self) -> str:
        """"1:05" (hours and minutes), as a clock on the wall reads."""
        return "" if self.minutes is None else f"{self.minutes // 60}:{self.minutes % 60:02d}"


def round_time_limit(round: Round) -> int | None:
    """The round's time limit in minutes, None for none: the tournament's, except a final whose rule set
    gives it one of its own (Hopfgarten's final rubber: "20 games, no time limit", 0)."""
    tournament = round.tournament
    if round.is_final:
        final = tournament.ruleset.format.final_time_limit_minutes
        if final is not None:
            return final or None
    return tournament.time_limit_minutes


def round_clock(round: Round, *, now: datetime | None = None) -> RoundClock:
    """The round's clock from its own timestamps and the tournament's time limit (no query once
    ``round.tournament`` is loaded)."""
    if round.seated_at is None or round.status == Round.PLANNED:
        return RoundClock(None, None, None)
    ended = round.closed_at if round.status == Round.CLOSED else None
    now = now or timezone.now()
    until = ended or now
    limit = round_time_limit(round)
    deadline = round.seated_at + timedelta(minutes=limit) if limit and ended is None else None
    return RoundClock(round.seated_at, ended, max(int((until - round.seated_at).total_seconds() // 60), 0),
                      deadline, now)


@dataclass(frozen=True)
class BoardSummary:
    done: int
    playing: int
    idle: int
    entered: int
    planned: int


def board_summary(board: list[TableProgress]) -> BoardSummary:
    """Tables done, playing and idle, hands entered of hands to play, over a board (no query)."""
    return BoardSummary(
        sum(1 for row in board if row.table.is_complete), sum(1 for row in board if row.table.is_playing),
        sum(1 for row in board if row.idle), sum(row.table.hands_entered for row in board),
        sum(row.table.hands_counted for row in board))


@dataclass(frozen=True)
class RoundProgress:
    round: Round
    entered: int
    planned: int
    tables_done: int = 0  # every planned hand in, or ended by the director
    tables_playing: int = 0

    @property
    def percent(self) -> int:
        return int(100 * self.entered / self.planned) if self.planned else 0


def round_progress(tournament: Tournament) -> RoundProgress | None:
    """Hands entered of hands to play in the open round (an ended table counts what it played), and
    its tables done and still playing (two queries)."""
    round = open_round(tournament)
    if round is None:
        return None
    tables = list(round.tables.only("hands_entered", "hands_planned", "ended_early"))
    done = sum(1 for t in tables if t.is_complete)
    return RoundProgress(round, sum(t.hands_entered for t in tables), sum(t.hands_counted for t in tables),
                         done, len(tables) - done)


@dataclass
class SeatedTable:
    """A table of the round and its seats in position order (position 0 deals the first hand)."""

    table: Table
    seats: list[Seat]


def round_tables(round: Round) -> list[SeatedTable]:
    """Every table of the round with its seated players, by table number (two queries)."""
    tables = round.tables.order_by("number").prefetch_related(seats_in_order())
    return [SeatedTable(table, list(table.seats.all())) for table in tables]


def repeated_pairs(round: Round) -> list[tuple[str, str, int]]:
    """The pairs who met again in this draw (names), as the seating recorded them."""
    event = round.events.filter(action="seat").order_by("-at", "-id").first()
    pairs = (event.detail.get("repeated_pairs", []) if event else [])
    names = dict(Entry.objects.filter(tournament_id=round.tournament_id).values_list("pk", "player__name"))
    return [(names.get(a, "?"), names.get(b, "?"), count) for a, b, count in pairs]


def withdrawn_but_seated(round: Round) -> list[tuple[str, int]]:
    """Who sits at a table of ``round`` though withdrawn before it (the round was seated before the withdrawal), by
    name, with the table's number: the board asks for the seating to be drawn again (one query)."""
    return list(Seat.objects.filter(table__round=round, entry__withdrawn_after_round__lt=round.number)
                .order_by("entry__player__name").values_list("entry__player__name", "table__number"))


def seated_after(entry: Entry, after_round: int) -> Table | None:
    """The table (with its round) ``entry`` sits at in the first round after ``after_round``: a withdrawal the draw
    came before (one query)."""
    seat = (Seat.objects.filter(entry=entry, table__round__number__gt=after_round).select_related("table__round")
            .order_by("table__round__number").first())
    return seat.table if seat else None


def round_byes(round: Round) -> list[str]:
    """Who sits this round out (a bye: the count fitted no tables), by name (one query)."""
    return list(round.byes.order_by("entry__player__name").values_list("entry__player__name", flat=True))


def fee_payers(tournament: Tournament) -> int:
    """How many pay the entry fee: everyone checked in or seated at a table (a withdrawn player paid on
    arrival); a registered player who never came pays nothing (one query)."""
    return (tournament.entries.filter(Q(checked_in=True) | Q(seats__isnull=False)).order_by()
            .values("pk").distinct().count())


@dataclass(frozen=True)
class TournamentRows:
    """A whole tournament's rows in their order, for a copy of it elsewhere (publishing to the cup's site)."""

    entries: list[Entry]  # with their players, by id
    teams: list[tuple[Team, list[int]]]  # each team with its members' entry ids
    rounds: list[Round]  # by number
    tables: dict[int, list[tuple[Table, list[int]]]]  # round id -> its tables by number, seat entry ids by place
    byes: dict[int, list[Bye]]  # round id -> its byes
    events: dict[int, list[RoundEvent]]  # round id -> what the director did to it, oldest first, with the user


def tournament_rows(tournament: Tournament) -> TournamentRows:
    """Every row of ``tournament`` but its hands (scoring's), in seven queries whatever the size."""
    entries = list(Entry.objects.filter(tournament=tournament).select_related("player").order_by("pk"))
    members: dict[int, list[int]] = {}
    for team_id, entry_id in TeamMember.objects.filter(team__tournament=tournament).order_by("pk").values_list(
            "team_id", "entry_id"):
        members.setdefault(team_id, []).append(entry_id)
    teams = [(team, members.get(team.pk, [])) for team in Team.objects.filter(tournament=tournament).order_by("pk")]
    seats: dict[int, list[int]] = {}
    for table_id, entry_id in Seat.objects.filter(table__round__tournament=tournament).order_by(
            "table", "position").values_list("table_id", "entry_id"):
        seats.setdefault(table_id, []).append(entry_id)
    tables: dict[int, list[tuple[Table, list[int]]]] = {}
    for table in Table.objects.filter(round__tournament=tournament).order_by("round__number", "number"):
        tables.setdefault(table.round_id, []).append((table, seats.get(table.pk, [])))
    byes: dict[int, list[Bye]] = {}
    for bye in Bye.objects.filter(round__tournament=tournament).order_by("pk"):
        byes.setdefault(bye.round_id, []).append(bye)
    events: dict[int, list[RoundEvent]] = {}
    for event in RoundEvent.objects.filter(round__tournament=tournament).select_related("user").order_by("at", "id"):
        events.setdefault(event.round_id, []).append(event)
    return TournamentRows(entries, teams, list(Round.objects.filter(tournament=tournament).order_by("number")),
                          tables, byes, events)


SLUG_LENGTH = 50  # Tournament.slug


def free_slug(name: str, day) -> str:
    """The new tournament's link name from its name and date ("Tiroler Cup Wörgl", 5.12.2026 ->
    tiroler-cup-worgl-2026-12-05), with -2, -3 … when taken (one query). The new-tournament form fills
    in the same (static/js/new-tournament.js) and falls back on this."""
    dated = f"-{day:%Y-%m-%d}" if day else ""
    base = (slugify(name)[:SLUG_LENGTH - len(dated) - 3].strip("-_") or "turnier") + dated
    taken = set(Tournament.objects.filter(slug__startswith=base).values_list("slug", flat=True))
    slug, number = base, 1
    while slug in taken:
        number += 1
        slug = f"{base}-{number}"
    return slug


def last_round_number(tournament: Tournament) -> int:
    """The number of the tournament's last round: its final where it has one."""
    return tournament.rounds + 1 if tournament.has_final else tournament.rounds


def is_finished(tournament: Tournament) -> bool:
    """Whether the tournament is over: its last round and every round before it are closed (its final
    state: final standings, the prize-giving)."""
    last = last_round_number(tournament)
    statuses = dict(tournament.round_set.filter(number__lte=last).values_list("number", "status"))
    return len(statuses) == last and set(statuses.values()) == {Round.CLOSED}


def last_closed_round_number(tournament: Tournament) -> int | None:
    """The number of the latest closed round ("Stand nach Runde N"); None before the first closes."""
    return tournament.round_set.filter(status=Round.CLOSED).order_by("-number").values_list("number", flat=True).first()


# No saved slug is longer: a longer key names nothing, and is not asked for.
SAVED_SLUG_MAX = CustomRuleSet._meta.get_field("slug").max_length


def saved_ruleset(key: str) -> CustomRuleSet | None:
    """The one reading of a key naming a club's saved rule set (issue 31: it was parsed twice with different
    checks): "custom:<id>" (as the forms store it), or the saved slug itself, its newest version (as
    ``score_hands --rules`` and the rule pages name it). None for anything else."""
    if not isinstance(key, str) or len(key) > len("custom:") + SAVED_SLUG_MAX:
        return None
    if key.startswith("custom:"):
        number = key[len("custom:"):]
        return CustomRuleSet.objects.filter(pk=int(number)).first() if number.isascii() and number.isdigit() else None
    return CustomRuleSet.objects.filter(slug=key).order_by("-version").first()



def saved_versions(slug: str) -> list[RuleSet | RefusedVersion]:
    """Every version of a club's saved rule set by its slug, newest first, as the engine derives it (one query):
    what ``rules.rulesets.get_ruleset`` and the rules page find through the lookup tournament/apps.py registers.
    [] for a slug nobody saved, and where there is no database to ask (``score_hands`` needs none for the
    built-in rule sets); a version the engine refuses today is a RefusedVersion with the reasons in words."""
    if not isinstance(slug, str) or slug in BUILTIN or len(slug) > SAVED_SLUG_MAX:
        return []
    try:
        rows = list(CustomRuleSet.objects.filter(slug=slug).order_by("-version"))
    except DatabaseError:
        return []
    return [_saved_version(row) for row in rows]


def _saved_version(row: CustomRuleSet) -> RuleSet | RefusedVersion:
    derived = _derived(json.dumps(row.spec(), sort_keys=True))
    if isinstance(derived, RuleSet):
        return derived
    return RefusedVersion(slug=row.slug, version=row.version, name=row.name, problems=derived, said=said_all(derived))


@lru_cache(maxsize=256)
def _derived(spec: str) -> RuleSet | tuple[RuleSetProblem, ...]:
    """A saved version as the engine derives it (or the problems it is refused for), once per process and spec:
    deriving validates the rule set over hundreds of sample hands (a fifth of a second), and the rules page is
    public. Keyed by the whole spec, so a version edited in the admin is derived again."""
    try:
        return load_custom(json.loads(spec))
    except RuleSetInvalid as refused:
        return refused.problems

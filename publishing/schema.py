"""The declared schema of the publish document (format ``tarock-turnier/3``): every field a venue may
send, its type and its bounds, checked strictly before the hub writes anything.

The hub faces the internet and a venue's token sits in clear on the venue's laptop, so nothing in a
document is trusted: no extra fields, no coercion (a string is no number, a number no boolean), every
string bounded and free of control characters, every number inside the range the models and the
pages can hold. The bounds are generous for a real event (10,000 players, 12 rounds, 50 hands at a
table) and small enough that no page, sheet or calendar feed breaks on them. What one field cannot say
alone (a player twice in a round, more hands than planned, bye points against the rule set) is checked
in publishing/document.py after this schema has passed.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from decimal import Decimal
from typing import Annotated, Any, Literal
from uuid import UUID

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

from rules.engine.ruleset import TIE_BREAK_KEYS
from scoring.models import CORRECTION_LIMIT, CORRECTION_REASON_LENGTH, WHO_MAX
from tournament.models import REASON_MAX, Round
from tournament.money import MAX_STAKE_CENTS
from tournament.players import PLAYER_TEXT_MAX
from tournament.standings import MAX_ROUNDS  # preliminary rounds; a final round comes on top
from tournament.teams import MAX_NAME as TEAM_NAME_MAX

FORMAT = "tarock-turnier/3"
# The format before incarnations: still taken, as the one incarnation a copy had before its venue sent /3
# (docs/publishing.md, "Starting over"), so a hub can be updated before its venues.
LEGACY_FORMAT = "tarock-turnier/2"

MAX_PLAYERS = 10_000
MAX_HANDS_AT_A_TABLE = 60  # 50 at five plus the sixes' share: hands_planned is checked against the plan too
MAX_TABLES = MAX_PLAYERS // 4 + 1
MAX_FEE_CENTS = 100_000
MAX_PRIZE_CENTS = 10_000_000
FIRST_YEAR, LAST_YEAR = 1950, 2100
MAX_SEQUENCE = 2**31 - 1
# A hand corrected again and again: far more than any table needs, bounded all the same.
MAX_REVISIONS_AT_A_TABLE = 10 * MAX_HANDS_AT_A_TABLE
# A round seated again, links renewed, closed and reopened: far more than a day needs.
MAX_EVENTS_IN_A_ROUND = 500
# A hand's points: the largest tariff (Valat x8 of a Solodreier x8 doubled in a Sechserdreier) is far below.
MAX_HAND_POINTS = Decimal(100_000)

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def _printable(value: str) -> str:
    if _CONTROL.search(value):
        raise ValueError("control characters")
    return value


def _in_years(value: date | datetime) -> date | datetime:
    if not FIRST_YEAR <= value.year <= LAST_YEAR:
        raise ValueError(f"year {FIRST_YEAR}-{LAST_YEAR}")
    return value


def Text(max_length: int, *, min_length: int = 0) -> Any:  # noqa: N802 - reads as a type in the models below
    """A string of at most ``max_length`` characters without control characters."""
    return Annotated[str, StringConstraints(min_length=min_length, max_length=max_length, strip_whitespace=False),
                     AfterValidator(_printable)]


def Count(high: int, *, low: int = 0) -> Any:  # noqa: N802
    return Annotated[int, Field(ge=low, le=high)]


Points = Annotated[Decimal, Field(ge=-MAX_HAND_POINTS, le=MAX_HAND_POINTS, max_digits=12, decimal_places=2,
                                  allow_inf_nan=False)]
Day = Annotated[date, AfterValidator(_in_years)]
Moment = Annotated[datetime, AfterValidator(_in_years)]
Index = Annotated[int, Field(ge=0, lt=MAX_PLAYERS)]
Slug = Annotated[str, StringConstraints(pattern=r"^[-a-zA-Z0-9_]{1,50}$")]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class TournamentPart(_Strict):
    name: Text(160, min_length=1)
    slug: Slug
    date: Day
    venue: Text(160) = ""
    ruleset_slug: Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9_-]{0,48}$")]
    ruleset_version: Count(1_000_000, low=1)
    ruleset_snapshot: dict[str, Any]
    stake_cents: Count(MAX_STAKE_CENTS) = 10
    kontra_to_charity: bool = False
    rounds: Count(MAX_ROUNDS, low=1) = 3
    hands_at_four: Count(40, low=1) = 16
    hands_at_five: Count(50, low=1) = 20
    tables_of_five: bool = True
    tables_of_six: bool = False
    last_round_by_standings: bool = False
    time_limit_minutes: Count(24 * 60, low=1) | None = None
    final_round_top: Count(MAX_PLAYERS) = 0
    final_round_carry_percent: Count(100) = 50
    tie_breaks: Annotated[list[Literal[TIE_BREAK_KEYS]], Field(max_length=len(TIE_BREAK_KEYS))] = []
    entry_fee_cents: Count(MAX_FEE_CENTS) = 0
    prizes_cents: Annotated[list[Count(MAX_PRIZE_CENTS)], Field(max_length=MAX_PLAYERS)] = []


class PlayerPart(_Strict):
    name: Text(PLAYER_TEXT_MAX, min_length=1)
    club: Text(PLAYER_TEXT_MAX) = ""
    region: Text(PLAYER_TEXT_MAX) = ""


class EntryPart(_Strict):
    checked_in: bool = False
    withdrawn_after_round: Count(MAX_ROUNDS + 1) | None = None
    lot: Count(1_000_000) | None = None
    substitute: bool = False


class TeamPart(_Strict):
    name: Text(TEAM_NAME_MAX, min_length=1)
    members: Annotated[list[Index], Field(max_length=MAX_PLAYERS)]


class HandPart(_Strict):
    number: Count(MAX_HANDS_AT_A_TABLE, low=1)
    data: dict[str, Any]  # the hand interchange format: the hub's engine reads it (rules/engine/hands.py)
    entered_by: Text(WHO_MAX) = ""
    version: Count(MAX_SEQUENCE, low=1) = 1
    created_at: Moment | None = None
    points: Annotated[list[Points], Field(min_length=4, max_length=4)]  # per hand seat, as the venue scored


class AbsencePart(_Strict):
    """A player paused or gone during the round (scoring/seats.py Absence)."""

    position: Count(5)
    first_hand: Count(MAX_HANDS_AT_A_TABLE, low=1)
    until_hand: Count(MAX_HANDS_AT_A_TABLE + 1, low=2) | None = None
    kind: Literal["pause", "left"] = "pause"
    # When it was recorded and by whom (a who code: scoring.models.who_label), the same of the return that ended a
    # pause: added later, so a document of a venue that does not send them is still read.
    at: Moment | None = None
    by: Text(WHO_MAX) = ""
    back_at: Moment | None = None
    back_by: Text(WHO_MAX) = ""


class RevisionPart(_Strict):
    """A hand corrected or removed after it was entered (scoring.models.HandRevision): the printed sheet marks one
    made after the table's confirmation, the workbook and the round board list them all. Entries travel as
    stored; the hub reads each again with its engine. The "entered" revisions stay home: the hands are they."""

    number: Count(MAX_HANDS_AT_A_TABLE, low=1)
    action: Literal["corrected", "removed"]  # HandRevision.CORRECTED, REMOVED (a model the schema does not import)
    before: dict[str, Any] | None = None
    after: dict[str, Any] | None = None
    reason: Text(CORRECTION_REASON_LENGTH) = ""
    by: Text(WHO_MAX) = ""
    at: Moment


class TablePart(_Strict):
    number: Count(MAX_TABLES, low=1)
    hands_planned: Count(MAX_HANDS_AT_A_TABLE, low=1)
    ended_early: bool = False
    confirmed_at: Moment | None = None
    confirmed_by: Text(200) = ""
    version: Count(MAX_SEQUENCE) = 0
    hands_entered: Count(MAX_HANDS_AT_A_TABLE) = 0
    first_dealer: Count(5) = 0
    first_dealer_drawn: bool = False
    last_hand_at: Moment | None = None
    absences: Annotated[list[AbsencePart], Field(max_length=12)] = []
    seats: Annotated[list[Index], Field(min_length=4, max_length=6)]
    hands: Annotated[list[HandPart], Field(max_length=MAX_HANDS_AT_A_TABLE)] = []
    revisions: Annotated[list[RevisionPart], Field(max_length=MAX_REVISIONS_AT_A_TABLE)] = []


class ByePart(_Strict):
    entry: Index
    points: Points = Decimal(0)


class CorrectionPart(_Strict):
    entry: Index
    points: Annotated[Decimal, Field(ge=-CORRECTION_LIMIT, le=CORRECTION_LIMIT, max_digits=7, decimal_places=2,
                                     allow_inf_nan=False)]
    reason: Text(CORRECTION_REASON_LENGTH, min_length=1)
    at: Moment | None = None
    # Who booked it (the venue's user name; added later: a document without it is still read, the hub shows "–").
    by: Text(WHO_MAX) = ""


class _EventPart(_Strict):
    """What the director did to a round (tournament.models.RoundEvent), for the round board's protocol."""

    at: Moment
    reason: Text(REASON_MAX) = ""
    by: Text(WHO_MAX) = ""


class SeatEvent(_EventPart):
    action: Literal["seat"]
    as_given: bool = False
    seed: Text(40) = ""
    players: Count(MAX_PLAYERS) = 0
    tables: Count(MAX_TABLES) = 0
    repeats: Count(MAX_PLAYERS * MAX_PLAYERS) = 0
    # Who meets again: two entries and how often (tournament.selectors.repeated_pairs names them).
    repeated_pairs: Annotated[list[tuple[Index, Index, Count(MAX_ROUNDS + 1, low=1)]], Field(max_length=3 * MAX_PLAYERS)] = []


class CloseEvent(_EventPart):
    action: Literal["close"]


class ReopenEvent(_EventPart):
    action: Literal["reopen"]
    # The tables the round's close had ended that play on (tournament.rounds.reopen_round; added later: none sent
    # reads as none).
    tables: Annotated[list[Count(MAX_TABLES, low=1)], Field(max_length=MAX_TABLES)] = []


class EndTableEvent(_EventPart):
    action: Literal["end_table"]
    table: Count(MAX_TABLES, low=1)
    hands: Count(MAX_HANDS_AT_A_TABLE)


class RotateEvent(_EventPart):
    action: Literal["rotate"]
    tables: Annotated[list[Count(MAX_TABLES, low=1)], Field(max_length=MAX_TABLES)]


class WithdrawEvent(_EventPart):
    """A player left the tournament after a round (0: before the first), or plays on again (``after_round`` None),
    told on the round it first concerns (tournament.services.withdraw)."""

    action: Literal["withdraw"]
    name: Text(PLAYER_TEXT_MAX, min_length=1)
    after_round: Count(MAX_ROUNDS + 1) | None = None


EventPart = Annotated[SeatEvent | CloseEvent | ReopenEvent | EndTableEvent | RotateEvent | WithdrawEvent,
                      Field(discriminator="action")]


class RoundPart(_Strict):
    number: Count(MAX_ROUNDS + 1, low=1)
    status: Literal[Round.PLANNED, Round.SEATED, Round.RUNNING, Round.CLOSED]
    is_final: bool = False
    seed: Text(40) = ""
    repeats: Count(MAX_PLAYERS * MAX_PLAYERS) = 0
    five_table_repeats: Count(MAX_PLAYERS * MAX_PLAYERS) = 0
    seated_at: Moment | None = None
    closed_at: Moment | None = None
    tables: Annotated[list[TablePart], Field(max_length=MAX_TABLES)] = []
    byes: Annotated[list[ByePart], Field(max_length=MAX_PLAYERS)] = []
    corrections: Annotated[list[CorrectionPart], Field(max_length=MAX_PLAYERS)] = []
    events: Annotated[list[EventPart], Field(max_length=MAX_EVENTS_IN_A_ROUND)] = []


class Document(_Strict):
    format: Literal[FORMAT, LEGACY_FORMAT]
    sequence: Count(MAX_SEQUENCE)
    # The venue's tournament's incarnation (tournament.models.Tournament.incarnation): /3 sends it, /2 cannot.
    incarnation: UUID | None = None
    sent_at: Moment
    cup_final: bool = False
    tournament: TournamentPart
    players: Annotated[list[PlayerPart], Field(max_length=MAX_PLAYERS)]
    entries: Annotated[list[EntryPart], Field(max_length=MAX_PLAYERS)]
    teams: Annotated[list[TeamPart], Field(max_length=MAX_PLAYERS)] = []
    rounds: Annotated[list[RoundPart], Field(max_length=MAX_ROUNDS + 1)]

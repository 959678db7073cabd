"""Hands and corrections of a tournament copied whole from elsewhere (the cup's site taking a venue's
tournament, publishing/hub): every hand scored again by this site's engine as it was entered, in bulk,
so a copy of 10,000 players costs time in proportion to its hands and nothing more."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from django.db import connection
from django.utils import timezone

from scoring.models import WHO_MAX, Correction, Hand, HandRevision, HandScore
from scoring.scored import ScoredHand, scored_hand
from scoring.seats import absences_of, dealer_position, seat_entries
from tournament import live
from tournament.copies import INSERT_CHUNK, delete_rows, insert_rows
from tournament.events import ChangeKind
from tournament.models import Round, Table, Tournament


@dataclass(frozen=True)
class EnteredElsewhere:
    """A hand as another installation stored it: its number, the interchange format, who entered it,
    its version and time."""

    number: int
    data: dict
    entered_by: str = ""
    version: int = 1
    created_at: datetime | None = None


@live.write_service(kind=ChangeKind.COPY)
def remove_hands(*, tournament: Tournament) -> None:
    """Every hand, revision and correction of ``tournament``, before its copy is replaced."""
    delete_rows(HandScore.objects.filter(round__tournament=tournament))
    delete_rows(Hand.objects.filter(table__round__tournament=tournament))
    delete_rows(HandRevision.objects.filter(table__round__tournament=tournament))
    delete_rows(Correction.objects.filter(round__tournament=tournament))


@dataclass(frozen=True)
class ChangedElsewhere:
    """A hand corrected or removed on another installation (HandRevision): the entry before and after as that one
    stored them, why, who (a name: the other's users are not this site's) and when."""

    number: int
    action: str  # HandRevision.CORRECTED or REMOVED
    before: dict | None
    after: dict | None
    reason: str
    by: str
    at: datetime


@live.write_service(kind=ChangeKind.COPY,
                    changes=lambda arguments, stored: {table.round.tournament_id for table, _changes in arguments["tables"]})
def store_changed_hands(*, tables: list[tuple[Table, list[ChangedElsewhere]]]) -> int:
    """The tables' (new, copied) hand corrections and removals at their own times. Every entry before and after
    is read again by this site's engine under the tournament's rules and stored as it reads it, so nothing
    another installation sends reaches a page unread. Raises InvalidHand before anything is written."""
    ops = connection.ops
    read: dict[tuple[int, str], object] = {}

    def as_read(table: Table, data: dict | None):
        if data is None:
            return None
        memo = (table.round.tournament_id, json.dumps(data, sort_keys=True))
        if memo not in read:
            read[memo] = ops.adapt_json_value(scored_hand(table.round.tournament, data).data, None)
        return read[memo]

    rows = [(table.pk, change.number, change.action, as_read(table, change.before), as_read(table, change.after),
             change.reason, change.by[:WHO_MAX], ops.adapt_datetimefield_value(change.at))
            for table, changes in tables for change in changes]
    insert_rows(HandRevision, ["table", "number", "action", "before", "after", "reason", "by", "at"], rows)
    return len(rows)


@live.write_service(kind=ChangeKind.COPY,
                    changes=lambda arguments, points: {table.round.tournament_id for table, _s, _h in arguments["tables"]})
def store_entered_hands(*, tables: list[tuple[Table, list[int], list[EnteredElsewhere]]]
                        ) -> list[list[tuple[Decimal, ...]]]:
    """Store each table's hands (the table new, ``seats`` its entry ids by place) as entered elsewhere,
    each scored again by this site's engine under its tournament's rules (scoring.scored.scored_hand).
    Returns the points this site gave each seat of each hand, table by table, for the caller to compare
    with the other's. Raises InvalidHand before anything is written when a hand does not read."""
    ops = connection.ops
    now = timezone.now()
    # A hand's facts score the same at every table of a tournament: each distinct hand is scored (and its
    # JSON written) once.
    scored: dict[tuple[int, str], tuple[ScoredHand, object, object]] = {}
    stamp = ops.adapt_datetimefield_value(now)
    hands: list[tuple] = []
    scores: list[tuple[int, int, int, int, Decimal, Decimal, Decimal, Decimal]] = []  # table, number, then the row
    points: list[list[tuple[Decimal, ...]]] = []
    for table, seats, entered in tables:
        tournament = table.round.tournament
        of_table = []
        for item in entered:
            memo = (tournament.pk, json.dumps(item.data, sort_keys=True))
            known = scored.get(memo)
            if known is None:
                result = scored_hand(tournament, item.data)
                known = scored[memo] = (result, ops.adapt_json_value(result.data, None),
                                        ops.adapt_json_value(result.result, None))
            result, data, breakdown = known
            away = absences_of(table.absences)
            by_seat = seat_entries(seats, item.number, table.first_dealer, away)
            hands.append((table.pk, item.number, dealer_position(item.number, len(seats), table.first_dealer, away),
                          data, breakdown, result.contract, item.entered_by[:WHO_MAX], "", item.version, result.box_euros,
                          ops.adapt_datetimefield_value(item.created_at) if item.created_at else stamp, stamp))
            scores.extend((table.pk, item.number, by_seat[seat], seat, result.points[seat], result.cash[seat],
                           result.kontra_cash[seat], result.euros[seat]) for seat in range(4))
            of_table.append(result.points)
        points.append(of_table)
    insert_rows(Hand, ["table", "number", "dealer_position", "data", "result", "contract", "entered_by",
                   "idempotency_key", "version", "box_euros", "created_at", "updated_at"], hands)
    table_ids = [table.pk for table, _seats, _entered in tables]
    hand_ids: dict[tuple[int, int], int] = {}
    for start in range(0, len(table_ids), INSERT_CHUNK):
        for pk, table_id, number in Hand.objects.filter(table_id__in=table_ids[start:start + INSERT_CHUNK]).values_list(
                "pk", "table_id", "number"):
            hand_ids[(table_id, number)] = pk
    round_of = {table.pk: table.round_id for table, _seats, _entered in tables}
    insert_rows(HandScore, ["hand", "round", "entry", "hand_seat", "points", "cash", "kontra_cash", "euros"],
                [(hand_ids[(table_id, number)], round_of[table_id], *row) for table_id, number, *row in scores])
    return points


@live.write_service(kind=ChangeKind.COPY)
def store_booked_corrections(*, round: Round, corrections: list[dict]) -> list[Correction]:
    """A copied round's corrections as booked elsewhere (entry id, points, reason, time, who by name)."""
    rows = Correction.objects.bulk_create([
        Correction(round=round, entry_id=item["entry_id"], points=item["points"], reason=item["reason"],
                   by=str(item.get("by") or "")[:WHO_MAX])
        for item in corrections
    ])
    dated = []
    for row, item in zip(rows, corrections, strict=True):
        if item.get("at"):
            row.at = item["at"]
            dated.append(row)
    Correction.objects.bulk_update(dated, ["at"])
    return rows

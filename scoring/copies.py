"""Hands and corrections of a tournament copied whole from elsewhere (the cup's site taking a venue's
tournament, publishing/hub): every hand scored again by this site's engine as it was entered, in bulk,
so a copy of 10,000 players costs time in proportion to its hands and nothing more."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from scoring.models import Correction, Hand, HandRevision, HandScore
from scoring.seats import dealer_position, seat_entries
from scoring.services import score_rows
from tournament import live
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


@live.write_service
def remove_hands(*, tournament: Tournament) -> None:
    """Every hand, revision and correction of ``tournament``, before its copy is replaced."""
    HandScore.objects.filter(hand__table__round__tournament=tournament).delete()
    Hand.objects.filter(table__round__tournament=tournament).delete()
    HandRevision.objects.filter(table__round__tournament=tournament).delete()
    Correction.objects.filter(round__tournament=tournament).delete()


@live.write_service(changes=lambda arguments, points: {table.round.tournament_id for table, _s, _h in arguments["tables"]})
def store_entered_hands(*, tables: list[tuple[Table, list[int], list[EnteredElsewhere]]]
                        ) -> list[list[tuple[Decimal, ...]]]:
    """Store each table's hands (the table new, ``seats`` its entry ids by place) as entered elsewhere,
    each scored again by this site's engine under its tournament's rule set. Returns the points this
    site gave each seat of each hand, table by table, for the caller to compare with the other's.
    Raises InvalidHand before anything is written when a hand does not read under the rule set."""
    stored: list[Hand] = []
    scores: list[HandScore] = []
    points: list[list[tuple[Decimal, ...]]] = []
    for table, seats, hands in tables:
        of_table = []
        for item in hands:
            hand = Hand(table=table, number=item.number, entered_by=item.entered_by[:120], version=item.version,
                        dealer_position=dealer_position(item.number, len(seats), table.first_dealer))
            _data, hand_scores = score_rows(hand, table, item.data, seat_entries(seats, item.number, table.first_dealer))
            stored.append(hand)
            scores.extend(hand_scores)
            of_table.append(tuple(score.points for score in hand_scores))
        points.append(of_table)
    Hand.objects.bulk_create(stored, batch_size=2000)
    for score in scores:
        score.hand_id = score.hand.pk
    HandScore.objects.bulk_create(scores, batch_size=4000)
    dated = []
    position = 0
    for _table, _seats, hands in tables:
        for item in hands:
            if item.created_at is not None:
                stored[position].created_at = item.created_at
                dated.append(stored[position])
            position += 1
    # bulk_update writes the other's times as given (created_at is auto_now_add on a save).
    Hand.objects.bulk_update(dated, ["created_at"], batch_size=2000)
    return points


@live.write_service
def store_booked_corrections(*, round: Round, corrections: list[dict]) -> list[Correction]:
    """A copied round's corrections as booked elsewhere (entry id, points, reason, time)."""
    rows = Correction.objects.bulk_create([
        Correction(round=round, entry_id=item["entry_id"], points=item["points"], reason=item["reason"])
        for item in corrections
    ])
    dated = []
    for row, item in zip(rows, corrections, strict=True):
        if item.get("at"):
            row.at = item["at"]
            dated.append(row)
    Correction.objects.bulk_update(dated, ["at"])
    return rows

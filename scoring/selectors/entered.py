"""Hands as they were entered, with the points each seat of the hand got: what a copy of the
tournament elsewhere needs to score them again and compare (publishing to the cup's site)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from scoring.models import Hand, HandRevision, HandScore
from tournament.models import Tournament


@dataclass(frozen=True)
class EnteredHand:
    number: int
    data: dict
    entered_by: str
    version: int
    created_at: datetime
    points: tuple[Decimal, ...]  # by seat of the hand, 0 = Vorhand


def entered_hands(tournament: Tournament) -> dict[int, list[EnteredHand]]:
    """Table id -> its hands in order (two queries whatever the size)."""
    points: dict[int, list[Decimal]] = {}
    for hand_id, value in HandScore.objects.filter(round__tournament=tournament).order_by(
            "hand_id", "hand_seat").values_list("hand_id", "points"):
        points.setdefault(hand_id, []).append(value)
    hands: dict[int, list[EnteredHand]] = {}
    rows = Hand.objects.filter(table__round__tournament=tournament).order_by("table_id", "number").values_list(
        "pk", "table_id", "number", "data", "entered_by", "version", "created_at")
    for pk, table_id, number, data, entered_by, version, created_at in rows:
        hands.setdefault(table_id, []).append(
            EnteredHand(number, data, entered_by, version, created_at, tuple(points.get(pk, ()))))
    return hands


@dataclass(frozen=True)
class ChangedHand:
    """A hand corrected or removed after it was entered (HandRevision), as a copy elsewhere keeps it."""

    number: int
    action: str
    before: dict | None
    after: dict | None
    reason: str
    by: str  # the user's name, else the name the scorer gave (as the protocol and the workbook say it)
    at: datetime


def changed_hands(tournament: Tournament) -> dict[int, list[ChangedHand]]:
    """Table id -> its hands' corrections and removals, oldest first (one query). The "entered" revisions are
    left out: a copy has the hands themselves."""
    changed: dict[int, list[ChangedHand]] = {}
    rows = HandRevision.objects.filter(table__round__tournament=tournament, action__in=(
        HandRevision.CORRECTED, HandRevision.REMOVED)).order_by("at", "id").values_list(
        "table_id", "number", "action", "before", "after", "reason", "by", "user__username", "at")
    for table_id, number, action, before, after, reason, by, username, at in rows:
        changed.setdefault(table_id, []).append(ChangedHand(number, action, before, after, reason, username or by, at))
    return changed


def entered_data(tournament: Tournament) -> dict[tuple[int, int], dict[int, dict]]:
    """(round number, table number) -> hand number -> the hand as stored (one query): what an import
    compares a file's hands with."""
    stored: dict[tuple[int, int], dict[int, dict]] = {}
    for round_number, table_number, number, data in Hand.objects.filter(table__round__tournament=tournament).values_list(
            "table__round__number", "table__number", "number", "data"):
        stored.setdefault((round_number, table_number), {})[number] = data
    return stored


def stored_hand(pk: int) -> Hand | None:
    """One stored hand with its table, round and tournament (one query), or None."""
    return Hand.objects.select_related("table__round__tournament").filter(pk=pk).first()

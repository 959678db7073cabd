"""A whole tournament as one JSON document, and back: what a venue sends to the hub.

Rows travel as their own fields (every concrete field but the keys, which the hub gives out anew),
so a field added to a model later travels without touching this module. Table tokens stay home:
they are the venue's scorer links. Hands travel as entered (the hand interchange format) together
with the points the venue's engine gave each seat, so the hub can score them again and refuse a copy
its own engine would score differently.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from django.db import models
from django.utils import timezone

from scoring.models import Correction, Hand, HandScore
from tournament.models import Bye, Entry, Round, Seat, Table, Team, TeamMember, Tournament

FORMAT = "tarock-turnier/1"

# Fields the hub sets itself: keys and links, the venue's secrets, the hub's own bookkeeping.
_NOT_SENT = {"id", "tournament", "player", "round", "table", "entry", "hand", "team", "token", "live_version",
             "created_by", "created_at", "user", "idempotency_key", "updated_at"}


def sent_fields(model: type[models.Model]) -> list[models.Field]:
    return [field for field in model._meta.concrete_fields if field.name not in _NOT_SENT]


def _plain(value):
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    return value


def row_fields(row: models.Model) -> dict:
    return {field.name: _plain(field.value_from_object(row)) for field in sent_fields(type(row))}


def build_document(tournament: Tournament) -> dict:
    """Everything of ``tournament`` the hub needs to show it as the venue does (a fixed number of queries)."""
    entries = list(Entry.objects.filter(tournament=tournament).select_related("player").order_by("pk"))
    index = {entry.pk: number for number, entry in enumerate(entries)}
    teams = list(Team.objects.filter(tournament=tournament).order_by("pk"))
    members: dict[int, list[int]] = {}
    for member in TeamMember.objects.filter(team__tournament=tournament).order_by("pk"):
        members.setdefault(member.team_id, []).append(index[member.entry_id])
    rounds = list(Round.objects.filter(tournament=tournament).order_by("number"))
    tables = list(Table.objects.filter(round__tournament=tournament).order_by("round__number", "number"))
    seats: dict[int, list[int]] = {}
    for seat in Seat.objects.filter(table__round__tournament=tournament).order_by("table", "position"):
        seats.setdefault(seat.table_id, []).append(index[seat.entry_id])
    scores: dict[int, list[dict]] = {}
    for score in HandScore.objects.filter(hand__table__round__tournament=tournament).order_by("hand", "hand_seat"):
        scores.setdefault(score.hand_id, []).append({"entry": index[score.entry_id], **row_fields(score)})
    hands: dict[int, list[dict]] = {}
    for hand in Hand.objects.filter(table__round__tournament=tournament).order_by("table", "number"):
        hands.setdefault(hand.table_id, []).append(
            {**row_fields(hand), "created_at": hand.created_at.isoformat(), "scores": scores.get(hand.pk, [])})
    byes: dict[int, list[dict]] = {}
    for bye in Bye.objects.filter(round__tournament=tournament).order_by("pk"):
        byes.setdefault(bye.round_id, []).append({"entry": index[bye.entry_id], **row_fields(bye)})
    corrections: dict[int, list[dict]] = {}
    for correction in Correction.objects.filter(round__tournament=tournament).order_by("pk"):
        corrections.setdefault(correction.round_id, []).append(
            {"entry": index[correction.entry_id], **row_fields(correction)})
    tables_of: dict[int, list[dict]] = {}
    for table in tables:
        tables_of.setdefault(table.round_id, []).append(
            {**row_fields(table), "seats": seats.get(table.pk, []), "hands": hands.get(table.pk, [])})
    return {
        "format": FORMAT,
        "sequence": tournament.live_version,
        "sent_at": timezone.now().isoformat(),
        "tournament": row_fields(tournament),
        # Whether the venue counts it as its season's cup final (cups.SeasonTournament), if it has cups at all.
        "cup_final": bool(getattr(getattr(tournament, "cup_season", None), "is_final", False)),
        "players": [{"name": e.player.name, "club": e.player.club, "region": e.player.region} for e in entries],
        "entries": [row_fields(entry) for entry in entries],
        "teams": [{**row_fields(team), "members": members.get(team.pk, [])} for team in teams],
        "rounds": [{**row_fields(round), "tables": tables_of.get(round.pk, []), "byes": byes.get(round.pk, []),
                    "corrections": corrections.get(round.pk, [])} for round in rounds],
    }


def last_closed_round(document: dict) -> int:
    closed = [r.get("number", 0) for r in document.get("rounds", []) if r.get("status") == Round.CLOSED]
    return max(closed, default=0)

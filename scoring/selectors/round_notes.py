"""What happened at a round's tables besides the hands, for the director's round board and its protocol:
who paused or left (and from which hand), which hands were corrected or removed afterwards, and the
points booked for the round (corrections, revoke claims), with who, when and why."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal

from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.models import Correction, HandRevision, who_did_it
from scoring.seats import LEFT, absences_of
from scoring.selectors.sheets import absence_stamp, recorded_at
from tournament.models import Round, RoundEvent, Seat, Table


@dataclass(frozen=True)
class AbsenceNote:
    table: int  # the table's number
    name: str
    left: bool  # left the table for good (else a pause)
    first_hand: int
    until_hand: int | None  # a pause's end: the hand he plays again (None: still out)
    at: datetime | None = None  # when it was recorded (None: an entry stored before the times were kept)
    stamp: str = ""  # when and by whom it was recorded, and its return, in the reader's language


@dataclass(frozen=True)
class ChangeNote:
    """A hand corrected or removed after it was entered, or points booked, for the protocol."""

    at: datetime
    table: int | None  # None: points booked for a player, not a table's hand
    hand: int | None
    removed: bool
    name: str  # whose points were booked (a booking), else ""
    points: Decimal | None
    reason: str
    by: str  # who, in the reader's language: the user, the table scorer, the venue's name (models.who_did_it)


@dataclass(frozen=True)
class ProtocolLine:
    """One line of the round's protocol: exactly one of what the director did (a RoundEvent), a hand corrected or
    removed or points booked, a pause or leave."""

    at: datetime | None  # None: a pause or leave stored before the times were kept (listed last)
    event: RoundEvent | None = None
    change: ChangeNote | None = None
    absence: AbsenceNote | None = None


@dataclass(frozen=True)
class RoundNotes:
    absences: list[AbsenceNote]
    # The absences, the corrections and bookings, and what the director did to the round, in the order it
    # happened: a correction made just before the close is told before the close.
    protocol: list[ProtocolLine]

    def for_table(self, number: int) -> list[AbsenceNote]:
        return [note for note in self.absences if note.table == number]


def round_notes(round: Round) -> RoundNotes:
    """The round's pauses, leaves, corrected hands and bookings, and its protocol (five queries)."""
    tables = list(round.tables.order_by("number").values_list("pk", "number", "absences"))
    names = {(table_id, position): name for table_id, position, name in Seat.objects.filter(table__round=round)
             .values_list("table_id", "position", "entry__player__name")}
    absences = [AbsenceNote(number, names.get((pk, absence.position), "?"), absence.kind == LEFT, absence.first_hand,
                            absence.until_hand, recorded_at(absence.at), absence_stamp(absence))
                for pk, number, plain in tables for absence in absences_of(plain)]
    revisions = HandRevision.objects.filter(table__round=round, action__in=(
        HandRevision.CORRECTED, HandRevision.REMOVED)).values_list(
        "at", "table__number", "number", "action", "reason", "by", "user__username")
    changes = [ChangeNote(at, table, number, action == HandRevision.REMOVED, "", None, reason, who_did_it(by, username))
               for at, table, number, action, reason, by, username in revisions]
    bookings = Correction.objects.filter(round=round).values_list(
        "at", "hand__table__number", "hand__number", "entry__player__name", "points", "reason", "user__username", "by")
    changes += [ChangeNote(at, table, hand, False, name, points, reason, who_did_it(by, username))
                for at, table, hand, name, points, reason, username, by in bookings]
    lines = [ProtocolLine(event.at, event=event) for event in round.events.select_related("user")]
    lines += [ProtocolLine(change.at, change=change) for change in changes]
    lines += [ProtocolLine(absence.at, absence=absence) for absence in absences]
    lines.sort(key=_in_order)  # stable: events keep their (at, id) order where two share a moment
    return RoundNotes(absences, lines)


def _in_order(line: ProtocolLine) -> tuple[bool, datetime]:
    """Oldest first, the lines without a time last. A time without a zone (a pause a copy's venue sent so)
    is read as UTC, as the document's times are: comparing it with the others must not fail the page."""
    at = line.at or datetime.min
    return line.at is None, at if at.tzinfo else at.replace(tzinfo=UTC)


def changed_after_confirmation(round: Round) -> dict[int, list[ChangeNote]]:
    """The hands changed or removed after their table's players confirmed the sheet, by table id, oldest
    first: what the printed sheet and the sheet pages must mark (one query)."""
    return _changed_after_confirmation(HandRevision.objects.filter(table__round=round))


def table_changed_after_confirmation(table: Table) -> list[ChangeNote]:
    """changed_after_confirmation of one table (the scorer page and the director's sheet; one query)."""
    return _changed_after_confirmation(HandRevision.objects.filter(table=table)).get(table.pk, [])


def _changed_after_confirmation(revisions) -> dict[int, list[ChangeNote]]:
    changed: dict[int, list[ChangeNote]] = {}
    revisions = revisions.filter(
        action__in=(HandRevision.CORRECTED, HandRevision.REMOVED), table__confirmed_at__isnull=False,
        at__gt=F("table__confirmed_at")).order_by("at", "id").values_list(
        "table_id", "at", "table__number", "number", "action", "reason", "by", "user__username")
    for table_id, at, table, number, action, reason, by, username in revisions:
        changed.setdefault(table_id, []).append(
            ChangeNote(at, table, number, action == HandRevision.REMOVED, "", None, reason, who_did_it(by, username)))
    return changed


def change_after_confirmation_said(change: ChangeNote) -> str:
    """A hand changed after the confirmation in the reader's language, with when, who and why: the same line on
    the printed sheet, the scorer page and the director's sheet (its "*" is the mark on the hand's row)."""
    return _("* Spiel %(hand)s nach der Bestätigung %(what)s am %(when)s von %(who)s: %(reason)s") % {
        "hand": change.hand, "what": _("entfernt") if change.removed else _("geändert"),
        "when": timezone.localtime(change.at).strftime("%d.%m.%Y %H:%M"), "who": change.by or "?",
        "reason": change.reason or "–"}

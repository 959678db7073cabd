"""Recording, correcting and confirming hands: the only writes of hand data (and of the two
counters on Table that let the tournament core see a table's progress without reading hands).

Every write of a table goes through ``_table_write`` (lock the row, check the version the caller
saw and whether the table takes the write, bump the version after), validates the hand with the
engine before anything is stored, and records a HandRevision. The engine's
result is stored with the hand; HandScore rows carry it in hundredths for the standings.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext_lazy, ngettext_lazy

from language import ServiceError
from scoring.models import CORRECTION_LIMIT, CORRECTION_REASON_LENGTH, WHO_MAX, Correction, Hand, HandRevision, HandScore
from scoring.scored import score_rows
from scoring.seats import absences_of, dealer_position, seat_entries
from scoring.settlement import price_hands
from tournament import live
from tournament.errors import NotWritable, StaleVersion, WrongHandNumber, refuse_a_copy
from tournament.events import ChangeKind
from tournament.models import Round, Seat, Table

# Who entered a hand, stored as a code and shown translated (scoring.models.Hand.entered_by_label).
SCORER, IMPORT, DEMO = "scorer", "import", "demo"


def director_code(user) -> str:
    return f"director:{user.get_username()}" if user is not None else "director"

# --- writes ---------------------------------------------------------------------------------------


def _locked(table: Table) -> Table:
    return Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)


class _Replayed(Exception):  # noqa: N818 - not an error: the hand with this key is stored already
    def __init__(self, hand: Hand, version: int):
        super().__init__(hand.pk)
        self.hand, self.version = hand, version


@contextmanager
def _table_write(table: Table, *, expected_version: int | None = None, director: bool = False,
                 fields: tuple[str, ...] = (), replay_key: str = "") -> Iterator[Table]:
    """What every write of a table's hands does around its own part: lock the table row; a known
    ``replay_key`` raises _Replayed (nothing written); a caller who saw another version gets
    StaleVersion (409), a scorer at a closed, confirmed or ended table NotWritable (403). The block
    gets the locked table; after it the table's version goes up, saved with the block's ``fields``.
    An exception in the block saves nothing (the write service's transaction rolls back)."""
    table = _locked(table)
    if replay_key:
        existing = table.hands.filter(idempotency_key=replay_key).first()
        if existing is not None:
            raise _Replayed(existing, table.version)
    if expected_version is not None and table.version != expected_version:
        raise StaleVersion()
    _check_open(table, director=director)
    yield table
    table.version += 1
    table.save(update_fields=["version", *fields])


def _check_open(table: Table, *, director: bool) -> None:
    refuse_a_copy(table.round.tournament)  # the venue is the source: neither its scorer nor a director writes here
    lock = None if director else table.scorer_lock
    if lock == "round":
        raise NotWritable(gettext_lazy("Die Runde ist nicht offen: Spiele ändert jetzt nur die Turnierleitung."))
    if lock == "confirmed":
        raise NotWritable(gettext_lazy("Der Tisch ist bestätigt: Änderungen nur durch die Turnierleitung."))
    if lock == "ended":
        raise NotWritable(gettext_lazy("Die Turnierleitung hat diesen Tisch beendet: Änderungen nur durch die Turnierleitung."))


def _seated(table: Table) -> list[int]:
    """Entry ids of the table in seat order (position 0 first)."""
    return list(table.seats.order_by("position").values_list("entry_id", flat=True))


@dataclass(frozen=True)
class StoredHand:
    hand: Hand
    created: bool  # False: the key was seen before and the hand stored then is returned, nothing written
    version: int  # the table's version after the write


@live.write_service(kind=ChangeKind.HAND,
                    changes=lambda arguments, stored: [stored.hand.table.round.tournament_id] if stored.created else ())
def store_hand(*, table: Table, number: int, data: dict, idempotency_key: str = "", entered_by: str = "",
               user=None, director: bool = False) -> StoredHand:
    """Store the next hand of a table: the one path every hand takes (the scorer's form and API, the
    director's paper sheet, the import). The same idempotency key twice stores it once (a double tap or
    a retry after a lost response gets the hand stored then, ``created`` false, nothing written)."""
    try:
        with _table_write(table, director=director, replay_key=idempotency_key,
                          fields=("hands_entered", "last_hand_at")) as table:
            if table.is_complete:
                raise ServiceError(gettext_lazy("Tisch %(table)s hat alle Spiele."), table=table.number)
            if number != table.hands_entered + 1:
                raise WrongHandNumber(number, table.hands_entered + 1)
            hand, scores, revision = _new_hand(table, _seated(table), number, data, idempotency_key, entered_by, user)
            hand.save()
            for score in scores:
                score.hand = hand
            HandScore.objects.bulk_create(scores)
            revision.save()
            _entered(table, hand)
    except _Replayed as replay:
        return StoredHand(replay.hand, False, replay.version)
    return StoredHand(hand, True, table.version)


def _new_hand(table: Table, seats: list[int], number: int, data: dict, key: str, entered_by: str,
              user) -> tuple[Hand, list[HandScore], HandRevision]:
    """Hand ``number`` of the locked ``table`` as entered, its score rows and its revision, none saved yet
    (raises InvalidHand first when ``data`` does not read under the rule set)."""
    away = absences_of(table.absences)
    hand = Hand(table=table, number=number, entered_by=entered_by[:WHO_MAX], idempotency_key=key[:64],
                dealer_position=dealer_position(number, len(seats), table.first_dealer, away))
    stored, scores = score_rows(hand, table, data, seat_entries(seats, number, table.first_dealer, away))
    revision = HandRevision(table=table, number=number, action=HandRevision.ENTERED, after=stored,
                            by=entered_by[:WHO_MAX], user=user)
    return hand, scores, revision


def _entered(table: Table, last: Hand) -> None:
    """The table's counters after ``last`` was stored; the round runs from its first hand on."""
    table.hands_entered, table.last_hand_at = last.number, last.created_at
    if table.round.status == Round.SEATED:
        Round.objects.filter(pk=table.round_id).update(status=Round.RUNNING)


@live.write_service(kind=ChangeKind.HAND,
                    changes=lambda arguments, stored: [arguments["table"].round.tournament_id] if stored else ())
def record_hands(*, table: Table, hands: list[dict], key_prefix: str = "", entered_by: str = "", user=None,
                 director: bool = False) -> list[Hand]:
    """The table's next hands at once (the demo, a whole sheet): stored exactly as ``store_hand`` one
    after the other would store them (hand ``n`` with the key ``key_prefix + n`` when a prefix is
    given, a revision each, the version up by one a hand), in a few statements. Every hand is read
    and scored before anything is written; one that does not read raises InvalidHand."""
    if not hands:
        return []
    with _table_write(table, director=director, fields=("hands_entered", "last_hand_at")) as table:
        if len(hands) > table.hands_missing:
            raise ServiceError(gettext_lazy(
                "Tisch %(table)s hat nur noch %(hands_missing)s Spiele offen."),
                    table=table.number, hands_missing=table.hands_missing)
        seats, first = _seated(table), table.hands_entered + 1
        built = [_new_hand(table, seats, number, data, f"{key_prefix}{number}" if key_prefix else "", entered_by, user)
                 for number, data in enumerate(hands, start=first)]
        stored = Hand.objects.bulk_create([hand for hand, _scores, _revision in built])
        for hand, scores, _revision in built:
            for score in scores:
                score.hand = hand
        HandScore.objects.bulk_create([score for _hand, scores, _revision in built for score in scores])
        HandRevision.objects.bulk_create([revision for _hand, _scores, revision in built])
        _entered(table, stored[-1])
        table.version += len(built) - 1  # one write a hand, as when entered one by one (_table_write adds the last)
    return stored


@live.write_service(kind=ChangeKind.CORRECTION)
def correct_hand(*, hand: Hand, data: dict, expected_version: int, reason: str = "", by: str = "", user=None,
                 director: bool = False) -> Hand:
    """Replace a hand's entry. A scorer may correct the last hand of an open, unconfirmed table; the
    director any hand, with a reason. Refused if the table changed since the caller loaded it."""
    with _table_write(hand.table, expected_version=expected_version, director=director) as table:
        hand = table.hands.get(pk=hand.pk)
        if not director and hand.number != table.hands_entered:
            raise ServiceError(gettext_lazy("Am Tisch kann nur das letzte Spiel geändert werden."))
        if director and not reason.strip():
            raise ServiceError(gettext_lazy("Für eine Korrektur braucht es eine Begründung."))
        before = hand.data
        stored, scores = score_rows(hand, table, data, seat_entries(_seated(table), hand.number, table.first_dealer,
                                                                     absences_of(table.absences)))
        hand.version += 1
        hand.save()
        hand.scores.all().delete()
        HandScore.objects.bulk_create(scores)
        HandRevision.objects.create(table=table, number=hand.number, action=HandRevision.CORRECTED, before=before,
                                    after=stored, reason=reason.strip(), by=by[:WHO_MAX], user=user)
    return hand


@live.write_service(kind=ChangeKind.HAND)
def remove_last_hand(*, table: Table, expected_version: int, reason: str = "", by: str = "", user=None,
                     director: bool = False) -> None:
    """Undo the last hand of a table (the scorer's undo, or the director's)."""
    with _table_write(table, expected_version=expected_version, director=director,
                      fields=("hands_entered", "last_hand_at")) as table:
        hand = table.hands.order_by("-number").first()
        if hand is None:
            raise ServiceError(gettext_lazy("Es ist noch kein Spiel eingetragen."))
        HandRevision.objects.create(table=table, number=hand.number, action=HandRevision.REMOVED, before=hand.data,
                                    reason=reason.strip(), by=by[:WHO_MAX], user=user)
        hand.delete()
        table.hands_entered = hand.number - 1
        table.last_hand_at = table.hands.aggregate(last=Max("created_at"))["last"]


@live.write_service(kind=ChangeKind.CONFIRMATION)
def confirm_table(*, table: Table, expected_version: int, names: str) -> Table:
    """The players confirm the sheet on the device; after that only the director changes it."""
    with _table_write(table, expected_version=expected_version, fields=("confirmed_at", "confirmed_by")) as table:
        if not table.is_complete:
            raise ServiceError(ngettext_lazy("Es fehlt noch %(hands_missing)s Spiel.", "Es fehlen noch %(hands_missing)s Spiele.",
                                             "hands_missing"), hands_missing=table.hands_missing)
        if not names.strip():
            raise ServiceError(gettext_lazy("Bitte die Namen der bestätigenden Spieler angeben."))
        table.confirmed_at, table.confirmed_by = timezone.now(), names.strip()[:200]
    return table


@live.write_service(kind=ChangeKind.SETTINGS)  # what follows MONEY: never MONEY itself
def reprice(*, tournament) -> int:
    """Fix every stored hand's euros again under the tournament's stake and charity box (after a
    director changed either): the same arithmetic as when the hands were stored. Returns the hands."""
    scores = list(HandScore.objects.filter(round__tournament=tournament).select_for_update()
                  .order_by("hand_id", "hand_seat"))
    boxes = price_hands(scores, tournament.stake_cents, charity=tournament.kontra_to_charity)
    HandScore.objects.bulk_update(scores, ["euros"], batch_size=2000)
    Hand.objects.bulk_update([Hand(pk=pk, box_euros=box) for pk, box in boxes.items()], ["box_euros"], batch_size=2000)
    return len(boxes)


@live.write_service(kind=ChangeKind.CORRECTION)
def book_correction(*, entry, round: Round, points, reason: str, user=None) -> Correction:
    """Book points for ``entry`` in ``round`` outside any hand, with a reason (see models.Correction)."""
    if round.tournament_id != entry.tournament_id:
        raise ServiceError(gettext_lazy("Runde und Spieler gehören nicht zum selben Turnier."))
    refuse_a_copy(round.tournament)
    if round.status == Round.PLANNED:
        raise ServiceError(gettext_lazy("Runde %(round)s ist noch nicht gesetzt."), round=round.number)
    try:
        value = Decimal(str(points)).quantize(Decimal("0.01"))
    except (InvalidOperation, ValueError):
        value = Decimal(0)
    if value == 0 or abs(value) > CORRECTION_LIMIT:
        raise ServiceError(gettext_lazy(
            "Die Punkte einer Korrektur: nicht 0 und höchstens %(limit)s."), limit=CORRECTION_LIMIT)
    if not reason.strip():
        raise ServiceError(gettext_lazy("Eine Korrektur braucht eine Begründung."))
    correction = Correction.objects.create(entry=entry, round=round, points=value,
                                           reason=reason.strip()[:CORRECTION_REASON_LENGTH], user=user)
    return correction


@live.write_service(kind=(ChangeKind.REVOKE_CLAIM, ChangeKind.CORRECTION))
def book_revoke_claim(*, hand: Hand, claimant, points, reason: str, user=None) -> tuple[Correction, Correction]:
    """A revoke claim (Tirol, seed 000 section 6: a further evident loss claimed from the offender) as
    one zero-sum booking tied to ``hand``: ``claimant`` +points, the hand's offender -points."""
    refuse_a_copy(hand.table.round.tournament)
    ruleset = hand.table.round.tournament.ruleset
    if ruleset.renonce is None or not ruleset.renonce.claims_on_top:
        raise ServiceError(gettext_lazy(
            "Nach den Regeln %(ruleset)s gibt es keine Nachforderung nach einer Renonce."), ruleset=ruleset.name)
    offender_seat = hand.data.get("renonce")
    if offender_seat is None:
        raise ServiceError(gettext_lazy("In Spiel %(hand)s gab es keine Renonce."), hand=hand.number)
    seats = {score.hand_seat: score.entry for score in hand.scores.select_related("entry__player")}
    offender = seats[offender_seat]
    if claimant.pk == offender.pk or claimant.pk not in {entry.pk for entry in seats.values()}:
        raise ServiceError(gettext_lazy("Nachfordern kann nur ein anderer Spieler dieses Spiels."))
    try:
        value = Decimal(str(points)).quantize(Decimal("0.01"))
    except (InvalidOperation, ValueError):
        value = Decimal(0)
    if not 0 < value <= 1000:
        raise ServiceError(gettext_lazy("Nachgefordert werden mehr als 0 und höchstens 1000 Punkte."))
    if not reason.strip():
        raise ServiceError(gettext_lazy("Eine Nachforderung braucht eine Begründung."))
    booking, round = uuid.uuid4(), hand.table.round
    text = f"Renonce-Nachforderung, Spiel {hand.number}: {reason.strip()}"[:500]
    rows = Correction.objects.bulk_create([
        Correction(entry=claimant, round=round, points=value, reason=text, user=user, hand=hand, booking=booking),
        Correction(entry=offender, round=round, points=-value, reason=text, user=user, hand=hand, booking=booking),
    ])
    return rows[0], rows[1]


@live.write_service(kind=ChangeKind.SEATING)
def record_draw(*, table: Table, expected_version: int, first_dealer: int | None = None,
                first_vorhand: int | None = None, order: list[int] | None = None, director: bool = False) -> Table:
    """Record what was drawn at the table before the first hand, as the rule set's text has it
    (RuleSet.format.table_draw): who deals first, who is the first Vorhand (the dealer is then the
    place before), or the whole seat order starting with the first Vorhand (the places are numbered
    anew in that order, the first dealer the last of them). Positions are the table's places - 1."""
    with _table_write(table, expected_version=expected_version, director=director,
                      fields=("first_dealer", "first_dealer_drawn")) as table:
        if table.hands_entered:
            raise ServiceError(gettext_lazy("Was am Tisch gelost wurde, steht fest, sobald das erste Spiel eingetragen ist."))
        seats = list(table.seats.order_by("position"))
        size = len(seats)
        if order is not None:
            if sorted(order) != list(range(size)):
                raise ServiceError(gettext_lazy("Bitte jeden Spieler des Tisches genau einmal in die Sitzordnung setzen."))
            by_position = {seat.position: seat for seat in seats}
            # The first Vorhand gets Platz 2, the player before him (the first dealer) Platz 1.
            new_position = {old: (index + 1) % size for index, old in enumerate(order)}
            for seat in seats:  # out of the way of the unique (table, position) first
                seat.position += size
            Seat.objects.bulk_update(seats, ["position"])
            for old, seat in by_position.items():
                seat.position = new_position[old]
            Seat.objects.bulk_update(seats, ["position"])
            table.first_dealer = 0
        else:
            chosen = first_vorhand if first_vorhand is not None else first_dealer
            if chosen is None or not 0 <= chosen < size:
                raise ServiceError(gettext_lazy("Bitte einen Spieler des Tisches wählen."))
            table.first_dealer = (chosen - 1) % size if first_vorhand is not None else chosen
        table.first_dealer_drawn = True
    return table

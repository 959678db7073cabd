"""Online sign-up: written here, in transactions, with the registration's row locked so the cap holds
when many phones send at once."""

from __future__ import annotations

import hashlib
from datetime import timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils import timezone
from django.utils.translation import gettext_lazy

from cups.players import DECEASED, is_deceased
from language import ServiceError
from signup import signals
from signup.models import Registration, SignUp, SignUpAttempt
from tournament import live, players
from tournament import services as tournament_services
from tournament.events import ChangeKind
from tournament.models import Entry, Player, Tournament

WINDOW = timedelta(hours=1)


class Flooded(ServiceError):
    """Too many sign-ups from one address within the window (a 429 for the page)."""


def _attempts_allowed() -> int:
    return getattr(settings, "SIGNUP_MAX_PER_ADDRESS_PER_HOUR", 10)


@live.write_service(kind=ChangeKind.SETTINGS)
def set_registration(*, tournament: Tournament, is_open: bool, deadline, cap: int | None) -> Registration:
    if cap is not None and cap < 1:
        raise ServiceError(gettext_lazy("Mindestens ein Platz."))
    registration, _created = Registration.objects.update_or_create(
        tournament=tournament, defaults={"is_open": is_open, "deadline": deadline, "cap": cap})
    _move_up(registration)
    return registration


def _holding(registration: Registration) -> int:
    return SignUp.objects.filter(tournament_id=registration.tournament_id, status__in=SignUp.HOLDS_A_PLACE).count()


def _move_up(registration: Registration) -> list[SignUp]:
    """The waiting list moves up, first come first, while places are free."""
    moved = []
    free = None if registration.cap is None else registration.cap - _holding(registration)
    for waiting in SignUp.objects.filter(tournament_id=registration.tournament_id, status=SignUp.WAITING):
        if free is not None and free <= 0:
            break
        waiting.status = SignUp.REGISTERED
        waiting.save(update_fields=["status"])
        signals.moved_up.send(sender=SignUp, sign_up=waiting)
        moved.append(waiting)
        free = None if free is None else free - 1
    return moved


def _count_attempt(address: str) -> None:
    key = hashlib.sha256(address.encode()).hexdigest()
    since = timezone.now() - WINDOW
    SignUpAttempt.objects.filter(at__lt=since - WINDOW).delete()  # old ones go, the table stays small
    if SignUpAttempt.objects.filter(address=key, at__gte=since).count() >= _attempts_allowed():
        raise Flooded(gettext_lazy("Zu viele Anmeldungen von diesem Gerät. Bitte später nochmals versuchen."))
    SignUpAttempt.objects.create(address=key)


def _clean(name: str, club: str, email: str) -> tuple[str, str, str]:
    if not players.clean(name):
        raise ServiceError(gettext_lazy("Bitte den Namen angeben."))
    name, club, _region = players.clean_fields(name=name, club=club)
    email = email.strip()
    if email:
        try:
            validate_email(email)
        except ValidationError as error:
            raise ServiceError(gettext_lazy("Diese E-Mail-Adresse stimmt nicht.")) from error
    return name, club, email


@live.write_service(kind=ChangeKind.ENTRIES)
def sign_up(*, tournament: Tournament, name: str, club: str = "", email: str = "", address: str = "-") -> SignUp:
    """A player signs up: a place while there is one, else the waiting list. Refused after the
    deadline, when registration is closed, twice for the same person, or in a flood from one address."""
    name, club, email = _clean(name, club, email)
    registration = Registration.objects.select_for_update().filter(tournament=tournament).first()
    closed = "closed" if registration is None else registration.why_closed()
    if closed == "closed":
        raise ServiceError(gettext_lazy("Für dieses Turnier ist die Anmeldung nicht offen."))
    if closed == "deadline":
        raise ServiceError(gettext_lazy("Der Anmeldeschluss ist vorbei."))
    _count_attempt(address)
    signed_up = SignUp.objects.filter(tournament=tournament).exclude(status=SignUp.CANCELLED)
    if players.find_player(name, club, among=signed_up) is not None:
        raise ServiceError(gettext_lazy("%(name)s ist schon angemeldet."), name=name)
    full = registration.cap is not None and _holding(registration) >= registration.cap
    # The known player of that name and club (tournament/players.py's rule); a near miss is left to
    # the director, who sees suggestions from the typo-tolerant search. A player ABAKUS marks deceased is
    # never signed up: a namesake signing up is a newcomer for the director, or his living namesake.
    known = players.find_player(name, club, among=players.matchable_by_name())
    done = SignUp.objects.create(tournament=tournament, name=name, club=club, email=email, player=known,
                                 status=SignUp.WAITING if full else SignUp.REGISTERED)
    signals.signed_up.send(sender=SignUp, sign_up=done)
    return done


def _locked(sign_up: SignUp) -> tuple[SignUp, Registration]:
    registration = Registration.objects.select_for_update().get(tournament_id=sign_up.tournament_id)
    return SignUp.objects.select_for_update().get(pk=sign_up.pk), registration


@live.write_service(kind=ChangeKind.ENTRIES, changes=lambda arguments, result: [arguments["sign_up"].tournament_id])
def confirm(*, sign_up: SignUp) -> SignUp:
    sign_up, _registration = _locked(sign_up)
    if sign_up.status != SignUp.REGISTERED:
        raise ServiceError(gettext_lazy(
            "%(sign_up)s: nur eine Anmeldung mit Platz kann bestätigt werden."), sign_up=sign_up.name)
    sign_up.status = SignUp.CONFIRMED
    sign_up.save(update_fields=["status"])
    return sign_up


@live.write_service(kind=ChangeKind.ENTRIES, changes=lambda arguments, result: [arguments["sign_up"].tournament_id])
def cancel(*, sign_up: SignUp) -> SignUp:
    sign_up, registration = _locked(sign_up)
    if sign_up.status in (SignUp.CANCELLED, SignUp.CHECKED_IN):
        done = {SignUp.CANCELLED: gettext_lazy("%(name)s ist abgemeldet."),
                SignUp.CHECKED_IN: gettext_lazy("%(name)s ist anwesend.")}[sign_up.status]
        raise ServiceError(done, name=sign_up.name)
    sign_up.status = SignUp.CANCELLED
    sign_up.save(update_fields=["status"])
    _move_up(registration)
    return sign_up


@live.write_service(kind=ChangeKind.ENTRIES, changes=lambda arguments, result: [arguments["sign_up"].tournament_id])
def match(*, sign_up: SignUp, player: Player | None) -> SignUp:
    """The director says which known player this is (or none: a newcomer); never one ABAKUS marks deceased."""
    if is_deceased(player):
        raise ServiceError(DECEASED, name=player.name)
    sign_up, _registration = _locked(sign_up)
    sign_up.player = player
    sign_up.save(update_fields=["player"])
    return sign_up


@live.write_service(kind=ChangeKind.ENTRIES, changes=lambda arguments, result: [arguments["sign_up"].tournament_id])
def check_in(*, sign_up: SignUp):
    """On the day: a confirmed player is here. They get their entry (the known player's, or a new
    player's), checked in, so the round's draw seats them."""
    sign_up, _registration = _locked(sign_up)
    if sign_up.status != SignUp.CONFIRMED:
        raise ServiceError(gettext_lazy("%(sign_up)s: zuerst bestätigen, dann einchecken."), sign_up=sign_up.name)
    if sign_up.player is not None and is_deceased(sign_up.player):  # marked deceased since: the sign-up is a namesake
        sign_up.player = None
    if sign_up.player is None:  # a newcomer: the director matched no known player, so a namesake is someone else
        entry = players.enter_new_player(tournament=sign_up.tournament, name=sign_up.name, club=sign_up.club,
                                         checked_in=True, allow_duplicate=True)
    else:
        entry = tournament_services.enter_player(tournament=sign_up.tournament, player=sign_up.player, checked_in=True)
    sign_up.player, sign_up.status = entry.player, SignUp.CHECKED_IN
    sign_up.save(update_fields=["player", "status"])
    return entry


@live.write_service(kind=ChangeKind.ENTRIES, changes=lambda arguments, result: [arguments["sign_up"].tournament_id])
def undo_check_in(*, sign_up: SignUp) -> SignUp:
    """The director takes a check-in back (one made by the player at the door, say): confirmed again, the
    entry not here. Refused once the player sits at a table of a round."""
    sign_up, _registration = _locked(sign_up)
    if sign_up.status != SignUp.CHECKED_IN:
        raise ServiceError(gettext_lazy("%(name)s ist nicht eingecheckt."), name=sign_up.name)
    entry = Entry.objects.filter(tournament_id=sign_up.tournament_id, player_id=sign_up.player_id).first()
    if entry is not None:
        if entry.seats.exists():
            raise ServiceError(gettext_lazy("%(name)s sitzt schon an einem Tisch."), name=sign_up.name)
        tournament_services.set_checked_in(entry=entry, checked_in=False)
    sign_up.status = SignUp.CONFIRMED
    sign_up.save(update_fields=["status"])
    return sign_up

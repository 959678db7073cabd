"""Self check-in at the door from the personal link, and the director taking it back."""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext_lazy

from language import ServiceError
from players.models import PersonalLink
from signup import services as signup_services
from signup.models import SignUp
from tournament import live
from tournament import services as tournament_services
from tournament.events import ChangeKind

CHANGES = {"kind": ChangeKind.ENTRIES, "changes": lambda arguments, result: [arguments["link"].tournament_id]}


def refusal(link: PersonalLink) -> ServiceError | None:
    """Why this player cannot check in from the link now (None: the page offers the button)."""
    if link.self_checked_in_at is not None:
        return ServiceError(gettext_lazy("Sie sind eingecheckt."))
    if timezone.localdate() != link.tournament.date:
        return ServiceError(gettext_lazy("Einchecken geht erst am Turniertag, an der Tür."))
    if link.sign_up_id is not None:
        status = link.sign_up.status
        if status == SignUp.WAITING:
            return ServiceError(gettext_lazy("Sie stehen auf der Warteliste: bitte bei der Turnierleitung melden."))
        if status == SignUp.CANCELLED:
            return ServiceError(gettext_lazy("Ihre Anmeldung ist gestrichen: bitte bei der Turnierleitung melden."))
        if status == SignUp.CHECKED_IN:
            return ServiceError(gettext_lazy("Sie sind eingecheckt."))
        return None
    if link.entry.checked_in:
        return ServiceError(gettext_lazy("Sie sind eingecheckt."))
    if link.entry.withdrawn_after_round is not None:
        return ServiceError(gettext_lazy("Sie sind aus dem Turnier ausgeschieden."))
    return None


@live.write_service(**CHANGES)
def self_check_in(*, link: PersonalLink) -> PersonalLink:
    """The player is at the door: his sign-up confirmed and checked in (his entry made), or his entry checked in."""
    link = PersonalLink.objects.select_for_update(of=("self",)).select_related("tournament", "sign_up", "entry").get(
        pk=link.pk)
    refused = refusal(link)
    if refused is not None:
        raise refused
    if link.sign_up_id is not None:
        if link.sign_up.status == SignUp.REGISTERED:
            signup_services.confirm(sign_up=link.sign_up)
        link.entry = signup_services.check_in(sign_up=link.sign_up)
    else:
        tournament_services.set_checked_in(entry=link.entry, checked_in=True)
    link.self_checked_in_at = timezone.now()
    link.save(update_fields=["entry", "self_checked_in_at"])
    return link


@live.write_service(**CHANGES)
def undo_self_check_in(*, link: PersonalLink) -> PersonalLink:
    """The director's undo: not here after all (refused once the player sits at a table)."""
    link = PersonalLink.objects.select_for_update(of=("self",)).select_related("sign_up", "entry").get(pk=link.pk)
    if link.self_checked_in_at is None:
        raise ServiceError(gettext_lazy("%(name)s hat nicht selbst eingecheckt."), name=link.name)
    if link.sign_up_id is not None:
        signup_services.undo_check_in(sign_up=link.sign_up)
    else:
        if link.entry.seats.exists():
            raise ServiceError(gettext_lazy("%(name)s sitzt schon an einem Tisch."), name=link.name)
        tournament_services.set_checked_in(entry=link.entry, checked_in=False)
    link.self_checked_in_at = None
    link.save(update_fields=["self_checked_in_at"])
    return link

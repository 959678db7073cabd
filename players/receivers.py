"""Where the player's thread hangs on the rest: a sign-up gets its link and its message in the sign-up's
own transaction (sent after commit); moving up from the waiting list is told; the day-before reminder waits
in the queue until its time."""

from __future__ import annotations

from datetime import datetime, time, timedelta

from django.dispatch import receiver
from django.utils import timezone

from players import links, outbox
from players.models import MessageKind
from signup.models import SignUp
from signup.signals import moved_up, signed_up

REMINDER_AT = time(18, 0)  # the evening before the tournament, local time


def reminder_due(tournament) -> datetime | None:
    """When the day-before reminder goes out; None when that is past already (it would only repeat the sign-up)."""
    due = timezone.make_aware(datetime.combine(tournament.date - timedelta(days=1), REMINDER_AT))
    return due if due > timezone.now() else None


def _remind(link, sign_up: SignUp) -> None:
    due = reminder_due(sign_up.tournament)
    if due is not None and sign_up.status in SignUp.HOLDS_A_PLACE:
        outbox.queue(link=link, kind=MessageKind.REMINDER, due_at=due)


@receiver(signed_up, dispatch_uid="players.signed_up")
def on_signed_up(sender, sign_up: SignUp, **kwargs) -> None:
    link = links.link_for_sign_up(sign_up=sign_up)
    sign_up.personal_path = links.path(link)
    outbox.queue(link=link, kind=MessageKind.SIGNED_UP)
    _remind(link, sign_up)


@receiver(moved_up, dispatch_uid="players.moved_up")
def on_moved_up(sender, sign_up: SignUp, **kwargs) -> None:
    link = links.link_for_sign_up(sign_up=sign_up)
    outbox.queue(link=link, kind=MessageKind.MOVED_UP)
    _remind(link, sign_up)

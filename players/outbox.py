"""Messages to players: queued when their cause commits, sent by the worker (`send_message` below), retried
with growing pauses when the mail server fails, kept (console and the director's page) without one."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

try:
    from django.tasks import task
except ImportError:  # Django 5.2 (Python 3.11): the django-tasks backport (django-tasks-db[compat])
    from django_tasks import task

from players import compose, selectors
from players.models import Message, MessageKind, PersonalLink, Unsubscribe
from tournament import live

log = logging.getLogger("players.outbox")
MAX_ATTEMPTS = 12  # about 20 hours of retrying (the pauses double up to an hour): a laptop offline for a day


def retry_pause(attempts: int) -> timedelta:
    return timedelta(seconds=min(30 * 2 ** (attempts - 1), 3600))


@live.write_service(changes=live.NO_TOURNAMENT)
def queue(*, link: PersonalLink, kind: str, round_number: int = 0, due_at: datetime | None = None,
          revision: int = 0) -> Message | None:
    """One message of ``kind`` for the link's address (once per cause and revision), handed to the worker after
    commit. None when the player gave no e-mail or unsubscribed from this kind."""
    email = link.email
    if not email or Unsubscribe.objects.filter(email__iexact=email, kind=kind).exists():
        return None
    message, created = Message.objects.get_or_create(link=link, kind=kind, round_number=round_number, revision=revision,
                                                     defaults={"email": email, "due_at": due_at})
    if created:
        transaction.on_commit(lambda: _enqueue(message.pk, due_at), robust=True)
    return message


def _enqueue(message_id: int, run_after: datetime | None = None) -> None:
    (deliver.using(run_after=run_after) if run_after else deliver).enqueue(message_id)


def still_wanted(message: Message) -> bool:
    """Whether the cause still holds when the message is due (a reminder for a place given back is not sent)."""
    if Unsubscribe.objects.filter(email__iexact=message.email, kind=message.kind).exists():
        return False
    sign_up = message.link.sign_up
    if message.kind in (MessageKind.REMINDER, MessageKind.MOVED_UP) and sign_up is not None:
        return sign_up.status in sign_up.HOLDS_A_PLACE
    return True


@task
def deliver(message_id: int) -> str:
    """The worker's task (django.tasks on the site's database: django_tasks_db, `manage.py db_worker`)."""
    return send_message(message_id)


def send_message(message_id: int) -> str:
    """Send one message. The SMTP conversation runs outside any transaction, so no
    database lock waits for the mail server; the outcome is written after it."""
    message = Message.objects.select_related("link__tournament", "link__sign_up", "link__entry__player").get(pk=message_id)
    if message.status not in (Message.QUEUED, Message.RETRYING):
        return message.status
    if not still_wanted(message):
        Message.objects.filter(pk=message.pk).update(status=Message.SKIPPED)
        return Message.SKIPPED
    email = compose.email(message)
    try:
        email.send()
    except Exception as error:  # noqa: BLE001 - any failure of the mail server is retried and shown
        return _failed(message, error)
    status = Message.SENT if settings.MAIL_SERVER else Message.KEPT
    # The text was written just now from the seating as it is: remember which seat it told (players/changes.py).
    told = selectors.seat_told(message) if message.kind == MessageKind.SEATED else ""
    Message.objects.filter(pk=message.pk).update(status=status, sent_at=timezone.now(), attempts=message.attempts + 1,
                                                 last_error="", seat=told)
    return status


def _failed(message: Message, error: Exception) -> str:
    attempts = message.attempts + 1
    status = Message.FAILED if attempts >= MAX_ATTEMPTS else Message.RETRYING
    Message.objects.filter(pk=message.pk).update(status=status, attempts=attempts,
                                                 last_error=f"{type(error).__name__}: {error}"[:500])
    log.warning("message %s to %s failed (attempt %s): %s", message.pk, message.email, attempts, error)
    if status == Message.RETRYING:
        _enqueue(message.pk, timezone.now() + retry_pause(attempts))
    return status


@live.write_service(changes=live.NO_TOURNAMENT)
def send_again(*, message: Message) -> Message:
    """The director's "send again" for a message given up on or failing: a fresh start of its attempts."""
    Message.objects.filter(pk=message.pk).update(status=Message.QUEUED, attempts=0)
    transaction.on_commit(lambda: _enqueue(message.pk), robust=True)
    return message



@live.write_service(changes=live.NO_TOURNAMENT)
def unsubscribe(*, email: str, kind: str) -> None:
    """No more messages of ``kind`` to ``email``; those waiting are not sent."""
    Unsubscribe.objects.get_or_create(email=email.lower(), kind=kind)
    Message.objects.filter(email__iexact=email, kind=kind, status__in=(Message.QUEUED, Message.RETRYING)).update(
        status=Message.SKIPPED)


@live.write_service(changes=live.NO_TOURNAMENT)
def resubscribe(*, email: str, kind: str) -> None:
    Unsubscribe.objects.filter(email__iexact=email, kind=kind).delete()

"""Publishing by itself: when a round of a tournament with a hub target closes, the venue sends the
tournament once the close has committed, in a thread of its own, so the director's click never waits
for the hall's Wi-Fi and a hub that is down costs the close nothing (the attempt is written down for
the director's page)."""

from __future__ import annotations

import logging
import threading

from django.conf import settings
from django.db import connection, transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from publishing.models import PublishTarget
from tournament.models import Round, Tournament

logger = logging.getLogger(__name__)


def _publish_in_background(tournament_id: int) -> None:
    from publishing.venue.client import publish_to_target

    try:
        tournament = Tournament.objects.filter(pk=tournament_id).first()
        if tournament is not None:
            outcome = publish_to_target(tournament, automatic=True)
            if outcome is not None and not outcome.ok:
                logger.warning("automatic publish of %s: %s", tournament.slug, outcome.message)
    except Exception:  # noqa: BLE001 - a thread of its own: log it, the event goes on
        logger.exception("automatic publish failed")


def _in_thread(tournament_id: int) -> None:
    try:
        _publish_in_background(tournament_id)
    finally:
        connection.close()  # the thread's own connection


def start(tournament_id: int) -> None:
    if getattr(settings, "PUBLISH_IN_FOREGROUND", False):  # tests: the same work, seen at once
        _publish_in_background(tournament_id)
        return
    threading.Thread(target=_in_thread, args=(tournament_id,), daemon=True, name=f"publish-{tournament_id}").start()


@receiver(post_save, sender=Round, dispatch_uid="publishing.after_closed_round")
def publish_after_closed_round(sender, instance: Round, update_fields=None, **kwargs) -> None:
    if instance.status != Round.CLOSED or (update_fields is not None and "status" not in update_fields):
        return
    if not PublishTarget.objects.filter(tournament_id=instance.tournament_id, after_each_round=True).exists():
        return
    transaction.on_commit(lambda: start(instance.tournament_id))

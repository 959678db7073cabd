"""Publishing by itself: when a round of a tournament with a hub target closes (the named event
tournament.events.round_closed, sent once the close has committed), and when the director says
"publish now", the venue sends the tournament in a thread of its own, so no request ever waits for
the hall's Wi-Fi and a hub that is down costs the close nothing (the attempt is written down for the
director's page)."""

from __future__ import annotations

import logging
import threading

from django.conf import settings
from django.db import connection
from django.dispatch import receiver

from publishing.models import PublishTarget
from tournament.events import round_closed
from tournament.models import Tournament

logger = logging.getLogger(__name__)


def _publish_in_background(tournament_id: int, *, automatic: bool) -> None:
    from publishing.venue.client import publish_to_target

    try:
        tournament = Tournament.objects.filter(pk=tournament_id).first()
        if tournament is not None:
            outcome = publish_to_target(tournament, automatic=automatic)
            if outcome is not None and not outcome.ok:
                logger.warning("publish of %s: %s", tournament.slug, outcome.message)
    except Exception:  # noqa: BLE001 - a thread of its own: log it, the event goes on
        logger.exception("publish failed")


def _in_thread(tournament_id: int, automatic: bool) -> None:
    try:
        _publish_in_background(tournament_id, automatic=automatic)
    finally:
        connection.close()  # the thread's own connection


def start(tournament_id: int, *, automatic: bool = True) -> None:
    """Publish the tournament now, in a thread of its own (at once in tests: PUBLISH_IN_FOREGROUND)."""
    if getattr(settings, "PUBLISH_IN_FOREGROUND", False):  # tests: the same work, seen at once
        _publish_in_background(tournament_id, automatic=automatic)
        return
    threading.Thread(target=_in_thread, args=(tournament_id, automatic), daemon=True,
                     name=f"publish-{tournament_id}").start()


@receiver(round_closed, dispatch_uid="publishing.after_closed_round")
def publish_after_closed_round(sender, tournament_id: int, **details) -> None:
    if PublishTarget.objects.filter(tournament_id=tournament_id, after_each_round=True).exists():
        start(tournament_id)

"""Publishing by itself: when a round of a tournament with a hub target closes (the named event
tournament.events.round_closed, sent once the close has committed), and when the director says
"publish now", the venue sends the tournament in a thread of its own, so no request ever waits for
the hall's Wi-Fi and a hub that is down costs the close nothing (the attempt is written down for the
director's page).

While a round runs, a tournament whose target asks for it (``while_playing``) is published after its
hands change too (tournament.events.hand_stored, hand_corrected, hand_removed), at most once every
PUBLISH_LIVE_SECONDS: the cup's site follows the room without the Wi-Fi carrying the whole tournament
for every hand. A hand that comes while a publication runs or within the interval lets one further
publication wait for the interval's end, which takes every hand up to then along. Who waits is kept in
this process, which is how the venue serves (website/serve.py); a second process would only publish more often."""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.db import connection
from django.dispatch import receiver

from publishing.models import PublishTarget
from tournament.events import hand_corrected, hand_removed, hand_stored, round_closed
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


def _in_thread(tournament_id: int, automatic: bool, then: Callable[[], None] | None) -> None:
    try:
        _publish_in_background(tournament_id, automatic=automatic)
    finally:
        connection.close()  # the thread's own connection
        if then is not None:
            then()


def start(tournament_id: int, *, automatic: bool = True, then: Callable[[], None] | None = None) -> None:
    """Publish the tournament now, in a thread of its own (at once in tests: PUBLISH_IN_FOREGROUND);
    ``then()`` once it is done, however it went."""
    if getattr(settings, "PUBLISH_IN_FOREGROUND", False):  # tests: the same work, seen at once
        try:
            _publish_in_background(tournament_id, automatic=automatic)
        finally:
            if then is not None:
                then()
        return
    threading.Thread(target=_in_thread, args=(tournament_id, automatic, then), daemon=True,
                     name=f"publish-{tournament_id}").start()


@receiver(round_closed, dispatch_uid="publishing.after_closed_round")
def publish_after_closed_round(sender, tournament_id: int, **details) -> None:
    if PublishTarget.objects.filter(tournament_id=tournament_id, after_each_round=True).exists():
        start(tournament_id)


@dataclass
class _Live:
    """Where a tournament's publishing while playing stands."""

    started: float = -math.inf  # when its last live publication started (_clock)
    running: bool = False
    waiting: bool = False  # a further publication waits for the interval's end
    pending: bool = False  # a hand changed that no publication has taken along yet


_live: dict[int, _Live] = {}
_live_lock = threading.Lock()


def _clock() -> float:
    return time.monotonic()


def _later(seconds: float, then: Callable[[], None]) -> None:
    """``then()`` in a thread of its own after ``seconds`` (the tests run it when they say)."""
    timer = threading.Timer(seconds, then)
    timer.daemon = True
    timer.start()


@receiver([hand_stored, hand_corrected, hand_removed], dispatch_uid="publishing.while_playing")
def publish_while_playing(sender, tournament_id: int, **details) -> None:
    with _live_lock:
        state = _live.get(tournament_id)
        if state is not None and state.pending:  # the publication to come takes this hand along: no query
            return
    if PublishTarget.objects.filter(tournament_id=tournament_id, while_playing=True).exists():
        with _live_lock:
            _live.setdefault(tournament_id, _Live()).pending = True
        _next(tournament_id)


def _next(tournament_id: int) -> None:
    """Publish the tournament's pending hands now if its interval is over and nothing runs; else leave
    them to the publication that runs (it looks again when done) or wait for the interval's end once."""
    with _live_lock:
        state = _live[tournament_id]
        if not state.pending or state.running or state.waiting:
            return
        wait = state.started + settings.PUBLISH_LIVE_SECONDS - _clock()
        if wait > 0:
            state.waiting = True
        else:
            state.started, state.running, state.pending = _clock(), True, False
    if wait > 0:
        _later(wait, lambda: _waited(tournament_id))
    else:
        start(tournament_id, then=lambda: _done(tournament_id))


def _waited(tournament_id: int) -> None:
    with _live_lock:
        _live[tournament_id].waiting = False
    _next(tournament_id)


def _done(tournament_id: int) -> None:
    with _live_lock:
        _live[tournament_id].running = False
    _next(tournament_id)

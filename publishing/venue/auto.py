"""Publishing by itself, following the tournament's one change channel (tournament.events.tournament_changed):
when a round of a tournament with a hub target closes, and when the director says "publish now" (under
the same claim, ``publish_now``), the venue sends the tournament in a thread of its own, so no request
ever waits for the hall's Wi-Fi and a hub that is down costs the close nothing (the attempt is written
down for the director's page).

While playing (``PublishTarget.while_playing``) every change publishes: hands, corrections, revoke claims,
confirmations, the draw, pauses and leaves, withdrawals, seatings, at most once every PUBLISH_LIVE_SECONDS,
so the cup's site follows the room without the Wi-Fi carrying the whole tournament for every hand. A
change that comes while a publication runs or within the interval waits for the interval's end, and that
publication takes every change up to then along.

The hall serves from two processes (website/serve.py), and a command may write from a third, so the
database is the truth, not this process's memory: a tournament whose ``live_version`` is not the sequence
its target last sent has changes the hub has not seen; the process that claims the target in the
database (one conditional UPDATE, which also sets the interval's end) publishes, and the others leave
it. The process that made a change follows it at once (the channel), waiting in a timer for the claim to
come free; ``watch`` looks every few seconds in each server process for changes no process follows (a
command's, or one whose waiting process was restarted).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from datetime import datetime, timedelta

from django.conf import settings
from django.db import connection
from django.db.models import F, Q
from django.dispatch import receiver
from django.utils import timezone

from publishing.models import PublishTarget
from publishing.venue.client import TIMEOUT_SECONDS
from tournament.events import ChangeKind, TournamentChange, tournament_changed
from tournament.models import Tournament

logger = logging.getLogger(__name__)

# The longest a publication holds its claim: the hub's answer may take TIMEOUT_SECONDS, building the
# document a few more; a process that died while publishing frees the claim after this.
RUN_CLAIM = timedelta(seconds=TIMEOUT_SECONDS + 30)
WATCH_SECONDS = 5.0  # how often each server process looks for changes no process follows


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
        try:
            _publish_in_background(tournament_id, automatic=automatic)
        finally:
            if then is not None:
                then()  # releases the claim, on this thread's connection: closed after it, not reopened by it
    finally:
        connection.close()  # the thread's own connection


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


_watching = False  # this process serves (``watch`` runs): it may claim a publication, it lives to finish it


@receiver(tournament_changed, dispatch_uid="publishing.follow_changes")
def follow_changes(sender, change: TournamentChange, **details) -> None:
    closed_round = ChangeKind.ROUND_CLOSED in change.kinds
    if _watching or getattr(settings, "PUBLISH_IN_FOREGROUND", False):
        follow(change.tournament_id, closed_round=closed_round)
    elif closed_round and PublishTarget.objects.filter(tournament_id=change.tournament_id, after_each_round=True).exists():
        # A process that serves nobody (a command, runserver) claims nothing it might not live to finish:
        # the servers' watchers follow its live changes; a closed round it sends itself, as it always did.
        start(change.tournament_id)


def _now() -> datetime:
    return timezone.now()


def _later(seconds: float, then: Callable[[], None]) -> None:
    """``then()`` in a thread of its own after ``seconds`` (the tests run it when they say)."""
    def in_thread() -> None:
        try:
            then()
        finally:
            connection.close()  # the timer thread's own connection (never the caller's: the tests run ``then`` inline)

    timer = threading.Timer(seconds, in_thread)
    timer.daemon = True
    timer.start()


def _behind() -> Q:
    """Targets whose tournament changed since the last answered attempt (or that never sent)."""
    return Q(sent_sequence__isnull=True) | ~Q(sent_sequence=F("tournament__live_version"))


def follow(tournament_id: int, *, closed_round: bool = False) -> None:
    """Publish the tournament's changes the hub has not seen, if its target asks for that now (while playing,
    or ``closed_round`` after each round) and no other publication runs or paces it; else look again in a
    timer when the claim comes free."""
    for _attempt in range(2):  # a claim lost to another process: look once more at what it claimed
        target = (PublishTarget.objects.filter(_behind(), tournament_id=tournament_id)
                  .values("while_playing", "after_each_round", "running_until", "live_not_before").first())
        if target is None or not (target["while_playing"] or (closed_round and target["after_each_round"])):
            return
        now = _now()
        # A closed round goes out at once; a live change waits for the interval's end.
        waits = [target["running_until"]] + ([] if closed_round else [target["live_not_before"]])
        free_at = max((moment for moment in waits if moment is not None), default=now)
        if free_at > now:
            _wake(tournament_id, (free_at - now).total_seconds(), closed_round)
            return
        if _claim(tournament_id, now, closed_round):
            start(tournament_id, then=lambda: _done(tournament_id))
            return


def _claim(tournament_id: int, now: datetime, closed_round: bool) -> bool:
    """This process publishes the tournament now: the database says so to every other process."""
    free = Q(running_until__isnull=True) | Q(running_until__lte=now)
    if not closed_round:
        free &= Q(live_not_before__isnull=True) | Q(live_not_before__lte=now)
    return bool(PublishTarget.objects.filter(free, tournament_id=tournament_id).update(
        running_until=now + RUN_CLAIM, live_not_before=now + timedelta(seconds=settings.PUBLISH_LIVE_SECONDS)))


def publish_now(tournament_id: int, *, first: Callable[[], None] | None = None) -> bool:
    """The director's "publish now" (and "as a new state", which renews the incarnation in ``first``): the same
    claim a live publication takes, so the two never send at once, whatever process runs the other; it goes
    out at once (no interval to wait for), in a thread of its own. False, nothing done, while another
    publication of the tournament holds the claim: its attempt will show on the page in a moment."""
    if not _claim(tournament_id, _now(), closed_round=True):
        return False
    try:
        if first is not None:
            first()
    except BaseException:
        _release(tournament_id)
        raise
    start(tournament_id, automatic=False, then=lambda: _done(tournament_id))
    return True


def _release(tournament_id: int) -> None:
    PublishTarget.objects.filter(tournament_id=tournament_id).update(running_until=None)


def _done(tournament_id: int) -> None:
    _release(tournament_id)
    follow(tournament_id)  # what changed meanwhile (here or in another process), or a failure to send again


# The timers of this process: tournament id -> (when it wakes, on the monotonic clock; for a closed round).
_waking: dict[int, tuple[float, bool]] = {}
_waking_lock = threading.Lock()


def _wake(tournament_id: int, seconds: float, closed_round: bool) -> None:
    """Follow the tournament again in ``seconds`` (one timer per tournament: an earlier one takes this along)."""
    due = time.monotonic() + seconds
    with _waking_lock:
        waiting = _waking.get(tournament_id)
        if waiting is not None and waiting[0] <= due:
            _waking[tournament_id] = (waiting[0], waiting[1] or closed_round)
            return
        _waking[tournament_id] = (due, closed_round)
    _later(seconds, lambda: _woken(tournament_id, due))


def _woken(tournament_id: int, due: float) -> None:
    with _waking_lock:
        waiting = _waking.get(tournament_id)
        if waiting is None or waiting[0] != due:
            return  # an earlier timer took this one along
        del _waking[tournament_id]
    follow(tournament_id, closed_round=waiting[1])


def follow_every_tournament() -> None:
    """Follow every tournament publishing while playing whose hub is behind (what ``watch`` does each time)."""
    for tournament_id in PublishTarget.objects.filter(_behind(), while_playing=True).values_list(
            "tournament_id", flat=True):
        follow(tournament_id)


def watch(every: float = WATCH_SECONDS) -> threading.Thread:
    """In a server process (website/serve.py): follow, every ``every`` seconds, the changes no process follows."""
    def loop() -> None:
        while True:
            time.sleep(every)
            try:
                follow_every_tournament()
            except Exception:  # noqa: BLE001 - the watcher outlives a database that is busy for a moment
                logger.exception("following the changes failed")
            finally:
                connection.close()

    global _watching
    _watching = True
    thread = threading.Thread(target=loop, daemon=True, name="publish-watch")
    thread.start()
    return thread

"""The tournament's one change channel: every committed write tells whoever listens what changed and the
tournament's new ``live_version``, once, after the commit, never guessed from row saves.

    @receiver(tournament_changed, dispatch_uid="publishing.follow")
    def on_change(sender, change: TournamentChange, **details): ...

``tournament.live.write_service`` sends it for every write service (the service names its kinds when it
is defined, so none can forget it) and ``tournament.live.touch`` for the admin's edits outside the
services: the live pages, publishing to the hub and scoring's repricing all follow this one signal.
A listener connects where it lives, so the tournament core knows of no listener. A write that rolls
back announces nothing; a listener runs after the commit, outside the write's transaction, and never
with the writer's request waiting on anything slow (it starts a thread for that itself).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from django.db import transaction
from django.dispatch import Signal


class ChangeKind(StrEnum):
    """What a write changed in a tournament (several kinds may come in one change)."""

    HAND = "hand"  # a hand stored, or the last one removed
    CORRECTION = "correction"  # a stored hand corrected, or points booked for a player
    CONFIRMATION = "confirmation"  # a table's sheet confirmed by its players
    REVOKE_CLAIM = "revoke_claim"  # a revoke ("Renonce") claimed and booked
    SEATING = "seating"  # a round drawn or seated, its links renewed, a table's first dealer drawn
    PAUSE = "pause"  # a player paused or came back
    LEAVE = "leave"  # a player left a table for good
    WITHDRAWAL = "withdrawal"  # a player withdrew from the tournament
    ENTRIES = "entries"  # players added, renamed, checked in; teams formed
    ROUND_CLOSED = "round_closed"  # a round closed
    ROUND_REOPENED = "round_reopened"  # a closed round opened again
    TABLE_ENDED = "table_ended"  # a table ended by the director before all its hands
    FINISHED = "finished"  # the last round closed: the tournament's final state
    SETTINGS = "settings"  # tournament settings, prizes, the admin's edits
    MONEY = "money"  # the stake or the charity box changed (scoring then prices every hand again)
    COPY = "copy"  # the whole tournament replaced by a copy (a hub receiving a publication, an import)


@dataclass(frozen=True)
class TournamentChange:
    """One committed write's change of one tournament."""

    tournament_id: int
    version: int  # the tournament's live_version after the write
    kinds: frozenset[ChangeKind]
    round_number: int | None = None  # the round the write was about, where it was about one


# Sent once per committed outermost write and tournament, with change=TournamentChange, after the commit.
tournament_changed = Signal()


def announce(change: TournamentChange) -> None:
    """Send ``change`` when the current transaction commits (at once outside one); nothing on rollback."""
    transaction.on_commit(lambda: tournament_changed.send(sender=TournamentChange, change=change), robust=True)


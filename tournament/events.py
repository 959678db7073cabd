"""Named domain events: what happened in the tournament, told to whoever listens once the transaction
that did it has committed, never guessed from row saves.

    events.announce(events.round_closed, round_id=7, tournament_id=3)

A listener connects where it lives (publishing's venue publishes after a closed round and, where the
director asks for it, while the hands come in; scoring prices the hands again when the money settings
changed), so the tournament core knows of no listener. A write that rolls back announces nothing; a
listener runs after the commit, outside the write's transaction, and never with the writer's request
waiting on anything slow (it starts a thread for that itself).
"""

from __future__ import annotations

from django.db import transaction
from django.dispatch import Signal

# A round was closed: round_id, tournament_id.
round_closed = Signal()
# The stake or the charity box of a tournament changed: tournament_id.
money_settings_changed = Signal()
# A hand at a table changed (scoring's services): stored (a replay of a known key stores nothing and says
# nothing), corrected, or the last one removed. Each with tournament_id, table_id, number (the hand's).
hand_stored = Signal()
hand_corrected = Signal()
hand_removed = Signal()


def announce(event: Signal, **details) -> None:
    """Send ``event`` with ``details`` when the current transaction commits (at once outside one)."""
    transaction.on_commit(lambda: event.send(sender=event, **details), robust=True)

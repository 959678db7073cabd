"""What the hub's pages show of publishing: the copy a venue sent of a tournament."""

from __future__ import annotations

from publishing.models import PublishedCopy
from tournament.models import Tournament


def hub_copy(tournament: Tournament) -> PublishedCopy | None:
    """The hub's record of a published tournament (None for one of its own)."""
    return PublishedCopy.objects.filter(tournament=tournament).first()

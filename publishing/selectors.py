"""What the pages show of publishing: the venue's last attempts, the hub's copy of a tournament."""

from __future__ import annotations

from dataclasses import dataclass

from publishing.models import PublishAttempt, PublishedCopy, PublishTarget
from tournament.models import Tournament


@dataclass(frozen=True)
class VenueStatus:
    target: PublishTarget | None
    last: PublishAttempt | None  # the latest attempt
    last_ok: PublishAttempt | None  # the latest that the hub took
    recent: list[PublishAttempt]


def venue_status(tournament: Tournament, *, recent: int = 10) -> VenueStatus:
    """Where the tournament publishes to and how the last attempts went (three queries)."""
    attempts = list(PublishAttempt.objects.filter(tournament=tournament)[:recent])
    last_ok = next((a for a in attempts if a.ok), None) or PublishAttempt.objects.filter(
        tournament=tournament, ok=True).first()
    return VenueStatus(PublishTarget.objects.filter(tournament=tournament).first(),
                       attempts[0] if attempts else None, last_ok, attempts)


def hub_copy(tournament: Tournament) -> PublishedCopy | None:
    """The hub's record of a published tournament (None for one of its own)."""
    return PublishedCopy.objects.filter(tournament=tournament).first()

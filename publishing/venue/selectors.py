"""What the venue's pages show of publishing: where a tournament publishes to and the last attempts."""

from __future__ import annotations

from dataclasses import dataclass

from publishing.models import HUB_NEWER, RETIRED, PublishAttempt, PublishTarget
from tournament.models import Tournament


@dataclass(frozen=True)
class VenueStatus:
    target: PublishTarget | None
    last: PublishAttempt | None  # the latest attempt
    last_ok: PublishAttempt | None  # the latest that the hub took
    recent: list[PublishAttempt]

    @property
    def hub_ahead(self) -> PublishAttempt | None:
        """The last attempt, when the hub refused it for holding a later state than this database (one
        copied back by hand, or from before a restore): the page offers to publish this one as a new state."""
        return self.last if self.last is not None and self.last.kind in (HUB_NEWER, RETIRED) else None


def venue_status(tournament: Tournament, *, recent: int = 10) -> VenueStatus:
    """Where the tournament publishes to and how the last attempts went (three queries)."""
    attempts = list(PublishAttempt.objects.filter(tournament=tournament)[:recent])
    last_ok = next((a for a in attempts if a.ok), None) or PublishAttempt.objects.filter(
        tournament=tournament, ok=True).first()
    return VenueStatus(PublishTarget.objects.filter(tournament=tournament).first(),
                       attempts[0] if attempts else None, last_ok, attempts)

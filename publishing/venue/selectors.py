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
    live_version: int  # the tournament's sequence now

    @property
    def hub_behind(self) -> bool:
        """The tournament changed since the state the hub holds (or the hub holds none of it yet)."""
        return self.target is not None and self.target.published_sequence != self.live_version

    @property
    def hub_ahead(self) -> PublishAttempt | None:
        """The last attempt, when the hub refused it for holding a later state than this database (one
        copied back by hand, or from before a restore): the page offers to publish this one as a new state."""
        return self.last if self.last is not None and self.last.kind in (HUB_NEWER, RETIRED) else None


def venue_status(tournament: Tournament, *, recent: int = 10) -> VenueStatus:
    """Where the tournament publishes to, how the last attempts went and whether the hub is behind (four
    queries: the version read now, not the one the page loaded before a publication finished)."""
    attempts = list(PublishAttempt.objects.filter(tournament=tournament)[:recent])
    last_ok = next((a for a in attempts if a.ok), None) or PublishAttempt.objects.filter(
        tournament=tournament, ok=True).first()
    live_version = Tournament.objects.values_list("live_version", flat=True).get(pk=tournament.pk)
    return VenueStatus(PublishTarget.objects.filter(tournament=tournament).first(),
                       attempts[0] if attempts else None, last_ok, attempts, live_version)

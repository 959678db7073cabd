"""The list follows the hub: a tournament published (and committed) is rated again and the list recomputed.

It runs after the publish has committed, in the publishing request: the venue's copy is safe whatever happens
here, and a failure is logged, not answered (``manage.py rating`` recomputes by hand). Recomputing a hub of ten
years takes a few seconds (docs/benchmarks.md)."""

from __future__ import annotations

import logging

from django.dispatch import receiver

from publishing.hub.receive import published
from rating import services

log = logging.getLogger(__name__)


@receiver(published, dispatch_uid="rating-after-publish")
def rate_published(sender, tournament, **kwargs) -> None:
    try:
        services.take_placings(tournament=tournament)
        run = services.recompute()
    except Exception:  # the publish stands; the list stays as it was until the next one or `manage.py rating`
        log.exception("Rangliste nach der Veröffentlichung von %s nicht berechnet", tournament.slug)
        return
    log.info("Rangliste neu berechnet: %s Turniere, %s Spieler, %.2f s", run.events, run.players, run.seconds)

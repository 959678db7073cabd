"""What the live pages (public standings, projector, player pages) show is cached per tournament
under its ``live_version``; every write that changes it bumps the version in its own transaction,
so a phone's next refresh after a save never shows the hand before it.

Two hundred phones refreshing every 20 seconds then cost one row read each (the tournament, which
the page reads anyway) until the next hand arrives; only the first refresh after a write renders.
The key holds the version, so any cache backend works across processes without invalidation
messages: a worker that has not seen the new version simply misses and renders once.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.core.cache import caches
from django.db.models import F
from django.utils.translation import get_language

from tournament.models import Tournament

KEEP_SECONDS = 600  # a version nobody asks for any more drops out of the cache by itself


def touch(tournament_id: int) -> None:
    """Something the live pages show changed: their cached copies are stale from now on."""
    Tournament.objects.filter(pk=tournament_id).update(live_version=F("live_version") + 1)


def cached(tournament: Tournament, part: str, variant: str, render: Callable[[], str]) -> str:
    """``render()``'s HTML for this tournament's current version, language and ``variant`` (the query)."""
    # The creation time keeps a tournament that reused a deleted one's id from finding its pages.
    digest = hashlib.sha256(variant.encode()).hexdigest()[:24]
    key = f"live:{tournament.pk}:{tournament.created_at.timestamp()}:{tournament.live_version}:{part}:{get_language()}:{digest}"
    return cached_under(key, render, KEEP_SECONDS)


def cached_under(key: str, render: Callable[[], str], seconds: int) -> str:
    """``render()``'s HTML kept under ``key`` (a key that names a version) in the live pages' cache."""
    cache = caches["live"]
    html = cache.get(key)
    if html is None:
        html = render()
        cache.set(key, html, seconds)
    return html

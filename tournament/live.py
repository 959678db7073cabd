"""What the live pages (public standings, projector, player pages) show is cached per tournament
under its ``live_version``; every write service is wrapped by ``write_service``, which runs it in a
transaction and bumps the version of each tournament it wrote at the end of that transaction, so a
phone's next refresh after a save never shows the hand before it, and no service can forget the bump.

Two hundred phones refreshing every 20 seconds then cost one row read each (the tournament, which
the page reads anyway) until the next hand arrives; only the first refresh after a write renders.
The key holds the version, so any cache backend works across processes without invalidation
messages: a worker that has not seen the new version simply misses and renders once.
"""

from __future__ import annotations

import functools
import hashlib
import inspect
import threading
from collections.abc import Callable, Iterable

from django.core.cache import caches
from django.db import transaction
from django.db.models import F
from django.utils.translation import get_language

from tournament import events
from tournament.events import ChangeKind
from tournament.models import Tournament

KEEP_SECONDS = 600  # a version nobody asks for any more drops out of the cache by itself


def touch(*tournament_ids: int, kind: ChangeKind = ChangeKind.SETTINGS) -> None:
    """Something the live pages of these tournaments show changed outside the write services (the admin's
    edits): their cached copies are stale from now on, and the change channel says so once this commits,
    as it does for a write service (which never calls this: ``write_service`` bumps and announces)."""
    _bump_and_announce({pk: _Written({kind}) for pk in set(tournament_ids)})


class _Written:
    """What one write did to one tournament so far: its kinds and the rounds it was about."""

    __slots__ = ("kinds", "rounds")

    def __init__(self, kinds: Iterable[ChangeKind] = ()):
        self.kinds: set[ChangeKind] = set(kinds)
        self.rounds: set[int] = set()


def _bump_and_announce(written: dict[int, _Written]) -> None:
    """Bump these tournaments' live_version once each and announce their changes after the commit."""
    if not written:
        return
    Tournament.objects.filter(pk__in=written).update(live_version=F("live_version") + 1)
    for pk, version in Tournament.objects.filter(pk__in=written).values_list("pk", "live_version"):
        change = written[pk]
        rounds = change.rounds
        events.announce(events.TournamentChange(
            tournament_id=pk, version=version, kinds=frozenset(change.kinds),
            round_number=next(iter(rounds)) if len(rounds) == 1 else None))


# How a write service's argument leads to the tournament it writes (reading the related rows not loaded yet).
_TOURNAMENT_OF: dict[str, Callable[[object], int]] = {
    "tournament": lambda tournament: tournament.pk,
    "entry": lambda entry: entry.tournament_id,
    "round": lambda round: round.tournament_id,
    "table": lambda table: table.round.tournament_id,
    "hand": lambda hand: hand.table.round.tournament_id,
    "team": lambda team: team.tournament_id,
}
# ... and to the round it is about, where it names one.
_ROUND_OF: dict[str, Callable[[object], tuple[int, int]]] = {
    "round": lambda round: (round.tournament_id, round.number),
    "table": lambda table: (table.round.tournament_id, table.round.number),
    "hand": lambda hand: (hand.table.round.tournament_id, hand.table.round.number),
}
NO_TOURNAMENT: Callable[[dict, object], Iterable[int]] = lambda arguments, result: ()  # noqa: E731
"""``changes`` of a write that shows on no tournament's live page (cups/live.py versions what it changes)."""

Kinds = ChangeKind | Iterable[ChangeKind] | Callable[[dict, object], Iterable[ChangeKind]]

_pending = threading.local()  # what the outermost write service running in this thread wrote: {tournament id: _Written}


def note(tournament_id: int, *kinds: ChangeKind, round_number: int | None = None) -> None:
    """Inside a write service: it also changed ``kinds`` of this tournament (a kind known only while it
    runs, such as the last round's close finishing the tournament)."""
    written = getattr(_pending, "written", None)
    if written is None:
        raise RuntimeError("live.note outside a write service")
    change = written.setdefault(tournament_id, _Written())
    change.kinds.update(kinds)
    if round_number is not None:
        change.rounds.add(round_number)


def write_service(func: Callable | None = None, *, kind: Kinds | None = None,
                  changes: Callable[[dict, object], Iterable[int]] | None = None):
    """Make ``func`` a write service: one transaction (``transaction.atomic``), and on success the
    ``live_version`` of every tournament it wrote goes up once, as the last statement of the same
    transaction, and once that commits ``tournament.events.tournament_changed`` tells what changed
    (``kind``: a ChangeKind, several, or ``kind(arguments, result)``; ``note()`` adds more while it runs).

    In the transaction rather than ``on_commit``: the new rows and the new version commit together,
    so no reader ever caches new data under the old version or old data under the new one, and a
    crash between commit and bump cannot leave the pages stale. Services called by a service (an
    import recording 400 hands) only collect their tournaments and kinds; the outermost bumps them
    once and announces one change per tournament.

    Which tournaments: ``changes(arguments, result)`` (arguments by name) when given, else found from
    the arguments named tournament, entry, round, table, hand or team. A function with neither, or one
    that writes a tournament without naming its kind, is refused when it is defined, so a new service
    cannot silently leave the live pages stale or the channel's listeners guessing.
    """
    if func is None:
        return functools.partial(write_service, kind=kind, changes=changes)
    signature = inspect.signature(func)
    known = [name for name in signature.parameters if name in _TOURNAMENT_OF]
    if changes is None and not known:
        raise TypeError(f"{func.__qualname__}: a write service needs an argument naming its tournament "
                        f"({', '.join(_TOURNAMENT_OF)}) or changes=...")
    if kind is None and changes is not NO_TOURNAMENT:
        raise TypeError(f"{func.__qualname__}: a write service names what it changes: kind=ChangeKind...")
    about_round = [name for name in signature.parameters if name in _ROUND_OF]

    def kinds_of(arguments: dict, result) -> Iterable[ChangeKind]:
        if kind is None:
            return ()
        if isinstance(kind, ChangeKind):
            return (kind,)
        return kind(arguments, result) if callable(kind) else kind

    def collect(arguments: dict, result) -> None:
        written = _pending.written
        ids = changes(arguments, result) if changes is not None else [
            _TOURNAMENT_OF[name](arguments[name]) for name in known if arguments.get(name) is not None]
        kinds = set(kinds_of(arguments, result))
        for pk in ids:
            written.setdefault(pk, _Written()).kinds.update(kinds)
        for name in about_round:
            if arguments.get(name) is not None:
                pk, number = _ROUND_OF[name](arguments[name])
                if pk in written:
                    written[pk].rounds.add(number)

    @functools.wraps(func)
    def service(*args, **kwargs):
        outermost = getattr(_pending, "written", None) is None
        with transaction.atomic():
            if outermost:
                _pending.written = {}
            try:
                result = func(*args, **kwargs)
                bound = signature.bind(*args, **kwargs)
                bound.apply_defaults()
                collect(bound.arguments, result)
                if outermost:
                    _bump_and_announce(_pending.written)
            finally:
                if outermost:
                    _pending.written = None
        return result

    service.writes_live_version = True  # what tests/tournament/test_write_services.py looks for
    return service


# What names a tournament's version for every cache (these pages, website/live_responses.py's whole
# pages, cups/live.py's seasons and player histories): its id, its creation time (a tournament that
# reused a deleted one's id must not find its pages), its live_version, and its incarnation: a restored
# database brings back older live_versions with other rows behind them, and the restore renews it.
VERSION_FIELDS = ("pk", "created_at", "live_version", "incarnation")


def version_key(pk: int, created_at, live_version: int, incarnation) -> str:
    """A tournament's version as a cache key part, from the VERSION_FIELDS values."""
    return f"{pk}:{created_at.timestamp()}:{live_version}:{incarnation}"


def cached(tournament: Tournament, part: str, variant: str, render: Callable[[], str]) -> str:
    """``render()``'s HTML for this tournament's current version, language and ``variant`` (the query)."""
    digest = hashlib.sha256(variant.encode()).hexdigest()[:24]
    version = version_key(*(getattr(tournament, field) for field in VERSION_FIELDS))
    return cached_under(f"live:{version}:{part}:{get_language()}:{digest}", render, KEEP_SECONDS)


def cached_under(key: str, render: Callable[[], str], seconds: int) -> str:
    """``render()``'s HTML kept under ``key`` (a key that names a version) in the live pages' cache."""
    cache = caches["live"]
    html = cache.get(key)
    if html is None:
        html = render()
        cache.set(key, html, seconds)
    return html

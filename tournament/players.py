"""Who a player is: the one home of the rule that says two entries are the same person, and of the
writes that make a new one.

**The rule.** A typed (name, club) is a known player when both keys are equal
(tournament/names.py ``key``: case, width, accents and look-alike letters of other scripts folded,
the umlauts written out, the words in any order):

- same name key and same club key: the same player, matched without asking (sign-up, the player
  list, the season import, a name on a paper score sheet within one tournament);
- same name key, another club: *maybe* the same player (``likely_duplicates``): never matched by
  itself; the director's form asks, the player list flags the row, a sign-up stays a newcomer until
  the director matches it. A club is part of who a player is: an empty club is a club of its own, so
  "Anna Huber" without a club is not "Anna Huber" of TC Wörgl (the season would give one person's
  results to another otherwise);
- anything else (a typo, "Muller" for "Müller") is a different player, found by the typo-tolerant
  search (cups/players.py ``find_players``) and joined by the merge.

Where two known players fit, the older one (the smaller primary key) is meant. A player some app
above says no typed name may mean (ABAKUS's deceased, registered by cups) is nobody's match on the
paths that bring a player to the table (sign-up, the player list, a substitute): ``matchable_by_name``.

``find_player(name, club, among)`` answers "which player does this (name, club) mean among these
candidates": ``among`` is a queryset of Player (every player by default), or of another model with a
``name_key`` and a ``club`` (SignUp), or any iterable of objects with ``name`` and ``club``
(players read already). ``known_players`` does the same for many pairs in one query.

**The writes.** ``register_player`` makes a player (refused as a likely duplicate unless the director
says so); ``enter_new_player`` makes a player *with his entry* in one transaction, every check first
(the name and club, late entry under the rule set, the duplicate), so a refusal leaves nothing behind.
The director's form, the sign-up's check-in and the player list all enter a newcomer through it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from difflib import SequenceMatcher
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext_lazy

from language import ServiceError
from tournament import live, rounds
from tournament.errors import DuplicatePlayer, refuse_a_copy
from tournament.events import ChangeKind
from tournament.models import Entry, Player, Tournament
from tournament.names import CLUB, NAME, REGION, TEXT_MAX, clean, fold, key, sort_key
from tournament.services import check_late_entry

PLAYER_TEXT_MAX = TEXT_MAX  # name, club and region (Player's and SignUp's columns, the forms)

Identity = tuple[str, str]  # (name key, club key)

__all__ = ["PLAYER_TEXT_MAX", "SEARCH_MIN_SCORE", "Identity", "clean", "clean_fields", "enter_new_player",
           "find_player", "fold", "fits_search", "identity", "key", "keyed_players", "known_players",
           "likely_duplicates", "match_score", "matchable_by_name", "never_matched_by_name", "register_player",
           "same_player", "sort_key"]


def clean_fields(*, name: str, club: str = "", region: str = "") -> tuple[str, str, str]:
    """Name, club and region as stored (names.clean), refused in words when empty or longer than their column."""
    name, club, region = clean(name), clean(club, what=CLUB), clean(region, what=REGION)
    if not name:
        raise ServiceError(gettext_lazy("Der Name fehlt."))
    for value, what in ((name, NAME), (club, CLUB), (region, REGION)):
        if len(value) > PLAYER_TEXT_MAX:
            raise ServiceError(gettext_lazy("%(field)s „%(value)s…“ ist zu lang (höchstens %(most)s Zeichen)."),
                               field=what, value=value[:40], most=PLAYER_TEXT_MAX)
    return name, club, region


def identity(name: str, club: str) -> Identity:
    """Who a typed (name, club) is, as the rule compares it."""
    return key(name), key(club)


def same_player(name: str, club: str, other_name: str, other_club: str) -> bool:
    return identity(name, club) == identity(other_name, other_club)


def likely_duplicates(name: str) -> QuerySet[Player]:
    """Players whose name has the key of ``name``, whatever their club: maybe the same person (oldest first)."""
    return Player.objects.filter(name_key=key(name)).order_by("pk")


# Sources of the players no typed name may mean, each a queryset of their ids (a subquery, so the filter
# stays one query). The core cannot know them: ABAKUS marks the deceased, and cups, above it, owns that
# flag and registers its answer at start-up (cups/apps.py), as cups' sheets join paper's registry.
_NEVER_MATCHED: list[Callable[[], QuerySet]] = []


def never_matched_by_name(source: Callable[[], QuerySet]) -> None:
    """Register ``source``: a function giving the ids of players no typed name may mean (``values("pk")``-like)."""
    if source not in _NEVER_MATCHED:
        _NEVER_MATCHED.append(source)


def matchable_by_name(players: QuerySet[Player] | None = None) -> QuerySet[Player]:
    """``players`` (every player by default) without those a registered source says no typed name may
    mean: whom a name brings to a table (sign-up, the player list, a substitute) is chosen among these,
    so a namesake of a deceased player becomes a player of his own (or meets a living namesake made before)."""
    players = Player.objects.all() if players is None else players
    for source in _NEVER_MATCHED:
        players = players.exclude(pk__in=source())
    return players


def find_player(name: str, club: str, among: QuerySet | Iterable[Any] | None = None) -> Any | None:
    """The candidate ``name`` of ``club`` means, or None (see the module docstring for ``among``)."""
    wanted = identity(name, club)
    candidates = Player.objects.all() if among is None else among
    if isinstance(candidates, QuerySet):
        candidates = candidates.filter(name_key=wanted[0]).order_by("pk")
    return next((candidate for candidate in candidates if identity(candidate.name, candidate.club) == wanted), None)


def known_players(people: Iterable[tuple[str, str]]) -> dict[Identity, Player]:
    """The known player of each (name, club) in ``people`` that has one, by its identity (one query)."""
    wanted = {identity(name, club) for name, club in people}
    found: dict[Identity, Player] = {}
    for player in Player.objects.filter(name_key__in={name_key for name_key, _club in wanted}).order_by("pk"):
        found.setdefault((player.name_key, key(player.club)), player)
    return {person: player for person, player in found.items() if person in wanted}


# A search hit: the director's search for known players and the public "where am I" alike.
SEARCH_MIN_SCORE = 0.6


def match_score(query: str, club_query: str, name: str, club: str) -> float:
    """How well the keys of a player's ``name`` and ``club`` fit the keys of the query: the one measure
    of the typo-tolerant searches (cups/players.py ``find_players``, ``fits_search``)."""
    if not query:
        score = 0.5
    else:
        score = SequenceMatcher(None, query, name).ratio()
        words, candidates = query.split(), name.split()
        # every word of the query starts a word of the name ("hub" finds "Huber Franz")
        if words and all(any(c.startswith(w) for c in candidates) for w in words):
            score = max(score, 0.9)
        # the best single word against the best single word ("Hubr" finds "Franz Huber")
        best = max((SequenceMatcher(None, w, c).ratio() for w in words for c in candidates), default=0)
        score = max(score, best * 0.9)
    if club_query:
        club_score = SequenceMatcher(None, club_query, club).ratio() if club else 0
        score = (score * 2 + club_score) / 3 if query else club_score
    return score


def fits_search(query: str, name: str, club: str) -> bool:
    """Whether a typed ``query`` finds the player ``name`` of ``club`` by his name or by his club, with
    the spellings and typos the director's search forgives ("mueller" finds "Müller", "woergl" "TC Wörgl")."""
    wanted = key(query)
    return bool(wanted) and max(match_score(wanted, "", key(name), ""),
                                match_score(wanted, "", key(club), "")) >= SEARCH_MIN_SCORE


def keyed_players() -> Iterator[tuple[Player, str, str]]:
    """Every player with his name key and club key (one query): what the typo-tolerant search scores."""
    for player in Player.objects.only("pk", "name", "club", "name_key"):
        yield player, player.name_key, key(player.club)


@live.write_service(changes=live.NO_TOURNAMENT)  # on no live page until entered
def register_player(*, name: str, club: str = "", region: str = "", notes: str = "", allow_duplicate: bool = False) -> Player:
    """A new player; refused (DuplicatePlayer, with the candidates) when his name is known already,
    unless ``allow_duplicate``."""
    name, club, region = clean_fields(name=name, club=club, region=region)
    if not allow_duplicate and (candidates := list(likely_duplicates(name))):
        raise DuplicatePlayer(name, candidates)
    player = Player(name=name, club=club, region=region, notes=notes)
    player.full_clean(exclude=["name_key"])
    player.save()
    return player


@live.write_service(kind=ChangeKind.ENTRIES)
def enter_new_player(*, tournament: Tournament, name: str, club: str = "", region: str = "", notes: str = "",
                     checked_in: bool = False, allow_duplicate: bool = False) -> Entry:
    """A newcomer and his entry in ``tournament``, in one transaction: the fields, late entry and the
    likely duplicate are checked before the player is written."""
    refuse_a_copy(tournament)
    clean_fields(name=name, club=club, region=region)
    check_late_entry(tournament)
    player = register_player(name=name, club=club, region=region, notes=notes, allow_duplicate=allow_duplicate)
    # A player made just now has no entry yet: enter_player's lookup and second late-entry check would
    # be two queries a row for nothing in a list of thousands.
    return Entry.objects.create(tournament=tournament, player=player, checked_in=checked_in)


@live.write_service(changes=live.NO_TOURNAMENT)  # on no live page until entered
def players_for(people: list[tuple[str, str, str]], *, among: QuerySet[Player]) -> list[Player]:
    """The player each (name, club, region) of a whole list means among the candidates ``among`` (by the
    rule above), new players stored in one bulk write for the rest: two queries whatever the size. Two
    namesakes in one list stay two players (the second gets a new one), as at a venue they are two."""
    known: dict[Identity, list[Player]] = {}
    for player in among.filter(name_key__in={key(name) for name, _club, _region in people}).order_by("pk"):
        known.setdefault(identity(player.name, player.club), []).append(player)
    taken: set[int] = set()
    chosen: list[Player] = []
    new: list[Player] = []
    for name, club, region in people:
        name, club, region = clean_fields(name=name, club=club, region=region)
        player = next((p for p in known.get(identity(name, club), []) if p.pk not in taken), None)
        if player is None:
            player = unsaved_player(name, club, region)
            new.append(player)
        else:
            taken.add(player.pk)
        chosen.append(player)
    Player.objects.bulk_create(new, batch_size=2000)
    return chosen


def unsaved_player(name: str, club: str = "", region: str = "") -> Player:
    """A new, unsaved player of cleaned fields (``clean_fields``) with his name key, for the caller's one bulk
    write of many (saving thousands one by one, each keying its name, took seconds)."""
    return Player(name=name, club=club, region=region, name_key=key(name))


@live.write_service(kind=ChangeKind.ENTRIES, changes=lambda arguments, entry: [entry.tournament_id])
def add_substitute(*, round, name: str, club: str = "") -> Entry:
    """A substitute ("Springer") for ``round`` instead of a bye (events.md): he plays this round only
    (withdrawn after it), the hands of his table count for the others, he is not ranked
    (tournament.standings) and never gets a bye himself. The known player of that name and club is
    meant (a new one otherwise, also beside a namesake no name may mean: ``matchable_by_name``);
    someone entered in the tournament already cannot be one. The round
    is seated again afterwards (seat_with_substitute below does both in one transaction)."""
    tournament = round.tournament
    refuse_a_copy(tournament)
    name, club, _region = clean_fields(name=name, club=club)
    if round.is_final or not round.can_seat:
        raise ServiceError(gettext_lazy("Ein Springer kommt nur in eine Vorrunde, in der noch kein Spiel eingetragen ist."))
    player = find_player(name, club, among=matchable_by_name())
    if player is not None and Entry.objects.filter(tournament=tournament, player=player).exists():
        raise ServiceError(gettext_lazy(
            "%(player)s spielt in diesem Turnier schon mit und kann nicht Springer sein."), player=player.name)
    if player is None:
        player = register_player(name=name, club=club, allow_duplicate=True)
    return Entry.objects.create(tournament=tournament, player=player, checked_in=True, substitute=True,
                                withdrawn_after_round=round.number)


@live.write_service(kind=(ChangeKind.ENTRIES, ChangeKind.SEATING))
def seat_with_substitute(*, round, name: str, club: str = "", user=None, ranking: list[int] | None = None):
    """A substitute ("Springer") instead of a bye, and the round seated again with him, in one
    transaction; ``ranking`` is what rounds.seat_round needs for a round seated by the standings."""
    refuse_a_copy(round.tournament)
    if not round.byes.exists():
        raise ServiceError(gettext_lazy("In dieser Runde setzt niemand aus: ein Springer ist nicht nötig."))
    add_substitute(round=round, name=name, club=club)
    return rounds.seat_round(round=round, user=user, ranking=ranking)

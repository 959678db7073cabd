"""Writes for teams (Mannschaften) of a tournament: create one, put players in it, form teams by club.

A player is in at most one team per tournament (TeamMember.entry is one-to-one). Every write bumps
the tournament's live version (tournament.live.write_service), so the public pages show the team
standings at once."""

from __future__ import annotations

from collections import Counter, defaultdict

from django.utils.translation import gettext_lazy

from language import ServiceError
from tournament import live
from tournament.errors import refuse_a_copy
from tournament.events import ChangeKind
from tournament.models import Entry, Team, TeamMember, Tournament
from tournament.players import key

MAX_NAME = Team._meta.get_field("name").max_length  # the column's, written once


def _clean_name(name: str) -> str:
    name = " ".join(name.split())
    if not name:
        raise ServiceError(gettext_lazy("Der Name der Mannschaft fehlt."))
    if len(name) > MAX_NAME:
        raise ServiceError(gettext_lazy(
            "Der Name der Mannschaft ist zu lang (höchstens %(most)s Zeichen)."), most=MAX_NAME)
    return name


def _check_free(team: Team, entries: list[Entry]) -> None:
    for entry in entries:
        if entry.tournament_id != team.tournament_id:
            raise ServiceError(gettext_lazy("%(player)s spielt nicht in diesem Turnier."), player=entry.player.name)
    others = TeamMember.objects.filter(entry__in=entries).select_related("team")
    if team.pk is not None:
        others = others.exclude(team=team)
    taken = {m.entry_id: m.team for m in others}
    for entry in entries:
        if entry.pk in taken:
            other = taken[entry.pk].name
            raise ServiceError(gettext_lazy(
                "%(player)s spielt schon für die Mannschaft „%(other)s“."), player=entry.player.name, other=other)


@live.write_service(kind=ChangeKind.ENTRIES)
def create_team(*, tournament: Tournament, name: str, entries: list[Entry] = ()) -> Team:
    """A new team of ``tournament``, with ``entries`` as its first members (all or nothing)."""
    refuse_a_copy(tournament)
    name = _clean_name(name)
    if Team.objects.filter(tournament=tournament, name__iexact=name).exists():
        raise ServiceError(gettext_lazy("Die Mannschaft „%(name)s“ gibt es schon."), name=name)
    team = Team(tournament=tournament, name=name)
    _check_free(team, list(entries))
    team.save()
    TeamMember.objects.bulk_create([TeamMember(team=team, entry=entry) for entry in entries])
    return team


@live.write_service(kind=ChangeKind.ENTRIES)
def add_member(*, team: Team, entry: Entry) -> TeamMember:
    """Put ``entry`` into ``team``; refused when the player already plays for another team."""
    refuse_a_copy(team.tournament)
    _check_free(team, [entry])
    member, _created = TeamMember.objects.get_or_create(team=team, entry=entry)
    return member


@live.write_service(kind=ChangeKind.ENTRIES)
def add_members(*, team: Team, entries: list[Entry]) -> None:
    """Put every one of ``entries`` into ``team``: all of them or, when one already plays for another
    team, none."""
    refuse_a_copy(team.tournament)
    _check_free(team, list(entries))
    for entry in entries:
        TeamMember.objects.get_or_create(team=team, entry=entry)


@live.write_service(kind=ChangeKind.ENTRIES)
def remove_members(*, team: Team, entries: list[Entry]) -> None:
    refuse_a_copy(team.tournament)
    TeamMember.objects.filter(team=team, entry__in=list(entries)).delete()


@live.write_service(kind=ChangeKind.ENTRIES)
def delete_team(*, team: Team) -> None:
    refuse_a_copy(team.tournament)
    team.delete()


@live.write_service(kind=ChangeKind.ENTRIES)
def team_name_for_import(tournament: Tournament, name: str) -> Team:
    """The team called ``name`` in ``tournament`` (case ignored), created when new: the player import's
    "Team"/"Mannschaft" column. Call inside the import's transaction."""
    refuse_a_copy(tournament)
    name = _clean_name(name)
    team = Team.objects.filter(tournament=tournament, name__iexact=name).first()
    return team or Team.objects.create(tournament=tournament, name=name)


@live.write_service(kind=ChangeKind.ENTRIES)
def form_teams(*, tournament: Tournament, size: int) -> list[Team]:
    """Teams of ``size`` players from the checked-in players without a team, by club where a club has
    enough of them ("TC Wels", "TC Wels 2"), the rest mixed in name order ("Mannschaft 1", …). Players
    left over (fewer than ``size``) stay without a team. A club is its key, as the club ranking compares
    it (tournament/players.py): "TC Wörgl" and "TC Woergl" are one club, named as most of them spell it."""
    refuse_a_copy(tournament)
    if size < 1:
        raise ServiceError(gettext_lazy("Eine Mannschaft hat mindestens einen Spieler."))
    free = list(tournament.entries.filter(checked_in=True, team_membership__isnull=True).select_related("player")
                .order_by("player__name", "pk"))
    by_club: dict[str, list[Entry]] = defaultdict(list)
    for entry in free:
        by_club[key(entry.player.club)].append(entry)
    groups: list[tuple[str, list[Entry]]] = []
    rest: list[Entry] = []
    for club_key in sorted(by_club):
        members = by_club[club_key]
        club = Counter(entry.player.club for entry in members).most_common(1)[0][0]  # the first of equals
        whole = len(members) // size * size if club_key else 0
        for number, start in enumerate(range(0, whole, size), start=1):
            groups.append((club if number == 1 else f"{club} {number}", members[start:start + size]))
        rest += members[whole:]
    rest.sort(key=lambda entry: (entry.player.name, entry.pk))
    mixed = len(rest) // size
    groups += [(f"Mannschaft {number + 1}", rest[number * size:(number + 1) * size]) for number in range(mixed)]
    existing = {name.lower() for name in Team.objects.filter(tournament=tournament).values_list("name", flat=True)}
    teams = []
    for name, members in groups:
        unique, suffix = name, 2
        while unique.lower() in existing:
            unique, suffix = f"{name} ({suffix})", suffix + 1
        existing.add(unique.lower())
        teams.append(create_team(tournament=tournament, name=unique, entries=members))
    return teams

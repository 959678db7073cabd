"""A tournament's rows replaced whole by a copy from elsewhere (the cup's site taking a venue's
tournament, publishing/hub): bulk writes, so the time grows with the rows and nothing more. The
hands are scoring's (scoring/copies.py); the caller removes them first and stores them after."""

from __future__ import annotations

from dataclasses import dataclass, field

from tournament import live
from tournament.models import Bye, Entry, Player, Round, Seat, Table, Team, TeamMember, Tournament


@dataclass(frozen=True)
class RoundCopy:
    values: dict  # Round fields
    tables: list[tuple[dict, list[int]]]  # Table fields, the seats as indexes into the entries
    byes: list[tuple[int, dict]]  # entry index, Bye fields


@dataclass(frozen=True)
class TournamentCopy:
    values: dict  # Tournament fields
    players: list[Player]  # one per entry, stored already
    entries: list[dict]  # Entry fields
    teams: list[tuple[dict, list[int]]]  # Team fields, the members as entry indexes
    rounds: list[RoundCopy] = field(default_factory=list)


@dataclass(frozen=True)
class CopiedRows:
    tournament: Tournament
    entries: list[Entry]  # in the copy's order
    rounds: list[Round]
    tables: list[list[tuple[Table, list[int]]]]  # per round, each table with its seat entry ids


def _clear(tournament: Tournament) -> None:
    # Rounds first: their tables, seats and byes hold the entries.
    Bye.objects.filter(round__tournament=tournament).delete()
    Seat.objects.filter(table__round__tournament=tournament).delete()
    Round.objects.filter(tournament=tournament).delete()
    TeamMember.objects.filter(team__tournament=tournament).delete()
    Team.objects.filter(tournament=tournament).delete()
    Entry.objects.filter(tournament=tournament).delete()


@live.write_service(changes=lambda arguments, copied: [copied.tournament.pk])
def replace_with_copy(*, existing: Tournament | None, copy: TournamentCopy) -> CopiedRows:
    """``existing`` (or a new tournament) with exactly the copy's rows. Its hands must be gone already
    (scoring.copies.remove_hands): they hold entries."""
    if existing is None:
        tournament = Tournament.objects.create(**copy.values)
    else:
        tournament = existing
        _clear(tournament)
        for name, value in copy.values.items():
            setattr(tournament, name, value)
        tournament.save()
    entries = Entry.objects.bulk_create([Entry(tournament=tournament, player=player, **values)
                                         for player, values in zip(copy.players, copy.entries, strict=True)])
    teams = Team.objects.bulk_create([Team(tournament=tournament, **values) for values, _m in copy.teams])
    TeamMember.objects.bulk_create([TeamMember(team=team, entry=entries[m])
                                    for team, (_v, members) in zip(teams, copy.teams, strict=True) for m in members])
    rounds = Round.objects.bulk_create([Round(tournament=tournament, **part.values) for part in copy.rounds])
    tables = Table.objects.bulk_create([Table(round=round, **values)
                                        for round, part in zip(rounds, copy.rounds, strict=True)
                                        for values, _seats in part.tables], batch_size=2000)
    seats, by_round, position = [], [], 0
    for part in copy.rounds:
        of_round = []
        for _values, seat_indexes in part.tables:
            table = tables[position]
            position += 1
            seats.extend(Seat(table=table, entry=entries[e], position=p) for p, e in enumerate(seat_indexes))
            of_round.append((table, [entries[e].pk for e in seat_indexes]))
        by_round.append(of_round)
    Seat.objects.bulk_create(seats, batch_size=4000)
    Bye.objects.bulk_create([Bye(round=round, entry=entries[e], **values)
                             for round, part in zip(rounds, copy.rounds, strict=True) for e, values in part.byes])
    return CopiedRows(tournament, entries, rounds, by_round)

"""A tournament's rows replaced whole by a copy from elsewhere (the cup's site taking a venue's
tournament, publishing/hub): bulk writes, so the time grows with the rows and nothing more. The
hands are scoring's (scoring/copies.py); the caller removes them first and stores them after."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import connection, models

from tournament import live
from tournament.events import ChangeKind
from tournament.models import Bye, Entry, Player, Round, RoundEvent, Seat, Table, Team, TeamMember, Tournament

# Rows per INSERT statement: well inside SQLite's 32,766 parameters and PostgreSQL's 65,535.
INSERT_CHUNK = 2_000


def insert_rows(model, columns: list[str], rows: list[tuple]) -> None:
    """Rows straight into ``model``'s table, ``columns`` by field name, values adapted already.

    Why not bulk_create: for a copy of 10,000 players (30,000 seats, 120,000 hands, 480,000 score rows)
    the ORM's per-object work (instances, pre_save, compiling every value) took minutes; one prepared
    statement run over plain tuples takes seconds. Only the copy of a whole tournament writes this way
    (here and scoring/copies.py); every row a director or scorer makes goes through the services."""
    quote = connection.ops.quote_name
    fields = [model._meta.get_field(name) for name in columns]
    sql = (f"INSERT INTO {quote(model._meta.db_table)} ({', '.join(quote(field.column) for field in fields)}) "
           f"VALUES ({', '.join(['%s'] * len(fields))})")
    with connection.cursor() as cursor:
        for start in range(0, len(rows), INSERT_CHUNK):
            cursor.executemany(sql, rows[start:start + INSERT_CHUNK])


@dataclass(frozen=True)
class RoundCopy:
    values: dict  # Round fields
    tables: list[tuple[dict, list[int]]]  # Table fields, the seats as indexes into the entries
    byes: list[tuple[int, dict]]  # entry index, Bye fields
    # RoundEvent fields (action, reason, detail, at); a seat event's detail["repeated_pairs"] names entry indexes
    events: list[dict] = field(default_factory=list)


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


def delete_rows(queryset) -> None:
    """One DELETE statement for the rows of ``queryset``, the rows depending on them gone already.

    QuerySet.delete() collects every row (and every row pointing at it) into Python first to run the
    cascades and signals: for a copy of 10,000 players that is half a million objects. A copy is
    removed children first, so no cascade is left to run and no signal listens to these rows."""
    queryset._raw_delete(queryset.db)


# The rows a copy replaces, children first: the byes, seats and teams hold the entries, the tables and events
# the rounds. _clear removes them itself, in this order.
_REPLACED = ((Bye, "round__tournament"), (Seat, "table__round__tournament"), (RoundEvent, "round__tournament"),
             (Table, "round__tournament"), (Round, "tournament"), (TeamMember, "team__tournament"),
             (Team, "tournament"), (Entry, "tournament"))
REPLACED_MODELS = tuple(model for model, _lookup in _REPLACED)


def rows_pointing_into_a_copy() -> list[models.ForeignKey]:
    """Every foreign key of another model (another app's: the rating's placings, a player's personal link, the
    hands) that points at rows a copy replaces. delete_rows runs no cascade, so each must be let go first."""
    return [relation.field for model in REPLACED_MODELS for relation in model._meta.related_objects
            if relation.related_model not in REPLACED_MODELS]


def _release(tournament: Tournament) -> None:
    """The rows of other apps that point at the copy's old rows: deleted (their own cascades and signals run;
    they are few, at most one per entry) or set to NULL as their field says, before the raw deletes; a
    restricting one must be gone already. Whatever
    they held is taken again from the new copy by its owner: the rating takes the ranks of a published
    tournament after the commit (rating/updates.py); hands are stored again by the caller."""
    owners = dict(_REPLACED)
    for foreign_key in rows_pointing_into_a_copy():
        old_rows = foreign_key.related_model._base_manager.filter(**{owners[foreign_key.related_model]: tournament})
        dependent = foreign_key.model._base_manager.filter(**{f"{foreign_key.name}__in": old_rows})
        if foreign_key.remote_field.on_delete is models.CASCADE:
            dependent.delete()
        elif foreign_key.remote_field.on_delete is models.SET_NULL:
            dependent.update(**{foreign_key.name: None})
        elif dependent.exists():  # PROTECT, RESTRICT: their owner removes them first (scoring's hands: remove_hands)
            raise RuntimeError(f"{foreign_key.model._meta.label}.{foreign_key.name} still points into the copy being replaced "
                               f"(on_delete={foreign_key.remote_field.on_delete.__name__}): its owner must remove it first")


def _clear(tournament: Tournament) -> None:
    _release(tournament)
    for model, lookup in _REPLACED:
        delete_rows(model._base_manager.filter(**{lookup: tournament}))


def _insert_events(rounds: list[Round], parts: list[RoundCopy], entries: list[Entry]) -> None:
    """The rounds' events as they happened elsewhere, at their own times (``at`` is set on create otherwise)."""
    ops = connection.ops
    rows = []
    for round, part in zip(rounds, parts, strict=True):
        for event in part.events:
            detail = dict(event["detail"])
            if "repeated_pairs" in detail:  # entry indexes of the copy -> this site's entries
                detail["repeated_pairs"] = [[entries[a].pk, entries[b].pk, n] for a, b, n in detail["repeated_pairs"]]
            rows.append((round.pk, event["action"], event["reason"], ops.adapt_json_value(detail, None),
                         ops.adapt_datetimefield_value(event["at"])))
    insert_rows(RoundEvent, ["round", "action", "reason", "detail", "at"], rows)


@live.write_service(kind=ChangeKind.COPY, changes=lambda arguments, copied: [copied.tournament.pk])
def replace_with_copy(*, existing: Tournament | None, copy: TournamentCopy) -> CopiedRows:
    """``existing`` (or a new tournament) with exactly the copy's rows. Its hands must be gone already
    (scoring.copies.remove_hands): they hold entries. The tournament is marked a copy (``is_copy``): the pages
    show it read only and no write of a table takes it, whatever the copy's values say."""
    values = {**copy.values, "is_copy": True}
    if existing is None:
        tournament = Tournament.objects.create(**values)
    else:
        tournament = existing
        _clear(tournament)
        for name, value in values.items():
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
            seats.extend((table.pk, entries[e].pk, p) for p, e in enumerate(seat_indexes))
            of_round.append((table, [entries[e].pk for e in seat_indexes]))
        by_round.append(of_round)
    insert_rows(Seat, ["table", "entry", "position"], seats)
    Bye.objects.bulk_create([Bye(round=round, entry=entries[e], **values)
                             for round, part in zip(rounds, copy.rounds, strict=True) for e, values in part.byes])
    _insert_events(rounds, copy.rounds, entries)
    return CopiedRows(tournament, entries, rounds, by_round)

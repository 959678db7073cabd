"""The draw manager: seat, close and reopen rounds, end a late table (cf. Tabbycat's draw/manager.py).

The draw itself is pure (tournament/seating/); this module loads what it needs, calls it and
stores the result. Every seating, drawn, given (a paper seating, an imported workbook) or a
seeded final round, is checked by the same rules and stored by one function, ``_store_seating``.
Writes lock the round row and validate before anything is written.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from django.utils import timezone
from django.utils.translation import gettext_lazy

from language import ByLanguage, Message, Said, ServiceError, pure_pair
from tournament import live, seating, selectors
from tournament.errors import refuse_a_copy
from tournament.events import ChangeKind
from tournament.models import Bye, Entry, Round, RoundEvent, Seat, Table, Tournament, new_token
from tournament.seating.byes import bye_count, choose_byes


def _lock_round(round: Round) -> Round:
    return Round.objects.select_for_update().select_related("tournament").get(pk=round.pk)


def _system_seed() -> str:
    return f"{random.SystemRandom().randrange(10**9)}"


@live.write_service(kind=ChangeKind.SEATING)
def draw_lots(tournament: Tournament, seed: str) -> None:
    """Give every entry without one a lot number, drawn once and kept (the last tie-break)."""
    entries = list(tournament.entries.filter(lot__isnull=True).order_by("pk"))
    taken = set(tournament.entries.filter(lot__isnull=False).values_list("lot", flat=True))
    free = [n for n in range(1, len(entries) + len(taken) + 1) if n not in taken]
    random.Random(f"lots-{seed}").shuffle(free)
    for entry, lot in zip(entries, free, strict=False):
        entry.lot = lot
    Entry.objects.bulk_update(entries, ["lot"])


@dataclass(frozen=True)
class SeatingProblem(Said):
    """Why a seating cannot be used; ``table`` is None for the round as a whole."""

    table: int | None
    said: Message



def _refusal(problems: list[SeatingProblem]) -> ServiceError:
    return ServiceError(ByLanguage(lambda lang: " ".join(p.said.render(lang) for p in problems)))


def round_problems(round: Round, *, seated_first: frozenset[int] | set[int] = frozenset()) -> list[SeatingProblem]:
    """Why ``round`` cannot be (re)seated now, whatever the seating: it has hands, an earlier round is
    not seated (``seated_first``: earlier rounds the same operation seats first), or it is the final
    and a preliminary round is still open."""
    problems = []
    if not round.can_seat:
        problems.append(SeatingProblem(None, Message(gettext_lazy(
            "Runde %(round)s läuft schon oder ist abgeschlossen; sie kann nicht neu gesetzt werden."), round=round.number)))
    earlier = round.tournament.round_set.filter(number__lt=round.number)
    unseated = sorted(set(earlier.filter(status=Round.PLANNED).values_list("number", flat=True)) - set(seated_first))
    if unseated:
        problems.append(SeatingProblem(None, Message(gettext_lazy("Zuerst Runde %(round)s setzen."), round=unseated[-1])))
    if round.is_final and earlier.exclude(status=Round.CLOSED).exists():
        problems.append(SeatingProblem(None, Message(gettext_lazy(
            "Die Finalrunde wird erst nach dem Abschluss aller Vorrunden gesetzt."))))
    return problems


def seating_problems(*, round: Round, tables: dict[int, list[int]],
                     seated_first: frozenset[int] | set[int] = frozenset()) -> list[SeatingProblem]:
    """Every reason ``seat_round_as_given`` would refuse ``tables`` (table number -> entry ids in Platz
    order): the round's own (``round_problems``), then each table's size, players and duplicates."""
    tournament = round.tournament
    problems = round_problems(round, seated_first=seated_first)

    def refuse(table, said: Message):
        problems.append(SeatingProblem(table, said))

    if not tables:
        refuse(None, Message(gettext_lazy("Für Runde %(round)s ist kein Tisch angegeben."), round=round.number))
    entries = {e.pk: e for e in tournament.entries.select_related("player")}
    where: dict[int, list[int]] = {}
    for number, players in sorted(tables.items()):
        if not isinstance(number, int) or number < 1:
            refuse(number, Message(gettext_lazy("„%(number)s“ ist keine Tischnummer."), number=number))
        if len(players) not in tournament.table_sizes:
            sizes = tournament.table_sizes
            listed = ", ".join(map(str, sizes[:-1]))
            allowed = (Message(gettext_lazy("nur 4")) if len(sizes) == 1
                       else Message(gettext_lazy("%(listed)s oder %(last)s"), listed=listed, last=sizes[-1]))
            refuse(number, Message(gettext_lazy("Tisch %(number)s hat %(count)s Spieler; erlaubt sind %(allowed)s."),
                                   number=number, count=len(players), allowed=allowed))
        for entry_id in players:
            entry = entries.get(entry_id)
            if entry is None:
                refuse(number, Message(gettext_lazy(
                    "Tisch %(number)s: Teilnahme %(entry_id)s gehört nicht zu diesem Turnier."),
                        number=number, entry_id=entry_id))
                continue
            where.setdefault(entry_id, []).append(number)
            if not entry.plays_in(round.number):
                refuse(number, Message(gettext_lazy(
                    "Tisch %(number)s: %(player)s ist nach Runde %(after)s ausgeschieden."),
                        number=number, player=entry.player.name, after=entry.withdrawn_after_round))
    for entry_id, numbers in where.items():
        if len(numbers) > 1:
            shown = ", ".join(str(n) for n in numbers)
            name = entries[entry_id].player.name
            refuse(numbers[-1], Message(gettext_lazy(
                "%(name)s sitzt mehrmals in Runde %(round)s (Tisch %(shown)s)."), name=name, round=round.number, shown=shown))
    return problems


def _history(round: Round) -> list[list[list[int]]]:
    """The seatings of the rounds before ``round``: per round, per table, entry ids."""
    earlier = round.tournament.round_set.filter(number__lt=round.number).order_by("number").prefetch_related("tables__seats")
    return [[[seat.entry_id for seat in table.seats.all()] for table in r.tables.all()] for r in earlier]


def _store_seating(round: Round, tables: dict[int, list[int]], *, seed: str, user, reason: str = "",
                   detail: dict, byes: list[int] = ()) -> Round:
    """The one writer of a seating: tables (number -> entry ids in Platz order, Platz 1 = position 0
    deals first) and ``byes`` (entry ids sitting the round out) replace the round's; lots are drawn
    for entries without one; the round is SEATED with its repeat counts; a "seat" event records how
    it came about."""
    tournament = round.tournament
    if round.is_final:
        repeats, repeated_pairs, five_repeats = 0, (), 0
    else:
        repeats, repeated_pairs, five_repeats = seating.quality(_history(round) + [list(tables.values())])
    round.tables.all().delete()
    round.byes.all().delete()
    points = tournament.ruleset.format.bye_points
    Bye.objects.bulk_create([Bye(round=round, entry_id=entry, points=points) for entry in byes])
    draw_lots(tournament, seed or _system_seed())
    for number, players in sorted(tables.items()):
        table = Table.objects.create(round=round, number=number, hands_planned=tournament.hands_for(len(players)))
        Seat.objects.bulk_create([Seat(table=table, entry_id=entry, position=p) for p, entry in enumerate(players)])
    round.status, round.seed, round.repeats, round.five_table_repeats = Round.SEATED, seed, repeats, five_repeats
    round.seated_at = timezone.now()
    round.save()
    RoundEvent.objects.create(round=round, action="seat", reason=reason, user=user, detail={
        **detail, "players": sum(len(players) for players in tables.values()), "tables": len(tables),
        "repeats": repeats, "repeated_pairs": [list(pair) for pair in repeated_pairs], "byes": list(byes),
    })
    return round


@live.write_service(kind=ChangeKind.SEATING)
def seat_round(*, round: Round, seed: str | None = None, user=None, ranking: list[int] | None = None) -> Round:
    """Draw (or redraw) the seating of a round that has no hands yet.

    Unseeded rounds are planned together with the rounds still to come, against the seatings
    already played, so repeats stay minimal over the whole event; a final round seats by
    ``ranking`` (entry ids, best first: scoring.selectors.seating_ranking reads the standings it needs for
    a round, so seating needs no hand of its own)."""
    round = _lock_round(round)
    tournament = round.tournament
    refuse_a_copy(tournament)
    problems = round_problems(round)
    if problems:
        raise _refusal(problems[:1])
    present = [e for e in tournament.entries.filter(checked_in=True) if e.plays_in(round.number)]
    entries = [e.pk for e in present]
    springers = {e.pk for e in present if e.substitute}
    seed = seed or _system_seed()
    passed_over: list[int] = []  # the final: ranked high enough, but withdrawn or not here
    byes: list[int] = []
    try:
        if round.is_final:
            if ranking is None:
                raise ServiceError(gettext_lazy("Für die Finalrunde fehlt die Rangliste."))
            # The best N who are here: a player who withdrew or is not checked in is passed over and
            # the next ranked moves up (seed 003: "The first 12 players are qualified for the final").
            present = set(entries)
            finalists: list[int] = []
            # Fewer here than the final seats: the best who fit whole tables play it (no byes in a final).
            top = min(tournament.final_round_top, len(present & set(ranking)))
            top -= bye_count(top, **tournament.table_sizes_allowed) if top >= 4 else 0
            for entry in ranking:
                if len(finalists) == top:
                    break
                (finalists if entry in present else passed_over).append(entry)
            drawn = seating.seeded_round(finalists, **tournament.table_sizes_allowed)
        elif tournament.seats_by_standings(round.number):
            if ranking is None:
                raise ServiceError(gettext_lazy("Für das Setzen nach Reihung fehlt die Rangliste."))
            # Nach Reihung (ABAKUS sortNachReihung): the byes to the lowest-ranked among those with the
            # fewest so far (events.md: the leaders always play), then the best four at table 1, the next
            # four at table 2, tables of five (and six) at the bottom.
            byes, entries = choose_byes(entries, _byes_so_far(round), seed, substitutes=springers, ranking=ranking,
                                        **tournament.table_sizes_allowed)
            place = {entry: index for index, entry in enumerate(ranking)}
            ordered = sorted(entries, key=lambda entry: (place.get(entry, len(place)), entry))
            drawn = seating.seeded_round(ordered, **tournament.table_sizes_allowed)
        else:
            # A count that fits no tables: the fewest sit out, those with the fewest byes so far first.
            byes, entries = choose_byes(entries, _byes_so_far(round), seed, substitutes=springers,
                                        **tournament.table_sizes_allowed)
            plan = seating.draw(entries, tournament.rounds - round.number + 1, seed,
                                **tournament.table_sizes_allowed, history=_history(round))
            drawn = plan.rounds[0]
    except seating.SeatingImpossible as error:
        raise ServiceError(pure_pair(error.message_de, error.message_en)) from None
    tables = {number: list(players) for number, players in enumerate(drawn, start=1)}
    detail: dict = {"seed": seed}
    if round.is_final:
        detail["passed_over"] = passed_over
    return _store_seating(round, tables, seed=seed, user=user, detail=detail, byes=byes)


def _byes_so_far(round: Round) -> dict[int, int]:
    """Entry id -> byes in the rounds before ``round``."""
    counts: dict[int, int] = {}
    for entry in Bye.objects.filter(round__tournament=round.tournament_id, round__number__lt=round.number).values_list(
            "entry_id", flat=True):
        counts[entry] = counts.get(entry, 0) + 1
    return counts


@live.write_service(kind=ChangeKind.SEATING)
def seat_round_as_given(*, round: Round, tables: dict[int, list[int]], user=None, source: str = "") -> Round:
    """Seat a round exactly as given (a paper seating, or the Tables sheet of tournament.xlsx):
    ``tables`` maps each table number to entry ids in Platz order. Checked by ``seating_problems``."""
    round = _lock_round(round)
    refuse_a_copy(round.tournament)
    tables = {number: list(players) for number, players in tables.items()}
    problems = seating_problems(round=round, tables=tables)
    if problems:
        raise _refusal(problems)
    return _store_seating(round, tables, seed="", user=user, reason=source, detail={"as_given": True})


@live.write_service(kind=ChangeKind.ROUND_CLOSED)
def close_round(*, round: Round, user=None) -> Round:
    round = _lock_round(round)
    refuse_a_copy(round.tournament)
    if not round.can_close:
        raise ServiceError(gettext_lazy("Runde %(round)s ist nicht offen."), round=round.number)
    open_tables = [table.number for table in round.tables.order_by("number") if not table.is_complete]
    if open_tables:
        numbers = ", ".join(str(n) for n in open_tables)
        raise ServiceError(gettext_lazy(
            "An Tisch %(numbers)s fehlen noch Spiele. Spiele eintragen lassen oder den Tisch beenden."), numbers=numbers)
    round.status, round.closed_at = Round.CLOSED, timezone.now()
    round.save(update_fields=["status", "closed_at"])
    RoundEvent.objects.create(round=round, action="close", user=user)
    if selectors.is_finished(round.tournament):
        live.note(round.tournament_id, ChangeKind.FINISHED)
    return round


@live.write_service(kind=(ChangeKind.TABLE_ENDED, ChangeKind.ROUND_CLOSED))
def end_tables_and_close(*, round: Round, reason: str, user=None) -> Round:
    """The director's decision when the round should close with hands still missing: every table still
    playing ends with ``reason`` (as ``end_table``: the hands entered count) and the round closes, in one go."""
    refuse_a_copy(round.tournament)
    if not reason.strip():
        raise ServiceError(gettext_lazy("Zum Beenden eines Tisches braucht es eine Begründung."))
    for table in round.tables.order_by("number"):
        if not table.is_complete:
            _end_table(table, reason=reason.strip(), user=user, by_closing=True)
    return close_round(round=round, user=user)


def _tables_ended_by_closing(round: Round) -> list[Table]:
    """The tables the round's latest close ended with it (end_tables_and_close) that are still ended: reopening
    because the close was a mistake lets them play on. A table the director ended by itself stays ended."""
    last_reopen = RoundEvent.objects.filter(round=round, action="reopen").order_by("-pk").values_list("pk", flat=True)
    since = last_reopen.first() or 0
    numbers = {event.detail.get("table") for event in RoundEvent.objects.filter(round=round, action="end_table", pk__gt=since)
               if isinstance(event.detail, dict) and event.detail.get("by_closing")}
    return list(round.tables.select_for_update().filter(number__in=numbers, ended_early=True).order_by("number"))


@live.write_service(kind=ChangeKind.ROUND_REOPENED)
def reopen_round(*, round: Round, reason: str, user=None) -> Round:
    """The closed round open again; the tables its close ended (end_tables_and_close) play on, and the event
    names them (detail "tables")."""
    round = _lock_round(round)
    refuse_a_copy(round.tournament)
    if not reason.strip():
        raise ServiceError(gettext_lazy("Zum Wiedereröffnen braucht es eine Begründung."))
    if not round.can_reopen:
        raise ServiceError(gettext_lazy("Runde %(round)s ist nicht abgeschlossen."), round=round.number)
    round.status, round.closed_at = Round.RUNNING, None
    round.save(update_fields=["status", "closed_at"])
    playing_on = _tables_ended_by_closing(round)
    for table in playing_on:
        table.ended_early = False
        table.version += 1  # a phone holding the ended sheet reloads it
        table.save(update_fields=["ended_early", "version"])
    RoundEvent.objects.create(round=round, action="reopen", reason=reason.strip(), user=user,
                              detail={"tables": [table.number for table in playing_on]} if playing_on else {})
    return round


@live.write_service(kind=ChangeKind.TABLE_ENDED)
def end_table(*, table: Table, reason: str = "", user=None) -> Table:
    """The director ends play at a late table: the round closes with the hands entered there."""
    return _end_table(table, reason=reason, user=user)


def _end_table(table: Table, *, reason: str, user, by_closing: bool = False) -> Table:
    """``by_closing``: ended by end_tables_and_close, so reopening the round lets the table play on."""
    table = Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)
    refuse_a_copy(table.round.tournament)
    if not table.round.is_open:
        raise ServiceError(gettext_lazy("Die Runde ist nicht offen."))
    table.ended_early = True
    table.version += 1
    table.save(update_fields=["ended_early", "version"])
    RoundEvent.objects.create(round=table.round, action="end_table", reason=reason, user=user,
                              detail={"table": table.number, "hands": table.hands_entered,
                                      **({"by_closing": True} if by_closing else {})})
    return table


@live.write_service(kind=ChangeKind.SEATING)
def rotate_links(*, round: Round, tables: list[Table] | None = None, every_table: bool = False, user=None,
                 reason: str = "") -> list[Table]:
    """Give ``tables`` of ``round`` (or, with ``every_table``, all of them) a new scorer link: a new
    token, so the old link (and its QR code) is dead at once. Recorded as a "rotate" event. All tables
    is a choice of its own: no tables given means none chosen, never all of them."""
    round = _lock_round(round)
    refuse_a_copy(round.tournament)
    wanted = {table.pk for table in tables or []}
    locked = list(Table.objects.select_for_update().filter(round=round).order_by("number"))
    chosen = [table for table in locked if every_table or table.pk in wanted]
    if not chosen:
        raise ServiceError(gettext_lazy("Kein Tisch dieser Runde gewählt."))
    for table in chosen:
        table.token = new_token()
        table.save(update_fields=["token"])
    RoundEvent.objects.create(round=round, action="rotate", reason=reason.strip(), user=user,
                              detail={"tables": [table.number for table in chosen]})
    return chosen

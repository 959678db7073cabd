"""Checking a read file against the tournament: seatings, tables, players, hand numbers and the
engine's verdict on every hand. Problems are collected; nothing is written here."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.utils.translation import gettext_lazy

from language import Message, pure_pair
from paper.imports.hands.read import FileHand, FileSeating, Parsed, add_problem, where_of
from paper.imports.hands.readable import Names, entry_keys, hand_from_cells, hand_from_json
from paper.imports.hands.report import ImportReport
from rules.engine import InvalidHand, read_hand
from scoring.seats import absences_of, deal
from scoring.selectors import entered_data
from tournament import rounds as tournament_rounds
from tournament.models import Entry, Round, Seat, Table, Tournament
from tournament.players import key as player_key

# --- the import -----------------------------------------------------------------------------------


@dataclass
class TablePlan:
    """A table as the import sees it: stored, or to be seated from the file."""

    entries: list[Entry]
    hands_planned: int
    ended_early: bool = False
    first_dealer: int = 0  # a table seated from the file: Platz 1 deals first
    absences: tuple = ()  # who paused or left at a stored table (scoring/seats.py Absence)




def check_seatings(tournament: Tournament, parsed: Parsed):
    """The rounds to seat from the file {round: {table: entry ids}}, every table the hands may use, and
    the tables whose seating in the file is wrong (their hands are not checked: the seating is)."""
    names = Names(tournament)
    rounds = {r.number: r for r in tournament.round_set.all()}
    given: dict[tuple[int, int], tuple[FileSeating, list[Entry]]] = {}
    broken: set[tuple[int, int]] = set()
    for seating in parsed.seatings:
        where = {"round": seating.round, "table": seating.table, "sheet": seating.sheet}
        round_ = rounds.get(seating.round)
        if round_ is None:
            add_problem(parsed, seating.line, Message(gettext_lazy(
                "Runde %(round)s gibt es in diesem Turnier nicht."), round=seating.round), **where)
            continue
        entries, failed = [], False
        for place, name in enumerate(seating.names):
            entry, refused = names.find(name)
            if refused:
                add_problem(parsed, seating.line_of(place), refused, **where)
                failed = True
            entries.append(entry)
        key = (seating.round, seating.table)
        if failed:
            broken.add(key)
            continue
        if key in given:
            earlier = given[key]
            if [e.pk for e in earlier[1]] != [e.pk for e in entries]:
                said = (gettext_lazy("Die Sitzordnung widerspricht der in Eintrag %(line)s.") if parsed.items else
                        gettext_lazy("Die Sitzordnung widerspricht der in Zeile %(line)s."))
                add_problem(parsed, seating.line, Message(said, line=earlier[0].line), **where)
                broken.add(key)
            continue
        given[key] = (seating, entries)

    plans: dict[tuple[int, int], TablePlan] = {}
    seated = (Table.objects.filter(round__tournament=tournament).exclude(round__status=Round.PLANNED)
              .select_related("round"))
    seats = defaultdict(list)
    for seat in Seat.objects.filter(table__in=seated).select_related("entry__player").order_by("table_id", "position"):
        seats[seat.table_id].append(seat.entry)
    for table in seated:
        plans[(table.round.number, table.number)] = TablePlan(seats[table.pk], table.hands_planned,
                                                               ended_early=table.ended_early,
                                                               first_dealer=table.first_dealer,
                                                               absences=absences_of(table.absences))
    to_seat: dict[int, dict[int, list[int]]] = defaultdict(dict)
    for (round_number, table_number), (seating, entries) in sorted(given.items()):
        where = {"round": round_number, "table": table_number, "sheet": seating.sheet}
        if rounds[round_number].status == Round.PLANNED:
            to_seat[round_number][table_number] = [entry.pk for entry in entries]
            plans[(round_number, table_number)] = TablePlan(entries, tournament.hands_for(len(entries)))
            continue
        stored = plans.get((round_number, table_number))
        shown = ", ".join(entry.player.name for entry in entries)
        if stored is None:
            add_problem(parsed, seating.line, Message(gettext_lazy(
                "Runde %(round)s ist schon gesetzt, ohne Tisch %(table)s."), round=round_number, table=table_number),
                **where)
            broken.add((round_number, table_number))
        elif [e.pk for e in stored.entries] != [e.pk for e in entries]:
            broken.add((round_number, table_number))
            kept = ", ".join(entry.player.name for entry in stored.entries)
            add_problem(parsed, seating.line, Message(gettext_lazy(
                "Die Sitzordnung der Datei (%(shown)s) weicht von der gespeicherten ab (%(kept)s)."), shown=shown, kept=kept),
                **where)
    for round_number in sorted(to_seat):
        earlier = {n for n in to_seat if n < round_number}
        lines = {t: given[(round_number, t)][0] for t in to_seat[round_number]}
        first = min(lines.values(), key=lambda s: s.line)
        for refused in tournament_rounds.seating_problems(round=rounds[round_number], tables=to_seat[round_number],
                                                            seated_first=earlier):
            seating = lines.get(refused.table, first)
            add_problem(parsed, seating.line, refused.said, round=round_number, table=refused.table, sheet=seating.sheet)
            broken.update((round_number, t) for t in ([refused.table] if refused.table else to_seat[round_number]))
    return dict(to_seat), plans, broken


def check_hands(tournament: Tournament, parsed: Parsed, plans: dict[tuple[int, int], TablePlan],
                 broken: set[tuple[int, int]], report: ImportReport) -> list[FileHand]:
    """Read every hand against its table's seating and the engine; check the numbering; return the
    hands to record (those not already stored), in the order to record them."""
    rounds = {r.number: r for r in tournament.round_set.all()}
    ruleset = tournament.ruleset
    by_table: dict[tuple[int, int], list[FileHand]] = defaultdict(list)
    for hand in parsed.hands:
        if (hand.round, hand.table) in broken:
            continue  # its seating is reported; hands read against a wrong seating would only add noise
        where = where_of(hand)
        round_ = rounds.get(hand.round)
        plan = plans.get((hand.round, hand.table))
        if round_ is None:
            add_problem(parsed, hand.line, Message(gettext_lazy(
                "Runde %(round)s gibt es in diesem Turnier nicht."), round=hand.round), **where)
            continue
        if plan is None:
            if round_.status == Round.PLANNED:
                add_problem(parsed, hand.line, Message(gettext_lazy(
                    "Runde %(round)s ist noch nicht gesetzt und die Datei gibt für Tisch %(table)s keine Sitzordnung (Blatt "
                    "„Tables“ oder „players“)."), round=hand.round, table=hand.table), **where)
            else:
                add_problem(parsed, hand.line, Message(gettext_lazy(
                    "Tisch %(table)s gibt es in Runde %(round)s nicht."), table=hand.table, round=hand.round), **where)
            continue
        size = len(plan.entries)
        dealt = deal(hand.number, size, plan.first_dealer, plan.absences)
        players = [plan.entries[position] for position in dealt.positions]
        sitting_out = [plan.entries[position] for position in dealt.out]
        for seat, name in hand.seat_names.items():
            if player_key(name) not in entry_keys(players[seat]):
                add_problem(parsed, hand.line, Message(gettext_lazy(
                    "Sitz %(seat)s ist laut Datei %(name)s, laut Sitzordnung %(player)s."), seat=seat, name=name,
                    player=players[seat].player.name), **where)
        if hand.raw is not None:
            data, refused = hand_from_json(hand.raw, players, sitting_out)
        else:
            data, refused = hand_from_cells(hand.cells, tournament, players, sitting_out)
        for said in refused:
            add_problem(parsed, hand.line, said, **where)
        if not refused:
            try:
                hand.stored_form = read_hand(data, ruleset).to_dict()
            except InvalidHand as error:
                for problem in error.problems:
                    # The engine's own pair (rules/engine/messages.py), carried on as it wrote it.
                    add_problem(parsed, hand.line, pure_pair(problem.message_de, problem.message_en), **where)
        hand.data = data
        by_table[(hand.round, hand.table)].append(hand)
    stored = entered_data(tournament)
    new_hands: list[FileHand] = []
    for key in sorted(by_table):
        new_hands += _check_numbers(parsed, plans[key], stored.get(key, {}), by_table[key], report)
    report.tables = len({(hand.round, hand.table) for hand in new_hands})
    return new_hands


def _check_numbers(parsed: Parsed, plan: TablePlan, stored: dict[int, dict], hands: list[FileHand],
                   report: ImportReport) -> list[FileHand]:
    """Hands already stored the same way are skipped; the others must run on from the last stored
    hand without a gap or a repeat, up to the hands planned at the table."""
    new = []
    for hand in hands:
        if hand.number in stored:
            if hand.stored_form is not None and hand.stored_form != stored[hand.number]:
                add_problem(parsed, hand.line, Message(gettext_lazy(
                    "Spiel %(hand)s ist schon gespeichert, mit anderen Angaben. Korrekturen bitte über den Zettel der "
                    "Turnierleitung."), hand=hand.number), **where_of(hand))
            elif hand.stored_form is not None:
                report.hands_skipped += 1
        else:
            new.append(hand)
    new.sort(key=lambda hand: (hand.number, hand.line))
    expected, seen = len(stored) + 1, {}
    for hand in new:
        where = where_of(hand)
        if hand.number in seen:
            said = (gettext_lazy("Spiel %(hand)s steht zweimal in der Datei (auch Eintrag %(line)s).") if parsed.items else
                    gettext_lazy("Spiel %(hand)s steht zweimal in der Datei (auch Zeile %(line)s)."))
            add_problem(parsed, hand.line, Message(said, hand=hand.number, line=seen[hand.number]), **where)
            continue
        seen[hand.number] = hand.line
        if hand.number > expected:
            said = (gettext_lazy("Vor Spiel %(hand)s fehlt Spiel %(first)s.") if hand.number == expected + 1 else
                    gettext_lazy("Vor Spiel %(hand)s fehlt Spiel %(first)s bis %(last)s."))
            add_problem(parsed, hand.line, Message(said, hand=hand.number, first=expected, last=hand.number - 1), **where)
        expected = hand.number + 1
        if hand.number > plan.hands_planned:
            add_problem(parsed, hand.line, Message(gettext_lazy(
                "An diesem Tisch sind nur %(planned)s Spiele geplant."), planned=plan.hands_planned), **where)
        elif plan.ended_early:
            add_problem(parsed, hand.line, gettext_lazy("Dieser Tisch ist vorzeitig beendet."), **where)
    return new



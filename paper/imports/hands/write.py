"""Writing an import that passed every check: seat the rounds, then record the hands BATCH at a time,
each batch in a transaction of its own (paper/imports/batches.py), so the tables' saves go on.

A write refused half-way (only a change since the check can cause it: a tablet entered a hand of
the same table meanwhile) keeps what was written before, and the report says how much; uploading
the file again is safe, since hands stored the same way are skipped and a seated round must match."""

from __future__ import annotations

from language import ServiceError, pure_pair
from paper.imports.batches import batches
from paper.imports.hands.read import FileHand, where_of
from paper.imports.hands.report import ImportProblem, ImportReport
from rules.engine import InvalidHand
from scoring.services import IMPORT, store_hand
from tournament import live
from tournament import rounds as tournament_rounds
from tournament.events import ChangeKind
from tournament.models import Table, Tournament

BATCH = 50  # hands a transaction (a hand is a few ms to record)


class Failed(Exception):
    def __init__(self, problem: ImportProblem):
        super().__init__(str(problem))
        self.problem = problem


def write(tournament: Tournament, to_seat: dict[int, dict[int, list[int]]], hands: list[FileHand], filename: str,
           user, report: ImportReport, *, items: bool) -> None:
    """Seat each round (a transaction each), then record the hands in batches; a refusal rolls back
    its batch only, ``report`` counts what is stored."""
    source = f"Import {filename}"[:120]
    rounds = {r.number: r for r in tournament.round_set.all()}
    for number in sorted(to_seat):
        try:
            tournament_rounds.seat_round_as_given(round=rounds[number], tables=to_seat[number], user=user,
                                                    source=source)
        except ServiceError as error:
            raise Failed(ImportProblem(None, error.said, round=number)) from None
        report.rounds_seated.append(number)
    tables = {(t.round.number, t.number): t for t in Table.objects.filter(
        round__tournament=tournament, round__number__in={hand.round for hand in hands}).select_related("round")}
    for chunk in batches(sorted(hands, key=lambda h: (h.round, h.table, h.number)), BATCH):
        _record_batch(tournament=tournament, chunk=chunk, tables=tables, user=user, items=items)
        report.hands_imported += len(chunk)


@live.write_service(kind=ChangeKind.HAND)
def _record_batch(*, tournament: Tournament, chunk: list[FileHand], tables: dict, user, items: bool) -> None:
    """One batch of hands in a transaction of its own (the live pages' version goes up once)."""
    for hand in chunk:
        try:
            store_hand(table=tables[(hand.round, hand.table)], number=hand.number, data=hand.data,
                       entered_by=IMPORT, user=user, director=True)
        except InvalidHand as error:
            raise Failed(ImportProblem(hand.line, pure_pair(error.message("de"), error.message("en")), item=items,
                                        **where_of(hand))) from None
        except ServiceError as error:
            raise Failed(ImportProblem(hand.line, error.said, item=items,
                                        **where_of(hand))) from None

"""Writing an import that passed every check: seat the rounds, record the hands, in one transaction."""

from __future__ import annotations

from paper.imports.hands.read import FileHand, where_of
from paper.imports.hands.report import ImportProblem, ImportReport
from rules.engine import InvalidHand
from scoring.services import IMPORT, record_hand
from tournament import live
from tournament import rounds as tournament_rounds
from tournament.errors import ServiceError
from tournament.models import Table, Tournament


class Failed(Exception):
    def __init__(self, problem: ImportProblem):
        super().__init__(str(problem))
        self.problem = problem


@live.write_service
def write(tournament: Tournament, to_seat: dict[int, dict[int, list[int]]], hands: list[FileHand], filename: str,
           user, report: ImportReport, *, items: bool) -> None:
    """Seat and record everything in one transaction (the write service's); a refusal rolls all of it back."""
    source = f"Import {filename}"[:120]
    rounds = {r.number: r for r in tournament.round_set.all()}
    for number in sorted(to_seat):
        try:
            tournament_rounds.seat_round_as_given(round=rounds[number], tables=to_seat[number], user=user,
                                                    source=source)
        except ServiceError as error:
            raise Failed(ImportProblem(None, error.message_de, error.message_en, round=number)) from None
        report.rounds_seated.append(number)
    tables = {(t.round.number, t.number): t for t in Table.objects.filter(
        round__tournament=tournament, round__number__in={hand.round for hand in hands}).select_related("round")}
    for hand in sorted(hands, key=lambda h: (h.round, h.table, h.number)):
        try:
            record_hand(table=tables[(hand.round, hand.table)], number=hand.number, data=hand.data,
                        entered_by=IMPORT, user=user, director=True)
        except InvalidHand as error:
            raise Failed(ImportProblem(hand.line, error.message("de"), error.message("en"), item=items,
                                        **where_of(hand))) from None
        except ServiceError as error:
            raise Failed(ImportProblem(hand.line, error.message_de, error.message_en, item=items,
                                        **where_of(hand))) from None
        report.hands_imported += 1


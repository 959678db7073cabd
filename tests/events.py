"""Whole events for the tests: rounds seated, played with random valid hands and closed, as a director would."""

from __future__ import annotations

from contextlib import contextmanager

from django.db import transaction

from tournament import rounds as round_services


@contextmanager
def built_once(django_db_blocker):
    """Data a whole module only reads, built once (in a module-scoped fixture): inside one transaction
    that is rolled back after the module's last test. Each test's own transaction nests in it as a
    savepoint, so what a test writes is gone before the next one starts, and other modules never
    see the data."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield
        transaction.set_rollback(True)


def play_rounds(tournament, play_round, rounds: int):
    """Rounds 1..rounds: seat each (round 1 may already be seated), play every hand, close it."""
    for number in range(1, rounds + 1):
        round = tournament.round_set.get(number=number)
        if round.status == round.PLANNED:
            round_services.seat_round(round=round, seed=f"r{number}")
        play_round(round, seed=number)
        round_services.close_round(round=round)
    return tournament


def seat_as_the_director(round, **arguments):
    """Seat ``round`` as the round page does: the draw with the ranking the round needs (none for round 1)."""
    from scoring.selectors import seating_ranking

    return round_services.seat_round(round=round, ranking=seating_ranking(round), **arguments)


def substitute_as_the_director(round, **arguments):
    """A substitute instead of the round's bye, as the round page seats him."""
    from scoring.selectors import seating_ranking
    from tournament.players import seat_with_substitute

    return seat_with_substitute(round=round, ranking=seating_ranking(round), **arguments)

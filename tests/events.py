"""Whole events for the tests: rounds seated, played with random valid hands and closed, as a director would."""

from __future__ import annotations


def play_rounds(tournament, play_round, rounds: int):
    """Rounds 1..rounds: seat each (round 1 may already be seated), play every hand, close it."""
    from tournament import services

    for number in range(1, rounds + 1):
        round = tournament.round_set.get(number=number)
        if round.status == round.PLANNED:
            services.seat_round(round=round, seed=f"r{number}")
        play_round(round, seed=number)
        services.close_round(round=round)
    return tournament

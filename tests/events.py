"""Whole events for the tests: rounds seated, played with random valid hands and closed, as a director would."""

from __future__ import annotations

from tournament import rounds as round_services


def play_rounds(tournament, play_round, rounds: int):
    """Rounds 1..rounds: seat each (round 1 may already be seated), play every hand, close it."""
    for number in range(1, rounds + 1):
        round = tournament.round_set.get(number=number)
        if round.status == round.PLANNED:
            round_services.seat_round(round=round, seed=f"r{number}")
        play_round(round, seed=number)
        round_services.close_round(round=round)
    return tournament

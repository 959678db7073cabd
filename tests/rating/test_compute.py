"""The rating's arithmetic (rating/compute.py) on made-up tournaments: who wins more stands higher, a lucky day
alone does not top the list, ties and one-player events."""

from __future__ import annotations

from datetime import date

import pytest

from rating.compute import Event, display, in_order, ranked, rate

pytestmark = pytest.mark.once


def event(key: str, day: int, order: list[int], cup: int | None = 1) -> Event:
    return Event(key, f"Turnier {key}", date(2026, 1, day), cup, tuple((p, i + 1) for i, p in enumerate(order)))


def test_a_player_who_always_wins_ranks_first_and_one_who_always_loses_last():
    events = [event(f"e{d}", d, [1, 2, 3, 4, 5, 6, 7, 8] if d % 2 else [1, 3, 2, 5, 4, 7, 6, 8]) for d in range(1, 11)]
    places = ranked(rate(events).values())
    assert places[0][1].player == 1
    assert places[-1][1].player == 8
    assert [p for p, _s in places] == list(range(1, 9))


def test_one_lucky_win_stands_below_steady_good_results():
    # Player 9 wins once; player 1 finishes second ten times in a row: the list shows the best, not the luckiest.
    events = [event(f"e{d}", d, [2, 1, 3, 4, 5, 6]) for d in range(1, 11)]
    events.append(event("lucky", 28, [9, 10, 11, 12, 13, 14]))
    standings = rate(events)
    assert standings[1].value > standings[9].value
    assert standings[9].sigma > standings[1].sigma


def test_finishing_last_again_and_again_lowers_the_skill_estimate_each_time():
    standings = rate([event(f"e{d}", d, [1, 2, 3, 4]) for d in range(1, 6)])
    last, first = standings[4], standings[1]
    mus = []
    for day in range(1, 6):
        mus.append(rate([event(f"e{d}", d, [1, 2, 3, 4]) for d in range(1, day + 1)])[4].mu)
    assert mus == sorted(mus, reverse=True) and mus[-1] < 25
    assert last.value < first.value


def test_a_tie_is_shared_and_the_history_has_a_step_per_tournament():
    standings = rate([event("a", 1, [1, 2, 3, 4]), Event("b", "Turnier b", date(2026, 1, 2), None,
                                                         ((1, 1), (2, 1), (3, 3), (4, 3)))])
    assert [s.event for s in standings[1].steps] == ["a", "b"]
    assert standings[1].steps[-1].rank == 1 and standings[2].steps[-1].rank == 1
    assert standings[1].tournaments == 2
    assert standings[1].value == display(standings[1].mu, standings[1].sigma)


def test_a_tournament_of_one_player_rates_nobody():
    assert rate([Event("x", "Solo", date(2026, 1, 1), None, ((1, 1),))]) == {}


def test_tournaments_are_rated_oldest_first_whatever_their_order_given():
    early, late = event("early", 1, [1, 2, 3, 4]), event("late", 20, [4, 3, 2, 1])
    assert in_order([late, early]) == [early, late]
    one, other = rate([late, early]), rate([early, late])
    assert one[1].mu == other[1].mu
    assert [s.event for s in one[1].steps] == ["early", "late"]


def test_equal_ratings_share_a_place():
    standings = rate([Event("t", "T", date(2026, 1, 1), None, ((1, 1), (2, 1), (3, 3)))])
    assert [(place, s.player) for place, s in ranked(standings.values())][:2] == [(1, 1), (1, 2)]

"""tournament.ranks: the one place places are numbered, with the shared flag."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.ranks import Place, rank_text, shared_ranks

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once


def places(keys, **kwargs):
    return [(place.rank, place.shared) for place in shared_ranks(keys, **kwargs)]


@pytest.mark.parametrize("keys, expected", [
    ([], []),
    ([9], [(1, False)]),
    ([9, 7, 5], [(1, False), (2, False), (3, False)]),
    ([9, 9, 7, 5], [(1, True), (1, True), (3, False), (4, False)]),  # shared at the top
    ([9, 7, 7, 5], [(1, False), (2, True), (2, True), (4, False)]),  # 1, 2, 2, 4
    ([9, 7, 5, 5], [(1, False), (2, False), (3, True), (3, True)]),  # shared at the bottom
    ([5, 5, 5, 5], [(1, True)] * 4),  # all tied
    ([9, 9, 7, 7, 7, 1], [(1, True), (1, True), (3, True), (3, True), (3, True), (6, False)]),
])
def test_competition_ranking(keys, expected):
    assert places(keys) == expected


def test_keys_are_compared_whole_and_only_with_neighbours():
    assert places([(10, 3), (10, 2), (10, 2)]) == [(1, False), (2, True), (2, True)]
    # Rows are sorted before they are numbered: equal keys apart are not one shared rank.
    assert places([1, 2, 1]) == [(1, False), (2, False), (3, False)]


def test_a_group_ranked_after_another_starts_after_it():
    assert places([4, 4, 2], start=13) == [(13, True), (13, True), (15, False)]


@given(st.lists(st.integers(min_value=0, max_value=5), max_size=30))
def test_ranks_skip_the_places_a_shared_rank_took(values):
    keys = sorted(values, reverse=True)
    numbered = shared_ranks(keys)
    for index, place in enumerate(numbered):
        assert place.rank == 1 + sum(1 for key in keys if key > keys[index])
        assert place.shared == (keys.count(keys[index]) > 1)


def test_rank_text():
    assert rank_text(3, False) == "3" and rank_text(3, True) == "3=" and rank_text(None, False) == ""
    assert rank_text(*Place(1, True)) == "1="


def test_the_standings_and_the_season_number_their_ranks_here():
    """Two players level after every tie-break share a rank the same way in a tournament's standings,
    in the players a cup counts of it, and in a season."""
    from decimal import Decimal as D

    from cups.season import PlayerSeason, Result, rank_season
    from tournament.standings import PlayerScores, rank

    players = [PlayerScores(n, f"P{n}", "", None, {1: D(p)}) for n, p in enumerate([9, 7, 7, 5], start=1)]
    assert [(r.rank, r.shared) for r in rank(players, tie_breaks=())] == places([9, 7, 7, 5])
    season = [PlayerSeason(f"p{n}", f"P{n}", "", (Result("t1", r, D(p)),))
              for n, (r, p) in enumerate([(1, 9), (2, 7), (2, 7), (4, 5)])]
    _, rows = rank_season(season, tournaments=1)
    assert [(r.rank, r.shared) for r in rows] == places([9, 7, 7, 5])

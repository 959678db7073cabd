"""tests/seating_memo.py gives the tests that only need a seated round the draw searched once per process:
it must be the very Draw the real search returns for the callers' own labels, histories and options,
and it must leave refusals to the real draw."""

from __future__ import annotations

import pytest
import seating_memo
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_budget import examples

from tournament import seating
from tournament.seating import SeatingImpossible

pytestmark = pytest.mark.once


def _played(players: list, rounds: int, seed: int, gone: int, extra: int) -> list:
    """Rounds as played before: some of ``players`` gone since, some who played then and are gone now."""
    earlier = players[gone:] + [f"weg-{i}" for i in range(extra)]
    if len(earlier) < 4 or len(earlier) in (6, 7, 11):
        return []
    return list(seating_memo.real_draw(earlier, rounds, seed).rounds)


@settings(max_examples=examples(40), deadline=None)
@given(n=st.integers(4, 30), rounds=st.integers(0, 3), seed=st.one_of(st.integers(0, 99), st.text(max_size=3)),
       played=st.integers(0, 2), gone=st.integers(0, 3), extra=st.integers(0, 3), five=st.booleans(), six=st.booleans(),
       labels=st.randoms(use_true_random=False))
def test_the_reused_draw_is_the_real_draw_with_the_callers_labels(n, rounds, seed, played, gone, extra, five, six, labels):
    players = [f"spieler-{labels.randrange(10**6)}-{i}" for i in range(n)]
    labels.shuffle(players)
    history = _played(players, played, 7, gone, extra) if played else []
    options = {"allow_five": five, "allow_six": six}
    try:
        real = seating_memo.real_draw(players, rounds, seed, history=history, **options)
    except SeatingImpossible:
        with pytest.raises(SeatingImpossible):
            seating_memo.draw(players, rounds, seed, history=history, **options)
        return
    assert seating_memo.draw(players, rounds, seed, history=history, **options) == real
    # Again with other labels for the same canonical form: the stored search, labelled for this caller.
    renamed = {p: ("neu", i) for i, p in enumerate(players)}
    again = seating_memo.draw([renamed[p] for p in players], rounds, seed, **options,
                              history=[[[renamed.get(p, p) for p in t] for t in r] for r in history])
    assert again == seating_memo.real_draw([renamed[p] for p in players], rounds, seed, **options,
                                           history=[[[renamed.get(p, p) for p in t] for t in r] for r in history])


@pytest.mark.parametrize("players, rounds, seed", [
    ([1, 2, 3, 4, 5, 6, 7, 1], 1, 1), (range(8), -1, 1), (range(8), 1, 1.5), (range(8), True, 1), (range(8), 1, [1]),
])
def test_a_draw_the_real_search_refuses_is_refused_the_same_way(players, rounds, seed):
    with pytest.raises((ValueError, TypeError)) as real:
        seating_memo.real_draw(players, rounds, seed)
    with pytest.raises(real.type, match=str(real.value).replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")):
        seating_memo.draw(players, rounds, seed)


def test_a_seated_round_in_the_suite_uses_the_stored_draw(make_tournament):
    """tests/conftest.py puts the memo in place for the service in every test not marked ``fresh_draws``."""
    assert seating.draw is seating_memo.draw
    make_tournament(players=9, slug="memo-a")
    before = dict(seating_memo._drawn)
    make_tournament(players=9, slug="memo-b")
    assert seating_memo._drawn == before and any(key[0] == 9 for key in before)


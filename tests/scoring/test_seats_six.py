"""Who plays a hand at a table of six: two sit out each hand, the dealer and the one opposite
(events.md, as ABAKUS rotates them), and the deal passes on as at four and five."""

from collections import Counter

import pytest

from scoring.seats import active_positions, seat_entries, sitting_out

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once


@pytest.mark.parametrize("first_dealer", range(6))
def test_six_two_sit_out_the_dealer_and_the_one_opposite(first_dealer):
    for hand in range(1, 13):
        dealer = (first_dealer + hand - 1) % 6
        out = sitting_out(hand, 6, first_dealer)
        assert out == [dealer, (dealer + 3) % 6]
        playing = active_positions(hand, 6, first_dealer)
        assert len(playing) == 4 and not set(playing) & set(out) and len(set(playing)) == 4
        assert playing[0] == (dealer + 1) % 6  # Vorhand sits after the dealer


def test_six_everyone_sits_out_one_hand_in_three():
    out = Counter(p for hand in range(1, 13) for p in sitting_out(hand, 6))
    assert out == {p: 4 for p in range(6)}


def test_four_and_five_are_unchanged():
    assert sitting_out(1, 4) == [] and active_positions(1, 4) == [1, 2, 3, 0]
    assert sitting_out(3, 5, 1) == [3] and active_positions(3, 5, 1) == [4, 0, 1, 2]


def test_seat_entries_at_six():
    assert seat_entries([10, 11, 12, 13, 14, 15], 1) == {0: 11, 1: 12, 2: 14, 3: 15}

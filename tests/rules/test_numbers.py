"""rules.engine.numbers: exact numbers as JSON numbers, the one function every JSON document uses."""

from __future__ import annotations

import json
from decimal import Decimal as D
from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.engine.numbers import json_number

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once


@pytest.mark.parametrize("value, number", [
    (F(4, 2), 2), (F(-6, 3), -2), (D("10.00"), 10), (D("-3.00"), -3), (D("0"), 0), (D("-0.00"), 0),
    (D("1E+2"), 100), (7, 7), (-7, -7),
])
def test_whole_numbers_are_integers(value, number):
    written = json_number(value)
    assert written == number and type(written) is int
    assert json.dumps(written) == str(number)


@pytest.mark.parametrize("value, number", [
    (F(1, 3), 1 / 3), (F(-2, 3), -2 / 3), (D("0.33"), 0.33), (D("-0.67"), -0.67), (D("109.5"), 109.5),
    (D("-12.25"), -12.25),
])
def test_the_rest_are_the_nearest_float(value, number):
    written = json_number(value)
    assert written == number and type(written) is float


def test_anything_else_is_left_as_it_is():
    assert json_number(None) is None and json_number(0.5) == 0.5 and json_number(True) is True


def test_every_json_document_writes_numbers_through_it():
    """The engine's results, the standings document and the season standings share the function."""
    from importlib import import_module

    from cups import selectors as season
    from rules.engine import types

    standings = import_module("scoring.selectors.standings")
    assert types.json_number is standings.json_number is season.json_number is json_number


def _engine_before(value):  # rules.engine.types.number
    if isinstance(value, F):
        return int(value) if value.denominator == 1 else float(value)
    return value


def _standings_before(value):  # scoring.selectors.standings._number
    return int(value) if value == value.to_integral_value() else float(value.quantize(D("0.01")))


def _season_before(value):  # cups.selectors._plain
    if isinstance(value, D):
        return int(value) if value == int(value) else float(value)
    return value


@given(st.fractions(max_denominator=12).filter(lambda f: abs(f) < 10**6))
def test_the_engine_writes_what_it_wrote(value):
    assert repr(json_number(value)) == repr(_engine_before(value))


@given(st.decimals(min_value=-10**6, max_value=10**6, places=2))
def test_the_standings_and_the_season_write_what_they_wrote(value):
    # The standings' points are hundredths (summed in SQL and quantised, or carried to the cent).
    assert repr(json_number(value)) == repr(_standings_before(value)) == repr(_season_before(value))


def test_equal_shares_stay_equal_and_the_hand_sums_to_zero():
    """Three players split a Trischaken payment of 2: each reads -0,67, never -0,66 / -0,67 / -0,67;
    the hundredth goes to the one who received it."""
    from fractions import Fraction

    from rules.engine.rounding import equal_hundredths as hundredths

    shares = hundredths([Fraction(-2, 3)] * 3 + [2])
    assert [str(v) for v in shares] == ["-0.67", "-0.67", "-0.67", "2.01"] and sum(shares) == 0
    two_groups = hundredths([Fraction(-1, 3), Fraction(-1, 3), Fraction(1, 3), Fraction(1, 3)])  # sums to zero as is
    assert two_groups[0] == two_groups[1] and two_groups[2] == two_groups[3] and sum(two_groups) == 0
    only_shared = hundredths([Fraction(1, 3)] * 3)  # nobody has an amount of his own: one group splits
    assert sum(only_shared) == 1 and sorted(str(v) for v in only_shared) == ["0.33", "0.33", "0.34"]
    assert hundredths([1, -1, 0, 0]) == tuple(D(v) for v in ("1.00", "-1.00", "0.00", "0.00"))

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

"""Golden values of the cup-point schemes (docs/sources/season.md; ABAKUS Statistik/statFunktionen.js
getCupPunkte, Statistik/Statistik.js tFIXPUNKTE) and properties that hold for any field."""

from __future__ import annotations

import ast
import math
import re
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cups import schemes
from cups.schemes import BUILTIN, FIXPUNKTE

CUBE, FIXED, HEINE = BUILTIN["cube"], BUILTIN["fixed"], BUILTIN["heine"]
SPEC = Path(__file__).resolve().parents[2] / "docs" / "sources" / "season.md"


def test_pure_module_imports_no_django():
    for module in ("schemes.py", "season.py"):
        tree = ast.parse((Path(schemes.__file__).parent / module).read_text())
        names = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        names += [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        assert not [n for n in names if n.startswith("django")]


@pytest.mark.parametrize(("rank", "players", "points"), [
    (1, 17, 200),            # the winner always gets the maximum
    (2, 17, 165),            # 200 · (15/16)³ = 164.79
    (9, 17, 25),             # 200 · (8/16)³ = 25
    (16, 17, 0),             # 200 · (1/16)³ = 0.049 → 0
    (17, 17, 0),             # the last gets 0
    (1, 1, 0),               # N = 1: the only player is the last
    (1, 2, 200), (2, 2, 0),
    (2, 5, 84),              # 200 · (3/4)³ = 84.375
    (3, 5, 25),              # 200 · (1/2)³ = 25
    (4, 5, 3),               # two tied for 4th of 5 share rank 4: 200 · (1/4)³ = 3.125
    (2, 9, 134),             # 200 · (7/8)³ = 133.98
])
def test_cube_golden(rank, players, points):
    assert CUBE.points(rank=rank, players=players) == points


def test_cube_rounds_half_away_from_zero():
    # 200 · (x)³ = k + 0.5 exactly: N − 1 = 10, rank with (N − rank) = 5 → 200 · 0.125 = 25 (no half);
    # (N − rank)/(N − 1) = 1/2 with maximum 1 and exponent 1 → 0.5 → 1.
    half = schemes.Scheme("t", "t", schemes.CUBE, (1, 1))
    assert half.points(rank=2, players=3) == 1
    assert schemes._round_half_away(schemes.Fraction(-5, 2)) == -3


def test_fixed_is_the_spec_list():
    text = SPEC.read_text()
    row = next(line for line in text.splitlines() if line.startswith("| `fixed`"))
    spec_numbers = tuple(int(n) for n in re.findall(r"\d+", row.split("get", 1)[1].split("; rank")[0]))
    assert spec_numbers == FIXPUNKTE and len(FIXPUNKTE) == 50


@pytest.mark.parametrize(("rank", "points"), [(1, 223), (2, 198), (10, 117), (25, 49), (50, 1), (51, 0), (200, 0)])
def test_fixed_golden(rank, points):
    assert FIXED.points(rank=rank, players=300) == points


@pytest.mark.parametrize(("total", "points"), [
    (-40, 0), (0, 0), (1, 1), (57, 57), (100, 100), (101, 100), (102, 101), (103, 101), (250, 175),
    (299, 199), (300, 200), (412, 200), (Decimal("99.50"), Decimal("99.50")), (Decimal("150.99"), 125),
])
def test_heine_golden(total, points):
    assert HEINE.points(rank=1, players=10, total=total) == points


def test_custom_table_scheme():
    mine = schemes.table_scheme("hausruck", "Hausruck", (30, 25, 20, 15))
    assert [mine.points(rank=r, players=9) for r in range(1, 7)] == [30, 25, 20, 15, 0, 0]
    with pytest.raises(ValueError):
        schemes.table_scheme("x", "x", [])
    with pytest.raises(ValueError):
        schemes.table_scheme("x", "x", [3, -1])


@given(st.integers(1, 400).flatmap(lambda n: st.tuples(st.just(n), st.integers(1, n))))
def test_cube_bounds_and_order(field):
    players, rank = field
    points = CUBE.points(rank=rank, players=players)
    assert 0 <= points <= 200
    if rank < players:
        assert points >= CUBE.points(rank=rank + 1, players=players)
    if rank == 1 and players > 1:
        assert points == 200


@given(st.integers(1, 120))
def test_fixed_never_increases_with_rank(rank):
    assert FIXED.points(rank=rank, players=120) >= FIXED.points(rank=rank + 1, players=120) >= 0


@given(st.decimals(min_value=-1000, max_value=1000, places=2))
def test_heine_bounds_and_monotone(total):
    points = HEINE.points(rank=1, players=1, total=total)
    assert 0 <= points <= 200
    assert points <= max(total, 0)
    assert HEINE.points(rank=1, players=1, total=total + 1) >= points


@given(st.integers(-1000, 1000))
def test_heine_whole_totals_in_int_arithmetic_agree_with_fractions(whole):
    """Whole totals take a shortcut in ints (issue 30 point 7): the same points as the exact fraction rule,
    whether the total comes as an int or as a Decimal with hundredths, as the database gives it."""
    p = Fraction(whole)
    exact = 0 if p <= 0 else 200 if p >= 300 else 100 + math.floor((p - 100) / 2) if p > 100 else int(p)
    for total in (whole, Decimal(f"{whole}.00"), Decimal(whole)):
        points = HEINE.points(rank=1, players=1, total=total)
        assert points == exact and type(points) is int

"""Cup points of one tournament: the schemes the Austrian cups use, as data. Pure Python (no Django).

A scheme is (key, name, kind, numbers); ``kind`` picks one of three small rules and ``numbers`` are its
values, so a director adds a scheme of his own as a ``table`` without code (cups.models.CupScheme).
Binding contract: docs/sources/season.md "Cup points of one tournament". Sources (ahunu/ABAKUS,
read for the values, no code taken):

* ``cube`` (Tirol up to 2019/20): ``round(200 · ((N − rank) / (N − 1))³)``. ABAKUS
  ``Statistik/statFunktionen.js`` ``getCupPunkte`` (the ``stCup === 55`` Tirolcup branch:
  ``Math.round(200 * Math.pow((TEILNEHMER - platz) / (TEILNEHMER - 1), 3))``). The last gets 0;
  with N = 1 (no N − 1 to divide by) the only player is also the last and gets 0.
* ``fixed``: ranks 1–50 get the numbers of ``tFIXPUNKTE`` (ABAKUS ``Statistik/Statistik.js``,
  the array ``tFIXPUNKTE``, also used by ``getCupPunkte`` for ``platz <= 50``); rank > 50 → 0.
* ``heine``: from the tournament total P (ABAKUS ``Statistik/statFunktionen.js`` ``getCupPunkte``,
  the branch reading "Meine Cuppunkte": ``P > 100`` → ``parseInt((P − 100) / 2) + 100``, negative → none);
  the spec caps it: ``P ≥ 300`` → 200, ``P ≤ 0`` → 0.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Callable

CUBE, TABLE, TOTAL = "cube", "table", "total"
KINDS = (CUBE, TABLE, TOTAL)

Number = int | Decimal


@dataclass(frozen=True)
class Scheme:
    """``kind`` cube: numbers = (maximum, exponent); table: points of rank 1, 2, …; total (Heine):
    numbers = (knee, cap) — P up to the knee counts 1:1, above it half, from the cap on it is fixed."""

    key: str
    name: str
    kind: str
    numbers: tuple[int, ...]
    source: str = ""

    def points(self, *, rank: int, players: int, total: Number = 0) -> Number:
        """Cup points of a player ranked ``rank`` of ``players`` ranked players with tournament total ``total``."""
        return POINTS[self.kind](self.numbers, rank, players, total)


def _whole(value: Fraction | Decimal) -> Number:
    """An integral value as int; anything else as Decimal (a total with hundredths)."""
    if value == int(value):
        return int(value)
    return Decimal(value.numerator) / Decimal(value.denominator) if isinstance(value, Fraction) else value


def _round_half_away(value: Fraction) -> int:
    """Half away from zero (Math.round in ABAKUS rounds half up; the values are never negative)."""
    magnitude = math.floor(abs(value) + Fraction(1, 2))
    return magnitude if value >= 0 else -magnitude


def _cube(numbers: tuple[int, ...], rank: int, players: int, total: Number) -> Number:
    maximum, exponent = numbers
    if players <= 1 or rank >= players:
        return 0  # the last (and the only player, N = 1) gets 0
    return _round_half_away(maximum * Fraction(players - rank, players - 1) ** exponent)


def _table(numbers: tuple[int, ...], rank: int, players: int, total: Number) -> Number:
    return numbers[rank - 1] if 1 <= rank <= len(numbers) else 0


def _total(numbers: tuple[int, ...], rank: int, players: int, total: Number) -> Number:
    knee, cap = numbers
    if isinstance(total, Decimal) and total == total.to_integral_value():
        total = int(total)  # whole totals (nearly all) in int arithmetic: Fraction cost a season page a quarter
    if isinstance(total, int):
        if total <= 0:
            return 0
        return knee + (cap - knee) // 2 if total >= cap else knee + (total - knee) // 2 if total > knee else total
    p = Fraction(Decimal(total))
    if p <= 0:
        return 0
    if p >= cap:
        return knee + (cap - knee) // 2
    if p > knee:
        return knee + math.floor((p - knee) / 2)
    return _whole(p)


POINTS: dict[str, Callable[[tuple[int, ...], int, int, Number], Number]] = {
    CUBE: _cube,
    TABLE: _table,
    TOTAL: _total,
}

# ABAKUS Statistik/Statistik.js, array tFIXPUNKTE (index 1..50); the spec lists the same 50 numbers.
FIXPUNKTE = (
    223, 198, 180, 168, 156, 147, 138, 131, 124, 117,
    110, 105, 100, 95, 90, 85, 80, 76, 72, 68,
    64, 60, 56, 52, 49, 46, 43, 40, 37, 34,
    31, 28, 26, 24, 22, 20, 18, 16, 14, 12,
    10, 9, 8, 7, 6, 5, 4, 3, 2, 1,
)

BUILTIN: dict[str, Scheme] = {
    "cube": Scheme("cube", "Kubisch (Tirol bis 2019/20)", CUBE, (200, 3),
                   "ABAKUS Statistik/statFunktionen.js getCupPunkte (Tirolcup, stCup 55)"),
    "fixed": Scheme("fixed", "Fixpunkte (Rang 1–50)", TABLE, FIXPUNKTE,
                    "ABAKUS Statistik/Statistik.js tFIXPUNKTE; statFunktionen.js getCupPunkte"),
    "heine": Scheme("heine", "Heine (aus den Turnierpunkten)", TOTAL, (100, 300),
                    "ABAKUS Statistik/statFunktionen.js getCupPunkte (Cuppunkte > 100: die Hälfte)"),
}


def table_scheme(key: str, name: str, numbers: list[int] | tuple[int, ...], source: str = "") -> Scheme:
    """A director's own scheme: points by rank (rank 1 first); ranks beyond the list get 0."""
    values = tuple(int(n) for n in numbers)
    if not values:
        raise ValueError("a table scheme needs at least one number")
    if any(n < 0 for n in values):
        raise ValueError("cup points are never negative")
    return Scheme(key, name, TABLE, values, source)

"""Storing exact amounts in hundredths without breaking zero-sum.

Points are whole numbers except where a Trischaken tie splits a payment into thirds (seed 000:
"Players with the same card points split their victory points"). Stored and summed as Decimal
with two places, -2/3 three times would lose a hundredth; the largest-remainder rule gives the
hundredth to the seats closest to rounding up, so a hand still sums to exactly zero.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from math import floor
from typing import Sequence

from .types import Amount


def hundredths(values: Sequence[Amount]) -> tuple[Decimal, ...]:
    exact = [Fraction(value) * 100 for value in values]
    floors = [floor(value) for value in exact]
    missing = round(sum(exact)) - sum(floors)
    closest = sorted(range(len(values)), key=lambda i: (floors[i] - exact[i], i))
    for index in closest[:missing]:
        floors[index] += 1
    return tuple(Decimal(value).scaleb(-2) for value in floors)

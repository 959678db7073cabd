"""Storing exact amounts in hundredths without breaking zero-sum.

Points are whole numbers except where a Trischaken tie splits a payment into thirds (seed 000:
"Players with the same card points split their victory points"). Stored and summed as Decimal
with two places, -2/3 three times would lose a hundredth. Money (``hundredths``) keeps every seat
within a cent of its exact amount by the largest-remainder rule. Standings points
(``equal_hundredths``) keep equal amounts equal (three players who split a payment read the same
figure, and their running totals stay equal): the missing
amounts are rounded to the nearest hundredth, and the hundredth that zero-sum then misses goes to the
seat with an amount of its own that moved the most (the one who received the split payment); only
when every seat shares its amount with others is a group split, by the largest-remainder rule.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from math import floor
from typing import Sequence

from .types import Amount


def hundredths(values: Sequence[Amount]) -> tuple[Decimal, ...]:
    """Each amount within a hundredth of its exact value, the hand zero-sum: money (every cent as
    close as it can be to what the seat owes)."""
    exact = [Fraction(value) * 100 for value in values]
    floors = [floor(value) for value in exact]
    missing = round(sum(exact)) - sum(floors)
    closest = sorted(range(len(values)), key=lambda i: (floors[i] - exact[i], i))
    for index in closest[:missing]:
        floors[index] += 1
    return tuple(Decimal(value).scaleb(-2) for value in floors)


def equal_hundredths(values: Sequence[Amount]) -> tuple[Decimal, ...]:
    """Standings points: equal amounts stay equal, the hand zero-sum (see the module's docstring)."""
    exact = [Fraction(value) * 100 for value in values]
    nearest = [floor(value + Fraction(1, 2)) for value in exact]
    missing = round(sum(exact)) - sum(nearest)
    alone = [index for index, value in enumerate(exact) if exact.count(value) == 1]
    if missing and not alone:  # every amount is shared by several seats: a group has to split
        return hundredths(values)
    if missing:  # to the seat with an amount of its own that moved the most (who received the split)
        nearest[max(alone, key=lambda i: (abs(exact[i]), -i))] += missing
    return tuple(Decimal(value).scaleb(-2) for value in nearest)

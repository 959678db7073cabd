"""Exact numbers (points, cup points, euros) as JSON numbers: the one place they are written.

Pure Python, at the bottom of the layers, because the engine's own results (hand-format.md) are the
first JSON it writes; the standings document (season.md "Interfaces"), the season standings and the
scorer API write theirs through the same function, so a whole number is an integer and anything
else the nearest float everywhere.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction


def json_number(value: int | Fraction | Decimal) -> int | float:
    """``Fraction(10, 1)``, ``Decimal("10.00")`` -> 10; ``Fraction(1, 3)`` -> 0.333…, ``Decimal("-0.67")``
    -> -0.67. Anything else (an int, None, a float) is returned as it is."""
    if isinstance(value, (Fraction, Decimal)):
        whole = int(value)
        return whole if whole == value else float(value)
    return value

"""Card points in thirds.

Tarock counts cards in threes, so a pile is worth "P points and B leftover cards" (B in 0..2),
precisely P + B/3 (hand-format.md, `declarer_points`; seed 004 section 3: "35 Punkte und zwei
Blatt"). Working in whole thirds keeps every comparison exact: 35+2 is 107 thirds.
"""

from __future__ import annotations

import re

_PATTERN = re.compile(r"^\s*(\d+)\s*(?:\+\s*([0-2]))?\s*$")


def parse_thirds(value: object) -> int:
    """Return the thirds in ``"P"``, ``"P+B"`` or a whole number; ValueError otherwise."""
    if isinstance(value, bool):
        raise ValueError(value)
    if isinstance(value, int):
        if value < 0:
            raise ValueError(value)
        return value * 3
    if isinstance(value, float):
        if value < 0 or not value.is_integer():
            raise ValueError(value)
        return int(value) * 3
    if isinstance(value, str):
        match = _PATTERN.match(value)
        if match:
            return int(match.group(1)) * 3 + int(match.group(2) or 0)
    raise ValueError(value)


def thirds(points: int, cards: int = 0) -> int:
    return points * 3 + cards


def format_thirds(value: int) -> str:
    points, cards = divmod(value, 3)
    return f"{points}+{cards}" if cards else str(points)

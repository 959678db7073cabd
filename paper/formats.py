"""Numbers as people read them on paper, in the active language: one place for every sheet.

The digits and the euros are tournament.money's (the one home of money text, shared with the
messages of the tournament core); this module picks the active language for them."""

from __future__ import annotations

from decimal import Decimal
from functools import lru_cache
from typing import Any

from language import active_language
from tournament import money


def euro_text(amount: Decimal | int | float, *, signed: bool = False) -> str:
    """An amount of money as written on paper: "1,20 €" / "-0,40 €" in German, "€1.20" in English."""
    return money.euro_text(amount, lang=active_language(), signed=signed)


def number_text(value: Any, *, signed: bool = False) -> str:
    """Points: whole numbers without decimals, thirds with two ("12", "-0,67"); "" for nothing."""
    if value is None or value == "":
        return ""
    if isinstance(value, bool) or not isinstance(value, (int, float, Decimal)):
        return str(value)
    value = Decimal(value)
    places = 0 if value == value.to_integral_value() else 2
    sign = "-" if value < 0 else ("+" if signed and value > 0 else "")
    return f"{sign}{money.digits(value, places, lang=active_language())}"


def points_cell(value: Decimal | int | None, *, sign: bool = False) -> str:
    """Points in a score sheet's cell: like number_text, and "–" where a player has none (sits out)."""
    return "–" if value is None else _points_text(value, sign, active_language())


@lru_cache(maxsize=4096, typed=True)  # a round's sheets print 30,000 numbers, a few hundred different ones
def _points_text(value: Decimal | int, signed: bool, lang: str) -> str:
    return number_text(value, signed=signed)

"""Numbers as people read them on paper, in the active language: one place for every sheet."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from tournament.errors import active_language

CENT = Decimal("0.01")


def _grouped(value: Decimal, places: int) -> str:
    """1234.5 -> "1.234,50" (German) or "1,234.50" (English), without a sign."""
    text = f"{abs(value):,.{places}f}"
    if active_language() == "de":
        text = text.replace(",", "\0").replace(".", ",").replace("\0", ".")
    return text


def euro_text(amount: Decimal | int | float, *, signed: bool = False) -> str:
    """An amount of money as written on paper: "1,20 €" / "-0,40 €" in German, "€1.20" in English."""
    amount = Decimal(amount).quantize(CENT)
    sign = "-" if amount < 0 else ("+" if signed and amount > 0 else "")
    digits = _grouped(amount, 2)
    return f"{sign}{digits} €" if active_language() == "de" else f"{sign}€{digits}"


def number_text(value: Any, *, signed: bool = False) -> str:
    """Points: whole numbers without decimals, thirds with two ("12", "-0,67"); "" for nothing."""
    if value is None or value == "":
        return ""
    if isinstance(value, bool) or not isinstance(value, (int, float, Decimal)):
        return str(value)
    value = Decimal(value)
    places = 0 if value == value.to_integral_value() else 2
    sign = "-" if value < 0 else ("+" if signed and value > 0 else "")
    return f"{sign}{_grouped(value, places)}"


def points_cell(value: Decimal | int | None, *, sign: bool = False) -> str:
    """Points in a score sheet's cell: like number_text, and "–" where a player has none (sits out)."""
    return "–" if value is None else number_text(value, signed=sign)

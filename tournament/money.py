"""Euros: the one place cents become euros and euros cents, and an amount becomes text.

Pure Python (no Django), so every layer above the rules engine uses the same arithmetic: the
tournament core (the entry fee and the prizes are stored in cents, the stake per point too), the
hand money and the money selectors in scoring, the sheets in paper, the site's forms.

An amount of money is a Decimal in euros, quantised to the cent; cents are whole numbers as the
database stores them. Rounding to the cent is half to even everywhere, whatever the thread's
decimal context says, so an amount reads the same on every page and sheet. (Stored amounts are
whole cents already; rounding only matters for a float read back from SQLite's sums, where it
takes the nearest cent, and for text of an amount that was never money, such as a float.)
"""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal

CENT = Decimal("0.01")
# The most a point may be worth: 10 euros, far above any cup (10 cents) and far below what the stored
# amounts (10 digits) and the pages can hold for a whole event.
MAX_STAKE_CENTS = 1_000


def round_cent(amount: Decimal | int | float) -> Decimal:
    """An amount in euros to the nearest cent (half to even): ``Decimal("1.005")`` -> 1.00."""
    return Decimal(amount).quantize(CENT, rounding=ROUND_HALF_EVEN)


def from_cents(cents: int) -> Decimal:
    """Cents as euros: 1050 -> Decimal("10.50"), -5 -> Decimal("-0.05")."""
    if isinstance(cents, int):  # stored cents: moving the point is exact (and cheap, once per hand priced)
        return Decimal(cents).scaleb(-2)
    return round_cent(Decimal(cents) / 100)


def summed_cents(total: Decimal | float) -> int:
    """A database's sum of stored amounts as whole cents: exact, since every stored amount is whole cents
    and SQLite's float sum of them lies far closer to its cent than half a cent. Cheaper than
    round_cent for the thousands of sums a standings page reads."""
    return round(total * 100)


def to_cents(amount: Decimal) -> int:
    """Euros as whole cents: Decimal("10.5") -> 1050; a fraction of a cent rounds half to even."""
    return int((Decimal(amount) * 100).to_integral_value(rounding=ROUND_HALF_EVEN))


def digits(value: Decimal | int | float, places: int, *, lang: str, grouped: bool = True) -> str:
    """A number's digits without a sign: 1234.5 -> "1.234,50" (German) or "1,234.50" (English);
    ``grouped=False`` leaves out the thousands separators ("1234,50"), as in a form's field."""
    text = f"{abs(Decimal(value)):{',' if grouped else ''}.{places}f}"
    if lang == "de":
        text = text.replace(",", "\0").replace(".", ",").replace("\0", ".")
    return text


def euro_text(amount: Decimal | int | float, *, lang: str, signed: bool = False, grouped: bool = True) -> str:
    """An amount in euros as people write it: "1,20 €" / "-0,40 €" in German, "€1.20" / "-€0.40" in
    English; ``signed`` adds "+" to what is received."""
    amount = round_cent(amount)
    sign = "-" if amount < 0 else ("+" if signed and amount > 0 else "")
    text = digits(amount, 2, lang=lang, grouped=grouped)
    return f"{sign}{text} €" if lang == "de" else f"{sign}€{text}"

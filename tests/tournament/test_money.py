"""tournament.money: the one home of cents and euros (conversion, rounding to the cent, text), and
the check that no other module converts cents by hand."""

from __future__ import annotations

import ast
from decimal import Decimal as D
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.money import digits, euro_text, from_cents, round_cent, summed_cents, to_cents

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.mark.parametrize("cents, euros", [
    (0, "0.00"), (5, "0.05"), (10, "0.10"), (99, "0.99"), (100, "1.00"), (1050, "10.50"),
    (-5, "-0.05"), (-1050, "-10.50"), (100_000_000, "1000000.00"),
])
def test_cents_become_euros_quantised_to_the_cent(cents, euros):
    amount = from_cents(cents)
    assert amount == D(euros) and amount.as_tuple().exponent == -2  # "0.10", never "0.1"


def test_half_a_cent_of_cents_rounds_half_to_even():
    assert from_cents(D("12.5")) == D("0.12") and from_cents(D("13.5")) == D("0.14")
    assert from_cents(D("-12.5")) == D("-0.12") and from_cents(D("1050")) == D("10.50")


@pytest.mark.parametrize("euros, cents", [
    ("10.5", 1050), ("0.01", 1), ("-10.50", -1050), ("0", 0), ("1000000", 100_000_000),
    # half a cent: half to even, like every other rounding to the cent here
    ("0.005", 0), ("0.015", 2), ("0.025", 2), ("-0.005", 0), ("-0.015", -2), ("0.0051", 1),
])
def test_euros_become_whole_cents(euros, cents):
    assert to_cents(D(euros)) == cents and isinstance(to_cents(D(euros)), int)


@given(st.integers(min_value=-10**12, max_value=10**12))
def test_cents_round_trip(cents):
    assert to_cents(from_cents(cents)) == cents


@given(st.lists(st.integers(min_value=-10**6, max_value=10**6), max_size=200))
def test_a_float_sum_of_stored_amounts_is_read_as_its_exact_cents(amounts):
    """SQLite sums the stored two-place decimals as floats; a standings row sums up to 20 hands of a
    round, a tournament far more. The float sum's cents are the exact sum's, and PostgreSQL's exact
    Decimal sum reads the same."""
    as_sqlite_sums = sum(cents / 100 for cents in amounts)
    assert summed_cents(as_sqlite_sums) == sum(amounts) == summed_cents(sum((from_cents(c) for c in amounts), D(0)))


@pytest.mark.parametrize("amount, cent", [
    (D("1.005"), "1.00"), (D("1.015"), "1.02"), (D("-1.005"), "-1.00"), (D("-1.015"), "-1.02"),
    (D("2.675"), "2.68"), (D("7"), "7.00"), (0.1 + 0.2, "0.30"),  # a float sum read back from SQLite
    (-0.30000000000000004, "-0.30"), (12, "12.00"),
])
def test_round_cent(amount, cent):
    rounded = round_cent(amount)
    assert rounded == D(cent) and str(rounded) == cent


def test_rounding_ignores_the_thread_decimal_context():
    import decimal

    with decimal.localcontext() as context:
        context.rounding = decimal.ROUND_UP
        assert round_cent(D("1.001")) == D("1.00") and to_cents(D("0.001")) == 0


@pytest.mark.parametrize("amount, lang, signed, text", [
    (D("1.2"), "de", False, "1,20 €"), (D("1.2"), "en", False, "€1.20"),
    (D("-0.4"), "de", False, "-0,40 €"), (D("-0.4"), "en", False, "-€0.40"),
    (D("1234.5"), "de", False, "1.234,50 €"), (D("1234.5"), "en", False, "€1,234.50"),
    (D("1234567.891"), "de", True, "+1.234.567,89 €"), (D("3"), "en", True, "+€3.00"),
    (D("0"), "de", True, "0,00 €"), (D("-0.004"), "de", True, "0,00 €"),  # rounds to nothing: no sign
    (D("-0.005"), "en", False, "€0.00"), (D("-0.015"), "en", False, "-€0.02"), (2, "de", False, "2,00 €"),
])
def test_euro_text(amount, lang, signed, text):
    assert euro_text(amount, lang=lang, signed=signed) == text


def test_digits_without_grouping_read_back_in_a_form_field():
    assert digits(D("1234.5"), 2, lang="de", grouped=False) == "1234,50"
    assert digits(D("-1234.5"), 2, lang="en", grouped=False) == "1234.50"
    assert digits(D("1234.5"), 0, lang="de") == "1.234"


@settings(deadline=None)  # the first example imports the site's views
@given(st.integers(min_value=0, max_value=10**10))
def test_the_texts_of_stored_cents_are_what_they_were(cents):
    """The service's refusals and the prize form's lines printed cents with // and % before."""
    from tournament.services import _euros
    from website.views.director import _prize_lines

    assert _euros(cents) == f"{cents // 100},{cents % 100:02d} €"
    assert _euros(cents, "en") == f"€{cents // 100}.{cents % 100:02d}"
    assert _prize_lines([cents, 0]) == f"1. {cents // 100},{cents % 100:02d}\n2. 0,00"


# --- nobody else converts cents ---------------------------------------------------------------------

MONEY = "tournament/money.py"
SOURCE_PACKAGES = ["tournament", "scoring", "paper", "rules", "cups", "hall", "website"]
# Arithmetic by a factor of 100 that is not money, with the reason it is not.
NOT_MONEY = {
    ("rules/engine/rounding.py", "Fraction(value) * 100"),  # points and euros alike to hundredths, zero-sum
    ("rules/engine/rounding.py", "Decimal(value).scaleb(-2)"),  # ... and back
    ("tournament/standings.py", "preliminary * Decimal(carry_percent or 0) / 100"),  # the final's carried percent
    ("tournament/selectors.py", "100 * self.entered"),  # a round's progress in percent
    ("cups/services.py", "(start + 1) % 100"),  # a season's label, "2025/26"
    # the standings read summed points (floats on SQLite) as exact hundredths: points, not money
    ("scoring/selectors/standings.py", "total * 100"),
    ("scoring/selectors/standings.py", "hundredths // 100"),
    ("scoring/selectors/standings.py", "hundredths % 100"),
    ("scoring/selectors/standings.py", "Decimal(hundredths).scaleb(-2)"),
}


def _hundreds(path: Path) -> list[str]:
    """Every expression in ``path`` that multiplies, divides or takes the remainder by 100, or
    shifts the decimal point by two places: how cents become euros and euros cents."""
    source = path.read_text(encoding="utf-8")
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mult, ast.Div, ast.FloorDiv, ast.Mod)):
            hundred = any(isinstance(side, ast.Constant) and side.value == 100 for side in (node.left, node.right))
        elif isinstance(node, ast.AugAssign) and isinstance(node.op, (ast.Mult, ast.Div, ast.FloorDiv, ast.Mod)):
            hundred = isinstance(node.value, ast.Constant) and node.value.value == 100
        elif isinstance(node, ast.Call):
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", "")
            numbers = [arg.value for arg in node.args if isinstance(arg, ast.Constant)]
            numbers += [-arg.operand.value for arg in node.args
                        if isinstance(arg, ast.UnaryOp) and isinstance(arg.op, ast.USub)
                        and isinstance(arg.operand, ast.Constant)]
            hundred = (name in ("divmod", "Fraction") and 100 in numbers) or (name == "scaleb" and {2, -2} & set(numbers))
        else:
            continue
        if hundred:
            found.append(ast.get_source_segment(source, node))
    return found


def _source_files():
    for package in SOURCE_PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def test_the_scan_sees_every_way_of_converting_cents(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("a = x / 100\nb = x // 100\nc = x % 100\nd = y * 100\ne = Fraction(s, 100)\n"
                      "f = divmod(x, 100)\ng = D(x).scaleb(-2)\nh = 100 * y\nz /= 100\nok = x / 10\n")
    assert sorted(_hundreds(sample)) == sorted(["x / 100", "x // 100", "x % 100", "y * 100", "Fraction(s, 100)",
                                 "divmod(x, 100)", "D(x).scaleb(-2)", "100 * y", "z /= 100"])


def test_only_the_money_module_converts_cents():
    found = {(str(path.relative_to(ROOT)), expression) for path in _source_files() for expression in _hundreds(path)
             if path.relative_to(ROOT).as_posix() != MONEY}
    by_hand = sorted(found - NOT_MONEY)
    assert not by_hand, f"convert cents with tournament.money (from_cents, to_cents, euro_text): {by_hand}"
    gone = sorted(NOT_MONEY - found)
    assert not gone, f"no longer in the code, drop them from NOT_MONEY: {gone}"
    assert _hundreds(ROOT / MONEY)  # the one place that does


def test_euros_are_summed_per_player_in_one_query_only():
    """The standings' query sums each player's stored euros beside his points; a second SQL sum of
    the same euros (the money selector had one nobody read) could drift from it."""
    sums = []
    for path in _source_files():
        source = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Sum" and node.args
                    and isinstance(node.args[0], ast.Constant) and "euros" in str(node.args[0].value)):
                sums.append(path.relative_to(ROOT).as_posix())
    assert sums == ["scoring/selectors/standings.py"], sums


def test_the_prize_form_shows_the_stored_amounts_as_it_reads_them(client, director, make_tournament):
    """The entry fee is prefilled to the cent like the prize lines below it ("10,50", not "10,5"),
    and sending the form back unchanged stores the same cents."""
    from django.urls import reverse

    from tournament import services

    tournament = make_tournament(players=9, seat=False)
    services.set_prizes(tournament=tournament, entry_fee_cents=1050, prizes_cents=[5005, 1], over_fees_ok=True)
    url = reverse("tournament:prizes", args=[tournament.slug])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert 'value="10,50"' in page and "1. 50,05\n2. 0,01" in page
    saved = client.post(url, {"entry_fee": "10,50", "prizes": "1. 50,05\n2. 0,01", "over_fees_ok": "on"},
                        HTTP_ACCEPT_LANGUAGE="de")
    assert saved.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.entry_fee_cents, tournament.prizes_cents) == (1050, [5005, 1])

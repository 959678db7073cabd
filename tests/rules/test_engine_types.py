"""Card points in thirds, and the typed hand/result forms round-tripping through the interchange format."""

from fractions import Fraction

import pytest

from rules.engine import read_hand, score
from rules.engine.cardpoints import format_thirds, parse_thirds, thirds
from rules.engine.sampling import random_hands
from rules.rulesets import BUILTIN

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once


@pytest.mark.parametrize("value,expected", [
    ("35+2", 107), ("35", 105), (" 35 + 1 ", 106), (35, 105), (0, 0), (36.0, 108), ("0+2", 2),
])
def test_parse_thirds(value, expected):
    assert parse_thirds(value) == expected


@pytest.mark.parametrize("value", ["35+3", "-1", "35.5", "", "3 5", None, True, -2, 1.5, -3.0, [35]])
def test_parse_thirds_refuses(value):
    with pytest.raises(ValueError):
        parse_thirds(value)


def test_format_thirds_and_helpers():
    assert format_thirds(107) == "35+2" and format_thirds(105) == "35" and thirds(35, 2) == 107


@pytest.mark.parametrize("slug", list(BUILTIN))
def test_a_parsed_hand_round_trips_through_the_interchange_format(slug):
    rs = BUILTIN[slug]
    for data in random_hands(rs, 300, seed=f"round-trip-{slug}"):
        hand = read_hand(data, rs)
        assert read_hand(hand.to_dict(), rs) == hand


def test_hand_to_dict_keeps_every_field():
    rs = BUILTIN["tirol"]
    data = {"contract": "bettler", "declarer": 1, "result": "lost", "kontra": {"0": 2, "3": 4}, "renonce": 2}
    assert read_hand(data, rs).to_dict() == data
    data = {"contract": "solorufer", "declarer": 1, "partner": 3, "declarer_points": "40+1", "kontra": 2,
            "bonuses": [{"bonus": "pagat", "side": "opponents", "announced": True, "made": False, "kontra": 2}]}
    assert read_hand(data, rs).to_dict() == data
    data = {"contract": "trischaken", "declarer": 0, "card_points": ["10", "20+1", "30+2", "9"]}
    assert read_hand(data, rs).to_dict() == data
    data = {"contract": "rufer", "declarer": 0, "result": "lost", "surrender": True}
    assert read_hand(data, rs).to_dict() == data


def test_result_to_dict_with_breakdown_and_fractions():
    rs = BUILTIN["tirol"]
    # three players tie for the most points: they split −2, −2, +2 (seed 000: equal card points split)
    result = score({"contract": "trischaken", "card_points": ["20", "20", "20", "10"]}, rs)
    assert result.points == (Fraction(-2, 3), Fraction(-2, 3), Fraction(-2, 3), 2)
    plain = result.to_dict(breakdown=True)
    assert plain["points"][3] == 2 and plain["points"][0] == pytest.approx(-0.6667, abs=1e-4)
    (item,) = plain["breakdown"]
    assert item["code"] == "pairs" and item["note_de"].startswith("Kartenpunkte")
    result = score({"contract": "bettler", "declarer": 1, "result": "won", "kontra": {"2": 2}}, rs)
    (item,) = result.to_dict(breakdown=True)["breakdown"]
    assert item["factors"][0]["seat"] == 2 and item["factors"][0]["standings"] is False
    assert "note_de" not in item


def test_sampled_card_points_respect_a_threshold_between_whole_points():
    """A rule set that counts whole points but wins from a third above them still gets consistent samples."""
    from dataclasses import replace

    from rules.engine.cardpoints import parse_thirds
    from rules.engine.hand_checks import game_won

    rs = replace(BUILTIN["skill7"], win_threshold=136)
    for data in random_hands(rs, 400, seed="threshold"):
        if "declarer_points" in data:
            assert parse_thirds(data["declarer_points"]) % 3 == 0
            assert game_won(read_hand(data, rs), rs) == (parse_thirds(data["declarer_points"]) >= 136)


def test_hundredths_keep_a_split_zero_sum():
    from decimal import Decimal

    from rules.engine.rounding import hundredths

    third = Fraction(-2, 3)
    assert hundredths([third, third, third, 2]) == (Decimal("-0.66"), Decimal("-0.67"), Decimal("-0.67"), Decimal("2.00"))
    assert sum(hundredths([third, third, third, 2])) == 0
    assert hundredths([Fraction(1, 2), Fraction(-1, 2), 3, -3]) == (Decimal("0.50"), Decimal("-0.50"), Decimal("3.00"), Decimal("-3.00"))
    assert hundredths([Fraction(2, 3), Fraction(2, 3), Fraction(2, 3), -2]) == (
        Decimal("0.67"), Decimal("0.67"), Decimal("0.66"), Decimal("-2.00"))


def test_additive_hand_fields_round_trip():
    rs = BUILTIN["hopfgarten"]
    data = {"contract": "rufer", "declarer": 0, "talon_without_king": True, "not_played": True}
    assert read_hand(data, rs).to_dict() == data
    assert read_hand({"contract": "annulled", "declarer": 2}, rs).to_dict() == {"contract": "annulled", "declarer": 2}
    assert score({"contract": "annulled"}, rs).to_dict(breakdown=True)["breakdown"][0]["code"] == "annulled"

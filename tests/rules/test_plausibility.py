"""Plausibility (rules/engine/plausibility.py): a hand is accepted only if some deal of the 54 cards gives it."""

import random

import pytest

from rules.engine import read_hand, sampling
from rules.engine.plausibility import pile_possible
from rules.rulesets import BUILTIN

pytestmark = pytest.mark.once


@pytest.mark.parametrize("thirds, cards, possible", [
    (210, 54, True),     # every card: 70 points
    (209, 54, False),    # 54 cards are 70 points exactly
    (1, 1, True),        # one plain card: 0+1
    (2, 1, False),       # no card is worth 0+2
    (4, 4, True),        # a trick of four plain cards: 1+1
    (3, 4, False),       # four cards are at least 1+1
    (91, 7, True),       # the seven honours (kings and trull): 30+1
    (92, 7, False),
    (198, 42, True),     # every counting card and 23 plain ones
])
def test_a_pile_of_cards_is_worth_what_its_cards_can_make(thirds, cards, possible):
    assert pile_possible(thirds, cards) is possible


def test_four_kings_and_the_trull_cannot_be_in_a_pile_of_six():
    assert pile_possible(6 * 13, 6, honours_min=6) is True
    assert pile_possible(6 * 13, 6, honours_min=7) is False


def test_the_sampler_drops_the_claims_that_need_cards_when_no_draw_fits(monkeypatch):
    monkeypatch.setattr(sampling, "ATTEMPTS", 0)
    rng = random.Random(5)
    ruleset = BUILTIN["tirol2020"]
    for _ in range(200):
        hand = sampling.random_hand(ruleset, rng)
        read_hand(hand, ruleset)  # accepted: nothing that needs cards is left to contradict
        assert "declarer_points" not in hand or hand["contract"] == "trischaken"


def test_played_without_a_bird_round_trips_through_the_interchange_format():
    hand = {"contract": "besserrufer", "declarer": 1, "partner": 3, "without_bird": True}
    assert read_hand(hand, BUILTIN["raiffeisen"]).to_dict() == hand

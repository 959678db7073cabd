"""The Tarock rules engine: pure Python, no Django. Typed hands in, itemised scores out.

    >>> from rules.engine import score
    >>> from rules.rulesets import get_ruleset
    >>> score({"contract": "dreier", "declarer": 2, "result": "won"}, get_ruleset("tirol")).points
    (-5, -5, 15, -5)
"""

from .hand_checks import check_hand, game_won
from .hands import read_hand
from .ruleset import BonusRule, Cite, ContractRule, RuleSet
from .scoring import score, score_hand
from .types import BonusClaim, Factor, Hand, HandResult, InvalidHand, LineItem, Problem

__all__ = [
    "BonusClaim", "BonusRule", "Cite", "ContractRule", "Factor", "Hand", "HandResult", "InvalidHand",
    "LineItem", "Problem", "RuleSet", "check_hand", "game_won", "read_hand", "score", "score_hand",
]

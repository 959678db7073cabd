"""How much of a hand's money the kontras moved.

Some cups send that money to a charity box instead of the winners (a tournament setting, see
scoring/settlement.py). The kontra share of a seat is its cash with the kontras as entered minus
its cash had nobody doubled: the hand is scored a second time by the same engine, so every rule
that decides where a kontra applies (void in a Solo-Rufer alone, individual doublings of a
negative contract, kept or dropped in a renonce) is respected without being restated here.
"""

from __future__ import annotations

from dataclasses import replace

from .ruleset import RuleSet
from .scoring import score_hand
from .types import Hand, HandResult, Seats4, seats4


def without_kontras(hand: Hand) -> Hand:
    """The same hand with every doubling (game, each opponent's, each bonus's) taken back."""
    return replace(
        hand, kontra=1, kontra_by_opponent=(),
        bonuses=tuple(replace(claim, kontra=1) if claim.kontra != 1 else claim for claim in hand.bonuses),
    )


def kontra_cash(hand: Hand, ruleset: RuleSet, result: HandResult | None = None) -> Seats4:
    """Each seat's part of the cash that is there only because of kontras (zero-sum, like the cash).

    ``result`` is the hand's score when the caller has it already; a hand without any doubling
    costs no second scoring.
    """
    if hand.kontra == 1 and not hand.kontra_by_opponent and all(claim.kontra == 1 for claim in hand.bonuses):
        return (0, 0, 0, 0)
    with_kontras = (result or score_hand(hand, ruleset)).cash
    plain = score_hand(without_kontras(hand), ruleset).cash
    return seats4([a - b for a, b in zip(with_kontras, plain, strict=True)])

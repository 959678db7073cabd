"""Renonce (revoke) scoring outside Trischaken, each a small strategy selected by ``RenonceRule.kind``.

Both strategies replace the normal score. They build on the score of a "hypothetical" hand, the
same hand as if one side had won the game and every announcement went its way, so the values
come from the one scoring path and nothing is computed twice.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Protocol

from .catalogue import BONUS_KIND, DECLARATION, DECLARER, LOST, OPPONENTS, SEATS, WON
from .ruleset import ContractRule, RuleSet
from .types import Amount, Hand, HandResult, LineItem, pays_each, seats4

PlayScore = Callable[[Hand, RuleSet], HandResult]


class RenonceStrategy(Protocol):
    def items(self, hand: Hand, ruleset: RuleSet, contract: ContractRule, play_score: PlayScore) -> list[LineItem]: ...


def side_of(hand: Hand, seat: int) -> str:
    if seat == hand.declarer or (seat == hand.partner and hand.partner is not None):
        return DECLARER
    return OPPONENTS


def won_by(hand: Hand, side: str, *, keep_kontras: bool) -> Hand:
    """The hand as if ``side`` had won the game and every announced bonus; silent bonuses and
    declarations (they are not announcements of the game) drop out."""
    bonuses = tuple(
        replace(claim, made=claim.side == side, kontra=claim.kontra if keep_kontras else 1)
        for claim in hand.bonuses
        if claim.announced and BONUS_KIND[claim.bonus] != DECLARATION
    )
    return replace(
        hand,
        result=WON if side == DECLARER else LOST,
        declarer_points=None,
        bonuses=bonuses,
        renonce=None,
        kontra=hand.kontra if keep_kontras else 1,
        kontra_by_opponent=hand.kontra_by_opponent if keep_kontras else (),
    )


def offender_pays(offender: int, gains: dict[int, Amount]) -> list[Amount]:
    seats: list[Amount] = [0, 0, 0, 0]
    for seat, amount in gains.items():
        seats[seat] = amount
    seats[offender] = -sum(gains.values())
    return seats


class AsWinner:
    """Tirol (seed 000 section 6): "all players who have not committed a breach score as if they
    had wone the game and all announced bonuses"; Upper Austria (seed 004, Renonce): "Alle
    regulären Spieler bekommen die Punkte als hätten sie das Spiel gewonnen, inklusive der
    angesagten Zusatzprämien ... Dem Renonce begehenden Spieler werden diese Punkte als Minus
    angelastet." Each other player gets what they would score if their side had won."""

    def items(self, hand: Hand, ruleset: RuleSet, contract: ContractRule, play_score: PlayScore) -> list[LineItem]:
        offender = hand.renonce
        assert offender is not None
        results = {side: play_score(won_by(hand, side, keep_kontras=True), ruleset) for side in (DECLARER, OPPONENTS)}
        others = [seat for seat in SEATS if seat != offender]
        points = offender_pays(offender, {seat: results[side_of(hand, seat)].points[seat] for seat in others})
        cash = offender_pays(offender, {seat: results[side_of(hand, seat)].cash[seat] for seat in others})
        return [LineItem(
            "renonce", contract.slug, f"Renonce von Sitz {offender}", f"renonce by seat {offender}",
            0, (), None, seats4(points), seats4(cash),
            "Alle anderen schreiben, als hätten sie das Spiel und alle Ansagen gewonnen; der Schuldige zahlt.",
            "Everyone else scores as if they had won the game and every announcement; the offender pays.",
        )]


class FixedEach:
    """Hopfgarten (seed 003 section 5): "he has to pay the contract plus all announced bonuses to
    all regular players (even to partners)". The amount is what one opponent would pay if the
    declarer's side had won every announcement, without kontras (the text names none)."""

    def items(self, hand: Hand, ruleset: RuleSet, contract: ContractRule, play_score: PlayScore) -> list[LineItem]:
        offender = hand.renonce
        assert offender is not None
        won = play_score(won_by(hand, DECLARER, keep_kontras=False), ruleset)
        opponent = next(seat for seat in SEATS if side_of(hand, seat) == OPPONENTS)
        unit_points, unit_cash = -won.points[opponent], -won.cash[opponent]
        others = [seat for seat in SEATS if seat != offender]
        points = offender_pays(offender, {seat: unit_points for seat in others})
        cash = offender_pays(offender, {seat: unit_cash for seat in others})
        return [LineItem(
            "renonce", contract.slug, f"Renonce von Sitz {offender}", f"renonce by seat {offender}",
            unit_cash, (), None, seats4(points), seats4(cash),
            "Der Schuldige zahlt jedem anderen das Spiel samt allen Ansagen.",
            "The offender pays every other player the contract plus all announced bonuses.",
        )]


# Strategies hold no state: one instance per kind (the rule set is passed with each call).
STRATEGIES: dict[str, RenonceStrategy] = {"as_winner": AsWinner(), "fixed_each": FixedEach()}


def played_without_bird(hand: Hand, contract: ContractRule) -> bool:
    """The declarer played a contract that needs a bird without one: entered as ``without_bird``, or as the
    declarer's renonce with no bird of the declarer's side on the sheet (the way the hand format could say it
    before the field existed; docs/decisions.md)."""
    if contract.no_bird_price is None:
        return False
    if hand.without_bird:
        return True
    return hand.renonce == hand.declarer and not any(
        claim.bonus in contract.required_birds and claim.side == DECLARER for claim in hand.bonuses
    )


def no_bird_items(hand: Hand, contract: ContractRule) -> list[LineItem]:
    """OÖ23 [sec §3.7] and SWC:209: an A-Rufer played without a bird is a renonce, 3 points to each other
    player; the price replaces the game and every announcement, kontras included (none is named)."""
    assert contract.no_bird_price is not None
    price = contract.no_bird_price
    seats = seats4(pays_each(hand.declarer, price))
    return [LineItem(
        "renonce", contract.slug, f"{contract.name} ohne Vogel (Renonce)", f"{contract.name_en} without a bird (renonce)",
        price, (), OPPONENTS, seats, seats,
        f"Der Spieler zahlt jedem anderen {price}.", f"The declarer pays each other player {price}.",
    )]


def renonce_items(hand: Hand, ruleset: RuleSet, contract: ContractRule, play_score: PlayScore) -> list[LineItem]:
    assert ruleset.renonce is not None
    return STRATEGIES[ruleset.renonce.kind].items(hand, ruleset, contract, play_score)

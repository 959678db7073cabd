"""Random hands that a rule set accepts, in the interchange format.

Used to check custom rule sets (every sampled hand must score zero-sum), by the property
tests, by the benchmark and for demo events. The mix roughly follows a tournament: mostly
Rufer and Dreier, few ouvert games, rare Valats and revokes. Everything it produces must pass
``read_hand``; tests/rules/test_properties.py holds it to that.
"""

from __future__ import annotations

import random

from .cardpoints import format_thirds
from .catalogue import BONUS_KIND, DECLARATION, DECLARER, LOST, NEGATIVE, OPPONENTS, SEATS, TRISCHAKEN, WON
from .hands import read_hand
from .ruleset import BonusRule, ContractRule, RuleSet
from .types import InvalidHand

CONTRACT_WEIGHTS = {
    "rufer": 40, "trischaken": 8, "dreier": 12, "besserrufer": 6, "solorufer": 6, "piccolo": 5, "bettler": 5,
    "sechserdreier": 4, "farbendreier": 2, "solodreier": 1, "piccolo_ouvert": 1, "zwiccolo": 1,
    "zwiccolo_ouvert": 1, "bettler_ouvert": 1, "farbensolo": 2, "pagatrufer": 4, "uhurufer": 2,
    "kakadurufer": 1, "solo": 12,
}
KONTRA_WEIGHTS = {1: 85, 2: 10, 4: 4, 8: 1}


def random_hands(ruleset: RuleSet, count: int, seed: int | str = 0) -> list[dict]:
    rng = random.Random(seed)
    return [random_hand(ruleset, rng) for _ in range(count)]


def random_hand(ruleset: RuleSet, rng: random.Random, contract: ContractRule | None = None) -> dict:
    """A random valid hand; of the given contract, else of one drawn with tournament frequencies.

    Bonuses and card points are drawn independently, so a draw can claim what no deal gives (a Trull with
    10 card points): such draws are drawn again (rules/engine/plausibility.py refuses them), and after
    ``ATTEMPTS`` the hand keeps its result and loses the claims that need cards."""
    if contract is None:
        contracts = list(ruleset.contracts)
        contract = rng.choices(contracts, weights=[CONTRACT_WEIGHTS.get(c.slug, 1) for c in contracts])[0]
    if contract.kind == TRISCHAKEN:
        return _trischaken(ruleset, contract, rng)
    hand = _positive_or_negative(ruleset, contract, rng)
    for _ in range(ATTEMPTS):
        if _accepted(hand, ruleset):
            return hand
        hand = _positive_or_negative(ruleset, contract, rng)
    hand.pop("declarer_points", None)
    hand["bonuses"] = [claim for claim in hand.get("bonuses", ()) if _plain(ruleset, claim)]
    hand["result"] = hand.get("result", LOST if hand.get("surrender") else WON)
    if not hand["bonuses"]:
        del hand["bonuses"]
    return hand


ATTEMPTS = 20


def _accepted(hand: dict, ruleset: RuleSet) -> bool:
    try:
        read_hand(hand, ruleset)
    except InvalidHand:
        return False
    return True


def _plain(ruleset: RuleSet, claim: dict) -> bool:
    """A claim that needs no cards (a bird, an announcement) and no Valat beside it."""
    rule = ruleset.bonus_rule(claim["bonus"])
    return rule.card_thirds is None and rule.min_card_points is None and claim["bonus"] != "valat"


def _positive_or_negative(ruleset: RuleSet, contract: ContractRule, rng: random.Random) -> dict:
    hand: dict = {"contract": contract.slug, "declarer": 0 if contract.vorhand_only else rng.choice(SEATS)}
    if contract.calls_partner:
        hand["partner"] = _partner(ruleset, contract, hand["declarer"], rng)
    if ruleset.renonce is not None and rng.random() < 0.015:
        hand["renonce"] = rng.choice(SEATS)
    if contract.surrender and hand.get("partner") is None and "renonce" not in hand and rng.random() < 0.3:
        hand["surrender"] = True
        hand["result"] = LOST
        birds = sorted(contract.required_birds)
        if birds:
            hand["bonuses"] = [{"bonus": rng.choice(birds), "side": DECLARER, "announced": True}]
        return hand
    if contract.kind == NEGATIVE:
        hand["result"] = WON if rng.random() < 0.6 else LOST
        kontras = {str(seat): _kontra(ruleset, rng) for seat in SEATS if seat != hand["declarer"]}
        kontras = {seat: level for seat, level in kontras.items() if level != 1}
        if kontras:
            hand["kontra"] = kontras
        return hand
    won = rng.random() < 0.65
    # With the called king in the talon nobody can win the last trick with it.
    impossible = {"king_ultimo"} if contract.calls_partner and hand.get("partner") is None else set()
    bonuses = _bonuses(ruleset, contract, won, rng, impossible)
    if bonuses:
        hand["bonuses"] = bonuses
    # Card points could contradict a Valat or a bonus won with card points (a Sack): those hands give the result.
    if rng.random() < 0.3 and not any(
        b["bonus"] == "valat" or ruleset.bonus_rule(b["bonus"]).min_card_points is not None for b in bonuses
    ):
        hand["declarer_points"] = _declarer_points(ruleset, won, rng)
    else:
        hand["result"] = WON if won else LOST
    kontra = _kontra(ruleset, rng)
    if kontra != 1:
        hand["kontra"] = kontra
    return hand


def _partner(ruleset: RuleSet, contract: ContractRule, declarer: int, rng: random.Random) -> int | None:
    roll = rng.random()
    if not contract.partner_required and roll < 0.08:
        return None
    if ruleset.own_king_allowed and roll < 0.12:
        return declarer
    return rng.choice([seat for seat in SEATS if seat != declarer])


def _kontra(ruleset: RuleSet, rng: random.Random) -> int:
    levels = [level for level in KONTRA_WEIGHTS if level in ruleset.kontra_levels]
    return rng.choices(levels, weights=[KONTRA_WEIGHTS[level] for level in levels])[0]


def _declarer_points(ruleset: RuleSet, won: bool, rng: random.Random) -> str:
    top = ruleset.total_card_points * 3
    thirds = rng.randint(ruleset.win_threshold, top) if won else rng.randint(0, ruleset.win_threshold - 1)
    if ruleset.total_card_points != 70:
        # Rule sets that do not count in threes (Skill7's 88) use whole points: round away from the threshold.
        thirds = thirds + (-thirds % 3) if won else thirds - thirds % 3
    return format_thirds(thirds)


def _claim(rule: BonusRule, side: str, rng: random.Random, ruleset: RuleSet, *, announced: bool | None = None) -> dict:
    if announced is None:
        announced = rule.announced is not None and (rule.silent is None or rng.random() < 0.35)
    claim: dict = {"bonus": rule.slug, "side": side}
    if announced:
        claim["announced"] = True
        levels = [level for level in ruleset.kontra_levels if level in (2, 4)]
        if rule.kontra_allowed and levels and rng.random() < 0.15:
            claim["kontra"] = rng.choice(levels)
    if rule.can_fail and rng.random() < (0.3 if announced else 0.15):
        claim["made"] = False
    return claim


def _bonuses(ruleset: RuleSet, contract: ContractRule, won: bool, rng: random.Random, impossible: set[str]) -> list[dict]:
    claims: list[dict] = []
    used: set[str] = set()
    candidates = contract.bonuses - impossible
    if contract.required_birds:
        bird = rng.choice(sorted(contract.required_birds))
        rule = ruleset.bonus(bird)
        assert rule is not None
        claims.append(_claim(rule, DECLARER, rng, ruleset, announced=True))
        used.add(bird)
    for slug in sorted(candidates - {"valat"}):
        rule = ruleset.bonus(slug)
        assert rule is not None
        if slug in used or _excluded(ruleset, rule, used) or rng.random() > 0.12:
            continue
        # An opponents' bid that needs a Kontra on the game first (Skill7's Absolut) goes to the declarer's side.
        side = DECLARER if rng.random() < 0.6 or rule.opponents_need_kontra else OPPONENTS
        claims.append(_claim(rule, side, rng, ruleset))
        used.add(slug)
    if contract.needs_announcement and not any(
        c.get("announced") and BONUS_KIND[c["bonus"]] != DECLARATION for c in claims
    ):
        options = [
            rule for rule in (ruleset.bonus(slug) for slug in sorted(candidates - used - {"valat"}))
            if rule is not None and rule.announced is not None and BONUS_KIND[rule.slug] != DECLARATION
            and not _excluded(ruleset, rule, used)
        ]
        claims.append(_claim(rng.choice(options), DECLARER, rng, ruleset, announced=True))
    if "valat" in contract.bonuses and rng.random() < 0.03:
        rule = ruleset.bonus("valat")
        assert rule is not None
        claims.append(_valat(rule, won, rng))
    return claims


def _excluded(ruleset: RuleSet, rule: BonusRule, used: set[str]) -> bool:
    """Whether ``rule`` cannot stand beside one of the bonuses already drawn (either way round)."""
    return bool(rule.excluded_by & used) or any(rule.slug in ruleset.bonus_rule(slug).excluded_by for slug in used)


def _valat(rule: BonusRule, won: bool, rng: random.Random) -> dict:
    """A Valat that fits the game's result: achieved by the side that won, or announced and failed."""
    if won and rule.announced is not None and rng.random() < 0.3:
        return {"bonus": "valat", "side": DECLARER, "announced": True, "made": False}
    side = DECLARER if won else OPPONENTS
    announced = rule.announced is not None and (rule.silent is None or rng.random() < 0.4)
    claim: dict = {"bonus": "valat", "side": side}
    if announced:
        claim["announced"] = True
    return claim


def _trischaken(ruleset: RuleSet, contract: ContractRule, rng: random.Random) -> dict:
    """Card points from a deal: the 54 cards shuffled, twelve tricks of four won at random (one player
    without a trick, or one with most of them, now and then), the talon with the last trick."""
    hand: dict = {"contract": contract.slug, "declarer": 0}
    assert ruleset.trischaken is not None
    if ruleset.trischaken.renonce_unit > 0 and rng.random() < 0.02:
        hand["renonce"] = rng.choice(SEATS)
        return hand
    weights = [rng.random() + 0.05 for _ in SEATS]
    roll = rng.random()
    if roll < 0.15:  # a virgin
        weights[rng.choice(SEATS)] = 0
    elif roll < 0.3:  # a mayor, most likely
        weights[rng.choice(SEATS)] = 8
    cards = list(CARD_THIRDS)
    rng.shuffle(cards)
    piles = [0, 0, 0, 0]
    winner = 0
    for trick in range(12):
        winner = rng.choices(SEATS, weights=weights)[0]
        piles[winner] += sum(cards[4 * trick: 4 * trick + 4])
    piles[winner] += sum(cards[48:])
    hand["card_points"] = [format_thirds(value) for value in piles]
    return hand


# The 54 cards in thirds (3 × value − 2): seven honours (kings, Sküs, Mond, Pagat) 13, four queens 10, four
# cavaliers 7, four jacks 4, the other 35 cards 1 (rules/engine/plausibility.py).
CARD_THIRDS = (13,) * 7 + (10,) * 4 + (7,) * 4 + (4,) * 4 + (1,) * 35

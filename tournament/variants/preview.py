"""Sample hands of a rule set, scored: one hand of every contract, drawn as rules/engine/sampling.py
draws them (the same hand for the same rule set and contract), told in words, with each seat's points."""

from __future__ import annotations

import random
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from rules.engine import InvalidHand, score
from rules.engine.catalogue import DECLARER, TRISCHAKEN, WON
from rules.engine.ruleset import RuleSet
from rules.engine.sampling import random_hand
from tournament.errors import in_language

TRIES = 20


@dataclass(frozen=True)
class Sample:
    contract: str
    slug: str
    text: str
    points: tuple[str, ...]
    negative: tuple[bool, ...]


def samples(ruleset: RuleSet) -> list[Sample]:
    """One scored sample hand of every contract of ``ruleset``."""
    found = []
    for contract in ruleset.contracts:
        rng = random.Random(f"{ruleset.slug}:{contract.slug}")
        for _ in range(TRIES):
            hand = random_hand(ruleset, rng, contract=contract)
            try:
                result = score(hand, ruleset)
            except InvalidHand:
                continue
            found.append(Sample(contract.name, contract.slug, told(hand, ruleset),
                                tuple(number(p) for p in result.points), tuple(p < 0 for p in result.points)))
            break
    return found


def number(value) -> str:
    exact = Fraction(value)
    if exact.denominator == 1:
        return str(exact.numerator)
    text = f"{Decimal(exact.numerator) / Decimal(exact.denominator):.2f}"
    return in_language(text.replace(".", ","), text)


def seat(index: int) -> str:
    return in_language(f"Platz {index + 1}", f"seat {index + 1}")


def told(hand: dict, ruleset: RuleSet) -> str:
    """The hand in words: who played, with whom, how it ended, the bonuses."""
    contract = ruleset.contract(hand["contract"])
    assert contract is not None
    if contract.kind == TRISCHAKEN:
        if "renonce" in hand:
            return in_language(f"Renonce von {seat(hand['renonce'])}", f"revoke by {seat(hand['renonce'])}")
        return in_language("Kartenpunkte ", "card points ") + " / ".join(str(p) for p in hand["card_points"])
    parts = [in_language(f"{seat(hand['declarer'])} spielt", f"{seat(hand['declarer'])} plays")]
    if contract.calls_partner:
        partner = hand.get("partner")
        parts.append(in_language("König im Talon", "king in the talon") if partner is None
                     else in_language(f"mit {seat(partner)}", f"with {seat(partner)}"))
    if "declarer_points" in hand:
        parts.append(in_language(f"{hand['declarer_points']} Punkte", f"{hand['declarer_points']} points"))
    elif "result" in hand:
        parts.append(in_language("gewonnen", "won") if hand["result"] == WON else in_language("verloren", "lost"))
    if hand.get("surrender"):
        parts.append(in_language("geschleift", "given up"))
    if "renonce" in hand:
        parts.append(in_language(f"Renonce von {seat(hand['renonce'])}", f"revoke by {seat(hand['renonce'])}"))
    kontra = hand.get("kontra")
    if isinstance(kontra, int):
        parts.append(f"Kontra ×{kontra}")
    elif kontra:
        parts.append(", ".join(f"Kontra {seat(int(s))} ×{level}" for s, level in sorted(kontra.items())))
    for claim in hand.get("bonuses", []):
        rule = ruleset.bonus_rule(claim["bonus"])
        side = in_language("Spieler", "declarer") if claim["side"] == DECLARER else in_language("Gegner", "opponents")
        how = [in_language("angesagt", "announced") if claim.get("announced") else in_language("still", "silent")]
        if claim.get("made") is False:
            how.append(in_language("verloren", "lost"))
        parts.append(f"{rule.name} ({side}, {', '.join(how)})")
    return "; ".join(parts)

"""Sample hands of a rule set, scored: one hand of every contract, drawn as rules/engine/sampling.py
draws them (the same hand for the same rule set and contract), told in words, with each seat's points:
beside the club-variant form (website/views/variants.py) and on a saved rule set's page, for each version."""

from __future__ import annotations

import random
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from django.utils.translation import gettext, pgettext

from language import active_language
from rules.engine import InvalidHand, score
from rules.engine.catalogue import DECLARER, TRISCHAKEN, WON
from rules.engine.ruleset import RuleSet
from rules.engine.sampling import random_hand
from rules.rulesets import bonus_name

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
            name = contract.name_en if active_language() == "en" else contract.name  # as the engine's items name it
            found.append(Sample(name, contract.slug, told(hand, ruleset),
                                tuple(number(p) for p in result.points), tuple(p < 0 for p in result.points)))
            break
    return found


def number(value) -> str:
    exact = Fraction(value)
    if exact.denominator == 1:
        return str(exact.numerator)
    text = f"{Decimal(exact.numerator) / Decimal(exact.denominator):.2f}"
    return text.replace(".", ",") if active_language() == "de" else text


def seat(index: int) -> str:
    return gettext("Platz %(seat)s") % {"seat": index + 1}


def told(hand: dict, ruleset: RuleSet) -> str:
    """The hand in words: who played, with whom, how it ended, the bonuses."""
    contract = ruleset.contract(hand["contract"])
    assert contract is not None
    if contract.kind == TRISCHAKEN:
        if "renonce" in hand:
            return gettext("Renonce von %(seat)s") % {"seat": seat(hand['renonce'])}
        return gettext("Kartenpunkte ") + " / ".join(str(p) for p in hand["card_points"])
    parts = [gettext("%(seat)s spielt") % {"seat": seat(hand['declarer'])}]
    if contract.calls_partner:
        partner = hand.get("partner")
        parts.append(pgettext("hand preview", "König im Talon") if partner is None
                     else gettext("mit %(seat)s") % {"seat": seat(partner)})
    if "declarer_points" in hand:
        parts.append(gettext("%(points)s Punkte") % {"points": hand['declarer_points']})
    elif "result" in hand:
        parts.append(gettext("gewonnen") if hand["result"] == WON else gettext("verloren"))
    if hand.get("surrender"):
        parts.append(pgettext("hand preview", "geschleift"))
    if "renonce" in hand:
        parts.append(gettext("Renonce von %(seat)s") % {"seat": seat(hand['renonce'])})
    kontra = hand.get("kontra")
    if isinstance(kontra, int):
        parts.append(f"Kontra ×{kontra}")
    elif kontra:
        parts.append(", ".join(f"Kontra {seat(int(s))} ×{level}" for s, level in sorted(kontra.items())))
    for claim in hand.get("bonuses", []):
        side = pgettext("hand preview", "Spieler") if claim["side"] == DECLARER else pgettext("hand preview", "Gegner")
        how = [gettext("angesagt") if claim.get("announced") else gettext("still")]
        if claim.get("made") is False:
            how.append(gettext("verloren"))
        parts.append(f"{bonus_name(claim['bonus'], active_language(), ruleset)} ({side}, {', '.join(how)})")
    return "; ".join(parts)

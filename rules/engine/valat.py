"""The four ways the rule sets score a Valat, each a small strategy selected by ``ValatRule.kind``.

A strategy receives the line-item builder of a positive contract (``scoring.PositiveScorer``, seen
here only through the ``LineItems`` protocol, so this module never imports the scorer) and returns
its line items, so
the one thing that differs (how the Valat relates to the game and the other bonuses) lives
here and nothing else is repeated.
"""

from __future__ import annotations

from typing import Protocol

from .catalogue import BONUS_KIND
from .ruleset import ContractRule, RuleSet, ValatRule
from .types import Amount, BonusClaim, Factor, Hand, LineItem

VALAT = "valat"
SILENT_VOID = ("still zählt neben dem Valat nicht", "silent bonuses do not count beside the Valat")


class LineItems(Protocol):
    """What a Valat strategy needs of the positive contract's scorer (scoring.PositiveScorer)."""

    hand: Hand
    ruleset: RuleSet
    contract: ContractRule
    winner: str

    def kontra(self, multiplier: int, what: str) -> tuple[Factor, ...]: ...
    def game_factors(self, winner: str) -> list[Factor]: ...
    def game(self, winner: str, *extra: Factor) -> LineItem: ...
    def bonus(self, claim: BonusClaim, *extra: Factor, base: Amount | None = None, code: str = "bonus") -> LineItem: ...
    def voided(self, claim: BonusClaim, note_de: str, note_en: str) -> LineItem: ...
    def voided_game(self, note_de: str, note_en: str) -> LineItem: ...
    def standard(self) -> list[LineItem]: ...
    def item(self, code: str, subject: str, german: str, english: str, base: Amount,
             factors: list[Factor], winner: str, note: tuple[str, str] = ("", "")) -> LineItem: ...


class ValatStrategy(Protocol):
    def items(self, rule: ValatRule, scorer: LineItems) -> list[LineItem]: ...


class PremiumValat:
    """A Valat is a bonus like the others (Tirol: fixed 10/20, seed 000 section 5: "Valat is added
    to the score for game, just like other bonuses"; pagat.com: 4×/8× the game score).
    Bonus kinds in ``voids`` do not count next to an achieved Valat (Tirol: material bonuses)."""

    def items(self, rule: ValatRule, scorer: LineItems) -> list[LineItem]:
        valat = scorer.hand.claim(VALAT)
        voiding = valat is not None and valat.achieved
        items = [scorer.game(scorer.winner)]
        for claim in scorer.hand.bonuses:
            if claim.bonus == VALAT:
                continue
            if voiding and BONUS_KIND[claim.bonus] in rule.voids:
                items.append(scorer.voided(claim, "zählt nicht neben dem Valat", "does not count beside the Valat"))
            else:
                items.append(scorer.bonus(claim))
        if valat is not None:
            table = scorer.ruleset.bonus(VALAT)
            assert table is not None
            base = table.value(valat.announced)
            if rule.per_game_value:
                base *= scorer.contract.value
            items.append(scorer.bonus(valat, base=base, code="valat"))
        return items


class GameMultipleValat:
    """The Valat replaces the game with a multiple of its value; next to an achieved Valat only
    announced bonuses count (Upper Austria: seed 004 section 12 and rule-notes.md)."""

    def items(self, rule: ValatRule, scorer: LineItems) -> list[LineItem]:
        valat = scorer.hand.claim(VALAT)
        if valat is None:
            return scorer.standard()
        table = scorer.ruleset.bonus(VALAT)
        assert table is not None
        multiple = table.value(valat.announced)
        factors = [
            Factor("valat", multiple, f"Valat {'angesagt' if valat.announced else 'still'}",
                   f"Valat {'announced' if valat.announced else 'silent'}"),
            *scorer.game_factors(valat.winner),
            *scorer.kontra(valat.kontra, "Valat"),
        ]
        german, english = ("Valat statt Spiel", "Valat instead of the game")
        items = [
            scorer.item("valat", VALAT, german, english, scorer.contract.value, factors, valat.winner)
        ]
        # Silent bonuses are void beside a Valat that happened, and where the text says so beside an
        # announced one that failed too (OÖ23 "Ansagen 2", ÖF21 "Valat": "auch beim verlorenen Valat").
        voids_silent = valat.achieved or (valat.announced and rule.announced_voids_silent)
        for claim in scorer.hand.bonuses:
            if claim.bonus == VALAT:
                continue
            if voids_silent and not claim.announced:
                items.append(scorer.voided(claim, *SILENT_VOID))
            else:
                items.append(scorer.bonus(claim))
        return items


class MultiplierValat:
    """The Valat (Hopfgarten's "Durch") multiplies the game and the announced bonuses; silent
    bonuses do not count; bonuses marked ``valat_exempt`` (10 Tarock) are never multiplied
    (seed 003: "contract and announcements are always multiplied together (except 10 Tarock).
    If you loose the announcement, the contract is lost as well. Unannounced bonuses do not count.")."""

    def items(self, rule: ValatRule, scorer: LineItems) -> list[LineItem]:
        valat = scorer.hand.claim(VALAT)
        if valat is None:
            return scorer.standard()
        table = scorer.ruleset.bonus(VALAT)
        assert table is not None
        multiplier = (
            Factor("valat", table.value(valat.announced), f"{table.name} {'angesagt' if valat.announced else 'still'}",
                   f"Valat {'announced' if valat.announced else 'silent'}"),
            *scorer.kontra(valat.kontra, table.name),
        )
        # The game goes to whoever the Valat went to: a failed announcement loses the game too.
        items = [scorer.game(valat.winner, *multiplier)]
        for claim in scorer.hand.bonuses:
            if claim.bonus == VALAT:
                continue
            bonus_rule = scorer.ruleset.bonus(claim.bonus)
            assert bonus_rule is not None
            if bonus_rule.valat_exempt:
                items.append(scorer.bonus(claim))
            elif claim.announced:
                items.append(scorer.bonus(claim, *multiplier))
            else:
                items.append(scorer.voided(claim, f"still zählt neben {table.name} nicht", SILENT_VOID[1]))
        return items


class OverrideValat:
    """Only the Valat counts: no game, no other bonus (Skill7, seed 002: "A Valat overrides all
    other additions ... the game itself will not be valued, but instead just the Valat and any Kontra")."""

    def items(self, rule: ValatRule, scorer: LineItems) -> list[LineItem]:
        valat = scorer.hand.claim(VALAT)
        if valat is None:
            return scorer.standard()
        note = ("vom Valat aufgehoben", "overridden by the Valat")
        items = [scorer.voided_game(*note)]
        for claim in scorer.hand.bonuses:
            if claim.bonus != VALAT:
                items.append(scorer.voided(claim, *note))
        items.append(scorer.bonus(valat, code="valat"))
        return items


# Strategies hold no state: one instance per kind, the rule's parameters come with each call.
STRATEGIES: dict[str, ValatStrategy] = {
    "premium": PremiumValat(),
    "game_multiple": GameMultipleValat(),
    "multiplier": MultiplierValat(),
    "override": OverrideValat(),
}


def valat_items(rule: ValatRule, scorer: LineItems) -> list[LineItem]:
    return STRATEGIES[rule.kind].items(rule, scorer)


"""Scoring a valid hand: the one place in the project where points are computed.

Each part of a hand's score is a LineItem (the game, each bonus, a Valat, a kontra's factor,
a Trischaken payment) so the breakdown explains every number. Distribution follows
rule-notes.md ("All rule sets"): with a partner, declarer and partner each win or lose the
value and each opponent the opposite; a declarer alone wins or loses three times the value
and each opponent once. Kontras multiply the cash always, the standings where the rule set
says so.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from .catalogue import (
    ANNULLED,
    BONUS_NAMES_EN,
    DECLARER,
    KONTRA_NAMES,
    NEGATIVE,
    OPPONENTS,
    SEATS,
    TRISCHAKEN,
    WON,
)
from .hand_checks import game_won
from .hands import read_hand
from .renonce import no_bird_items, played_without_bird, renonce_items
from .ruleset import BonusRule, ContractRule, RuleSet
from .trischaken import trischaken_items
from .types import Amount, BonusClaim, Factor, Hand, HandResult, LineItem, Seats4, pays_each, seats4
from .valat import valat_items

ZERO: Seats4 = (0, 0, 0, 0)
# ÖF21 "Rufen": losing the called king is not scored unless it was announced ultimo.
SILENT_LOSS_VOID = ("still verloren zählt nicht, nur angesagt", "lost silently it does not count, only announced")


def score(data: object, ruleset: RuleSet) -> HandResult:
    """Read, validate and score one hand in the interchange format (raises InvalidHand)."""
    return score_hand(read_hand(data, ruleset), ruleset)


def score_hand(hand: Hand, ruleset: RuleSet) -> HandResult:
    """Score a hand that ``read_hand`` accepted."""
    if hand.contract == ANNULLED:
        return total([LineItem(
            "annulled", ANNULLED, "Spiel annulliert", "deal annulled", 0, (), None, ZERO, ZERO,
            "zählt als Spiel, 0 Punkte für alle", "counts as a hand, 0 points for everyone",
        )])
    contract = ruleset.contract(hand.contract)
    assert contract is not None
    if contract.kind == TRISCHAKEN:
        assert ruleset.trischaken is not None
        items = trischaken_items(ruleset.trischaken, hand, contract)
    elif played_without_bird(hand, contract):
        items = no_bird_items(hand, contract)
    elif hand.renonce is not None:
        items = renonce_items(hand, ruleset, contract, play_score)
    else:
        items = play_items(hand, ruleset, contract)
    return total(items)


def play_score(hand: Hand, ruleset: RuleSet) -> HandResult:
    """The score of a hand as played, ignoring any renonce (renonce strategies build on it)."""
    contract = ruleset.contract(hand.contract)
    assert contract is not None
    return total(play_items(hand, ruleset, contract))


def play_items(hand: Hand, ruleset: RuleSet, contract: ContractRule) -> list[LineItem]:
    if hand.not_played:
        items = [LineItem(
            "not_played", contract.slug, f"{contract.name} nicht gespielt", f"{contract.name_en} not played",
            0, (), None, ZERO, ZERO,
            "ohne Ansage nicht ausgespielt: 0 Punkte", "not played out without an announcement: 0 points",
        )]
    elif hand.surrender:
        items = [surrender_item(hand, ruleset, contract)]
    elif contract.kind == NEGATIVE:
        items = [negative_game_item(hand, ruleset, contract)]
    else:
        items = valat_items(ruleset.valat, PositiveScorer(hand, ruleset, contract))
    if hand.talon_without_king:
        items.append(talon_penalty_item(hand, ruleset, contract))
    return items


def talon_penalty_item(hand: Hand, ruleset: RuleSet, contract: ContractRule) -> LineItem:
    """Hopfgarten (seed 003): "If you take the half without the king, you have to pay a penalty equal to
    the score of a captured king, even if the "Rufer" isn't played". The declarer, alone, pays it to each
    opponent, without kontras or Durch (the text names none)."""
    assert contract.talon_king_penalty is not None
    rule = ruleset.bonus_rule(contract.talon_king_penalty)
    base = rule.value(False)
    seats = pays_each(hand.declarer, base)
    return LineItem(
        "talon_penalty", rule.slug, f"Talonhälfte ohne König: Strafe wie {rule.name}",
        f"talon half without the king: penalty as {BONUS_NAMES_EN[rule.slug]}",
        base, (), OPPONENTS, seats4(seats), seats4(seats),
    )


def total(items: Iterable[LineItem]) -> HandResult:
    items = tuple(items)
    # Unrolled over the four seats: this runs once per hand and is the engine's hot path
    # (bench/score_hands.py). Sums start from 0 as before, so whole points stay int.
    p0: Amount = 0
    p1: Amount = 0
    p2: Amount = 0
    p3: Amount = 0
    c0: Amount = 0
    c1: Amount = 0
    c2: Amount = 0
    c3: Amount = 0
    for item in items:
        a, b, c, d = item.points
        p0 += a
        p1 += b
        p2 += c
        p3 += d
        a, b, c, d = item.cash
        c0 += a
        c1 += b
        c2 += c
        c3 += d
    return HandResult((p0, p1, p2, p3), (c0, c1, c2, c3), items)


def kontra_factor(multiplier: int, counts: bool, what: str, *, seat: int | None = None) -> tuple[Factor, ...]:
    """The factor of a kontra on ``what`` (the game, a bonus, one opponent's doubling), if any."""
    if multiplier == 1:
        return ()
    german, english = KONTRA_NAMES[multiplier]
    return (Factor("kontra", multiplier, f"{german} ({what})", f"{english} ({what})", standings=counts, seat=seat),)


class PositiveScorer:
    """Builds the line items of a positive contract; the Valat strategy decides which ones."""

    def __init__(self, hand: Hand, ruleset: RuleSet, contract: ContractRule):
        self.hand = hand
        self.ruleset = ruleset
        self.contract = contract
        partner = hand.partner
        self.team = partner is not None and partner != hand.declarer
        # Per-seat multipliers of what each member of the declarer's side wins (rule-notes.md:
        # partners win the value each, a declarer alone three times; opponents the opposite).
        pattern = [-1, -1, -1, -1]
        pattern[hand.declarer] = 1 if self.team else 3
        if partner is not None and self.team:
            pattern[partner] = 1
        self.pattern = tuple(pattern)
        # Seed 004 (Solo-Rufer): with the called king in the talon "Ein allfälliger Schuss der
        # Gegner gilt in diesem Fall nicht."
        self.kontra_void = contract.kontra_void_when_alone and not self.team
        self.winner = DECLARER if game_won(hand, ruleset) else OPPONENTS

    def kontra(self, multiplier: int, what: str) -> tuple[Factor, ...]:
        if multiplier == 1 or self.kontra_void:  # the common case first: no kontra, no factor
            return ()
        return kontra_factor(multiplier, self.ruleset.kontra_counts_for_standings, what)

    def game_factors(self, winner: str) -> list[Factor]:
        factors = []
        if winner == OPPONENTS and self.contract.loss_factor != 1:
            factors.append(Factor("loss", self.contract.loss_factor, "verloren zählt doppelt", "lost counts double"))
        factors.extend(self.kontra(self.hand.kontra, "Spiel"))
        return factors

    def game(self, winner: str, *extra: Factor) -> LineItem:
        note = ("Kontra gilt nicht: gerufener König im Talon", "Kontra void: called king in the talon") if (
            self.kontra_void and self.hand.kontra != 1
        ) else ("", "")
        factors = self.game_factors(winner)
        if extra:
            factors.extend(extra)
        contract = self.contract
        return self.item("game", contract.slug, contract.name, contract.name_en, contract.value, factors, winner, note)

    def bonus_factors(self, claim: BonusClaim, rule: BonusRule) -> list[Factor]:
        factors = []
        if rule.solo_doubling and self.contract.bonus_factor != 1:
            factors.append(Factor("solo", self.contract.bonus_factor, "Solospiel zählt doppelt", "solo doubles"))
        factors.extend(self.kontra(claim.kontra, rule.name))
        return factors

    def bonus(self, claim: BonusClaim, *extra: Factor, base: Amount | None = None, code: str = "bonus") -> LineItem:
        rule = self.ruleset.bonus(claim.bonus)
        assert rule is not None
        if not (claim.made or claim.announced or rule.silent_loss_scores):
            return self.voided(claim, *SILENT_LOSS_VOID)
        german, english = bonus_labels(rule.name, claim.bonus, claim.announced, claim.made)
        factors = self.bonus_factors(claim, rule)
        if extra:
            factors.extend(extra)
        return self.item(
            code, claim.bonus, german, english, rule.value(claim.announced) if base is None else base,
            factors, claim.winner,
        )

    def voided(self, claim: BonusClaim, note_de: str, note_en: str) -> LineItem:
        rule = self.ruleset.bonus(claim.bonus)
        assert rule is not None
        german, english = bonus_labels(rule.name, claim.bonus, claim.announced, claim.made)
        return LineItem(
            "void", claim.bonus, german, english, rule.value(claim.announced), (), claim.winner, ZERO, ZERO,
            note_de, note_en,
        )

    def voided_game(self, note_de: str, note_en: str) -> LineItem:
        return LineItem(
            "void", self.contract.slug, self.contract.name, self.contract.name_en,
            self.contract.value, (), self.winner, ZERO, ZERO, note_de, note_en,
        )

    def standard(self) -> list[LineItem]:
        """Game and bonuses scored separately (seed 000 section 5: "Game and bonuses are scored separately")."""
        items = [self.game(self.winner)]
        for claim in self.hand.bonuses:
            items.append(self.bonus(claim))
        return items

    def item(
        self, code: str, subject: str, german: str, english: str, base: Amount,
        factors: list[Factor], winner: str, note: tuple[str, str] = ("", ""),
    ) -> LineItem:
        points = cash = base if winner == DECLARER else -base
        for factor in factors:
            cash *= factor.value
            if factor.standings:
                points *= factor.value
        # Per-seat amounts when each member of the declarer's side wins ``points``/``cash``
        # (written out: this runs for every line of every hand).
        a, b, c, d = self.pattern
        return LineItem(
            code, subject, german, english, base, tuple(factors), winner,
            (a * points, b * points, c * points, d * points), (a * cash, b * cash, c * cash, d * cash),
            note[0], note[1],
        )


@lru_cache(maxsize=1024)
def bonus_labels(name_de: str, slug: str, announced: bool, made: bool) -> tuple[str, str]:
    """ "Pagat angesagt, verloren" / "Pagat announced, failed" (cached: a handful of combinations)."""
    short_en = BONUS_NAMES_EN[slug].split(" (")[0]
    german = f"{name_de} {'angesagt' if announced else 'still'}"
    english = f"{short_en} {'announced' if announced else 'silent'}"
    if not made:
        german, english = f"{german}, verloren", f"{english}, {'failed' if announced else 'lost'}"
    return german, english


def negative_game_item(hand: Hand, ruleset: RuleSet, contract: ContractRule) -> LineItem:
    """Negative contracts: each opponent plays and kontras alone (seed 000 section 1: "In negative
    contracts each opponent can kontra individually"; seed 004: "nur für den jeweils Kontrierenden")."""
    sign = 1 if hand.result == WON else -1
    points: list[Amount] = [0, 0, 0, 0]
    cash: list[Amount] = [0, 0, 0, 0]
    factors: list[Factor] = []
    counts = ruleset.kontra_counts_for_standings
    for seat in SEATS:
        if seat == hand.declarer:
            continue
        multiplier = hand.opponent_kontra(seat)
        factors.extend(kontra_factor(multiplier, counts, f"Sitz {seat}", seat=seat))
        point_amount = sign * contract.value * (multiplier if counts else 1)
        cash_amount = sign * contract.value * multiplier
        points[hand.declarer] += point_amount
        points[seat] -= point_amount
        cash[hand.declarer] += cash_amount
        cash[seat] -= cash_amount
    return LineItem(
        "game", contract.slug, contract.name, contract.name_en, contract.value,
        tuple(factors), DECLARER if sign > 0 else OPPONENTS, seats4(points), seats4(cash),
    )


def surrender_item(hand: Hand, ruleset: RuleSet, contract: ContractRule) -> LineItem:
    """Schleifen: the declarer pays the game, plus the planned bird in a Besser-Rufer, to each
    of the three others, without kontras (rule-notes.md, Upper Austria; seed 004 Besser-Rufer:
    "das Spiel samt geplantem Vogerl zahlen"; seed 001: "give up the hand for 3 points")."""
    birds = [claim for claim in hand.bonuses if claim.bonus in contract.required_birds]
    base = contract.value + sum(ruleset.bonus_rule(claim.bonus).value(True) for claim in birds)
    parts = " + ".join([f"{contract.name} {contract.value}"] + [
        f"{ruleset.bonus_rule(c.bonus).name} {ruleset.bonus_rule(c.bonus).value(True)}" for c in birds
    ])
    if contract.surrender_value is not None:
        # pagat.com (seed 001): "give up the hand for 3 points", whichever bird was planned.
        base = contract.surrender_value
        parts = f"{base} (fester Preis)"
    seats = pays_each(hand.declarer, base)
    return LineItem(
        "surrender", contract.slug, f"{contract.name} geschleift", f"{contract.name_en} given up",
        base, (), OPPONENTS, seats4(seats), seats4(seats),
        f"Der Spieler zahlt jedem: {parts}",
        f"The declarer pays each other player: {parts.replace('fester Preis', 'fixed price')}",
    )

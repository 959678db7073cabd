"""Trischaken payment schemes, each a small strategy selected by ``TrischakenRule.kind``.

Ties: players with equal card points split what their places would pay or receive (seed 000
section 4: "Players with the same card points split their victory points; if both middle
players have the same number of points, then they pay and receive nothing"). Each scheme first
pays by place as if the order were strict, then ``split_ties`` averages within equal points,
which is exactly that rule and keeps every hand zero-sum.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Protocol

from .cardpoints import format_thirds
from .catalogue import SEATS
from .ruleset import ContractRule, TrischakenRule
from .types import Amount, Hand, LineItem, Seats4, pays_each, seats4


class TrischakenStrategy(Protocol):
    # The TrischakenRule amounts and choices the strategy reads (a rule builder offers only these).
    settings: frozenset[str]

    def items(self, rule: TrischakenRule, hand: Hand, contract: ContractRule) -> list[LineItem]: ...


def by_place(card_points: tuple[int, ...]) -> list[int]:
    """Seats from most to fewest card points (seat order inside a tie; ties are split later)."""
    return sorted(SEATS, key=lambda seat: (-card_points[seat], seat))


def split_ties(amounts: list[Amount], card_points: tuple[int, ...]) -> Seats4:
    result: list[Amount] = list(amounts)
    for value in set(card_points):
        group = [seat for seat in SEATS if card_points[seat] == value]
        if len(group) > 1:
            share = Fraction(sum(amounts[seat] for seat in group), len(group))
            for seat in group:
                result[seat] = int(share) if share.denominator == 1 else share
    return seats4(result)


def line(code: str, contract: ContractRule, german: str, english: str, base: Amount, seats: Seats4,
         note: tuple[str, str] = ("", "")) -> LineItem:
    return LineItem(
        code, contract.slug, f"{contract.name}: {german}", f"{contract.name_en}: {english}",
        base, (), None, seats, seats, note[0], note[1],
    )


def renonce_line(hand: Hand, contract: ContractRule, rule: TrischakenRule) -> LineItem:
    """Seed 000: "If a revoke is committed the offender pays everyone else four victory points
    (3×4)"; seed 003: "he pays three times two points (3 x 2 pts.)"; the Upper-Austrian rules of
    4/2023 double it for a revoking Trischaker (docs/sources/cup-rules.md, Raiffeisen Trischaken)."""
    assert hand.renonce is not None
    unit = rule.renonce_unit * (rule.renonce_declarer_factor if hand.renonce == hand.declarer else 1)
    return line(
        "renonce", contract, f"Renonce von Sitz {hand.renonce}", f"renonce by seat {hand.renonce}", unit,
        seats4(pays_each(hand.renonce, unit)),
    )


def points_note(card_points: tuple[int, ...]) -> tuple[str, str]:
    shown = ", ".join(f"{seat}: {format_thirds(card_points[seat])}" for seat in SEATS)
    return f"Kartenpunkte {shown}", f"card points {shown}"


class TwoPairs:
    """Tirol (seed 000 section 4, rule-notes.md), Hopfgarten (seed 003 section 4) and pagat.com
    (seed 001, Trischaken): the two with the most points pay the two others; mayor, the declarer
    with the most points, and virgins as configured."""

    settings = frozenset({"unit", "alone_unit", "virgin_unit", "declarer_factor", "renonce_unit", "virgins"})

    def items(self, rule: TrischakenRule, hand: Hand, contract: ContractRule) -> list[LineItem]:
        if hand.renonce is not None:
            return [renonce_line(hand, contract, rule)]
        points = hand.card_points
        assert points is not None
        note = points_note(points)
        items: list[LineItem] = []
        order = by_place(points)
        mayors = [seat for seat in SEATS if points[seat] >= rule.mayor_threshold]
        declarer_alone_most = order[0] == hand.declarer and points[order[0]] > points[order[1]]
        payer = None
        if mayors:
            (payer,) = mayors
            factor = rule.declarer_factor if payer == hand.declarer else 1
            amount = rule.alone_unit * factor
            items.append(line(
                "mayor", contract, f"Bürgermeister Sitz {payer} zahlt allein", f"mayor seat {payer} pays alone",
                amount, seats4(pays_each(payer, amount)), note,
            ))
        elif rule.declarer_most_pays_alone and declarer_alone_most:
            payer = hand.declarer
            items.append(line(
                "declarer_most", contract, f"Vorhand (Sitz {payer}) mit den meisten Punkten zahlt allein",
                f"Vorhand (seat {payer}) with the most points pays alone",
                rule.alone_unit, seats4(pays_each(payer, rule.alone_unit)), note,
            ))
        virgins = [seat for seat in SEATS if points[seat] == 0]
        if virgins:
            items.append(self.virgin_line(rule, virgins, contract, note))
        if rule.extras == "add" or (payer is None and not virgins):
            pair = [-rule.unit, -rule.unit, rule.unit, rule.unit]
            amounts: list[Amount] = [0, 0, 0, 0]
            for place, seat in enumerate(order):
                amounts[seat] = pair[place]
            items.append(line(
                "pairs", contract, "die zwei mit den meisten Punkten zahlen den zwei anderen",
                "the two with the most points pay the two others", rule.unit, split_ties(amounts, points), note,
            ))
        return items

    def virgin_line(self, rule: TrischakenRule, virgins: list[int], contract: ContractRule, note: tuple[str, str]) -> LineItem:
        unit = rule.virgin_unit
        others = [seat for seat in SEATS if seat not in virgins]
        amounts: list[Amount] = [0, 0, 0, 0]
        if rule.virgins == "share":
            # One virgin payment (3 × unit), shared by the virgins and paid by the others
            # (seed 003: "If two players take no tricks at all, they have to share the score").
            for seat in virgins:
                amounts[seat] = _exact(Fraction(3 * unit, len(virgins)))
            for seat in others:
                amounts[seat] = _exact(Fraction(-3 * unit, len(others)))
        else:
            # Every virgin is paid by all three others (seed 001: "If any player takes no tricks
            # they are paid 2 by all three others").
            for virgin in virgins:
                for seat, amount in enumerate(pays_each(virgin, -unit)):
                    amounts[seat] += amount
        seats = ", ".join(str(seat) for seat in virgins)
        return line(
            "virgin", contract, f"Jungfrau (kein Stich): Sitz {seats}", f"virgin (no trick): seat {seats}",
            unit, seats4(amounts), note,
        )


class LoserPays:
    """Upper Austria (seed 004, Trischaken): "Der Spieler mit den meisten Punkten schuldet allen
    anderen Spielern je einen Punkt. Hat er mehr als 35 Punkte und zwei Blatt ... so je zwei
    Punkte. Hat jemand keinen Stich, so erhält er alle drei Punkte bzw. bei doppelt alle sechs.
    Haben zwei Spieler keinen Stich, so erhalten sie vom Verlierer je drei Punkte. Hat ein Spieler
    alle Stiche, so schuldet er jedem Spieler zwei Punkte. Ist der Verlierer der Vorhandspieler,
    so verdoppeln sich die vorher genannten Beträge." """

    settings = frozenset({"unit", "declarer_factor", "renonce_unit"})

    def items(self, rule: TrischakenRule, hand: Hand, contract: ContractRule) -> list[LineItem]:
        if hand.renonce is not None:
            return [renonce_line(hand, contract, rule)]
        points = hand.card_points
        assert points is not None
        order = by_place(points)
        loser = order[0]
        double = points[loser] >= rule.mayor_threshold
        each = rule.unit * (2 if double else 1)
        sole_loser = points[loser] > points[order[1]]
        factor = rule.declarer_factor if sole_loser and loser == hand.declarer else 1
        virgins = [seat for seat in SEATS if points[seat] == 0]
        amounts: list[Amount] = [0, 0, 0, 0]
        if not virgins:
            receivers = {seat: each * factor for seat in SEATS if seat != loser}
        elif len(virgins) == 1:
            receivers = {virgins[0]: 3 * each * factor}
        elif len(virgins) == 2:
            receivers = {seat: 3 * rule.unit * factor for seat in virgins}
        else:
            receivers = {seat: each * factor for seat in virgins}
        for seat, amount in receivers.items():
            amounts[seat] = amount
        amounts[loser] = -sum(receivers.values())
        german = f"Sitz {loser} hat die meisten Punkte{' (doppelt)' if double else ''} und zahlt"
        english = f"seat {loser} has the most points{' (double)' if double else ''} and pays"
        if factor != 1:
            german, english = f"{german}, als Vorhand doppelt", f"{english}, double as Vorhand"
        if not sole_loser:
            german, english = "Gleichstand bei den meisten Punkten: geteilt", "tie for the most points: split"
        return [line("loser", contract, german, english, rule.unit, split_ties(amounts, points), points_note(points))]


class MostPays:
    """The Upper-Austrian rules of 4/2023 (Raiffeisen Tarockcup, Ö-Finale) and TarockRunde Sauwald 2019
    (docs/sources/cup-rules.md, the Trischaken sections): the most card points lose; a sole loser pays
    each other player, double with the game (the mayor threshold) and double again as Vorhand, who
    also loses alone when tied for the most where ``declarer_tied_pays``; tied losers pay each other
    player the unit; virgins take the payment as ``virgins`` says (TrischakenRule)."""

    settings = frozenset({"unit", "declarer_factor", "renonce_unit", "virgins"})

    def items(self, rule: TrischakenRule, hand: Hand, contract: ContractRule) -> list[LineItem]:
        if hand.renonce is not None:
            return [renonce_line(hand, contract, rule)]
        points = hand.card_points
        assert points is not None
        most = max(points)
        losers = [seat for seat in SEATS if points[seat] == most]
        vorhand = hand.declarer in losers and (len(losers) == 1 or rule.declarer_tied_pays)
        if vorhand:
            losers = [hand.declarer]
        double = len(losers) == 1 and points[losers[0]] >= rule.mayor_threshold
        base = rule.unit * (rule.declarer_factor if vorhand else 1)
        unit = base * (2 if double else 1)
        others = [seat for seat in SEATS if seat not in losers]
        virgins = [seat for seat in others if points[seat] == 0]
        receivers: dict[int, Amount] = {}
        if not virgins or len(virgins) == 3:
            # Each loser pays each other player the unit (one player with every trick, too).
            receivers = {seat: unit * len(losers) for seat in others}
        elif rule.virgins == "each":
            # Sauwald: one virgin gets 3 from the loser (doubled as the loser pays double); two get
            # "je drei Punkte" even though their loser nearly always has the game, so not doubled for it.
            receivers = {seat: 3 * (base if len(virgins) == 2 else unit) for seat in virgins}
        else:
            # OÖ 4/2023: the virgins share the payment; "35/1 : 34/2" with two virgins costs the
            # loser 2 × 2, so a share that is no whole number is rounded up.
            share = Fraction(unit * len(losers) * len(others), len(virgins))
            receivers = {seat: -(-share.numerator // share.denominator) for seat in virgins}
        amounts: list[Amount] = [0, 0, 0, 0]
        for seat, amount in receivers.items():
            amounts[seat] = amount
        paid = Fraction(sum(receivers.values()), len(losers))
        for seat in losers:
            amounts[seat] = -_exact(paid)
        names = ", ".join(str(seat) for seat in losers)
        german = f"Sitz {names} hat die meisten Punkte{' (doppelt)' if double else ''} und zahlt"
        english = f"seat {names} has the most points{' (double)' if double else ''} and pays"
        if vorhand:
            german, english = f"{german}, als Vorhand doppelt", f"{english}, double as Vorhand"
        return [line("loser", contract, german, english, rule.unit, seats4(amounts), points_note(points))]


def _exact(value: Fraction) -> Amount:
    return int(value) if value.denominator == 1 else value


# Strategies hold no state: one instance per kind, the rule's parameters come with each call.
STRATEGIES: dict[str, TrischakenStrategy] = {
    "two_pairs": TwoPairs(), "loser_pays": LoserPays(), "most_pays": MostPays(),
}


# What a played Trischaken (no renonce) is paid with: a rule whose every such amount it reads is 0 pays nothing.
PAYMENTS = ("unit", "alone_unit", "virgin_unit")


def trischaken_items(rule: TrischakenRule, hand: Hand, contract: ContractRule) -> list[LineItem]:
    return STRATEGIES[rule.kind].items(rule, hand, contract)


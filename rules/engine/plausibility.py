"""Whether a hand could have been played at all: the cards the claims need against the card points known.

Card points are counted in thirds (cardpoints.py): a card worth v counts 3v − 2 thirds, so a king or a
trull card (Sküs, Mond, Pagat) is 13, a queen 10, a cavalier 7, a jack 4 and each of the other 35 cards
1; the 54 cards make 210 (harbour-tarock §1.5: "drittel(M) = 3·Σwert − 2·|M|"). A pile of n cards worth
x thirds then carries a "weight" (x − n) / 3 = 4·honours + 3·queens + 2·cavaliers + jacks, which tells
at once whether the pile can exist (``pile_possible``).

What is known of a hand bounds its two piles (the declarer's side's and the opponents'): the card points
typed, else the result (won: the declarer's side has at least the threshold, lost: less), a Valat (the
other side took no trick and holds at most the talon's cards: the untaken half or, in a solo game, the
whole talon; honours are never laid away), and the bonuses (Trull: the three trull cards, 13; Alle Könige:
the four kings, 17+1; a trick bonus: at least one trick). A claim the piles cannot satisfy is refused with
the contradiction named. Trischaken: a player with a trick has at least four cards (1+1), and the tricks
and the talon must add up (``trischaken_problems``).
"""

from __future__ import annotations

from typing import NamedTuple

from .cardpoints import format_thirds
from .catalogue import BONUS_KIND, DECLARER, LOST, OPPONENTS, TRICK, WON, other_side
from .messages import problem
from .ruleset import ContractRule, RuleSet
from .types import BonusClaim, Hand, Problem

CARDS = 54
TRICKS = 12
HONOURS = 7  # four kings and the trull (Sküs, Mond, Pagat): 13 thirds each
HONOUR_THIRDS = 13
# The weights (3v − 2 − 1) / 3 of queens, cavaliers and jacks, four each, highest first.
LESSER_WEIGHTS = (3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1)
TALON = 6
PLAIN = 35  # the cards worth 1 third (the 19 tarocks II–XX, the 16 pip cards)
TOTAL_THIRDS = 210
# The cards the material bonuses are about (BonusRule.card_thirds): the three trull cards 13, the four kings 17+1.
TRULL_THIRDS = 3 * HONOUR_THIRDS
KINGS_THIRDS = 4 * HONOUR_THIRDS
SIDE_NAMES = {DECLARER: ("Spielerpartei", "declarer's side"), OPPONENTS: ("Gegenpartei", "opponents")}


def pile_possible(thirds: int, cards: int, honours_min: int = 0, honours_max: int = HONOURS) -> bool:
    """Whether ``cards`` cards can be worth ``thirds`` with between ``honours_min`` and ``honours_max``
    honours among them."""
    return pile_in_range(thirds, thirds, cards, honours_min, honours_max)


def pile_in_range(low: int, high: int, cards: int, honours_min: int = 0, honours_max: int = HONOURS) -> bool:
    """Whether ``cards`` cards can be worth some thirds from ``low`` to ``high``. With h honours the
    lesser cards' weights reach every sum between the fewest the 35 plain cards force and their most."""
    for honours in range(max(honours_min, 0), min(honours_max, HONOURS, cards) + 1):
        others = cards - honours
        if others > CARDS - HONOURS:
            continue
        forced = max(0, others - PLAIN)  # beyond the 35 plain cards, the lightest lesser cards
        weights = (4 * honours + sum(LESSER_WEIGHTS[len(LESSER_WEIGHTS) - forced:]) if forced else 4 * honours,
                   4 * honours + sum(LESSER_WEIGHTS[:others]))
        least, most = cards + 3 * weights[0], cards + 3 * weights[1]
        first = max(low, least)
        first += (cards - first) % 3  # the next value a pile of this many cards can have
        if first <= min(high, most):
            return True
    return False


def _talon_cards(contract: ContractRule, hand: Hand) -> tuple[int, int, bool]:
    """Cards of the talon counted with the declarer's side and with the opponents, and whether the
    declarer's may be honours (only a talon half taken with the called king; discards never are)."""
    if contract.talon == "half":
        return 3, 3, False
    if contract.talon == "whole":
        return TALON, 0, False
    if contract.calls_partner and hand.partner is None:  # a Solorufer's half with the called king
        return 3, 3, True
    return 0, TALON, False


class Needs(NamedTuple):
    """What one side's claims put in its piles: honours by name (the trull cards), kings, the fewest and the most
    thirds, the trick bonuses it won (and so the tricks, counted from the last: Pagat 12, Uhu 11, …)."""

    cards: frozenset[str]
    kings: int
    least: int
    most: int
    claims: list[BonusClaim]
    tricks: frozenset[int]

    @property
    def honours(self) -> int:
        return len(self.cards) + self.kings


# The trick a bird or the König ultimo is won in, counted from the first (the Pagat the last); the other
# trick bonuses (a capture) are counted as one trick of their own.
TRICK_OF = {"pagat": 12, "uhu": 11, "kakadu": 10, "quapil": 9, "king_ultimo": 12}
TRULL_CARDS = frozenset({"pagat", "mond", "skues"})


def _needs(hand: Hand, ruleset: RuleSet, side: str) -> Needs:
    """The side's needs from the claims it won. Deliberately not weighed: the Pagat or the king a trick bonus
    leaves in the winner's piles, and a last trick both sides claim; the cups' own worked example scores a
    silent Trull of the declarer beside the opponents' silent Pagat ([sec §7.10] no. 4, docs/decisions.md)."""
    cards: set[str] = set()
    kings, least, most, claims, tricks = 0, 0, TOTAL_THIRDS, [], set()
    for claim in hand.bonuses:
        rule = ruleset.bonus_rule(claim.bonus)
        if not claim.achieved and claim.side == side and rule.min_card_points is not None:
            most = min(most, rule.min_card_points - 1)  # an announced Sack that failed: the side fell short of it
        if claim.winner != side or not claim.achieved:
            continue
        if rule.card_thirds == TRULL_THIRDS:
            cards |= TRULL_CARDS
        elif rule.card_thirds == KINGS_THIRDS:
            kings = 4
        if rule.min_card_points is not None:
            least = max(least, rule.min_card_points)
        if BONUS_KIND[claim.bonus] == TRICK and claim.bonus != "valat":
            claims.append(claim)
            tricks.add(TRICK_OF.get(claim.bonus, 0))
    return Needs(frozenset(cards), kings, least, most, claims, frozenset(tricks))


def positive_problems(hand: Hand, ruleset: RuleSet, contract: ContractRule) -> list[Problem]:
    """Every contradiction between a positive hand's card points, result, Valat and bonuses."""
    total = ruleset.total_card_points * 3
    if total != TOTAL_THIRDS or hand.surrender or hand.not_played or hand.renonce is not None:
        return []  # a rule set counting another pack, or a hand not played out: nothing to weigh
    valat = hand.claim("valat")
    valat_side = valat.side if valat is not None and valat.made else None
    low, high, known = 0, total, ("", "")
    if hand.declarer_points is not None:
        low = high = hand.declarer_points
        known = (f"Kartenpunkte der Spielerpartei {format_thirds(low)}",
                 f"the declarer's card points {format_thirds(low)}")
    elif hand.result == WON:
        low, known = ruleset.win_threshold, ("Ergebnis gewonnen", "the result won")
    elif hand.result == LOST:
        high, known = ruleset.win_threshold - 1, ("Ergebnis verloren", "the result lost")
    problems: list[Problem] = []
    needs = {side: _needs(hand, ruleset, side) for side in (DECLARER, OPPONENTS)}
    if valat_side is not None:
        beaten = other_side(valat_side)
        declarer_talon, opponent_talon, honours_allowed = _talon_cards(contract, hand)
        room = opponent_talon if beaten == OPPONENTS else (declarer_talon if honours_allowed else 0)
        for claim in hand.bonuses:
            cards = ruleset.bonus_rule(claim.bonus).card_thirds if claim.achieved and claim.winner == beaten else None
            if claim in needs[beaten].claims or (cards is not None and cards // HONOUR_THIRDS > room):
                problems.append(_claim_problem("bonus_beside_valat", hand, ruleset, claim, beaten, valat_side))
    for side in (DECLARER, OPPONENTS):
        side_high = high if side == DECLARER else total - low
        for claim in hand.bonuses:
            rule = ruleset.bonus_rule(claim.bonus)
            if not claim.achieved or claim.winner != side or not known[0]:
                continue
            need = max(rule.card_thirds or 0, rule.min_card_points or 0 if hand.declarer_points is None else 0)
            if need > side_high:
                problems.append(problem(
                    "bonus_cards_too_few", "bonuses", bonus=rule.name, need=format_thirds(need),
                    have=format_thirds(side_high), side_de=SIDE_NAMES[side][0], side_en=SIDE_NAMES[side][1],
                    known_de=known[0], known_en=known[1],
                ))
    if problems:
        return problems
    if not _piles_possible(hand, contract, low, high, needs, valat_side):
        problems.append(problem("hand_cards_impossible", "bonuses" if hand.bonuses else "declarer_points"))
    return problems


def _piles_possible(hand: Hand, contract: ContractRule, low: int, high: int, needs: dict, valat_side: str | None) -> bool:
    """Whether some split of the 54 cards into the two sides' tricks and talon cards gives what is known."""
    declarer_talon, opponent_talon, declarer_talon_honours = _talon_cards(contract, hand)
    trick_counts = range(TRICKS + 1)
    if valat_side is not None:
        trick_counts = range(TRICKS, TRICKS + 1) if valat_side == DECLARER else range(0, 1)
    ours, theirs = needs[DECLARER], needs[OPPONENTS]
    for tricks in trick_counts:
        if tricks < len(ours.tricks) or TRICKS - tricks < len(theirs.tricks):
            continue
        cards = 4 * tricks + declarer_talon
        most = min(HONOURS, 4 * tricks + (declarer_talon if declarer_talon_honours else 0))
        least = max(ours.honours, HONOURS - (4 * (TRICKS - tricks) + opponent_talon))
        lowest = max(low, ours.least, TOTAL_THIRDS - theirs.most)
        highest = min(high, TOTAL_THIRDS - theirs.least, ours.most)
        if pile_in_range(lowest, highest, cards, least, min(most, HONOURS - theirs.honours)):
            return True
    return False


def _claim_problem(code: str, hand: Hand, ruleset: RuleSet, claim: BonusClaim, side: str, valat_side: str) -> Problem:
    rule = ruleset.bonus_rule(claim.bonus)
    index = hand.bonuses.index(claim)
    return problem(
        code, f"bonuses[{index}]", bonus=rule.name, side_de=SIDE_NAMES[side][0], side_en=SIDE_NAMES[side][1],
        valat_de=SIDE_NAMES[valat_side][0], valat_en=SIDE_NAMES[valat_side][1],
    )


def trischaken_seat_options(thirds: int) -> list[tuple[int, bool]]:
    """The (tricks, took the talon) a Trischaken player with ``thirds`` card points can have had."""
    if thirds == 0:
        return [(0, False)]
    return [
        (tricks, talon) for tricks in range(1, TRICKS + 1) for talon in (False, True)
        if pile_possible(thirds, 4 * tricks + (TALON if talon else 0))
    ]


def trischaken_problems(card_points: tuple[int, int, int, int]) -> list[Problem]:
    """Each player's card points must be a pile of whole tricks (the talon with the last one), and the
    twelve tricks and the talon must go round."""
    problems: list[Problem] = []
    options = []
    for seat, thirds in enumerate(card_points):
        seat_options = trischaken_seat_options(thirds)
        if not seat_options:
            problems.append(problem("trischaken_points_impossible", f"card_points[{seat}]", value=format_thirds(thirds)))
        options.append(seat_options)
    if problems:
        return problems
    if not _tricks_go_round(options, 0, 0, False):
        problems.append(problem("trischaken_tricks_impossible", "card_points"))
    return problems


def _tricks_go_round(options: list[list[tuple[int, bool]]], seat: int, tricks: int, talon: bool) -> bool:
    if seat == len(options):
        return tricks == TRICKS and talon
    return any(
        _tricks_go_round(options, seat + 1, tricks + count, talon or took)
        for count, took in options[seat] if tricks + count <= TRICKS and not (talon and took)
    )

"""Checking a parsed hand against what its rule set allows, and whether the declarer's side won.

Every check appends to one list of problems, so a scorer sees all that is wrong at once.
"""

from __future__ import annotations

from .cardpoints import format_thirds
from .catalogue import (
    ANNULLED,
    BONUS_KIND,
    CALLED_KING_BONUSES,
    DECLARATION,
    DECLARER,
    LOST,
    NEGATIVE,
    OPPONENTS,
    POSITIVE,
    TRISCHAKEN,
    WON,
)
from .messages import problem
from .plausibility import positive_problems, trischaken_problems
from .ruleset import ContractRule, RuleSet
from .types import BonusClaim, Hand, Problem


def game_won(hand: Hand, ruleset: RuleSet) -> bool:
    """The declarer's side made a positive contract: the result, or the card points if no result."""
    if hand.result is not None:
        return hand.result == WON
    if hand.declarer_points is not None:
        return hand.declarer_points >= ruleset.win_threshold
    # No result and no card points: validation let the Valat decide (``valat_decides``); a failed
    # announced Valat loses the game (ÖF21 "Valat", cup-rules.md §2).
    valat = hand.claim("valat")
    assert valat is not None, "validation requires a result, card points or a Valat that decides"
    return valat.winner == DECLARER


def valat_decides(hand: Hand, ruleset: RuleSet) -> bool:
    """Whether the hand's Valat line alone settles the game, so that no separate result is needed: a Valat
    that happened, or an announced one that failed where the Valat takes the game's place (every kind but
    the premium added to the game, Tirol's)."""
    valat = hand.claim("valat") if hand.bonuses else None
    if valat is None:
        return False
    return valat.made or (valat.announced and ruleset.valat.kind != "premium")


def check_hand(hand: Hand, ruleset: RuleSet) -> list[Problem]:
    """Every way a well-formed hand breaks the rule set's rules."""
    if hand.contract == ANNULLED:
        return []
    contract = ruleset.contract(hand.contract)
    assert contract is not None
    problems: list[Problem] = []
    name = contract.name
    if contract.vorhand_only and hand.declarer != 0:
        problems.append(problem("vorhand_only", "declarer", contract=name, seat=hand.declarer))
    _check_partner(hand, contract, ruleset, problems)
    _check_result(hand, contract, ruleset, problems)
    _check_kontra(hand, contract, ruleset, problems)
    _check_bonuses(hand, contract, ruleset, problems)
    if hand.renonce is not None:
        offered = ruleset.trischaken.renonce_unit > 0 if contract.kind == TRISCHAKEN and ruleset.trischaken else (
            contract.kind != TRISCHAKEN and ruleset.renonce is not None
        )
        if not offered:
            problems.append(problem("renonce_not_offered", "renonce", ruleset=ruleset.name))
    if hand.surrender:
        _check_surrender(hand, contract, ruleset, problems)
    if hand.not_played:
        _check_not_played(hand, contract, problems)
    if hand.without_bird:
        _check_without_bird(hand, contract, ruleset, problems)
    if not problems and contract.kind == POSITIVE and (hand.bonuses or hand.declarer_points is not None):
        problems.extend(positive_problems(hand, ruleset, contract))
    if not problems and hand.card_points is not None and contract.kind == TRISCHAKEN:
        problems.extend(trischaken_problems(hand.card_points))
    if hand.talon_without_king:
        if contract.talon_king_penalty is None:
            problems.append(problem("talon_without_king_not_offered", "talon_without_king", contract=name, ruleset=ruleset.name))
        elif hand.partner is not None or hand.renonce is not None:
            problems.append(problem("talon_without_king_needs_king_in_talon", "talon_without_king"))
    return problems


def _check_not_played(hand: Hand, contract: ContractRule, problems: list[Problem]) -> None:
    if not contract.may_stay_unplayed:
        problems.append(problem("not_played_not_allowed", "not_played", contract=contract.name))
        return
    given = [name for name, present in (
        ("result", hand.result is not None), ("declarer_points", hand.declarer_points is not None),
        ("kontra", hand.kontra != 1 or bool(hand.kontra_by_opponent)), ("bonuses", bool(hand.bonuses)),
        ("renonce", hand.renonce is not None), ("surrender", hand.surrender),
    ) if present]
    if given:
        problems.append(problem("not_played_fields", given[0], contract=contract.name, fields=", ".join(given)))


def _check_without_bird(hand: Hand, contract: ContractRule, ruleset: RuleSet, problems: list[Problem]) -> None:
    if contract.no_bird_price is None:
        problems.append(problem("without_bird_not_offered", "without_bird", contract=contract.name, ruleset=ruleset.name))
        return
    given = [name for name, present in (
        ("result", hand.result is not None), ("declarer_points", hand.declarer_points is not None),
        ("kontra", hand.kontra != 1 or bool(hand.kontra_by_opponent)), ("bonuses", bool(hand.bonuses)),
        ("renonce", hand.renonce not in (None, hand.declarer)), ("surrender", hand.surrender),
    ) if present]
    if given:
        problems.append(problem("without_bird_fields", given[0], contract=contract.name, fields=", ".join(given)))


def _check_partner(hand: Hand, contract: ContractRule, ruleset: RuleSet, problems: list[Problem]) -> None:
    if not contract.calls_partner:
        if hand.partner is not None:
            problems.append(problem("partner_not_allowed", "partner", contract=contract.name))
        return
    if hand.partner is None:
        if contract.partner_required and not hand.surrender:
            problems.append(problem("partner_required", "partner", contract=contract.name))
    elif hand.partner == hand.declarer and not ruleset.own_king_allowed:
        problems.append(problem("own_king_forbidden", "partner", ruleset=ruleset.name))


def _check_result(hand: Hand, contract: ContractRule, ruleset: RuleSet, problems: list[Problem]) -> None:
    if contract.kind != POSITIVE and hand.declarer_points is not None:
        problems.append(problem("declarer_points_not_allowed", "declarer_points"))
    if contract.kind != TRISCHAKEN and hand.card_points is not None:
        problems.append(problem("card_points_not_allowed", "card_points"))
    excused = hand.renonce is not None
    if contract.kind == TRISCHAKEN:
        if hand.card_points is None:
            if not excused:
                problems.append(problem("card_points_missing", "card_points"))
        elif sum(hand.card_points) != ruleset.total_card_points * 3:
            problems.append(
                problem(
                    "card_points_sum", "card_points", sum=format_thirds(sum(hand.card_points)),
                    total=ruleset.total_card_points,
                )
            )
    elif contract.kind == NEGATIVE:
        if hand.result is None and not excused:
            problems.append(problem("result_missing_negative", "result"))
    else:
        decided = excused or hand.surrender or hand.not_played or hand.without_bird or valat_decides(hand, ruleset)
        if hand.result is None and hand.declarer_points is None and not decided:
            problems.append(problem("result_missing", "result"))
        if hand.result is not None and hand.declarer_points is not None:
            actual = hand.declarer_points >= ruleset.win_threshold
            if actual != (hand.result == WON):
                problems.append(
                    problem(
                        "declarer_points_contradict_result", "declarer_points",
                        points=format_thirds(hand.declarer_points),
                        threshold=format_thirds(ruleset.win_threshold),
                        actual="gewonnen" if actual else "verloren",
                        given="gewonnen" if hand.result == WON else "verloren",
                        actual_en=WON if actual else LOST, given_en=hand.result,
                    )
                )


def _levels(ruleset: RuleSet) -> str:
    return ", ".join(str(level) for level in ruleset.kontra_levels)


def _check_kontra(hand: Hand, contract: ContractRule, ruleset: RuleSet, problems: list[Problem]) -> None:
    levels = [("kontra", hand.kontra)] + [(f"kontra[{seat}]", k) for seat, k in hand.kontra_by_opponent]
    if contract.kind == TRISCHAKEN:
        if any(level != 1 for _, level in levels):
            problems.append(problem("kontra_not_allowed", "kontra", contract=contract.name))
        return
    for field, level in levels:
        if level not in ruleset.kontra_levels:
            problems.append(problem("kontra_invalid", field, value=level, allowed=_levels(ruleset)))
    if hand.kontra_by_opponent and contract.kind == POSITIVE:
        problems.append(problem("kontra_per_opponent_positive", "kontra", contract=contract.name))
    for seat, _ in hand.kontra_by_opponent:
        if seat == hand.declarer:
            problems.append(problem("kontra_by_declarer", f"kontra[{seat}]", seat=seat))


def _check_bonuses(hand: Hand, contract: ContractRule, ruleset: RuleSet, problems: list[Problem]) -> None:
    seen: set[str] = set()
    for index, claim in enumerate(hand.bonuses):
        field = f"bonuses[{index}]"
        rule = ruleset.bonus(claim.bonus)
        if rule is None:
            problems.append(problem("bonus_not_in_ruleset", field, value=claim.bonus, ruleset=ruleset.name))
            continue
        label = rule.name
        if claim.bonus in seen:
            problems.append(problem("bonus_duplicate", field, bonus=label))
        seen.add(claim.bonus)
        if claim.bonus not in contract.bonuses:
            code = (
                "bonus_needs_called_king"
                if claim.bonus in CALLED_KING_BONUSES and not contract.calls_partner
                else "bonus_not_allowed"
            )
            problems.append(problem(code, field, bonus=label, contract=contract.name))
            continue
        if claim.bonus == "king_ultimo" and hand.partner is None:
            # The king the Ultimo is won with lies in the talon: nobody can play it (hand-format.md,
            # partner null = "the called king lay in the talon").
            problems.append(problem("king_ultimo_king_in_talon", field, bonus=label, contract=contract.name))
            continue
        if claim.announced and rule.announced is None:
            problems.append(problem("bonus_cannot_be_announced", field, bonus=label))
        if not claim.announced and rule.silent is None:
            problems.append(problem("bonus_must_be_announced", field, bonus=label))
        if claim.announced and claim.side == OPPONENTS and rule.opponents_need_kontra and hand.kontra == 1:
            problems.append(problem("bonus_opponents_need_kontra", field, bonus=label))
        if claim.kontra != 1:
            if not rule.kontra_allowed:
                problems.append(problem("bonus_kontra_not_allowed", f"{field}.kontra", bonus=label))
            elif not claim.announced:
                problems.append(problem("bonus_kontra_needs_announcement", f"{field}.kontra", bonus=label))
            elif claim.kontra not in ruleset.kontra_levels:
                problems.append(problem("kontra_invalid", f"{field}.kontra", value=claim.kontra, allowed=_levels(ruleset)))
        if not claim.made and not rule.can_fail:
            problems.append(problem("bonus_cannot_fail", f"{field}.made", bonus=label))
        elif claim.bonus == "valat" and not claim.made and not claim.announced:
            # A silent Valat is only ever a side taking every trick; one that did not happen is no
            # Valat at all, and must not hand the other side a Valat nobody made.
            problems.append(problem("valat_silent_failed", f"{field}.made", bonus=label))
        if rule.min_card_points is not None and hand.declarer_points is not None:
            _check_bonus_points(hand, ruleset, claim, rule.min_card_points, field, label, problems)
        for other in sorted(rule.excluded_by) if rule.excluded_by else ():
            if hand.claim(other) is not None:
                problems.append(problem("bonus_excluded", field, bonus=label, other=ruleset.bonus_rule(other).name))

    if contract.required_birds and not contract.bird_optional and hand.renonce is None and not hand.without_bird:
        has_bird = any(
            claim.bonus in contract.required_birds and claim.side == DECLARER and claim.announced
            for claim in hand.bonuses
        )
        if not has_bird:
            birds = ", ".join(
                ruleset.bonus_rule(bird).name for bird in sorted(contract.required_birds)
            )
            problems.append(problem("bird_required", "bonuses", contract=contract.name, birds=birds))
    if contract.needs_announcement and not (hand.surrender or hand.renonce is not None or hand.not_played):
        if not any(c.announced and BONUS_KIND[c.bonus] != DECLARATION for c in hand.bonuses):
            problems.append(problem("announcement_required", "bonuses", contract=contract.name))

    valat = hand.claim("valat") if hand.bonuses else None
    if valat is not None and valat.made and contract.kind == POSITIVE and not hand.surrender:
        if hand.result is not None or hand.declarer_points is not None:
            declarer_won = game_won(hand, ruleset)
            if declarer_won != (valat.winner == DECLARER):
                problems.append(
                    problem(
                        "valat_contradicts_result", "bonuses",
                        side_de="Spielerpartei" if valat.winner == DECLARER else "Gegenpartei",
                        side_en="declarer's side" if valat.winner == DECLARER else "opponents",
                        result=WON if declarer_won else LOST,
                    )
                )


def _check_bonus_points(
    hand: Hand, ruleset: RuleSet, claim: BonusClaim, need: int, field: str, label: str, problems: list[Problem],
) -> None:
    """A bonus won with card points (a Sack, an Absolut) must agree with the declarer's card points:
    made only with at least ``need`` (thirds) on the claiming side, failed only below."""
    assert hand.declarer_points is not None
    have = hand.declarer_points if claim.side == DECLARER else ruleset.total_card_points * 3 - hand.declarer_points
    reached = have >= need
    if claim.made == reached:
        return
    declarer = claim.side == DECLARER
    problems.append(problem(
        "bonus_points_too_few" if claim.made else "bonus_points_reached", field, bonus=label,
        need=format_thirds(need), have=format_thirds(have), points=format_thirds(hand.declarer_points),
        side_de="Spielerpartei" if declarer else "Gegenpartei", side_en="declarer's side" if declarer else "opponents",
    ))


def _check_surrender(hand: Hand, contract: ContractRule, ruleset: RuleSet, problems: list[Problem]) -> None:
    if not contract.surrender:
        problems.append(problem("surrender_not_allowed", "surrender", contract=contract.name, ruleset=ruleset.name))
        return
    if hand.partner is not None:
        problems.append(problem("surrender_needs_king_in_talon", "partner"))
    if hand.renonce is not None:
        problems.append(problem("surrender_with_renonce", "renonce"))
    if hand.result == WON:
        problems.append(problem("surrender_contradicts_result", "result"))
    if hand.kontra != 1 or hand.kontra_by_opponent:
        problems.append(problem("surrender_kontra", "kontra"))
    for index, claim in enumerate(hand.bonuses):
        planned = claim.bonus in contract.required_birds and claim.side == DECLARER and claim.announced
        if not planned or claim.kontra != 1:
            rule = ruleset.bonus(claim.bonus)
            label = rule.name if rule else claim.bonus
            problems.append(problem("surrender_bonus", f"bonuses[{index}]", bonus=label))


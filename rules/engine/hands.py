"""Reading a hand from the interchange format and checking it against a rule set.

``read_hand`` collects every problem before it gives up, so a scorer sees all that is wrong
with an entry at once (not one error per attempt).
"""

from __future__ import annotations

from typing import Any

from .cardpoints import format_thirds, parse_thirds
from .catalogue import (
    ANNULLED,
    BONUS_KIND,
    BONUS_SLUGS,
    CALLED_KING_BONUSES,
    CONTRACT_SLUGS,
    DECLARATION,
    DECLARER,
    LOST,
    NEGATIVE,
    OPPONENTS,
    POSITIVE,
    SEATS,
    SIDES,
    TRISCHAKEN,
    WON,
)
from .messages import problem
from .ruleset import ContractRule, RuleSet
from .types import BonusClaim, Hand, InvalidHand, Problem


def read_hand(data: Any, ruleset: RuleSet) -> Hand:
    """Parse and validate one hand; raise InvalidHand listing every problem."""
    hand, problems = _parse(data, ruleset)
    if hand is not None and not problems:
        problems = check_hand(hand, ruleset)
    if problems:
        raise InvalidHand(problems)
    assert hand is not None
    return hand


def game_won(hand: Hand, ruleset: RuleSet) -> bool:
    """The declarer's side made a positive contract: the result, or the card points if no result."""
    if hand.result is not None:
        return hand.result == WON
    assert hand.declarer_points is not None, "validation requires a result or card points"
    return hand.declarer_points >= ruleset.win_threshold


# --- parsing: types and shapes ------------------------------------------------------------


def _parse(data: Any, ruleset: RuleSet) -> tuple[Hand | None, list[Problem]]:
    if not isinstance(data, dict):
        return None, [problem("not_an_object")]
    problems: list[Problem] = []
    get = data.get  # this runs for every hand scored: keep the lookups few
    if get("contract") == ANNULLED:
        return _annulled(data, problems)
    contract = _contract(get("contract"), ruleset, problems)

    declarer: int | None = get("declarer")
    if declarer is not None:
        declarer = _seat(declarer, "declarer", problems)
    else:
        declarer = 0
        if contract is not None and contract.kind != TRISCHAKEN:
            problems.append(problem("declarer_missing", "declarer"))
    partner = get("partner")
    if partner is not None:
        partner = _seat(partner, "partner", problems)
    renonce = get("renonce")
    if renonce is not None:
        renonce = _seat(renonce, "renonce", problems)

    result = get("result")
    if result is not None and result != WON and result != LOST:
        problems.append(problem("result_invalid", "result", value=_show(result)))
        result = None

    declarer_points = get("declarer_points")
    if declarer_points is not None:
        declarer_points = _card_points(declarer_points, "declarer_points", ruleset, problems)

    card_points = get("card_points")
    if card_points is not None:
        card_points = _card_points_of_seats(card_points, ruleset, problems)

    kontra, kontra_by_opponent = _kontra(get("kontra", 1), problems)
    bonuses = _bonuses(get("bonuses"), problems)

    surrender = get("surrender", False)
    if surrender is not False and surrender is not True:
        problems.append(problem("field_invalid", "surrender", value=_show(surrender)))
        surrender = False

    flags = []
    for name in ("talon_without_king", "not_played"):
        flag = get(name, False)
        if flag is not False and flag is not True:
            problems.append(problem("field_invalid", name, value=_show(flag)))
            flag = False
        flags.append(flag)
    talon_without_king, not_played = flags

    if contract is None or declarer is None:
        return None, problems
    hand = Hand(
        contract.slug, declarer, partner, result, declarer_points, kontra, kontra_by_opponent, bonuses,
        card_points, renonce, surrender, talon_without_king, not_played,
    )
    return hand, problems


def _annulled(data: dict, problems: list[Problem]) -> tuple[Hand | None, list[Problem]]:
    """An annulled deal: only ``contract`` and, optionally, ``declarer`` (who dealt or bid) are recorded."""
    declarer = data.get("declarer", 0)
    if declarer is None:
        declarer = 0
    declarer = _seat(declarer, "declarer", problems)
    others = sorted(set(data) - {"contract", "declarer"})
    if others:
        problems.append(problem("annulled_fields", others[0], fields=", ".join(others)))
    return Hand(ANNULLED, declarer if declarer is not None else 0), problems


def _card_points_of_seats(value: Any, ruleset: RuleSet, problems: list[Problem]) -> tuple[int, int, int, int] | None:
    if not isinstance(value, list) or len(value) != len(SEATS):
        problems.append(problem("card_points_count", "card_points"))
        return None
    values = [_card_points(item, f"card_points[{seat}]", ruleset, problems) for seat, item in enumerate(value)]
    present = [item for item in values if item is not None]
    return (present[0], present[1], present[2], present[3]) if len(present) == len(values) else None


def _contract(slug: Any, ruleset: RuleSet, problems: list[Problem]) -> ContractRule | None:
    if slug is None:
        problems.append(problem("contract_missing", "contract"))
        return None
    if not isinstance(slug, str) or slug not in CONTRACT_SLUGS:
        problems.append(problem("contract_unknown", "contract", value=_show(slug)))
        return None
    contract = ruleset.contract(slug)
    if contract is None:
        problems.append(problem("contract_not_offered", "contract", value=slug, ruleset=ruleset.name))
    return contract


def _seat(value: Any, field: str, problems: list[Problem]) -> int | None:
    if type(value) is int and 0 <= value <= 3:  # the common case, first: this runs for every hand
        return value
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool) and value in SEATS:
        return value
    problems.append(problem("seat_invalid", field, value=_show(value)))
    return None


def _card_points(value: Any, field: str, ruleset: RuleSet, problems: list[Problem]) -> int | None:
    try:
        thirds = parse_thirds(value)
    except ValueError:
        problems.append(problem("card_points_invalid", field, value=_show(value)))
        return None
    if thirds > ruleset.total_card_points * 3:
        problems.append(
            problem("card_points_out_of_range", field, value=format_thirds(thirds), total=ruleset.total_card_points)
        )
        return None
    return thirds


def _multiplier(value: Any) -> int | None:
    return value if type(value) is int and value >= 1 else None


def _kontra(value: Any, problems: list[Problem]) -> tuple[int, tuple[tuple[int, int], ...]]:
    if value == 1 and type(value) is int:
        return 1, ()
    if isinstance(value, dict):
        by_opponent = []
        for key, multiplier in value.items():
            seat = _seat(key, f"kontra[{key}]", problems)
            checked = _multiplier(multiplier)
            if checked is None:
                problems.append(problem("field_invalid", f"kontra[{key}]", value=_show(multiplier)))
            elif seat is not None:
                by_opponent.append((seat, checked))
        return 1, tuple(sorted(by_opponent))
    checked = _multiplier(value)
    if checked is None:
        problems.append(problem("field_invalid", "kontra", value=_show(value)))
        return 1, ()
    return checked, ()


def _bonuses(value: Any, problems: list[Problem]) -> tuple[BonusClaim, ...]:
    if value is None or value == []:
        return ()
    if not isinstance(value, list):
        problems.append(problem("field_invalid", "bonuses", value=_show(value)))
        return ()
    claims = []
    for index, entry in enumerate(value):
        if type(entry) is dict:  # fast path for a well-formed entry; anything else gets the detailed checks
            slug, side = entry.get("bonus"), entry.get("side")
            announced, made, kontra = entry.get("announced", False), entry.get("made", True), entry.get("kontra", 1)
            if (type(slug) is str and slug in KNOWN_BONUSES and side in SIDES and type(announced) is bool and type(made) is bool
                    and type(kontra) is int and kontra >= 1):
                claims.append(BonusClaim(slug, side, announced, made, kontra))
                continue
        _bonus_problems(entry, f"bonuses[{index}]", problems)
    return tuple(claims)


KNOWN_BONUSES = frozenset(BONUS_SLUGS)


def _bonus_problems(entry: Any, field: str, problems: list[Problem]) -> None:
    """Why a bonus entry failed the fast path of ``_bonuses`` (there is always a reason)."""
    if not isinstance(entry, dict) or not isinstance(entry.get("bonus"), str):
        problems.append(problem("bonus_invalid", field))
        return
    if entry["bonus"] not in KNOWN_BONUSES:
        problems.append(problem("bonus_unknown", f"{field}.bonus", value=entry["bonus"]))
        return
    if entry.get("side") not in SIDES:
        problems.append(problem("field_invalid", f"{field}.side", value=_show(entry.get("side"))))
    for name, default in (("announced", False), ("made", True)):
        if type(entry.get(name, default)) is not bool:
            problems.append(problem("field_invalid", f"{field}.{name}", value=_show(entry.get(name))))
    if _multiplier(entry.get("kontra", 1)) is None:
        problems.append(problem("field_invalid", f"{field}.kontra", value=_show(entry.get("kontra"))))


def _show(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else f"„{value}“"
    return text if len(text) <= 40 else text[:37] + "…"


# --- checking: what the rule set allows ----------------------------------------------------


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
        if hand.result is None and hand.declarer_points is None and not (excused or hand.surrender or hand.not_played):
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
        for other in sorted(rule.excluded_by) if rule.excluded_by else ():
            if hand.claim(other) is not None:
                problems.append(problem("bonus_excluded", field, bonus=label, other=ruleset.bonus_rule(other).name))

    if contract.required_birds and hand.renonce is None:
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


__all__ = ["read_hand", "check_hand", "game_won", "OPPONENTS"]

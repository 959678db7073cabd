"""Reading a hand from the interchange format (the rule set's checks are in ``hand_checks``).

``read_hand`` collects every problem before it gives up, so a scorer sees all that is wrong
with an entry at once (not one error per attempt).
"""

from __future__ import annotations

from typing import Any

from .cardpoints import format_thirds, parse_thirds
from .catalogue import (
    ANNULLED,
    BONUS_SLUGS,
    CONTRACT_SLUGS,
    LOST,
    SEATS,
    SIDES,
    TRISCHAKEN,
    WON,
)
from .hand_checks import check_hand
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
    for name in ("talon_without_king", "not_played", "without_bird"):
        flag = get(name, False)
        if flag is not False and flag is not True:
            problems.append(problem("field_invalid", name, value=_show(flag)))
            flag = False
        flags.append(flag)
    talon_without_king, not_played, without_bird = flags

    if contract is None or declarer is None:
        return None, problems
    hand = Hand(
        contract.slug, declarer, partner, result, declarer_points, kontra, kontra_by_opponent, bonuses,
        card_points, renonce, surrender, talon_without_king, not_played, without_bird,
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
    # A rule set's own contracts (a Triccolo built on the site) have slugs of their own.
    contract = ruleset.contract(slug) if isinstance(slug, str) else None
    if contract is not None:
        return contract
    if not isinstance(slug, str) or slug not in CONTRACT_SLUGS:
        problems.append(problem("contract_unknown", "contract", value=_show(slug)))
        return None
    problems.append(problem("contract_not_offered", "contract", value=slug, ruleset=ruleset.name))
    return None


def _seat(value: Any, field: str, problems: list[Problem]) -> int | None:
    if type(value) is int and 0 <= value <= 3:  # the common case, first: this runs for every hand
        return value
    # ASCII digits only: "²" is a digit to str.isdigit() but no number to int().
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
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

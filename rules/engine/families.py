"""The families of contracts a rule set can offer, as data (hand-format.md, "A rule set built on the site").

A contract's family follows from its fields: it calls a king (with a named bird: a Quapil-Rufer), plays
alone with none, one, three or six talon cards, plays a colour game with or without talon, plays a
negative game with a target of 0 to 3 tricks, closed, half-open or open, or is a Trischaken (whose
payment scheme is the rule set's ``trischaken``). ``contract_row`` builds the plain row a custom rule
set adds (rules/engine/custom.py ``derive``); ``family_problems`` names every field of a row that does
not fit its family; ``describe`` is what ``score_hands --list-contracts`` prints.
"""

from __future__ import annotations

from typing import Any, Iterable

from .catalogue import (
    ALONE,
    ALONE_GAME,
    BIRDS,
    CALL,
    CALL_KING,
    CALL_KING_BIRD,
    COLOUR,
    CONTRACT_SLUGS,
    NEGATIVE,
    NEGATIVE_TRICKS,
    OPENNESS,
    OUVERT_SLUGS,
    POSITIVE,
    TALON_CARDS,
    TRISCHAKEN,
)
from .ruleset import ContractRule
from .types import RuleSetProblem

MAX_TRICKS = 3


def contract_row(
    family: str, *, slug: str, name: str, value: int, talon: str = "none", birds: Iterable[str] = (),
    tricks: int | None = None, ouvert: str = "closed", bonuses: Iterable[str] = (), bonus_factor: int = 1,
) -> dict[str, Any]:
    """The plain contract row of ``family`` for ``derive`` (its overrides' ``contracts``)."""
    row: dict[str, Any] = {"slug": slug, "name": name, "value": value}
    if family in (NEGATIVE, TRISCHAKEN):
        row["kind"] = family
        if family == NEGATIVE:
            row.update(tricks=tricks, ouvert=ouvert)
        return row
    row.update(kind=POSITIVE, talon=talon, bonuses=sorted(bonuses), bonus_factor=bonus_factor)
    if family in (CALL_KING, CALL_KING_BIRD):
        row.update(partner=CALL, required_birds=sorted(birds))
    else:
        row.update(partner=ALONE, farbenspiel=family == COLOUR)
    return row


def family_problems(c: ContractRule) -> list[RuleSetProblem]:
    """Every field of ``c`` that does not fit its family, each at its path contracts.<slug>.<field>."""
    slug = c.slug
    where = f"contracts.{slug}"
    problems: list[RuleSetProblem] = []

    def refuse(code: str, field: str, text: str, **params: object) -> None:
        path = f"{where}.{field}"
        problems.append(RuleSetProblem(code, path, f"{where if field == 'slug' else path}: {text}", contract=slug,
                                       **params))

    if slug not in CONTRACT_SLUGS and not _own_slug(slug):
        refuse("own_slug_invalid", "slug", "a contract of the rule set's own needs a slug of 2-30 lowercase letters, "
               "digits or '_'")
    if c.talon not in TALON_CARDS:
        refuse("talon_invalid", "talon", f"one of {', '.join(TALON_CARDS)} (0, 1, 3 or 6 talon cards)")
    if c.kind != NEGATIVE and (c.tricks is not None or c.ouvert is not None):
        refuse("tricks_not_negative", "tricks", "only a negative game has a trick target and open hands")
    if c.kind == NEGATIVE:
        if c.tricks is not None and not 0 <= c.tricks <= MAX_TRICKS:
            refuse("tricks_out_of_range", "tricks", f"a negative game's target is 0 to {MAX_TRICKS} tricks",
                   most=MAX_TRICKS)
        if c.ouvert is not None and c.ouvert not in OPENNESS:
            refuse("ouvert_invalid", "ouvert", f"one of {', '.join(OPENNESS)}")
        fixed = NEGATIVE_TRICKS.get(slug)
        if fixed is not None and c.tricks is not None and c.tricks != fixed:
            refuse("tricks_fixed", "tricks", f"{slug} has the target {fixed}; give another target a slug of its own",
                   tricks=fixed)
    if c.kind in (NEGATIVE, TRISCHAKEN) and (c.talon != "none" or c.farbenspiel):
        refuse("talon_not_played", "talon", f"a {c.kind} game takes no talon and is no colour game", kind=c.kind)
    if (c.calls_partner or c.farbenspiel) and c.talon not in ("half", "none"):
        refuse("talon_too_big", "talon", "a game that calls a king, or a colour game, takes half the talon or none")
    if c.calls_partner and c.farbenspiel:
        refuse("colour_with_partner", "farbenspiel", "a colour game is played alone")
    if c.required_birds and not c.calls_partner:
        refuse("birds_without_king", "required_birds", "only a game that calls a king is played with a named bird")
    return problems


def family(c: ContractRule) -> str:
    if c.kind in (NEGATIVE, TRISCHAKEN):
        return c.kind
    if c.calls_partner:
        return CALL_KING_BIRD if c.required_birds else CALL_KING
    return COLOUR if c.farbenspiel else ALONE_GAME


def target_tricks(c: ContractRule) -> int | None:
    """A negative game's trick target: its own, else what the hand format's slug stands for."""
    return c.tricks if c.tricks is not None else NEGATIVE_TRICKS.get(c.slug)


def openness(c: ContractRule) -> str:
    return c.ouvert or ("open" if c.slug in OUVERT_SLUGS else "closed")


def describe(c: ContractRule) -> dict[str, Any]:
    """One line of ``score_hands --list-contracts``: the slug, the German name, the family and its parameters."""
    kind = family(c)
    line: dict[str, Any] = {"contract": c.slug, "name": c.name, "family": kind}
    if kind == NEGATIVE:
        line.update(tricks=target_tricks(c), open=openness(c))
    elif kind != TRISCHAKEN:
        line["talon"] = TALON_CARDS[c.talon]
        if kind == CALL_KING_BIRD:
            line["birds"] = [bird for bird in BIRDS if bird in c.required_birds]
    line["value"] = c.value
    return line


def _own_slug(slug: str) -> bool:
    return 2 <= len(slug) <= 30 and slug[0].isalpha() and all(ch.islower() or ch.isdigit() or ch == "_" for ch in slug)


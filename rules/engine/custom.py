"""Custom rule sets: a seed rule set with some values overridden, checked before use.

A director writes, e.g.::

    {"slug": "tirol-valat-x", "name": "Tirol, Valat 4×/8×", "version": 1, "base": "tirol",
     "overrides": {"valat": {"kind": "game_multiple"},
                   "bonuses": {"valat": {"silent": 4, "announced": 8, "solo_doubling": false}}}}

``derive`` merges the overrides into the base's plain form (rows of ``contracts`` and
``bonuses`` by slug; ``null`` removes a row), rebuilds the rule set and validates it: the
structure, every reference, and a zero-sum check over a sample of generated hands.
"""

from __future__ import annotations

import re
from copy import deepcopy
from typing import Any

from .catalogue import (
    ALONE,
    BIRDS,
    BONUS_KIND,
    BONUS_SLUGS,
    CALL,
    CONTRACT_KINDS,
    DECLARATION,
    KONTRA_MULTIPLIERS,
    TRISCHAKEN,
)
from .families import family_problems
from .renonce import STRATEGIES as RENONCE_KINDS
from .ruleset import TIE_BREAK_KEYS, BonusRule, Cite, ContractRule, PlainDataError, RuleSet
from .sampling import random_hands
from .trischaken import PAYMENTS as TRISCHAKEN_PAYMENTS
from .trischaken import STRATEGIES as TRISCHAKEN_KINDS
from .types import InvalidHand, RuleSetProblem
from .valat import STRATEGIES as VALAT_KINDS

SAMPLE_SIZE = 400
ROWS = ("contracts", "bonuses")
DIRECTIONS = ("anticlockwise", "clockwise")
FIXED = ("slug", "name", "version", "base", "seed")
SLUG = re.compile(r"^[a-z0-9][a-z0-9_-]{1,48}$")


class RuleSetInvalid(ValueError):
    def __init__(self, problems: list[RuleSetProblem]):
        self.problems = tuple(problems)
        super().__init__("; ".join(problems))


P = RuleSetProblem


def derive(base: RuleSet, spec: dict[str, Any]) -> RuleSet:
    """Build and validate the custom rule set ``spec`` describes on top of ``base``."""
    if not isinstance(spec, dict):
        raise RuleSetInvalid([P("not_an_object", "", "the custom rule set must be a JSON object")])
    problems = [P("field_missing", name, f"missing field {name!r}", field=name)
                for name in ("slug", "name", "version") if name not in spec]
    overrides = spec.get("overrides", {})
    if not isinstance(overrides, dict):
        problems.append(P("overrides_not_object", "overrides", "'overrides' must be an object"))
        overrides = {}
    problems += [P("setting_fixed", name, f"{name!r} cannot be overridden; set it at the top level", setting=name)
                 for name in FIXED if name in overrides]
    if problems:
        raise RuleSetInvalid(problems)

    plain = base.to_plain()
    origin = Cite("custom", f"{spec['name']} (version {spec['version']}), derived from {base.name} version {base.version}")
    for key, value in overrides.items():
        if key in ROWS:
            plain[key] = _merge_rows(plain[key], value, key, origin, problems)
        elif isinstance(value, dict) and isinstance(plain.get(key), dict):
            plain[key] = {**plain[key], **deepcopy(value)}
            if "source" in plain[key] and "source" not in value:
                # The seed's citations no longer describe a changed setting.
                plain[key].update(source=_plain_cite(origin), notes=value.get("notes", []))
            for setting in ("direction", "late_entry"):
                if setting in value and f"{setting}_source" not in value:
                    plain[key][f"{setting}_source"] = _plain_cite(origin)
        elif key in plain:
            plain[key] = deepcopy(value)
            if key in plain["citations"]:
                plain["citations"][key] = _plain_cite(origin)
        else:
            problems.append(P("setting_unknown", str(key), f"unknown setting {key!r}", setting=key))
    if problems:
        raise RuleSetInvalid(problems)
    plain.update(slug=spec["slug"], name=spec["name"], version=spec["version"], base=base.slug)
    if spec.get("description"):
        plain["description"] = spec["description"]
    changed = ", ".join(sorted(overrides)) or "nothing"
    plain["interpretations"] = plain["interpretations"] + [
        {"topic": "Custom rule set", "text": f"Derived from {base.name}; overridden: {changed}. "
                                             + str(spec.get("description", "")),
         "source": _plain_cite(origin)}
    ]
    try:
        ruleset = RuleSet.from_plain(plain)
    except PlainDataError as error:
        raise RuleSetInvalid([P("plain_invalid", "", str(error), detail=str(error))]) from None
    validate_ruleset(ruleset)
    return ruleset


def _merge_rows(rows: list[dict], changes: Any, key: str, origin: Cite, problems: list[RuleSetProblem]) -> list[dict]:
    if not isinstance(changes, dict):
        problems.append(P("rows_not_mapping", key,
                          f"'{key}' overrides must map a slug to its changed fields (or null to remove it)", rows=key))
        return rows
    by_slug = {row["slug"]: row for row in rows}
    for slug, change in changes.items():
        if change is None:
            if by_slug.pop(slug, None) is None:
                problems.append(P("row_remove_unknown", f"{key}.{slug}",
                                  f"{key}: cannot remove {slug!r}, the base has no such row", rows=key, slug=slug))
            continue
        if not isinstance(change, dict):
            problems.append(P("row_not_object", f"{key}.{slug}", f"{key}.{slug}: expected an object of fields",
                              rows=key, slug=slug))
            continue
        row = {**by_slug.get(slug, {"slug": slug}), **deepcopy(change)}
        if "source" not in change:
            row.update(source=_plain_cite(origin), notes=change.get("notes", []))
        by_slug[slug] = row
    return list(by_slug.values())


def _plain_cite(cite: Cite) -> dict:
    return {"source": cite.source, "quote": cite.quote}


def validate_ruleset(ruleset: RuleSet, *, sample_size: int = SAMPLE_SIZE) -> None:
    """Raise RuleSetInvalid naming every structural problem, then check zero-sum on sampled hands."""
    problems = structural_problems(ruleset)
    if problems:
        raise RuleSetInvalid(problems)
    problems = zero_sum_problems(ruleset, sample_size)
    if problems:
        raise RuleSetInvalid(problems)


def structural_problems(rs: RuleSet) -> list[RuleSetProblem]:
    problems: list[RuleSetProblem] = []
    if not SLUG.match(rs.slug):
        problems.append(P("slug_invalid", "slug", f"slug {rs.slug!r}: use 2-49 lowercase letters, digits, '-' or '_'",
                          slug=rs.slug))
    if rs.version < 1:
        problems.append(P("version_invalid", "version", "version must be 1 or more"))
    if not 0 < rs.win_threshold <= rs.total_card_points * 3:
        problems.append(P("win_threshold_invalid", "win_threshold",
                          "win_threshold (in thirds of a point) must lie within the pack's card points"))
    if 1 not in rs.kontra_levels or not set(rs.kontra_levels) <= set(KONTRA_MULTIPLIERS):
        problems.append(P("kontra_levels_invalid", "kontra_levels",
                          f"kontra_levels must include 1 and only use {list(KONTRA_MULTIPLIERS)}"))
    unknown = [key for key in rs.format.tie_breaks if key not in TIE_BREAK_KEYS]
    if unknown:
        problems.append(P("tie_breaks_unknown", "format.tie_breaks",
                          f"format.tie_breaks: unknown key(s) {', '.join(unknown)}; use {list(TIE_BREAK_KEYS)}",
                          keys=", ".join(unknown)))
    if rs.format.direction not in DIRECTIONS:
        problems.append(P("direction_invalid", "format.direction", f"format.direction must be one of {list(DIRECTIONS)}"))
    if rs.valat.kind not in VALAT_KINDS:
        problems.append(P("valat_kind_invalid", "valat.kind", f"valat.kind must be one of {sorted(VALAT_KINDS)}"))
    if rs.renonce is not None and rs.renonce.kind not in RENONCE_KINDS:
        problems.append(P("renonce_kind_invalid", "renonce.kind",
                          f"renonce.kind must be one of {sorted(RENONCE_KINDS)} or null"))
    if rs.trischaken is not None:
        problems += _trischaken_problems(rs)
    contracts_named, bonuses_named = _named(rs.contracts), _named(rs.bonuses)
    bonus_slugs = [b.slug for b in rs.bonuses]
    if len(set(bonus_slugs)) != len(bonus_slugs):
        problems.append(P("bonus_twice", "bonuses", "a bonus is listed twice"))
    for bonus in rs.bonuses:
        problems += _bonus_problems(bonus, set(bonus_slugs))
        if bonuses_named[bonus.slug] != bonus.slug:
            problems.append(P("bonus_name_twice", f"bonuses.{bonus.slug}.name",
                              f"bonus {bonus.slug}: the name {bonus.name!r} is already the name of "
                              f"{bonuses_named[bonus.slug]}", bonus=bonus.slug, other=bonuses_named[bonus.slug]))
    contract_slugs = [c.slug for c in rs.contracts]
    if not contract_slugs or len(set(contract_slugs)) != len(contract_slugs):
        problems.append(P("contracts_twice", "contracts", "the contracts must be listed once each, at least one"))
    for c in rs.contracts:
        if contracts_named[c.slug] != c.slug:
            problems.append(P("contract_name_twice", f"contracts.{c.slug}.name",
                              f"contract {c.slug}: the name {c.name!r} is already the name of {contracts_named[c.slug]}",
                              contract=c.slug, name=c.name, other=contracts_named[c.slug]))
        problems += family_problems(c)
        problems += _contract_problems(rs, c, bonus_slugs)
    return problems


def _named(rows: tuple[ContractRule, ...] | tuple[BonusRule, ...]) -> dict[str, str]:
    """Each row's slug -> the slug of the first row of the same name (case and spaces aside): its own if none."""
    first: dict[str, str] = {}
    return {row.slug: first.setdefault(row.name.strip().casefold(), row.slug) for row in rows}


def _trischaken_problems(rs: RuleSet) -> list[RuleSetProblem]:
    t = rs.trischaken
    assert t is not None
    problems: list[RuleSetProblem] = []
    if t.kind not in TRISCHAKEN_KINDS:
        problems.append(P("trischaken_kind_invalid", "trischaken.kind",
                          f"trischaken.kind must be one of {sorted(TRISCHAKEN_KINDS)}"))
    if t.extras not in ("replace", "add") or t.virgins not in ("share", "each"):
        problems.append(P("trischaken_choice_invalid", "trischaken.virgins",
                          "trischaken.extras must be 'replace' or 'add', trischaken.virgins 'share' or 'each'"))
    if min(t.unit, t.alone_unit, t.virgin_unit, t.renonce_unit, t.declarer_factor) < 0:
        problems.append(P("trischaken_negative", "trischaken", "trischaken amounts cannot be negative"))
    elif t.kind in TRISCHAKEN_KINDS:
        read = [name for name in TRISCHAKEN_PAYMENTS if name in TRISCHAKEN_KINDS[t.kind].settings]
        if not any(getattr(t, name) for name in read):
            problems.append(P("trischaken_pays_nothing", "trischaken.unit",
                              f"trischaken: {', '.join(read)} are all 0, so a played Trischaken pays nothing"))
    return problems


def _bonus_problems(bonus: BonusRule, bonus_slugs: set[str]) -> list[RuleSetProblem]:
    where, slug = f"bonuses.{bonus.slug}", bonus.slug
    problems: list[RuleSetProblem] = []
    if slug not in BONUS_SLUGS:
        problems.append(P("bonus_unknown", where, f"bonus {slug!r} is not a bonus of the hand format", bonus=slug))
    values = [v for v in (bonus.silent, bonus.announced) if v is not None]
    if not values:
        problems.append(P("bonus_value_missing", f"{where}.silent", f"bonus {slug}: needs a silent or an announced value",
                          bonus=slug))
    elif min(values) < 0:
        field = "silent" if bonus.silent is not None and bonus.silent < 0 else "announced"
        problems.append(P("bonus_value_negative", f"{where}.{field}", f"bonus {slug}: values cannot be negative",
                          bonus=slug))
    elif max(values) == 0:
        field = "silent" if bonus.silent is not None else "announced"
        problems.append(P("bonus_worth_nothing", f"{where}.{field}", f"bonus {slug}: worth 0 silent and announced",
                          bonus=slug))
    elif bonus.silent is not None and bonus.announced is not None and bonus.silent > bonus.announced:
        problems.append(P("bonus_silent_above_announced", f"{where}.silent",
                          f"bonus {slug}: silent ({bonus.silent}) worth more than announced ({bonus.announced})",
                          bonus=slug, silent=bonus.silent, announced=bonus.announced))
    strangers = sorted(bonus.excluded_by - bonus_slugs)
    if strangers:
        problems.append(P("bonus_excludes_unknown", f"{where}.excluded_by",
                          f"bonus {slug}: excluded_by names bonuses the rule set does not have: {', '.join(strangers)}",
                          bonus=slug, bonuses=", ".join(strangers)))
    return problems


def _contract_problems(rs: RuleSet, c: ContractRule, bonus_slugs: list[str]) -> list[RuleSetProblem]:
    where, slug = f"contract {c.slug}", c.slug
    path = f"contracts.{slug}"
    problems: list[RuleSetProblem] = []
    if c.kind not in CONTRACT_KINDS or c.partner not in (CALL, ALONE):
        problems.append(P("contract_kind_invalid", f"{path}.kind",
                          f"{where}: kind must be one of {list(CONTRACT_KINDS)}, partner 'call' or 'alone'", contract=slug))
    if c.value < 1 or c.bonus_factor < 1 or c.loss_factor < 1:
        problems.append(P("contract_value_invalid", f"{path}.value", f"{where}: value and factors must be 1 or more",
                          contract=slug))
    missing = sorted(c.bonuses - set(bonus_slugs))
    if missing:
        problems.append(P("contract_bonus_unknown", f"{path}.bonuses",
                          f"{where}: allows bonuses the rule set does not have: {', '.join(missing)}",
                          contract=slug, bonuses=", ".join(missing)))
    if not c.required_birds <= (c.bonuses & set(BIRDS)):
        problems.append(P("required_birds_not_allowed", f"{path}.required_birds",
                          f"{where}: required birds must be birds the contract allows", contract=slug))
    if c.kind == TRISCHAKEN and rs.trischaken is None:
        problems.append(P("trischaken_without_scheme", f"{path}.kind",
                          f"{where}: Trischaken needs a 'trischaken' payment scheme", contract=slug))
    if c.kind != "positive" and (c.bonuses or c.calls_partner or c.surrender):
        problems.append(P("extras_not_positive", path,
                          f"{where}: only positive contracts have bonuses, partners or surrender", contract=slug))
    if c.talon_king_penalty is not None and (
        not c.calls_partner or c.talon_king_penalty not in bonus_slugs
        or rs.bonus_rule(c.talon_king_penalty).silent is None
    ):
        problems.append(P("talon_king_penalty_invalid", f"{path}.talon_king_penalty",
                          f"{where}: talon_king_penalty must name a bonus with a silent value in a contract that calls "
                          "a king", contract=slug))
    if c.may_stay_unplayed and not c.needs_announcement:
        problems.append(P("may_stay_unplayed_invalid", f"{path}.may_stay_unplayed",
                          f"{where}: may_stay_unplayed needs needs_announcement (a contract not played without one)",
                          contract=slug))
    if c.surrender and not c.calls_partner:
        problems.append(P("surrender_without_king", f"{path}.surrender",
                          f"{where}: only a contract that calls a king can be given up", contract=slug))
    if c.needs_announcement and not any(
        b.announced is not None and BONUS_KIND[b.slug] != DECLARATION and b.slug != "valat"
        for b in rs.bonuses if b.slug in c.bonuses
    ):
        problems.append(P("announcement_impossible", f"{path}.bonuses",
                          f"{where}: needs an announcement but allows no bonus that can be announced", contract=slug))
    return problems


def zero_sum_problems(ruleset: RuleSet, sample_size: int) -> list[RuleSetProblem]:
    from .scoring import score  # scoring imports the strategies this module lists

    problems: list[RuleSetProblem] = []
    for index, hand in enumerate(random_hands(ruleset, sample_size, seed=ruleset.key)):
        try:
            result = score(hand, ruleset)
        except InvalidHand as error:
            problems.append(P("sample_refused", "sample_hands",
                              f"sample hand {index} {hand} is refused by the rule set itself: {error}",
                              index=index, contract=hand["contract"], detail=str(error)))
        else:
            if sum(result.points) != 0 or sum(result.cash) != 0:
                problems.append(P("sample_not_zero_sum", "sample_hands",
                                  f"sample hand {index} {hand} is not zero-sum: {result.to_dict()}",
                                  index=index, contract=hand["contract"]))
        if len(problems) >= 5:
            break
    return problems



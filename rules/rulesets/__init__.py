"""The rule sets, by slug: the five seeds (docs/sources/README.md says which seed defines which) and the
cups that play today (docs/sources/cup-rules.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from rules.engine.custom import RuleSetInvalid
from rules.engine.ruleset import RuleSet
from rules.engine.types import RuleSetProblem

from . import hopfgarten, oefinale, ooe, pagat, raiffeisen, sauwald, skill7, tirol, tirol2020

BUILTIN: dict[str, RuleSet] = {
    module.RULESET.slug: module.RULESET
    for module in (tirol, hopfgarten, ooe, pagat, skill7, raiffeisen, oefinale, sauwald, tirol2020)
}
SLUGS = tuple(BUILTIN)


class UnknownRuleSet(KeyError):
    def __init__(self, slug: str):
        super().__init__(slug)
        self.slug = slug

    def __str__(self) -> str:
        return f"unknown rule set {self.slug!r}; known: {', '.join(SLUGS)}"


# Where rule sets saved outside this package are found (a club's, in the site's database): a lookup from a
# slug to every version, newest first ([] for a slug nobody saved). The site registers it at start-up
# (tournament/apps.py), since the rules may not import the tournament app (tests/test_boundaries.py).


@dataclass(frozen=True)
class RefusedVersion:
    """A saved version the engine refuses today (a check added since it was saved): the rules page lists it with
    why, so a tournament's link to it still lands; nothing is scored under it. ``said`` is the refusal as the site
    words it: str() renders it in the reader's language."""

    slug: str
    version: int
    name: str
    problems: tuple[RuleSetProblem, ...]
    said: object = ""


SavedLookup = Callable[[str], list[RuleSet | RefusedVersion]]
_saved_lookups: list[SavedLookup] = []


def register_saved(lookup: SavedLookup) -> None:
    """Let ``get_ruleset`` and ``saved_versions`` find rule sets saved elsewhere through ``lookup`` (once each)."""
    if lookup not in _saved_lookups:
        _saved_lookups.append(lookup)


def saved_versions(slug: str) -> list[RuleSet | RefusedVersion]:
    """Every version of the saved rule set ``slug``, newest first, those the engine refuses today included; []
    when none is known (or no lookup)."""
    for lookup in _saved_lookups:
        found = lookup(slug)
        if found:
            return found
    return []


def get_ruleset(slug: str) -> RuleSet:
    """A built-in rule set, else the newest version of a saved one (``score_hands --rules <saved slug>``). Raises
    UnknownRuleSet, or RuleSetInvalid when the engine refuses the newest version today: an older one is not what
    the club plays now, so it is never taken instead."""
    if slug in BUILTIN:
        return BUILTIN[slug]
    versions = saved_versions(slug)
    if not versions:
        raise UnknownRuleSet(slug)
    newest = versions[0]
    if isinstance(newest, RefusedVersion):
        raise RuleSetInvalid(list(newest.problems))
    return newest


def load_custom(spec: dict) -> RuleSet:
    """A director's custom rule set: ``spec["base"]`` (a seed rule set slug) with overrides.

    Raises RuleSetInvalid (rules.engine.custom) naming every problem, or UnknownRuleSet."""
    from rules.engine.custom import RuleSetInvalid, derive
    from rules.engine.types import RuleSetProblem

    base = spec.get("base") if isinstance(spec, dict) else None
    if not isinstance(base, str):
        raise RuleSetInvalid([RuleSetProblem("base_missing", "base",
                                             f"'base' must name one of the rule sets: {', '.join(SLUGS)}")])
    if base not in BUILTIN:
        raise RuleSetInvalid([RuleSetProblem("base_unknown", "base", f"unknown base rule set {base!r}; known: "
                                             f"{', '.join(SLUGS)}", base=base)])
    return derive(BUILTIN[base], spec)


def contract_name(slug: str, lang: str = "de") -> str:
    """A contract's name without a rule set at hand (a player's record across tournaments): the first
    seed rule set's German name, or the catalogue's English one (its short form, before the gloss)."""
    from rules.engine.catalogue import ANNULLED, CONTRACT_NAMES_EN

    if slug == ANNULLED:  # a deal that could not be scored: no rule set has it as a contract
        return "annulled" if lang == "en" else "annulliert"
    if lang == "en" and slug in CONTRACT_NAMES_EN:
        return CONTRACT_NAMES_EN[slug].split(" (")[0]
    for ruleset in BUILTIN.values():
        for contract in ruleset.contracts:
            if contract.slug == slug:
                return contract.name
    return CONTRACT_NAMES_EN.get(slug, slug).split(" (")[0]


def bonus_name(slug: str, lang: str = "de", ruleset: RuleSet | None = None) -> str:
    """A bonus's name in ``lang``, as contract_name says a contract's: in English the catalogue's (its short form,
    before the gloss); in German ``ruleset``'s own name when it has the bonus, else the first seed rule set's
    that has it, else the catalogue's."""
    from rules.engine.catalogue import BONUS_NAMES_EN

    if lang == "en" and slug in BONUS_NAMES_EN:
        return BONUS_NAMES_EN[slug].split(" (")[0]
    for candidate in ((ruleset,) if ruleset is not None else ()) + tuple(BUILTIN.values()):
        rule = candidate.bonus(slug)
        if rule is not None:
            return rule.name
    return BONUS_NAMES_EN.get(slug, slug).split(" (")[0]

"""The five seed rule sets, by slug (docs/sources/README.md says which seed defines which)."""

from __future__ import annotations

from rules.engine.ruleset import RuleSet

from . import hopfgarten, ooe, pagat, skill7, tirol

BUILTIN: dict[str, RuleSet] = {
    module.RULESET.slug: module.RULESET for module in (tirol, hopfgarten, ooe, pagat, skill7)
}
SLUGS = tuple(BUILTIN)


class UnknownRuleSet(KeyError):
    def __init__(self, slug: str):
        super().__init__(slug)
        self.slug = slug

    def __str__(self) -> str:
        return f"unknown rule set {self.slug!r}; known: {', '.join(SLUGS)}"


def get_ruleset(slug: str) -> RuleSet:
    try:
        return BUILTIN[slug]
    except KeyError:
        raise UnknownRuleSet(slug) from None

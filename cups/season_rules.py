"""A season's rules, as the season sets them or else as its cup does (docs/sources/season.md; issue 30):
scheme, counted results, final mode, negative final points, minimum of tournaments, qualifiers and the rule
that breaks a tie in season points. No database access: reads the two model instances' fields.

A season imported from ABAKUS carries every rule of its own (cups/abakus.py ``season_rules_for``), so it
reads as the cup published it; a season created here leaves them empty and follows its cup.
"""

from __future__ import annotations

from dataclasses import dataclass

from cups.season import TIE_PROJECT

# The fields that hold a season's own rules (migration 0007) and its cup's: a change to any of them is a new
# version of the season's ranking and of its pages (cups/summaries.py ``season_versions``).
SEASON_RULE_FIELDS = ("scheme", "counting", "best_n", "final_mode", "final_penalties", "min_tournaments",
                      "final_qualifiers", "tie_rule")
CUP_RULE_FIELDS = ("scheme", "best_n", "final_mode", "final_penalties", "min_tournaments", "final_qualifiers")

COUNT_FROM_CUP, COUNT_BY_RULE, COUNT_FIXED = "", "rule", "fixed"


@dataclass(frozen=True)
class SeasonRules:
    scheme: str
    best_n: int | None  # None: n from the number of tournaments held (the spec's rule)
    final_mode: str
    final_penalties: bool
    min_tournaments: int | None
    final_qualifiers: int | None
    tie_rule: str

    @property
    def as_abakus(self) -> bool:
        return self.tie_rule != TIE_PROJECT


def _or_cup(season_value, cup_value):
    return cup_value if season_value is None else (season_value or None)


def rules_of(season, cup) -> SeasonRules:
    """The rules ``season`` (of ``cup``) is ranked by: its own where it sets them, else the cup's. A season's
    minimum or number of qualifiers of 0 means "none" even where the cup sets one."""
    if season.counting == COUNT_FIXED:
        best_n = season.best_n
    elif season.counting == COUNT_BY_RULE:
        best_n = None
    else:
        best_n = cup.best_n
    return SeasonRules(
        scheme=season.scheme or cup.scheme,
        best_n=best_n,
        final_mode=season.final_mode or cup.final_mode,
        final_penalties=cup.final_penalties if season.final_penalties is None else season.final_penalties,
        min_tournaments=_or_cup(season.min_tournaments, cup.min_tournaments),
        final_qualifiers=_or_cup(season.final_qualifiers, cup.final_qualifiers),
        tie_rule=season.tie_rule or TIE_PROJECT,
    )

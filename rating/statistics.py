"""The player's statistics as players know them from ABAKUS ("Quoten", issue 33.4) on the player's page and in its
JSON: per rule set the contracts played and won by role, Trischaken and the bonuses (scoring.selectors.quotas, from
the stored hands and points), and the best results (the rating's history, imported tournaments too)."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils.translation import get_language

from cups.player_sections import Section, register
from rating import selectors
from rules.rulesets import BUILTIN, bonus_name, contract_name
from scoring.selectors.quotas import player_quotas

BEST = 5


def _english() -> bool:
    return (get_language() or "").startswith("en")


def ruleset_name(slug: str) -> str:
    found = BUILTIN.get(slug)
    return found.name if found else slug


def best_results(player) -> list[list]:
    """The player's best placings among the rated tournaments: best rank first, a larger field first among equals."""
    rating = selectors.player_rating(player)
    history = rating.history if rating else []
    return sorted(history, key=lambda step: (step[2], -step[3], step[0]))[:BEST]


def statistics_html(request, player) -> str:
    quotas = player_quotas(player.pk)
    return render_to_string("rating/_player_statistics.html", {
        "quotas": [(ruleset_name(q.ruleset), q, [(bonus_name(b.bonus, "en" if _english() else "de"), b) for b in q.bonuses])
                   for q in quotas],
        "best": best_results(player)}, request=request)


def statistics_data(request, player) -> dict:
    lang = "en" if _english() else "de"
    return {"statistics": {
        "rulesets": [{
            "ruleset": q.ruleset, "name": ruleset_name(q.ruleset), "hands": q.hands,
            "contracts": [{"contract": c.contract, "name": contract_name(c.contract, lang), "declared": c.declared,
                           "declared_won": c.declared_won, "partnered": c.partnered, "partnered_won": c.partnered_won,
                           "against": c.against, "against_won": c.against_won} for c in q.contracts],
            "trischaken": {"played": q.trischaken, "won": q.trischaken_won},
            "bonuses": [{"bonus": b.bonus, "name": bonus_name(b.bonus, lang), "announced": b.announced,
                         "announced_made": b.announced_made, "silent_made": b.silent_made} for b in q.bonuses],
        } for q in player_quotas(player.pk)],
        "best_results": [{"date": day, "tournament": name, "rank": rank, "players": field}
                         for day, name, rank, field, _value in best_results(player)],
    }}


register(Section("statistics", statistics_html, statistics_data))

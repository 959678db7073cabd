from django.http import Http404
from django.shortcuts import render

from rules import tariff
from rules.rulesets import BUILTIN, UnknownRuleSet, get_ruleset


def home(request):
    rulesets = [
        {"ruleset": rs, "settings": tariff.setting_rows(rs)} for rs in BUILTIN.values()
    ]
    return render(request, "rules/home.html", {"rulesets": rulesets})


def ruleset_detail(request, slug: str):
    try:
        rs = get_ruleset(slug)
    except UnknownRuleSet:
        raise Http404(slug) from None
    return render(request, "rules/ruleset.html", {
        "ruleset": rs,
        "contracts": tariff.contract_rows(rs),
        "contract_headers": tariff.CONTRACT_HEADERS,
        "bonuses": tariff.bonus_rows(rs),
        "bonus_headers": tariff.BONUS_HEADERS,
        "settings": tariff.setting_rows(rs),
        "source_files": tariff.SOURCE_FILES,
    })

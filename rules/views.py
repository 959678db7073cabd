from django.http import Http404
from django.shortcuts import render

from rules import tariff
from rules.rulesets import BUILTIN, UnknownRuleSet, get_ruleset, saved_versions
from rules.samples import samples


def home(request):
    rulesets = [
        {"ruleset": rs, "settings": tariff.setting_rows(rs)} for rs in BUILTIN.values()
    ]
    return render(request, "rules/home.html", {"rulesets": rulesets})


def ruleset_detail(request, slug: str):
    """A rule set's tariff; a club's saved one (found through rules.rulesets.saved_versions) with every version,
    each with its tariff and sample hands, so a tournament on any version links to the rules it is scored under."""
    saved = [] if slug in BUILTIN else saved_versions(slug)
    try:
        rs = saved[0] if saved else get_ruleset(slug)
    except UnknownRuleSet:
        raise Http404(slug) from None
    versions = [{"ruleset": version, "contracts": tariff.contract_rows(version), "bonuses": tariff.bonus_rows(version),
                 "settings": tariff.setting_rows(version), "samples": samples(version)} for version in saved]
    return render(request, "rules/ruleset.html", {
        "ruleset": rs,
        "versions": versions,
        "seats": range(4),
        "contracts": tariff.contract_rows(rs),
        "contract_headers": tariff.CONTRACT_HEADERS,
        "bonuses": tariff.bonus_rows(rs),
        "bonus_headers": tariff.BONUS_HEADERS,
        "settings": tariff.setting_rows(rs),
        "source_files": tariff.SOURCE_FILES,
    })

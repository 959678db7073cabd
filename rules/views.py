from django.http import Http404
from django.shortcuts import render

from rules import tariff
from rules.engine.custom import RuleSetInvalid
from rules.rulesets import BUILTIN, RefusedVersion, UnknownRuleSet, get_ruleset, saved_versions
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
    accepted = [version for version in saved if not isinstance(version, RefusedVersion)]
    try:
        rs = accepted[0] if accepted else get_ruleset(slug)
    except UnknownRuleSet:
        raise Http404(slug) from None
    except RuleSetInvalid:  # no version the engine takes today: the page lists them with why
        rs = None
    versions = [{"refused": version} if isinstance(version, RefusedVersion) else {
        "ruleset": version, "contracts": tariff.contract_rows(version), "bonuses": tariff.bonus_rows(version),
        "settings": tariff.setting_rows(version), "samples": samples(version)} for version in saved]
    context = {"ruleset": rs, "newest": saved[0] if saved else rs, "versions": versions, "seats": range(4),
               "contract_headers": tariff.CONTRACT_HEADERS, "bonus_headers": tariff.BONUS_HEADERS,
               "source_files": tariff.SOURCE_FILES}
    if rs is not None:
        context.update(contracts=tariff.contract_rows(rs), bonuses=tariff.bonus_rows(rs), settings=tariff.setting_rows(rs))
    return render(request, "rules/ruleset.html", context)

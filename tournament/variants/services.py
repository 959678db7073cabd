"""Where the organiser's form starts, and saving a version of a club's rule set.

A save is a new row: version 1 for a new slug, else one more than the highest version of that slug,
so a tournament created with an older version keeps it (its snapshot, and the row itself)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils.translation import gettext_lazy

from language import ServiceError
from rules.engine.custom import RuleSetInvalid
from rules.engine.ruleset import RuleSet
from rules.rulesets import BUILTIN, load_custom
from tournament import live, selectors
from tournament.models import CustomRuleSet
from tournament.variants.problems import said_all


@dataclass(frozen=True)
class Start:
    """What the form starts from: ``key`` (a rule set's slug or "custom:<id>"), the built-in rule set the
    variant is derived from, the rule set as it stands and the overrides it was saved with."""

    key: str
    base: RuleSet
    current: RuleSet
    overrides: dict


def start_from(key: str) -> Start:
    """A built-in rule set by slug, or a saved one (tournament.selectors.saved_ruleset); ServiceError otherwise."""
    if key in BUILTIN:
        return Start(key, BUILTIN[key], BUILTIN[key], {})
    custom = selectors.saved_ruleset(key)
    if custom is None or custom.base not in BUILTIN:
        raise ServiceError(gettext_lazy("Unbekanntes Regelwerk „%(key)s“."), key=key[:40])
    try:
        current = load_custom(custom.spec())
    except RuleSetInvalid as error:
        raise ServiceError(gettext_lazy("Das gespeicherte Regelwerk ist ungültig: %(error)s"),
                           error=said_all(error.problems)) from None
    return Start(key, BUILTIN[custom.base], current, dict(custom.overrides or {}))


@live.write_service(changes=live.NO_TOURNAMENT)  # no tournament changes: each keeps its snapshot
def save_variant(*, spec: dict) -> CustomRuleSet:
    """Store ``spec`` (slug, name, base, overrides) as the next version of its slug, checked by the engine
    first (structure, references, zero-sum over sampled hands); nothing is written when it is refused."""
    latest = CustomRuleSet.objects.filter(slug=spec.get("slug")).aggregate(top=Max("version"))
    version = (latest["top"] or 0) + 1
    checked = {**spec, "version": version}
    if spec.get("slug") in BUILTIN:
        raise ServiceError(gettext_lazy(
            "„%(slug)s“ ist ein eingebautes Regelwerk; bitte ein eigenes Kürzel wählen."), slug=spec['slug'])
    try:
        load_custom(checked)
    except RuleSetInvalid as error:
        raise ServiceError(gettext_lazy("Das Regelwerk ist ungültig: %(error)s"), error=said_all(error.problems)) from None
    try:
        with transaction.atomic():
            return CustomRuleSet.objects.create(slug=checked["slug"], version=version, name=checked["name"],
                                                base=checked["base"], description=checked.get("description", ""),
                                                overrides=checked["overrides"])
    except IntegrityError:  # someone saved the same slug's next version a moment before
        raise ServiceError(gettext_lazy("Inzwischen wurde eine neue Version gespeichert; bitte nochmals speichern.")) from None


def saved_variants() -> list[CustomRuleSet]:
    return list(CustomRuleSet.objects.order_by("slug", "-version"))

"""From the cleaned form to the custom rule set it describes, and the engine's refusals back onto fields.

``variant_spec`` writes the overrides ``rules.engine.custom.derive`` merges into the base rule set:
only what differs from the base, keeping whatever else the rule set started from overrode (a version
made in the admin keeps its other settings). A bonus taken into the rule set is allowed in every
positive contract (a bonus about the called king only where a king is called); a bonus taken out is
taken out of every contract. ``build`` derives and validates; ``problems_onto_form`` puts each of
derive's problems on the field its path names (``contracts.<slug>.<field>``, ``bonuses.<slug>.<field>`` …),
said in the page's language from its code (tournament/variants/problems.py).
"""

from __future__ import annotations

from copy import deepcopy
from typing import Any

from django.utils.translation import gettext

from language import active_language
from rules.engine.catalogue import BONUS_SLUGS, CALL_KING, CALL_KING_BIRD, CALLED_KING_BONUSES, NEGATIVE, TRISCHAKEN
from rules.engine.custom import RuleSetInvalid
from rules.engine.families import contract_row
from rules.engine.ruleset import ContractRule, RuleSet
from rules.engine.types import RuleSetProblem
from rules.rulesets import bonus_name, load_custom
from tournament.variants.forms import BASE, TRISCHAKEN_NUMBERS, VariantForm
from tournament.variants.problems import field_of, said

MANAGED_CONTRACT_FIELDS = ("name", "value", "bonuses", "required_birds")
# A contract of the rule set's own takes the bonuses of the base's contract most like it.
LIKE = {CALL_KING: ("rufer", "solorufer"), CALL_KING_BIRD: ("besserrufer", "rufer"), "alone": ("dreier", "solo"),
        "colour": ("farbendreier", "farbensolo", "dreier")}


def variant_spec(form: VariantForm, start_overrides: dict | None = None) -> dict:
    """The custom rule set (slug, name, version 1, base, overrides) the valid ``form`` describes."""
    base, data = form.base, form.cleaned_data
    overrides = deepcopy(start_overrides or {})
    bonuses_on = [slug for slug in BONUS_SLUGS if data.get(f"b_{slug}_on")]
    overrides["bonuses"] = _bonus_overrides(base, data, bonuses_on, overrides.get("bonuses") or {})
    overrides["contracts"] = _contract_overrides(form, set(bonuses_on), overrides.get("contracts") or {})
    _setting(overrides, "valat", {"kind": data["valat_kind"]}, base.valat.kind == data["valat_kind"])
    if base.trischaken is not None:
        t = base.trischaken
        changed = {name: data[f"tr_{name}"] for name, _ in TRISCHAKEN_NUMBERS if data[f"tr_{name}"] != getattr(t, name)}
        changed.update({name: data[f"tr_{name}"] for name in ("kind", "virgins")
                        if data[f"tr_{name}"] != getattr(t, name)})
        overrides.pop("trischaken", None)
        if changed:
            overrides["trischaken"] = changed
    levels = [1, *sorted(data["kontra_levels"])]
    overrides.pop("kontra_levels", None)
    if tuple(levels) != base.kontra_levels:
        overrides["kontra_levels"] = levels
    overrides = {key: value for key, value in overrides.items() if value != {}}
    return {"slug": data["slug"].strip(), "name": data["name"].strip(), "version": 1, "base": base.slug,
            "description": data.get("description", "").strip(), "overrides": overrides}


def _setting(overrides: dict, key: str, values: dict, same: bool) -> None:
    setting = {k: v for k, v in (overrides.get(key) or {}).items() if k not in values}
    if not same:
        setting.update(values)
    overrides[key] = setting


def _bonus_overrides(base: RuleSet, data: dict, bonuses_on: list[str], started: dict) -> dict:
    rows: dict[str, Any] = {}
    for slug in BONUS_SLUGS:
        rule, prefix = base.bonus(slug), f"b_{slug}_"
        if slug not in bonuses_on:
            if rule is not None:
                rows[slug] = None
            continue
        values = {"name": (data.get(prefix + "name") or "").strip() or slug, "silent": data.get(prefix + "silent"),
                  "announced": data.get(prefix + "announced")}
        change = {k: v for k, v in (started.get(slug) or {}).items() if k not in values}
        if rule is None:
            change.update(values)
        else:
            change.update({k: v for k, v in values.items() if getattr(rule, k) != v})
            gone = sorted(rule.excluded_by - set(bonuses_on))
            if gone:
                change["excluded_by"] = sorted(rule.excluded_by & set(bonuses_on))
        if change:
            rows[slug] = change
    return rows


def _contract_overrides(form: VariantForm, bonuses_on: set[str], started: dict) -> dict:
    base = form.base
    rows: dict[str, Any] = {}
    kept = set()
    added = [slug for slug in bonuses_on if base.bonus(slug) is None]
    for row in form.rows_data:
        slug = row["slug"]
        if row["remove"]:
            continue
        kept.add(slug)
        if row["kind"] == BASE:
            rule = base.contract(slug)
            assert rule is not None
            change = {k: v for k, v in (started.get(slug) or {}).items() if k not in MANAGED_CONTRACT_FIELDS}
            allowed = (rule.bonuses & bonuses_on) | {b for b in added if rule.kind == "positive"
                                                     and (rule.calls_partner or b not in CALLED_KING_BONUSES)}
            wanted = {"name": row["name"], "value": row["value"], "bonuses": sorted(allowed),
                      "required_birds": sorted(rule.required_birds & bonuses_on)}
            current = {"name": rule.name, "value": rule.value, "bonuses": sorted(rule.bonuses),
                       "required_birds": sorted(rule.required_birds)}
            change.update({k: v for k, v in wanted.items() if current[k] != v})
            if change:
                rows[slug] = change
            continue
        rows[slug] = _own_row(form, row, bonuses_on, started.get(slug) or {})
    for c in base.contracts:
        if c.slug not in kept:
            rows[c.slug] = None
    return rows


def _own_row(form: VariantForm, row: dict, bonuses_on: set[str], started: dict) -> dict:
    kind = row["family"]
    if kind in (NEGATIVE, TRISCHAKEN):
        built = contract_row(kind, slug=row["slug"], name=row["name"], value=row["value"], tricks=row["tricks"],
                             ouvert=row["ouvert"])
    else:
        # Its bonuses as last shown, and any bonus taken into the rule set since (as in every positive contract).
        taken_in = bonuses_on - {b.slug for b in form.current.bonuses}
        bonuses = (set(row["bonuses"]) or _like(form.base, kind)) | taken_in
        calls = kind in (CALL_KING, CALL_KING_BIRD)
        bonuses = {b for b in bonuses if calls or b not in CALLED_KING_BONUSES}
        birds = set(row["birds"]) if kind == CALL_KING_BIRD else set()
        built = contract_row(kind, slug=row["slug"], name=row["name"], value=row["value"], talon=row["talon"],
                             birds=sorted(birds), bonuses=sorted((bonuses | birds) & bonuses_on))
        model = _model(form.base, kind)
        if calls and model is not None and model.surrender:
            # Given up (schleifen) as the contract it copies can be (issue 32: the A-Rufer could, a new one not).
            built.update(surrender=True, surrender_value=model.surrender_value)
    # What the rule set started with beyond the form's fields (a flag set in the admin) stays.
    return {**{k: v for k, v in started.items() if k not in built and k not in ("tricks", "ouvert")}, **built}


def _model(base: RuleSet, kind: str) -> ContractRule | None:
    """The base's contract most like a new one of family ``kind`` (LIKE), if it has one."""
    for slug in LIKE.get(kind, ()):
        rule = base.contract(slug)
        if rule is not None:
            return rule
    return None


def _like(base: RuleSet, kind: str) -> set[str]:
    model = _model(base, kind)
    return set(model.bonuses) if model is not None else {b.slug for b in base.bonuses}


def build(form: VariantForm, start_overrides: dict | None = None) -> tuple[dict, RuleSet | None]:
    """The spec of a valid form and the rule set it derives; None (with the refusals on the form) when
    the engine refuses it."""
    spec = variant_spec(form, start_overrides)
    try:
        return spec, load_custom(spec)
    except RuleSetInvalid as error:
        problems_onto_form(form, error.problems)
        return spec, None
    except (ArithmeticError, ValueError, KeyError, TypeError) as error:  # a combination the engine cannot score
        form.add_error(None, gettext(
            "Mit diesen Werten lässt sich nicht rechnen: %(error)s") % {"error": error})
        return spec, None


# --- the engine's refusals, on the fields they name ---------------------------------------------------


def problems_onto_form(form: VariantForm, problems: tuple[RuleSetProblem, ...] | list[RuleSetProblem]) -> None:
    """Each of the engine's problems on the field its path names (above the form where none), in the page's
    language (tournament/variants/problems.py)."""
    rows = {row["slug"]: row["prefix"] for row in getattr(form, "rows_data", [])}
    contract_names = {row["slug"]: row["name"] or row["slug"] for row in getattr(form, "rows_data", [])}
    bonus_names = {slug: bonus_name(slug, active_language(), form.current) for slug in BONUS_SLUGS}
    for problem in problems:
        form.add_error(field_of(problem.path, rows, form.fields),
                       said(problem, contract_names=contract_names, bonus_names=bonus_names))

"""From the cleaned form to the custom rule set it describes, and the engine's refusals back onto fields.

``variant_spec`` writes the overrides ``rules.engine.custom.derive`` merges into the base rule set:
only what differs from the base, keeping whatever else the rule set started from overrode (a version
made in the admin keeps its other settings). A bonus taken into the rule set is allowed in every
positive contract (a bonus about the called king only where a king is called); a bonus taken out is
taken out of every contract. ``build`` derives and validates; ``problems_onto_form`` puts each of
derive's problems (``contracts.<slug>.<field>``, ``contract <slug>``, ``bonus <slug>`` …) on the field
it names, in German and English.
"""

from __future__ import annotations

import re
from copy import deepcopy
from typing import Any

from django.utils.translation import gettext

from language import active_language
from rules.engine.catalogue import BONUS_SLUGS, CALL_KING, CALL_KING_BIRD, CALLED_KING_BONUSES, NEGATIVE, TRISCHAKEN
from rules.engine.custom import RuleSetInvalid
from rules.engine.families import contract_row
from rules.engine.ruleset import RuleSet
from rules.rulesets import load_custom
from tournament.variants.forms import BASE, TRISCHAKEN_NUMBERS, VariantForm

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
    # What the rule set started with beyond the form's fields (a flag set in the admin) stays.
    return {**{k: v for k, v in started.items() if k not in built and k not in ("tricks", "ouvert")}, **built}


def _like(base: RuleSet, kind: str) -> set[str]:
    for slug in LIKE.get(kind, ()):
        rule = base.contract(slug)
        if rule is not None:
            return set(rule.bonuses)
    return {b.slug for b in base.bonuses}


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

ROW_FIELD = {"talon": "talon", "tricks": "tricks", "ouvert": "ouvert", "farbenspiel": "family",
             "required_birds": "birds", "": "slug"}
PATTERNS = (
    (re.compile(r"^contracts\.([a-z0-9_]+)(?:\.([a-z_]+))?: (.*)$"), "row"),
    (re.compile(r"^contract ([a-z0-9_]+): (.*)$"), "contract"),
    (re.compile(r"^bonus '?([a-z_]+)'?[: ](.*)$"), "bonus"),
    (re.compile(r"^(kontra_levels)(.*)$"), "kontra_levels"),
    (re.compile(r"^(valat)(.*)$"), "valat_kind"),
    (re.compile(r"^(trischaken)(.*)$"), "tr_kind"),
    (re.compile(r"^slug '.*'(.*)$"), "slug"),
)


def problems_onto_form(form: VariantForm, problems: tuple[str, ...] | list[str]) -> None:
    rows = {row["slug"]: row["prefix"] for row in getattr(form, "rows_data", [])}
    for problem in problems:
        field = None
        for pattern, target in PATTERNS:
            match = pattern.match(problem)
            if match is None:
                continue
            if target == "row":
                prefix = rows.get(match[1])
                field = prefix + ROW_FIELD.get(match[2] or "", "name") if prefix else None
            elif target == "contract":
                prefix = rows.get(match[1])
                field = prefix + "name" if prefix else None
            elif target == "bonus":
                field = f"b_{match[1]}_on" if match[1] in BONUS_SLUGS else None
            else:
                field = target
            break
        if field is not None and field not in form.fields:
            field = None
        # The engine's problem is English; german() says it in German for a German page.
        problem = german(problem) if active_language() == "de" else problem
        form.add_error(field, gettext("Das Regelwerk geht so nicht: %(problem)s") % {"problem": problem})


# The engine's sentences (rules/engine/families.py, custom.py) in German; the engine itself is pure and
# speaks English in these checks, which only a rule set's author reads.
GERMAN = (
    (r"a contract of the rule set's own needs a slug of 2-30 lowercase letters, digits or '_'",
     "ein eigenes Spiel braucht ein Kürzel aus 2 bis 30 Kleinbuchstaben, Ziffern oder „_“"),
    (r"one of none, one, half, whole \(0, 1, 3 or 6 talon cards\)", "0, 1, 3 oder 6 Talonkarten"),
    (r"only a negative game has a trick target and open hands", "nur ein Negativspiel hat ein Stichziel und offene Karten"),
    (r"a negative game's target is 0 to 3 tricks", "ein Negativspiel hat ein Stichziel von 0 bis 3 Stichen"),
    (r"one of closed, half_open, open", "verdeckt, halboffen oder offen"),
    (r"(\w+) has the target (\d); give another target a slug of its own",
     r"\1 hat das Stichziel \2; ein anderes Stichziel braucht ein eigenes Kürzel"),
    (r"a (\w+) game takes no talon and is no colour game", r"ein Spiel der Art \1 nimmt keinen Talon und ist kein Farbenspiel"),
    (r"a game that calls a king, or a colour game, takes half the talon or none",
     "ein Spiel, das einen König ruft, und ein Farbenspiel nehmen 3 Talonkarten oder keine"),
    (r"a colour game is played alone", "ein Farbenspiel wird allein gespielt"),
    (r"only a game that calls a king is played with a named bird", "nur ein Spiel, das einen König ruft, hat ein Vogerl"),
    (r"needs an announcement but allows no bonus that can be announced",
     "braucht eine Ansage, erlaubt aber keine Prämie, die sich ansagen lässt"),
    (r"allows bonuses the rule set does not have: ", "erlaubt Prämien, die das Regelwerk nicht hat: "),
    (r"required birds must be birds the contract allows", "ein nötiges Vogerl muss eine erlaubte Prämie sein"),
    (r"Trischaken needs a 'trischaken' payment scheme", "Trischaken braucht eine Trischaken-Zahlung"),
    (r"is not zero-sum", "geht nicht auf null auf"),
    (r"is refused by the rule set itself", "lehnt das Regelwerk selbst ab"),
    (r"^contracts\.([a-z0-9_]+)(?:\.[a-z_]+)?: ", r"Spiel „\1“: "),
    (r"^contract ([a-z0-9_]+): ", r"Spiel „\1“: "),
    (r"^bonus ([a-z_]+): ", r"Prämie „\1“: "),
    (r"^sample hand (\d+)", r"Beispielspiel \1"),
)


def german(problem: str) -> str:
    for pattern, replacement in GERMAN:
        problem = re.sub(pattern, replacement, problem)
    return problem

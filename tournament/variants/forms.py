"""The organiser's rule-set form: every value a field.

Rows of contracts (``r<i>_…``): a contract of the base rule set shows its name and value and can be
removed; a contract of the rule set's own (added here) also shows its family and the family's
parameters; ``EXTRA_ROWS`` empty rows add contracts. Rows of bonuses (``b_<slug>_…``): every bonus
of the hand format, in the rule set or not, with its name and silent and announced values. Then the
Valat, the Trischaken payment and the kontra levels. The form checks what it can say best itself
(in German and English, on the field); the engine's own refusals are put on fields by ``spec``.
"""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from language import active_language
from rules.engine.catalogue import (
    ALONE_GAME,
    BIRDS,
    BONUS_NAMES_EN,
    BONUS_SLUGS,
    CALL_KING,
    CALL_KING_BIRD,
    COLOUR,
    KONTRA_MULTIPLIERS,
    KONTRA_NAMES,
    NEGATIVE,
    NEGATIVE_TRICKS,
    TRISCHAKEN,
)
from rules.engine.custom import SLUG
from rules.engine.families import family, openness, target_tricks
from rules.engine.ruleset import RuleSet
from rules.engine.trischaken import STRATEGIES as TRISCHAKEN_STRATEGIES
from rules.rulesets import BUILTIN, bonus_name
from tournament.variants import VARIANT_NAME_MAX

EXTRA_ROWS = 2
MAX_ROWS = 40
BASE, OWN = "base", "own"
OWN_SLUG = re.compile(r"^[a-z][a-z0-9_]{1,29}$")
FAMILY_CHOICES = [
    ("", "–"), (CALL_KING, _("König rufen")), (CALL_KING_BIRD, _("König rufen mit Vogerl (etwa Quapil-Rufer)")),
    (ALONE_GAME, _("allein")), (COLOUR, _("Farbenspiel")), (NEGATIVE, _("Negativspiel mit Stichziel")),
    (TRISCHAKEN, _("Trischaken")),
]
TALON_CHOICES = [("none", _("ohne Talon")), ("one", _("1 Talonkarte")), ("half", _("3 Talonkarten")),
                 ("whole", _("6 Talonkarten"))]
TRICK_CHOICES = [(str(n), str(n)) for n in range(4)]
OUVERT_CHOICES = [("closed", _("verdeckt")), ("half_open", _("halboffen")), ("open", _("offen"))]
VALAT_CHOICES = [
    ("premium", _("fester Wert (eine Prämie)")), ("game_multiple", _("Vielfaches des Spiels (statt des Spiels)")),
    ("multiplier", _("vervielfacht Spiel und Ansagen")), ("override", _("zählt allein (statt Spiel und Prämien)")),
]
TRISCHAKEN_CHOICES = [
    ("two_pairs", _("die zwei mit den meisten Punkten zahlen den zwei anderen")),
    ("loser_pays", _("wer die meisten Punkte hat, zahlt jedem")),
    ("most_pays", _("wer die meisten Punkte hat, zahlt jedem; Gleichstand: die Gleichen zahlen")),
]
VIRGIN_CHOICES = [("share", _("teilen sich eine Zahlung")), ("each", _("bekommen jede die ganze Zahlung"))]
TRISCHAKEN_NUMBERS = (
    ("unit", _("Trischaken: Zahlung je Spieler")), ("alone_unit", _("Trischaken: Zahlung allein (Bürgermeister)")),
    ("virgin_unit", _("Trischaken: an eine Jungfrau")), ("declarer_factor", _("Trischaken: Vorhand zahlt ×")),
    ("renonce_unit", _("Trischaken: Renonce je Spieler")),
)
# Talon for a game that calls a king, and for a colour game: half or none (rules/engine/families.py).
SMALL_TALON = ("half", "none")


def bird_choices(ruleset: RuleSet) -> list[tuple[str, str]]:
    return [(bird, bonus_label(bird, ruleset)) for bird in BIRDS]


def bonus_label(slug: str, ruleset: RuleSet) -> str:
    """What the builder calls a bonus (issue 31 point 5: words, never a slug): its German name on a German
    page (rules.rulesets.bonus_name), the catalogue's English name with its gloss on an English one."""
    return BONUS_NAMES_EN[slug] if active_language() == "en" else bonus_name(slug, "de", ruleset)


def trischaken_settings(kind: str) -> frozenset[str]:
    """The Trischaken settings a payment scheme reads (rules/engine/trischaken.py): only these are offered."""
    strategy = TRISCHAKEN_STRATEGIES.get(kind)
    return strategy.settings if strategy is not None else frozenset()


def _number(label, *, required: bool = False, low: int = 0) -> forms.IntegerField:
    return forms.IntegerField(label=label, required=required, min_value=low, max_value=999,
                              widget=forms.NumberInput(attrs={"class": "short"}))


class VariantForm(forms.Form):
    start = forms.CharField(widget=forms.HiddenInput)
    rows = forms.IntegerField(widget=forms.HiddenInput, min_value=0, max_value=MAX_ROWS)
    name = forms.CharField(label=_("Name des Regelwerks"), max_length=VARIANT_NAME_MAX)
    slug = forms.CharField(label=_("Kürzel des Regelwerks"), max_length=49,
                           help_text=_("Kleinbuchstaben, Ziffern, „-“ oder „_“; "
                                       "ein vorhandenes Kürzel bekommt eine neue Version."))
    description = forms.CharField(label=_("Beschreibung"), required=False, max_length=2000,
                                  widget=forms.Textarea(attrs={"rows": 2}))
    valat_kind = forms.ChoiceField(label=_("Valat"), choices=VALAT_CHOICES)
    kontra_levels = forms.TypedMultipleChoiceField(
        label=_("Kontrastufen"), coerce=int, required=False, widget=forms.CheckboxSelectMultiple,
        choices=[(level, KONTRA_NAMES[level][0]) for level in KONTRA_MULTIPLIERS if level != 1])

    def __init__(self, *args, base: RuleSet, current: RuleSet, row_count: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.base = base
        self.current = current
        self.row_count = row_count
        self.fields["name"].help_text = gettext("Höchstens %(max)s Zeichen.") % {"max": VARIANT_NAME_MAX}
        birds = bird_choices(current)
        for i in range(row_count):
            prefix = f"r{i}_"
            self.fields[prefix + "slug"] = forms.CharField(label=_("Kürzel"), required=False, max_length=30)
            self.fields[prefix + "kind"] = forms.CharField(required=False, widget=forms.HiddenInput)
            self.fields[prefix + "bonuses"] = forms.CharField(required=False, widget=forms.HiddenInput, max_length=400)
            self.fields[prefix + "name"] = forms.CharField(label=_("Name"), required=False, max_length=60)
            self.fields[prefix + "value"] = _number(_("Wert"), low=1)
            self.fields[prefix + "remove"] = forms.BooleanField(label=_("entfernen"), required=False)
            self.fields[prefix + "family"] = forms.ChoiceField(label=_("Familie"), choices=FAMILY_CHOICES, required=False)
            self.fields[prefix + "talon"] = forms.ChoiceField(label=_("Talon"), choices=TALON_CHOICES, required=False)
            self.fields[prefix + "birds"] = forms.MultipleChoiceField(
                label=_("Vogerl"), choices=birds, required=False, widget=forms.CheckboxSelectMultiple)
            self.fields[prefix + "tricks"] = forms.TypedChoiceField(
                label=_("Stichziel"), choices=TRICK_CHOICES, coerce=int, required=False, empty_value=None)
            self.fields[prefix + "ouvert"] = forms.ChoiceField(label=_("offen"), choices=OUVERT_CHOICES, required=False)
        for slug in BONUS_SLUGS:
            prefix = f"b_{slug}_"
            name = bonus_label(slug, current)
            self.fields[prefix + "on"] = forms.BooleanField(label=_("im Regelwerk"), required=False)
            self.fields[prefix + "name"] = forms.CharField(label=_("Name"), required=False, max_length=60)
            self.fields[prefix + "silent"] = _number(_("still"))
            self.fields[prefix + "announced"] = _number(_("angesagt"))
            # The bonus table's cells have no label of their own: each says which bonus and which value it is.
            for field, what in (("on", _("im Regelwerk")), ("name", _("Name")), ("silent", _("still")),
                                ("announced", _("angesagt"))):
                self.fields[prefix + field].widget.attrs["aria-label"] = f"{name}: {what}"
        if base.trischaken is not None:
            self.fields["tr_kind"] = forms.ChoiceField(label=_("Trischaken: wer zahlt"), choices=TRISCHAKEN_CHOICES)
            for name, label in TRISCHAKEN_NUMBERS:
                # Required where the chosen scheme reads it (clean): a field the scheme ignores is not offered.
                self.fields[f"tr_{name}"] = _number(label, low=1 if name == "declarer_factor" else 0)
            self.fields["tr_virgins"] = forms.ChoiceField(label=_("Trischaken: mehrere Jungfrauen"),
                                                          choices=VIRGIN_CHOICES, required=False)

    # --- what the template shows ---------------------------------------------------------------

    def contract_rows(self):
        for i in range(self.row_count):
            prefix = f"r{i}_"
            kind = self._value(prefix + "kind") or OWN
            slug = self._value(prefix + "slug")
            base_rule = self.base.contract(slug) if kind == BASE else None
            yield {
                "prefix": prefix, "row_kind": kind, "new": kind == OWN and not self._value(prefix + "name")
                and not slug, "base_rule": base_rule,
                **{name: self[prefix + name] for name in (
                    "slug", "kind", "bonuses", "name", "value", "remove", "family", "talon", "birds", "tricks",
                    "ouvert")},
            }

    def bonus_rows(self):
        for slug in BONUS_SLUGS:
            prefix = f"b_{slug}_"
            # Every cell shows its own refusal (issue 32: a negative announced value was refused unseen).
            yield {"slug": slug, "label": bonus_label(slug, self.current),
                   "cells": [self[prefix + field] for field in ("on", "name", "silent", "announced")]}

    def trischaken_fields(self):
        """Each Trischaken field with the payment schemes that read it; the template hides it under the others."""
        kind = self._value("tr_kind") if "tr_kind" in self.fields else ""
        for name in self.fields:
            if name.startswith("tr_"):
                setting = name[len("tr_"):]
                readers = sorted(k for k in TRISCHAKEN_STRATEGIES if setting in trischaken_settings(k))
                yield {"field": self[name], "kinds": " ".join(readers),
                       "offered": setting == "kind" or setting in trischaken_settings(kind)}

    def _value(self, name: str) -> str:
        value = self[name].value()
        return "" if value is None else str(value)

    # --- checks the form says best itself --------------------------------------------------------

    def clean_slug(self) -> str:
        slug = self.cleaned_data["slug"].strip()
        if not SLUG.match(slug):
            raise forms.ValidationError(gettext(
                "2 bis 49 Kleinbuchstaben, Ziffern, „-“ oder „_“, zuerst ein Buchstabe oder eine Ziffer."))
        if slug in BUILTIN:
            raise forms.ValidationError(gettext(
                "„%(slug)s“ ist ein eingebautes Regelwerk; bitte ein eigenes Kürzel wählen.") % {"slug": slug})
        return slug

    def clean(self):
        data = super().clean()
        self.rows_data = []
        seen: dict[str, str] = {}
        bonuses_on = {slug for slug in BONUS_SLUGS if data.get(f"b_{slug}_on")}
        for i in range(self.row_count):
            row = self._clean_row(f"r{i}_", data, bonuses_on)
            if row is None:
                continue
            if row["slug"] in seen:
                self.add_error(row["prefix"] + "slug", gettext(
                    "Das Kürzel „%(slug)s“ hat schon ein anderes Spiel.") % {"slug": row['slug']})
            seen[row["slug"]] = row["prefix"]
            self.rows_data.append(row)
        if not any(not row["remove"] for row in self.rows_data):
            self.add_error(None, gettext("Ein Regelwerk braucht mindestens ein Spiel."))
        self._clean_bonuses(data, bonuses_on)
        self._clean_trischaken(data)
        return data

    def _clean_trischaken(self, data: dict) -> None:
        """What the chosen payment scheme reads must be given; what it ignores keeps the base's value."""
        scheme = self.base.trischaken
        if scheme is None or "tr_kind" not in data:
            return
        read = trischaken_settings(data["tr_kind"])
        for name in [*(name for name, _label in TRISCHAKEN_NUMBERS), "virgins"]:
            field = f"tr_{name}"
            if name not in read:
                data[field] = getattr(scheme, name)
            elif data.get(field) in (None, "") and field not in self.errors:
                self.add_error(field, gettext("%(field)s: bitte einen Wert angeben.") % {"field": self.fields[field].label})

    def _clean_row(self, prefix: str, data: dict, bonuses_on: set[str]) -> dict | None:
        slug = (data.get(prefix + "slug") or "").strip()
        kind = BASE if data.get(prefix + "kind") == BASE and self.base.contract(slug) is not None else OWN
        if not slug:
            if data.get(prefix + "name") or data.get(prefix + "family"):
                self.add_error(prefix + "slug", gettext("Bitte ein Kürzel für das neue Spiel angeben."))
            return None
        row = {"prefix": prefix, "slug": slug, "kind": kind, "remove": bool(data.get(prefix + "remove")),
               "name": (data.get(prefix + "name") or "").strip(), "value": data.get(prefix + "value"),
               "family": data.get(prefix + "family") or "", "talon": data.get(prefix + "talon") or "none",
               "birds": sorted(data.get(prefix + "birds") or []), "tricks": data.get(prefix + "tricks"),
               "ouvert": data.get(prefix + "ouvert") or "closed",
               "bonuses": [b for b in (data.get(prefix + "bonuses") or "").split(",") if b in BONUS_SLUGS]}
        if row["remove"]:
            return row
        if kind == OWN and not OWN_SLUG.match(slug):
            self.add_error(prefix + "slug", gettext(
                "Kürzel „%(slug)s“: 2 bis 30 Kleinbuchstaben, Ziffern oder „_“, zuerst ein Buchstabe.") % {"slug": slug})
        if not row["name"]:
            self.add_error(prefix + "name", gettext(
                "Spiel „%(slug)s“: bitte einen Namen angeben.") % {"slug": slug})
        if row["value"] is None and prefix + "value" not in self.errors:
            self.add_error(prefix + "value", gettext(
                "Spiel „%(slug)s“: bitte einen Wert angeben (1 oder mehr).") % {"slug": slug})
        if kind == OWN:
            self._clean_family(row, bonuses_on)
        return row

    def _clean_family(self, row: dict, bonuses_on: set[str]) -> None:
        prefix, slug, kind = row["prefix"], row["slug"], row["family"]
        if not kind:
            self.add_error(prefix + "family", gettext(
                "Spiel „%(slug)s“: bitte die Familie wählen.") % {"slug": slug})
        if kind in (CALL_KING, CALL_KING_BIRD, COLOUR) and row["talon"] not in SMALL_TALON:
            self.add_error(prefix + "talon", gettext(
                "Spiel „%(slug)s“: ein Spiel, das einen König ruft, und ein Farbenspiel nehmen 3 Talonkarten oder "
                "keine.") % {"slug": slug})
        if kind == CALL_KING_BIRD:
            if not row["birds"]:
                self.add_error(prefix + "birds", gettext(
                    "Spiel „%(slug)s“: ein Rufer mit Vogerl braucht mindestens ein Vogerl.") % {"slug": slug})
            missing = [bird for bird in row["birds"] if bird not in bonuses_on]
            if missing:
                names = ", ".join(bonus_name(bird, active_language(), self.current) for bird in missing)
                self.add_error(prefix + "birds", gettext(
                    "Spiel „%(slug)s“: %(names)s ist keine Prämie dieses Regelwerks; bitte unten bei den Prämien "
                    "aufnehmen.") % {"slug": slug, "names": names})
        if kind == NEGATIVE:
            fixed = NEGATIVE_TRICKS.get(slug)
            if row["tricks"] is None:
                self.add_error(prefix + "tricks", gettext(
                    "Spiel „%(slug)s“: ein Negativspiel braucht ein Stichziel (0 bis 3 Stiche).") % {"slug": slug})
            elif fixed is not None and row["tricks"] != fixed:
                self.add_error(prefix + "tricks", gettext(
                    "Spiel „%(slug)s“: dieses Kürzel steht für %(fixed)s Stiche; ein anderes Stichziel braucht ein eigenes "
                    "Kürzel.") % {"slug": slug, "fixed": fixed})
        if kind == TRISCHAKEN and self.base.trischaken is None:
            self.add_error(prefix + "family", gettext(
                "Spiel „%(slug)s“: %(base)s kennt keine Trischaken-Zahlung; bitte ein anderes Grundregelwerk "
                "wählen.") % {"slug": slug, "base": self.base.name})

    def _clean_bonuses(self, data: dict, bonuses_on: set[str]) -> None:
        for slug in BONUS_SLUGS:
            prefix = f"b_{slug}_"
            name = bonus_name(slug, active_language(), self.current)
            if slug in bonuses_on and data.get(prefix + "silent") is None and data.get(prefix + "announced") is None:
                self.add_error(prefix + "silent", gettext(
                    "Prämie %(name)s: bitte einen stillen oder einen angesagten Wert angeben.") % {"name": name})
            if slug in bonuses_on and not (data.get(prefix + "name") or "").strip():
                self.add_error(prefix + "name", gettext("Prämie %(name)s: bitte einen Namen angeben.") % {"name": name})
            if slug in bonuses_on:
                continue
            for row in self.rows_data:
                rule = self.base.contract(row["slug"]) if row["kind"] == BASE else None
                if row["remove"] or rule is None:
                    continue
                if rule.talon_king_penalty == slug:
                    self.add_error(prefix + "on", gettext(
                        "Prämie %(name)s: sie ist die Strafe für die Talonhälfte ohne König im Spiel %(rule)s und "
                        "bleibt.") % {"name": name, "rule": rule.name})
                if rule.required_birds and not rule.required_birds & bonuses_on:
                    self.add_error(prefix + "on", gettext(
                        "Prämie %(name)s: %(rule)s braucht ein Vogerl; mindestens eines bleibt im "
                        "Regelwerk.") % {"name": name, "rule": rule.name})


def initial_for(ruleset: RuleSet, base: RuleSet, start: str) -> tuple[dict, int]:
    """The form's values showing ``ruleset`` (built on ``base``), and its number of rows."""
    initial: dict = {
        "start": start, "name": ruleset.name, "slug": ruleset.slug, "description": ruleset.description,
        "valat_kind": ruleset.valat.kind, "kontra_levels": [level for level in ruleset.kontra_levels if level != 1],
    }
    for i, c in enumerate(ruleset.contracts):
        prefix = f"r{i}_"
        own = base.contract(c.slug) is None
        initial.update({prefix + "slug": c.slug, prefix + "kind": OWN if own else BASE, prefix + "name": c.name,
                        prefix + "value": c.value, prefix + "bonuses": ",".join(sorted(c.bonuses)),
                        prefix + "family": family(c), prefix + "talon": c.talon,
                        prefix + "birds": sorted(c.required_birds)})
        if c.kind == NEGATIVE:
            initial.update({prefix + "tricks": target_tricks(c), prefix + "ouvert": openness(c)})
    rows = len(ruleset.contracts) + EXTRA_ROWS
    for slug in BONUS_SLUGS:
        rule = ruleset.bonus(slug)
        prefix = f"b_{slug}_"
        initial[prefix + "name"] = bonus_name(slug, "de", ruleset)  # the stored name: German
        if rule is not None:
            initial.update({prefix + "on": True, prefix + "silent": rule.silent, prefix + "announced": rule.announced})
    if ruleset.trischaken is not None:
        t = ruleset.trischaken
        initial |= {"tr_kind": t.kind, "tr_unit": t.unit, "tr_alone_unit": t.alone_unit, "tr_virgin_unit": t.virgin_unit,
                    "tr_declarer_factor": t.declarer_factor, "tr_renonce_unit": t.renonce_unit, "tr_virgins": t.virgins}
    initial["rows"] = rows
    return initial, rows

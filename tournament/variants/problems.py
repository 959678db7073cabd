"""The engine's refusals of a rule set, said in the page's language on the field they concern.

rules/engine/custom.py and families.py refuse a rule set with ``RuleSetProblem``s: a stable code, the path
of the setting (``contracts.<slug>.<field>``, ``bonuses.<slug>.<field>``, ``trischaken.<field>``, ``valat.kind``
…) and parameters. ``SAID`` holds the sentence for each code as a gettext msgid (German; the English is in
the .po file); ``field_of`` finds the form's field for a path. The engine's own English sentence is what
``score_hands --rules-file`` prints; the site never shows it.
"""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from language import ByLanguage, Message
from rules.engine.catalogue import BONUS_SLUGS
from rules.engine.types import RuleSetProblem
from rules.rulesets import bonus_name

SAID = {
    "not_an_object": _("Das Regelwerk ist kein JSON-Objekt."),
    "field_missing": _("Es fehlt das Feld „%(field)s“."),
    "overrides_not_object": _("Die Abweichungen müssen ein JSON-Objekt sein."),
    "setting_fixed": _("„%(setting)s“ lässt sich nicht als Abweichung setzen; es steht oben im Regelwerk."),
    "setting_unknown": _("Eine Einstellung „%(setting)s“ gibt es nicht."),
    "plain_invalid": _("Ein Wert des Regelwerks hat nicht die richtige Form (%(detail)s)."),
    "rows_not_mapping": _("„%(rows)s“ muss jedem Kürzel seine geänderten Felder zuordnen (oder null zum Streichen)."),
    "row_remove_unknown": _("„%(slug)s“ lässt sich nicht streichen: das Grundregelwerk hat es nicht."),
    "row_not_object": _("„%(slug)s“: erwartet wird ein Objekt mit Feldern."),
    "base_missing": _("Das Grundregelwerk fehlt."),
    "base_unknown": _("Das Grundregelwerk „%(base)s“ gibt es nicht."),
    "slug_invalid": _("2 bis 49 Kleinbuchstaben, Ziffern, „-“ oder „_“, zuerst ein Buchstabe oder eine Ziffer."),
    "version_invalid": _("Die Version muss 1 oder mehr sein."),
    "win_threshold_invalid": _("Die Gewinngrenze muss innerhalb der Kartenpunkte des Spiels liegen."),
    "kontra_levels_invalid": _("Die Kontrastufen müssen das einfache Spiel enthalten und nur bekannte Stufen."),
    "tie_breaks_unknown": _("Unbekannte Reihung bei Gleichstand: %(keys)s."),
    "direction_invalid": _("Die Spielrichtung muss gegen oder mit dem Uhrzeigersinn sein."),
    "valat_kind_invalid": _("Diese Art, den Valat zu zählen, gibt es nicht."),
    "renonce_kind_invalid": _("Diese Art, die Renonce zu zählen, gibt es nicht."),
    "trischaken_kind_invalid": _("Diese Trischaken-Zahlung gibt es nicht."),
    "trischaken_choice_invalid": _("Trischaken: diese Wahl gibt es nicht."),
    "trischaken_negative": _("Trischaken: eine Zahlung kann nicht negativ sein."),
    "trischaken_pays_nothing": _("Trischaken: alle Zahlungen sind 0, so zahlt ein gespieltes Trischaken nichts; "
                                 "bitte mindestens eine Zahlung über 0 angeben."),
    "bonus_twice": _("Eine Prämie steht zweimal im Regelwerk."),
    "bonus_unknown": _("Eine Prämie „%(bonus)s“ gibt es im Spielformat nicht."),
    "bonus_value_missing": _("Prämie %(name)s: bitte einen stillen oder einen angesagten Wert angeben."),
    "bonus_value_negative": _("Prämie %(name)s: ein Wert kann nicht negativ sein."),
    "bonus_worth_nothing": _("Prämie %(name)s: mit 0 zählt sie nichts; bitte einen Wert über 0 angeben oder die "
                             "Prämie streichen."),
    "bonus_silent_above_announced": _("Prämie %(name)s: still (%(silent)s) zählt sie mehr als angesagt "
                                      "(%(announced)s); angesagt muss sie mindestens so viel zählen."),
    "bonus_name_twice": _("Prämie %(name)s: so heißt schon eine andere Prämie; bitte einen eigenen Namen wählen."),
    "bonus_excludes_unknown": _("Prämie %(name)s: sie schließt Prämien aus, die das Regelwerk nicht hat: %(bonuses)s."),
    "contracts_twice": _("Jedes Spiel darf nur einmal vorkommen, und mindestens eines muss es geben."),
    "contract_name_twice": _("Spiel „%(name)s“: so heißt schon ein anderes Spiel; bitte einen eigenen Namen wählen."),
    "contract_kind_invalid": _("Spiel „%(contract)s“: diese Art Spiel gibt es nicht."),
    "contract_value_invalid": _("Spiel „%(contract)s“: Wert und Faktoren müssen 1 oder mehr sein."),
    "contract_bonus_unknown": _("Spiel „%(contract)s“: es erlaubt Prämien, die das Regelwerk nicht hat: %(bonuses)s."),
    "required_birds_not_allowed": _("Spiel „%(contract)s“: ein nötiges Vogerl muss eine erlaubte Prämie sein."),
    "trischaken_without_scheme": _("Spiel „%(contract)s“: Trischaken braucht eine Trischaken-Zahlung."),
    "extras_not_positive": _("Spiel „%(contract)s“: nur ein positives Spiel hat Prämien, einen Partner oder "
                             "Schleifen."),
    "talon_king_penalty_invalid": _("Spiel „%(contract)s“: die Strafe für die Talonhälfte ohne König muss eine "
                                    "Prämie mit stillem Wert sein, in einem Spiel, das einen König ruft."),
    "may_stay_unplayed_invalid": _("Spiel „%(contract)s“: ungespielt bleiben kann nur ein Spiel, das eine Ansage "
                                   "braucht."),
    "surrender_without_king": _("Spiel „%(contract)s“: schleifen lässt sich nur ein Spiel, das einen König ruft."),
    "announcement_impossible": _("Spiel „%(contract)s“: es braucht eine Ansage, erlaubt aber keine Prämie, die sich "
                                 "ansagen lässt."),
    "own_slug_invalid": _("Kürzel „%(slug)s“: 2 bis 30 Kleinbuchstaben, Ziffern oder „_“, zuerst ein Buchstabe."),
    "talon_invalid": _("Spiel „%(contract)s“: 0, 1, 3 oder 6 Talonkarten."),
    "tricks_not_negative": _("Spiel „%(contract)s“: nur ein Negativspiel hat ein Stichziel und offene Karten."),
    "tricks_out_of_range": _("Spiel „%(contract)s“: ein Negativspiel hat ein Stichziel von 0 bis %(most)s Stichen."),
    "ouvert_invalid": _("Spiel „%(contract)s“: verdeckt, halboffen oder offen."),
    "tricks_fixed": _("Spiel „%(slug)s“: dieses Kürzel steht für %(fixed)s Stiche; ein anderes Stichziel braucht ein "
                      "eigenes Kürzel."),
    "talon_not_played": _("Spiel „%(contract)s“: ein Negativspiel und ein Trischaken nehmen keinen Talon und sind "
                          "kein Farbenspiel."),
    "talon_too_big": _("Spiel „%(slug)s“: ein Spiel, das einen König ruft, und ein Farbenspiel nehmen 3 Talonkarten "
                       "oder keine."),
    "colour_with_partner": _("Spiel „%(contract)s“: ein Farbenspiel wird allein gespielt."),
    "birds_without_king": _("Spiel „%(contract)s“: nur ein Spiel, das einen König ruft, hat ein Vogerl."),
    "sample_refused": _("Beispielspiel %(number)s (%(contract)s): das Regelwerk lehnt sein eigenes Spiel ab."),
    "sample_not_zero_sum": _("Beispielspiel %(number)s (%(contract)s): die Punkte gehen nicht auf null auf."),
}
# A code this site does not know yet (a newer engine): said without its details rather than in English.
UNKNOWN = _("Das Regelwerk geht so nicht (%(code)s).")

# The form's field for the last part of a contract's path (contracts.<slug>.<part>); the name otherwise.
ROW_FIELD = {"talon": "talon", "tricks": "tricks", "ouvert": "ouvert", "farbenspiel": "family", "kind": "family",
             "required_birds": "birds", "slug": "slug", "name": "name", "value": "value"}
SETTING_FIELD = {"valat.kind": "valat_kind", "kontra_levels": "kontra_levels", "slug": "slug", "name": "name",
                 "trischaken": "tr_unit"}


def said(problem: RuleSetProblem, *, contract_names: dict[str, str], bonus_names: dict[str, str]) -> str:
    """``problem`` in the page's language; contracts and bonuses by the names the form shows."""
    params = dict(problem.params)
    slug = str(params.get("contract", params.get("slug", "")))
    contract = contract_names.get(slug, slug)
    bonus = str(params.get("bonus", ""))
    params |= {"contract": contract, "slug": slug, "fixed": params.get("tricks", ""),
               "name": bonus_names.get(bonus, bonus) if bonus else params.get("name", contract),
               "number": int(str(params.get("index", 0))) + 1}
    text = SAID.get(problem.code)
    if text is None:
        return gettext(UNKNOWN) % {"code": problem.code}
    return gettext(text) % params


def field_of(path: str, rows: dict[str, str], fields) -> str | None:
    """The form's field for an engine path; None where the form has none (the problem goes above the form)."""
    parts = path.split(".")
    field: str | None = SETTING_FIELD.get(path)
    if parts[0] == "contracts" and len(parts) >= 2 and parts[1] in rows:
        field = rows[parts[1]] + ROW_FIELD.get(parts[2] if len(parts) > 2 else "", "name")
    elif parts[0] == "bonuses" and len(parts) >= 2 and parts[1] in BONUS_SLUGS:
        last = parts[2] if len(parts) > 2 else "on"
        field = f"b_{parts[1]}_{last if last in ('silent', 'announced', 'name') else 'on'}"
    elif parts[0] == "trischaken" and len(parts) == 2:
        field = f"tr_{parts[1]}" if f"tr_{parts[1]}" in fields else "tr_kind"
    return field if field in fields else None


def said_all(problems) -> Message:
    """Every problem of a refused rule set where no form shows them, rendered in whichever language its reader
    has (the value of a ServiceError)."""
    def write(lang: str) -> str:
        with translation.override(lang):
            names = {slug: bonus_name(slug, lang) for slug in BONUS_SLUGS}  # in the reader's language too
            return " ".join(said(problem, contract_names={}, bonus_names=names) for problem in problems)

    return ByLanguage(write)

"""Director forms: fields and their shape only; services decide and write."""

from __future__ import annotations

import re
from decimal import Decimal

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from rules.rulesets import BUILTIN
from tournament.models import REASON_MAX, CustomRuleSet
from tournament.money import MAX_STAKE_CENTS, to_cents
from tournament.players import PLAYER_TEXT_MAX
from tournament.selectors import free_slug
from tournament.standings import MAX_ROUNDS


def ruleset_choices() -> list[tuple[str, str]]:
    choices = [(slug, rs.name) for slug, rs in BUILTIN.items()]
    choices += [(f"custom:{c.pk}", f"{c.name} (v{c.version})") for c in CustomRuleSet.objects.all()]
    return choices


class TournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=160)
    slug = forms.SlugField(label=_("Kürzel (für Links)"), max_length=50, required=False,
                           help_text=_("aus Name und Datum; leer: wird so gebildet"))
    # "1" while the slug is the one filled in from name and date (static/js/new-tournament.js): when that
    # one is taken, the next free one is used instead of a form error.
    slug_auto = forms.BooleanField(required=False, widget=forms.HiddenInput)
    date = forms.DateField(label=_("Datum"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
                           initial=timezone.localdate)
    venue = forms.CharField(label=_("Ort"), max_length=160, required=False)
    ruleset = forms.ChoiceField(label=_("Regelwerk"))
    stake_cents = forms.IntegerField(label=_("Cent je Punkt"), min_value=0, max_value=MAX_STAKE_CENTS, required=False,
                                     help_text=_("leer: wie im Regelwerk (meist 10)"))
    rounds = forms.IntegerField(label=_("Vorrunden"), min_value=1, max_value=MAX_ROUNDS, required=False,
                                help_text=_("leer: wie im Regelwerk (meist 3)"))
    tables_of_five = forms.TypedChoiceField(
        label=_("Fünfertische"), required=False, empty_value=None, coerce=lambda v: {"yes": True, "no": False}.get(v),
        choices=[("", _("wie im Regelwerk")), ("yes", _("erlaubt (der Geber setzt aus)")), ("no", _("nur Vierertische"))])
    tables_of_six = forms.BooleanField(
        label=_("Sechsertische erlauben"), required=False,
        help_text=_("Zwei setzen je Spiel aus (Geber und Gegenüber), 24 Spiele statt 16: so spielen 6 oder 11 "
                    "Anwesende ohne Freilos."))
    hands_at_four = forms.TypedChoiceField(
        label=_("Spiele am Vierertisch"), required=False, empty_value=None, coerce=int,
        choices=[("", _("wie im Regelwerk")), ("16", "16"), ("20", "20")])
    hands_at_five = forms.TypedChoiceField(
        label=_("Spiele am Fünfertisch"), required=False, empty_value=None, coerce=int,
        choices=[("", _("wie im Regelwerk")), ("20", "20"), ("25", "25")],
        help_text=_("am Fünfertisch setzt der Geber aus: jeder spielt 16 von 20 oder 20 von 25"))
    time_limit_minutes = forms.IntegerField(
        label=_("Zeitlimit je Runde (Minuten)"), required=False, min_value=10, max_value=600,
        help_text=_("leer: wie im Regelwerk (Hopfgarten 105 Minuten; Tirol: ein Zeitlimit ohne Zahl)"))
    last_round_by_standings = forms.BooleanField(
        label=_("Letzte Runde nach Reihung setzen"), required=False,
        help_text=_("Die Besten der ersten Runden an Tisch 1, die nächsten an Tisch 2 … (wie ABAKUS „nach Reihung“)."))
    kontra_to_charity = forms.BooleanField(
        label=_("Kontra-Geld in die Spendenkassa"), required=False,
        help_text=_("Was Kontras an Geld bewegen, zahlt der Verlierer in die Spendenkassa statt an die Gewinner."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].choices = ruleset_choices()

    def clean(self):
        data = super().clean()
        if data.get("name") and (not data.get("slug") or data.get("slug_auto")):
            data["slug"] = free_slug(data["name"], data.get("date"))
        return data


class PlayerForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=PLAYER_TEXT_MAX)
    club = forms.CharField(label=_("Verein"), max_length=PLAYER_TEXT_MAX, required=False)
    region = forms.CharField(label=_("Region / Cup"), max_length=PLAYER_TEXT_MAX, required=False)
    notes = forms.CharField(label=_("Notizen"), required=False, widget=forms.Textarea(attrs={"rows": 2}))
    checked_in = forms.BooleanField(label=_("gleich als anwesend eintragen"), required=False, initial=True)
    allow_duplicate = forms.BooleanField(label=_("trotz ähnlichem Namen neu anlegen"), required=False)


class PasteForm(forms.Form):
    text = forms.CharField(label=_("Spielerliste (eine Zeile je Spieler: Name; Verein)"),
                           widget=forms.Textarea(attrs={"rows": 8}))
    checked_in = forms.BooleanField(label=_("als anwesend eintragen"), required=False, initial=True)


class UploadForm(forms.Form):
    file = forms.FileField(label=_("CSV- oder XLSX-Datei (Spalten Name, Verein, Region)"))
    checked_in = forms.BooleanField(label=_("als anwesend eintragen"), required=False, initial=True)


class ReasonForm(forms.Form):
    reason = forms.CharField(label=_("Begründung"), max_length=REASON_MAX)


# One prize a line: "1. 100", "2: 60,50 €" or just "40"; a rank, where given, must be the line's place.
PRIZE_LINE = re.compile(r"(?:(?P<rank>\d{1,3})\s*(?:[.:)]\s+|:))?\s*(?:€\s*)?"
                        r"(?P<amount>\d{1,9}(?:[.,]\d{1,2})?)\s*(?:€|EUR|Euro)?", re.IGNORECASE)


class PrizesForm(forms.Form):
    entry_fee = forms.DecimalField(label=_("Nenngeld je Spieler (€)"), min_value=0, max_value=1_000_000,
                                   decimal_places=2, required=False, localize=True)
    prizes = forms.CharField(
        label=_("Preise nach Rang (€)"), required=False, max_length=4000,
        widget=forms.Textarea(attrs={"rows": 6, "placeholder": "1. 100\n2. 60\n3. 40"}),
        help_text=_("Eine Zeile je Rang, der beste zuerst: „1. 100“ oder nur „100“. Teilen sich Spieler einen Rang, "
                    "teilen sie die Preise der Plätze, die sie belegen, zu gleichen Teilen."))
    over_fees_ok = forms.BooleanField(
        label=_("Die Preise dürfen mehr sein als das eingenommene Nenngeld (Sponsor, Zuschuss)"), required=False)

    def clean_entry_fee(self) -> int:
        value = self.cleaned_data.get("entry_fee")
        return 0 if value is None else to_cents(value)

    def clean_prizes(self) -> list[int]:
        lines = [line.strip() for line in re.split(r"[\n;]", self.cleaned_data.get("prizes", "")) if line.strip()]
        amounts = []
        for place, line in enumerate(lines, start=1):
            match = PRIZE_LINE.fullmatch(line)
            if match is None:
                raise forms.ValidationError(_("Zeile %(n)s: „%(line)s“ ist kein Betrag (z. B. „1. 100“ oder „60,50“).")
                                            % {"n": place, "line": line[:40]})
            if match["rank"] is not None and int(match["rank"]) != place:
                raise forms.ValidationError(_("Zeile %(n)s nennt Rang %(rank)s: bitte die Ränge der Reihe nach, "
                                              "ohne Lücke (kein Preis: 0).") % {"n": place, "rank": match["rank"]})
            amounts.append(to_cents(Decimal(match["amount"].replace(",", "."))))
        return amounts

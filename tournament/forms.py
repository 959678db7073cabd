"""Director forms: fields and their shape only; services decide and write."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from rules.rulesets import BUILTIN
from tournament.models import CustomRuleSet


def ruleset_choices() -> list[tuple[str, str]]:
    choices = [(slug, rs.name) for slug, rs in BUILTIN.items()]
    choices += [(f"custom:{c.pk}", f"{c.name} (v{c.version})") for c in CustomRuleSet.objects.all()]
    return choices


class TournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=160)
    slug = forms.SlugField(label=_("Kürzel (für Links)"), max_length=50)
    date = forms.DateField(label=_("Datum"), widget=forms.DateInput(attrs={"type": "date"}))
    venue = forms.CharField(label=_("Ort"), max_length=160, required=False)
    ruleset = forms.ChoiceField(label=_("Regelwerk"))
    stake_cents = forms.IntegerField(label=_("Cent je Punkt"), min_value=0, max_value=1000, required=False,
                                     help_text=_("leer: wie im Regelwerk (meist 10)"))
    rounds = forms.IntegerField(label=_("Vorrunden"), min_value=1, max_value=12, required=False,
                                help_text=_("leer: wie im Regelwerk (meist 3)"))
    tables_of_five = forms.TypedChoiceField(
        label=_("Fünfertische"), required=False, empty_value=None, coerce=lambda v: {"yes": True, "no": False}.get(v),
        choices=[("", _("wie im Regelwerk")), ("yes", _("erlaubt (der Geber setzt aus)")), ("no", _("nur Vierertische"))])
    hands_at_four = forms.TypedChoiceField(
        label=_("Spiele am Vierertisch"), required=False, empty_value=None, coerce=int,
        choices=[("", _("wie im Regelwerk")), ("16", "16"), ("20", "20")])
    hands_at_five = forms.TypedChoiceField(
        label=_("Spiele am Fünfertisch"), required=False, empty_value=None, coerce=int,
        choices=[("", _("wie im Regelwerk")), ("20", "20"), ("25", "25")],
        help_text=_("am Fünfertisch setzt der Geber aus: jeder spielt 16 von 20 oder 20 von 25"))
    kontra_to_charity = forms.BooleanField(
        label=_("Kontra-Geld in die Spendenkassa"), required=False,
        help_text=_("Was Kontras an Geld bewegen, zahlt der Verlierer in die Spendenkassa statt an die Gewinner."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].choices = ruleset_choices()


class PlayerForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    club = forms.CharField(label=_("Verein"), max_length=120, required=False)
    region = forms.CharField(label=_("Region / Cup"), max_length=120, required=False)
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
    reason = forms.CharField(label=_("Begründung"), max_length=500)

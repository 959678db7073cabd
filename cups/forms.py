from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from cups import schemes
from cups.models import Cup, CupScheme, Season
from cups.selectors import BUILTIN_NAMES
from tournament.forms import ruleset_choices


class SeasonImportForm(forms.Form):
    """The director's upload of past tournaments' final standings (cups/imports.py reads and checks them)."""

    file = forms.FileField(label=_("Datei (.csv oder .xlsx)"),
                           help_text=_("Spalten Turnier, Datum, Rang, Name, Verein, Punkte "
                                       "(oder tournament, date, rank, name, club, total)."))


def scheme_choices() -> list[tuple[str, str]]:
    """The built-in schemes (named in the page's language, as the season page names them) and the cups' own
    tables: a choice, never a typed key."""
    return [(key, BUILTIN_NAMES[key]) for key in schemes.BUILTIN] + [
        (own.key, own.name) for own in CupScheme.objects.order_by("name")]


def _count(label, help_text=""):
    return forms.IntegerField(label=label, required=False, min_value=0, max_value=999, help_text=help_text)


class CupRulesForm(forms.Form):
    """A cup's rules for the seasons that set none of their own (cups/season_rules.py)."""

    scheme = forms.ChoiceField(label=pgettext_lazy("cup scheme", "Wertung"))
    ruleset_slug = forms.ChoiceField(label=_("Regelwerk (Vorgabe)"), required=False)
    best_n = _count(_("gewertete Ergebnisse (statt der Regel)"),
                    _("leer: die Hälfte der Turniere (mehr als 10: die Hälfte abgerundet, sonst aufgerundet)"))
    final_mode = forms.ChoiceField(label=_("Finale"))
    min_tournaments = _count(_("Mindestzahl an Turnieren"), _("leer oder 0: keine"))
    final_qualifiers = _count(_("Qualifizierte für das Finale"), _("leer oder 0: keine Grenze"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["scheme"].choices = scheme_choices()
        self.fields["ruleset_slug"].choices = [("", "–"), *ruleset_choices()]
        self.fields["final_mode"].choices = Cup.FINAL_CHOICES


class SeasonRulesForm(forms.Form):
    """One season's own rules; "wie der Cup" (empty) follows the cup."""

    PENALTY_CHOICES = [("", _("wie der Cup")), ("yes", _("ja")), ("no", _("nein"))]

    scheme = forms.ChoiceField(label=pgettext_lazy("cup scheme", "Wertung"), required=False)
    counting = forms.ChoiceField(label=_("gewertete Ergebnisse"), required=False)
    best_n = _count(_("Zahl der gewerteten Ergebnisse"), _("nur bei „eine feste Zahl“"))
    final_mode = forms.ChoiceField(label=_("Finale"), required=False)
    final_penalties = forms.ChoiceField(label=_("Minuspunkte im Finale"), required=False, choices=PENALTY_CHOICES)
    min_tournaments = _count(_("Mindestzahl an Turnieren"), _("leer: wie der Cup; 0: keine"))
    final_qualifiers = _count(_("Qualifizierte für das Finale"), _("leer: wie der Cup; 0: keine"))
    tie_rule = forms.ChoiceField(label=_("bei gleichen Punkten"), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["scheme"].choices = [("", _("wie der Cup")), *scheme_choices()]
        self.fields["counting"].choices = Season.COUNTING_CHOICES
        self.fields["final_mode"].choices = Season._meta.get_field("final_mode").choices
        self.fields["tie_rule"].choices = Season.TIE_CHOICES

    @staticmethod
    def initial_of(season) -> dict:
        penalties = {None: "", True: "yes", False: "no"}[season.final_penalties]
        return {"scheme": season.scheme, "counting": season.counting, "best_n": season.best_n,
                "final_mode": season.final_mode, "final_penalties": penalties,
                "min_tournaments": season.min_tournaments, "final_qualifiers": season.final_qualifiers,
                "tie_rule": season.tie_rule or "project"}

    def rules(self) -> dict:
        data = dict(self.cleaned_data)
        data["final_penalties"] = {"": None, "yes": True, "no": False}[data["final_penalties"]]
        data["tie_rule"] = "" if data["tie_rule"] == "project" else data["tie_rule"]
        return data

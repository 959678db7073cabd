from django import forms
from django.utils.translation import gettext_lazy as _


class SeasonImportForm(forms.Form):
    """The director's upload of past tournaments' final standings (cups/imports.py reads and checks them)."""

    file = forms.FileField(label=_("Datei (.csv oder .xlsx)"),
                           help_text=_("Spalten Turnier, Datum, Rang, Name, Verein, Punkte "
                                       "(oder tournament, date, rank, name, club, total)."))

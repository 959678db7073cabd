"""Forms of file uploads."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class HandImportForm(forms.Form):
    """The director's upload of typed-in score sheets (paper/imports/hands/ reads and checks them)."""

    file = forms.FileField(label=_("Datei (.xlsx oder .json)"),
                           help_text=_("Excel mit dem Blatt „Spiele“ (wie tournament.xlsx), oder JSON / JSON Lines."))
    round = forms.IntegerField(label=_("nur Runde"), min_value=1, max_value=99, required=False,
                               help_text=_("leer: alle Runden der Datei"))

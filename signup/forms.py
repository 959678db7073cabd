from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.players import PLAYER_TEXT_MAX


class SignUpForm(forms.Form):
    name = forms.CharField(label=_("Vor- und Nachname"), max_length=PLAYER_TEXT_MAX)
    club = forms.CharField(label=_("Verein"), max_length=PLAYER_TEXT_MAX, required=False)
    email = forms.EmailField(label=_("E-Mail (freiwillig, für Nachrichten zum Turnier)"), required=False)


class RegistrationForm(forms.Form):
    is_open = forms.BooleanField(label=_("Anmeldung offen"), required=False, initial=True)
    deadline = forms.DateTimeField(label=_("Anmeldeschluss"), widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
                                   input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%d.%m.%Y %H:%M"])
    cap = forms.IntegerField(label=_("Plätze (leer = ohne Grenze)"), required=False, min_value=1, max_value=10000)

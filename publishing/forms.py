from django import forms
from django.utils.translation import gettext_lazy as _

from language import render
from publishing.venue.addresses import NotAllowed, check_address


class TargetForm(forms.Form):
    url = forms.URLField(label=_("Adresse des Cup-Servers"), max_length=300,
                         help_text=_("etwa https://cup.example.at/ – vom Cup-Organisator"))
    token = forms.CharField(label=_("Schlüssel"), max_length=200, widget=forms.PasswordInput(render_value=True),
                            help_text=_("vom Cup-Organisator (manage.py publish_token auf dem Cup-Server)"))
    after_each_round = forms.BooleanField(label=_("nach jeder abgeschlossenen Runde von selbst veröffentlichen"),
                                          required=False, initial=True)
    while_playing = forms.BooleanField(label=_("während der Runde laufend veröffentlichen"), required=False,
                                       help_text=_("nach eingetragenen Spielen, höchstens alle paar Minuten"))

    def clean_url(self) -> str:
        url = self.cleaned_data["url"]
        try:
            check_address(url)
        except NotAllowed as refusal:
            raise forms.ValidationError(render(refusal.said)) from None
        return url

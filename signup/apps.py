from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from web import links


class SignupConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "signup"
    verbose_name = _("Online-Anmeldung")

    def ready(self) -> None:
        links.provide("sign_up", "signup:page")  # the calendars' "Online anmelden" (web/links.py)

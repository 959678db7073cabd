from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CupsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "cups"
    verbose_name = _("Cups und Saisonen")

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CupsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "cups"
    verbose_name = _("Cups und Saisonen")

    def ready(self):
        # The season sheets join paper's registry of files here, before any page or command reads it.
        from cups import exports  # noqa: F401

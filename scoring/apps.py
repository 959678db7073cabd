from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"
    verbose_name = _("Wertung")

    def ready(self) -> None:
        from scoring import signals  # noqa: F401 - connects the receivers

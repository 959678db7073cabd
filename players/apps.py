from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlayersConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "players"
    verbose_name = _("Spielerinnen und Spieler")

    def ready(self) -> None:
        from players import changes, receivers  # noqa: F401 - connect the sign-up's and the tournament's signals

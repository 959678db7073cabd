from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from web import links


class PlayersConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "players"
    verbose_name = _("Spielerinnen und Spieler")

    def ready(self) -> None:
        from players import changes, receivers  # noqa: F401 - connect the sign-up's and the tournament's signals

        # The sign-up list links to the players' pages (web/links.py).
        links.provide("check_in_desk", "players:desk")
        links.provide("player_messages", "players:outbox")

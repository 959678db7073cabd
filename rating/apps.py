from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from web import links


class RatingConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "rating"
    verbose_name = _("Österreich-Rangliste und offene Daten")

    def ready(self) -> None:
        # A tournament published to the hub updates the list once its transaction has committed (rating/updates.py);
        # the player's page shows the rating and the statistics (cups/player_sections.py).
        from rating import sections, statistics, updates  # noqa: F401

        # The cups' pages link to the list and to a cup's embedding settings (web/links.py).
        links.provide("rating", "rating:list")
        links.provide("frame_origins", "rating:frame_origins")

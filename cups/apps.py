from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CupsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "cups"
    verbose_name = _("Cups und Saisonen")

    def ready(self):
        # The season sheets join paper's registry of files here, before any page or command reads it.
        from cups import exports  # noqa: F401

        # The players ABAKUS marks deceased are nobody a typed name means (the player list, a substitute):
        # the core asks through its registry, since it may not import cups.
        from cups.players import deceased_players
        from tournament.players import never_matched_by_name

        never_matched_by_name(deceased_players)

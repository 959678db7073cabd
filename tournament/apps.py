from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournament"
    verbose_name = _("Turniere")

    def ready(self) -> None:
        # The rules find a club's saved rule set by its slug (score_hands --rules, the rules page) through this
        # lookup: rules may not import the tournament app.
        from rules.rulesets import register_saved
        from tournament.selectors import saved_versions

        register_saved(saved_versions)

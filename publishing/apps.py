from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from web import links


class PublishingConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "publishing"
    verbose_name = _("Veröffentlichen")

    def ready(self) -> None:
        # A closed round publishes by itself where the director set a hub (publishing/venue/auto.py).
        from publishing.venue import auto  # noqa: F401

        links.provide("publish_tokens", "publishing:tokens")  # the cup's page links to its keys (web/links.py)
        links.provide("publish_intake", "publishing:api")  # the upload limit's one larger body (hall/uploads.py)

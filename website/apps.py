from django.apps import AppConfig

from web import links


class WebsiteConfig(AppConfig):
    """The site itself: settings, root URLs and the pages that combine the apps below it (tournament,
    scoring, paper, cups), plus the demo data (`seed_demo`). Nothing below imports it."""

    name = "website"
    verbose_name = "Website"

    def ready(self) -> None:
        # The tournament pages (website/urls.py) the apps below link up to (web/links.py).
        links.provide("tournaments", "tournament:list")
        links.provide("tournament", "tournament:detail")
        links.provide("round", "tournament:round")
        links.provide("standings", "tournament:standings")
        links.provide("enter_existing", "tournament:enter_existing")

from django.apps import AppConfig


class WebsiteConfig(AppConfig):
    """The site itself: settings, root URLs and the pages that combine the apps below it (tournament,
    scoring, paper, cups), plus the demo data (`seed_demo`). Nothing below imports it."""

    name = "website"
    verbose_name = "Website"

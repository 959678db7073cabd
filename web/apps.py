from django.apps import AppConfig
from django.core import checks


class WebConfig(AppConfig):
    """The web plumbing every app's pages share (reading a request, the director's guard, the JSON
    answers, the page tables' paging, the links to pages above, the ``tarock`` and ``links`` template tags);
    an app for its templatetags."""

    name = "web"

    def ready(self) -> None:
        from web import links

        checks.register(links.unprovided, "links")  # a declared link no installed app provides stops the start

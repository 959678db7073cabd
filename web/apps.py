from django.apps import AppConfig


class WebConfig(AppConfig):
    """The web plumbing every app's pages share (reading a request, the director's guard, the JSON
    answers, the page tables' paging, the ``tarock`` template tags); an app for its templatetags."""

    name = "web"

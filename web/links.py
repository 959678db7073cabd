"""Links to the pages of a package above: the package that owns a URL provides its link.

A package names only its own URLs and those of the packages below it (tests/test_boundaries.py). Where a
lower page links up (a cup's calendar to a tournament's standings, the scorer's sheet back to the round
page, a download refused back to the director's page), it asks here by a link name declared in ``LINKS``:
``links.url("standings", slug)`` in Python, ``{% link "standings" slug %}`` in a template (the ``links``
tag library). The package whose urls.py defines the page provides the link from its ``AppConfig.ready``
with the URL name it gave the page (website/apps.py provides ``standings`` as its ``tournament:standings``).

A link nobody provided is an error, never an empty href: ``url`` raises ``MissingLink``, the ``link``
tag refuses an undeclared name when the template is compiled, and the system check ``web.E001``
(``manage.py check``, every start of the server) names each declared link without a provider.
"""

from __future__ import annotations

from django.core import checks
from django.core.exceptions import ImproperlyConfigured
from django.urls import reverse

# Every link a lower package may ask for: its name and what it leads to (with the arguments it takes).
LINKS = {
    "tournaments": "the director's list of tournaments",
    "tournament": "a tournament's director page (tournament slug)",
    "round": "a round's director page (tournament slug, round number)",
    "standings": "a tournament's public standings (tournament slug)",
    "enter_existing": "the form entering a known player into a tournament (tournament slug; POST)",
    "sign_up": "a tournament's public sign-up page (tournament slug)",
    "check_in_desk": "the check-in list with the players' personal links (tournament slug)",
    "player_messages": "the messages to a tournament's players (tournament slug)",
    "rating": "the Österreich-Rangliste",
    "frame_origins": "where a cup's standings and calendar may be embedded (cup slug)",
    "publish_tokens": "a cup's keys for publishing to the hub (cup slug)",
    "publish_intake": "the hub's intake of a published tournament (POST; the one body larger than an upload)",
}

# Link name -> the URL name its owner gave; filled by the owners' AppConfig.ready.
_PROVIDED: dict[str, str] = {}


class MissingLink(ImproperlyConfigured):
    """A link asked for that is not declared in LINKS or that no installed package provided."""


def _declared(name: str) -> str:
    if name not in LINKS:
        raise MissingLink(f"No link is called {name!r}; web/links.py declares: {', '.join(LINKS)}.")
    return name


def provide(name: str, url_name: str) -> None:
    """The package whose urls.py defines ``url_name`` provides the link ``name`` (from its AppConfig.ready;
    providing again, as a reloaded app does, replaces)."""
    _PROVIDED[_declared(name)] = url_name


def url(name: str, *args) -> str:
    """The address of the link ``name`` for ``args``; MissingLink when no package provided it."""
    try:
        url_name = _PROVIDED[_declared(name)]
    except KeyError:
        raise MissingLink(f"No installed app provides the link {name!r} ({LINKS[name]}): its owner's "
                          f"AppConfig.ready must call web.links.provide({name!r}, ...).") from None
    return reverse(url_name, args=args)


def unprovided(app_configs=None, **kwargs) -> list[checks.Error]:
    """The system check: each declared link without a provider (registered by web's AppConfig)."""
    return [checks.Error(f"No installed app provides the link {name!r} ({what}).",
                         hint="Its owner's AppConfig.ready calls web.links.provide().", obj="web.links", id="web.E001")
            for name, what in LINKS.items() if name not in _PROVIDED]

"""How a page tells the director that a service refused what was asked."""

from __future__ import annotations

from django.contrib import messages

from language import ServiceError
from tournament.errors import CopyNotWritable


def refuse(request, error: ServiceError) -> None:
    """The service's own sentence, shown once as an error message on the next page; a write refused for a hub's
    copy is no slip to correct on the next page but a 403 (the site's handler draws it in the page's language)."""
    if isinstance(error, CopyNotWritable):
        raise error
    messages.error(request, error.message())

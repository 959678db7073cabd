"""How a page tells the director that a service refused what was asked."""

from __future__ import annotations

from django.contrib import messages

from language import ServiceError


def refuse(request, error: ServiceError) -> None:
    """The service's own bilingual sentence, shown once as an error message on the next page."""
    messages.error(request, error.message())

"""The table's secret link (/t/<token>/...): the table it names, or a friendly page when it names none."""

from __future__ import annotations

from functools import wraps

from django.http import Http404, HttpResponse
from django.shortcuts import render

from tournament.errors import CopyNotWritable
from tournament.models import Table
from tournament.selectors import table_by_token


class TableGone(Http404):
    """A table link that is not (or no longer) valid: reseated round, rotated link, mistyped."""


def scorer_table(token: str) -> Table:
    table = table_by_token(token)
    if table is None:
        raise TableGone("no such table")
    return table


def friendly_404(view):
    """An old table card's link gets a page saying so (also with DEBUG on), with status 404."""

    @wraps(view)
    def wrapper(request, token: str, *args, **kwargs):
        try:
            return view(request, token, *args, **kwargs)
        except TableGone:
            return render(request, "scoring/gone.html", status=404)

    return wrapper


def copy_refusal(request, tournament) -> HttpResponse | None:
    """For a write sent to a copy (the cup's site's copy of a venue's tournament): a 403 page saying why, in the
    page's language; None for any other tournament. The write services refuse it too (CopyNotWritable); this
    answers before a form is read, so the page says the one thing that matters."""
    if not tournament.is_copy:
        return None
    return copy_refused_page(request)


def copy_refused_page(request) -> HttpResponse:
    """The 403 page of a write refused for a copy (CopyNotWritable), in the page's language: drawn here for the
    scorer's pages and by the site's 403 handler (hall.views.forbidden) for every other page."""
    return render(request, "scoring/copy_refused.html", {"message": CopyNotWritable().message()}, status=403)

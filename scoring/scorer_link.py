"""The table's secret link (/t/<token>/...): the table it names, or a friendly page when it names none."""

from __future__ import annotations

from functools import wraps

from django.http import Http404
from django.shortcuts import render

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

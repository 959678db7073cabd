"""Reading what a browser sends: a malformed value is a default or a 4xx, never a 500."""

from __future__ import annotations

from collections.abc import Mapping
from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404

from tournament.models import Tournament

# The director's role on one tournament (docs/roles.md; the cups app's backend derives who holds it).
DIRECT = "tournament.direct_tournament"


def int_param(values: Mapping, name: str, default: int | None = None, *, low: int = -(2**31), high: int = 2**31 - 1
              ) -> int | None:
    """``values[name]`` as a whole number within [low, high]; ``default`` when it is missing or is none."""
    text = str(values.get(name, "")).strip()
    try:
        number = int(text)
    except ValueError:
        return default
    return number if low <= number <= high else default


def is_director_account(user) -> bool:
    """An account that directs at all (active staff); which tournaments it directs is the DIRECT
    permission, answered by cups/roles.py."""
    return bool(user and user.is_active and user.is_staff)


def director_required(view):
    """The director's pages: an active staff account.

    Nobody signed in goes to the site's own login page (settings.LOGIN_URL, /anmelden/) with the page
    to come back to; Django's staff_member_required would send people to the admin's login screen. A
    signed-in account without the rights gets a 403 page saying what is missing (NotDirector): sending
    it to the login page would bounce it straight back here (the login page forwards signed-in users)
    forever.
    """

    @login_required
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not is_director_account(request.user):
            raise NotDirector
        return view(request, *args, **kwargs)

    return wrapper


class NotDirector(PermissionDenied):
    """A signed-in account that may not open the director's pages. The site's 403 handler draws the page
    (website/urls.py handler403 → hall.views.forbidden: what the account lacks, who can grant it, and a
    way to sign in with another, through the hall's login, which this module does not name)."""


def ensure_directs(request, tournament: Tournament) -> Tournament:
    """``tournament`` if the signed-in account may direct it; a 404 otherwise, so a director of one cup
    learns nothing of another cup's tournaments, not even that they exist."""
    if not request.user.has_perm(DIRECT, tournament):
        raise Http404
    return tournament


def directed_tournament(request, slug: str) -> Tournament:
    """The tournament of a director's page, by its slug: 404 unless the account may direct it."""
    return ensure_directs(request, get_object_or_404(Tournament, slug=slug))

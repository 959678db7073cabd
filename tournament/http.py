"""Reading what a browser sends: a malformed value is a default or a 4xx, never a 500."""

from __future__ import annotations

from collections.abc import Mapping

from django.contrib.auth.decorators import user_passes_test


def int_param(values: Mapping, name: str, default: int | None = None, *, low: int = -(2**31), high: int = 2**31 - 1
              ) -> int | None:
    """``values[name]`` as a whole number within [low, high]; ``default`` when it is missing or is none."""
    text = str(values.get(name, "")).strip()
    try:
        number = int(text)
    except ValueError:
        return default
    return number if low <= number <= high else default


def _is_director(user) -> bool:
    return user.is_active and user.is_staff


# The director's pages: an active staff account, else the site's own login page (settings.LOGIN_URL,
# /anmelden/) with the page to come back to; Django's staff_member_required would send people to the
# admin's login screen instead.
director_required = user_passes_test(_is_director)

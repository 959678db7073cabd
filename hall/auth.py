"""Every way in passes the login throttle: the authentication backend takes a password check before
comparing (hall/ratelimit.py), whoever calls authenticate() — the site's /anmelden/, the admin's
/admin/login/, the test client, a future API. The forms turn a refusal into the lockout message."""

from __future__ import annotations

import logging
import math

from asgiref.sync import sync_to_async
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import PermissionDenied, ValidationError

from hall import ratelimit
from tournament.errors import active_language, both

logger = logging.getLogger(__name__)


class ThrottledModelBackend(ModelBackend):
    """Django's ModelBackend behind the login throttle (the only backend: settings.AUTHENTICATION_BACKENDS)."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if username is None:
            username = kwargs.get(get_user_model().USERNAME_FIELD)
        if username is None or password is None:
            return None
        address = ratelimit.client_address(request)
        wait = ratelimit.take_check(username, address)
        if wait:
            logger.warning("login locked for %r from %s (%d s left)", username, address, wait)
            if request is not None:
                request.login_locked_for = wait  # for the form's message
            raise PermissionDenied  # authenticate() tries no other backend
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is None:
            logger.info("login failed for %r from %s", username, address)
        else:
            ratelimit.succeeded(username, address)
        return user

    async def aauthenticate(self, request, username=None, password=None, **kwargs):
        # ModelBackend's own async path would skip the throttle.
        return await sync_to_async(self.authenticate)(request, username=username, password=password, **kwargs)


def lockout_message(seconds: int) -> str:
    minutes = math.ceil(seconds / 60)
    german = f"Zu viele fehlgeschlagene Anmeldungen. Bitte in {minutes} Minuten wieder versuchen."
    english = f"Too many failed logins. Please try again in {minutes} minutes."
    # In German both languages, for whoever stands at the laptop; an English page says it once.
    return english if active_language() == "en" else both(german, english)


class LockoutMessageMixin:
    """Says "too many failed logins" instead of "wrong password" when the throttle refused the check."""

    locked_for = 0

    def clean(self):
        try:
            return super().clean()
        except ValidationError:
            self.locked_for = getattr(self.request, "login_locked_for", 0)
            if self.locked_for:
                raise ValidationError(lockout_message(self.locked_for), code="locked") from None
            raise


class LoginForm(LockoutMessageMixin, AuthenticationForm):
    pass


class AdminLoginForm(LockoutMessageMixin, AdminAuthenticationForm):
    pass

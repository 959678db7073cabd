"""Every way in passes the login throttle: the authentication backend takes a password check before
comparing (hall/ratelimit.py), whoever calls authenticate() — the site's /anmelden/, the admin's
/admin/login/, the test client, a future API. The forms turn a refusal into the lockout message.

A browser that signs in gets a signed known-device cookie naming the account (as a hash); from it,
the per-account limit across addresses does not apply, so a guess spread over many addresses locks
that account on new devices only, never on the director's own laptop (OWASP's "device cookies")."""

from __future__ import annotations

import logging
import math

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.forms import AuthenticationForm
from django.core import signing
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils.translation import gettext_lazy

from hall import ratelimit
from hall.clients import client_address, counted_address
from language import Message, active_language, in_both

logger = logging.getLogger(__name__)

KNOWN_DEVICE_COOKIE = "hall_known_device"
_KNOWN_DEVICE_SALT = "hall.auth.known-device"
_KNOWN_DEVICE_SECONDS = 365 * 24 * 60 * 60
_KNOWN_DEVICE_ACCOUNTS = 8  # directors sharing one laptop


def _known_accounts(request) -> list[str]:
    value = getattr(request, "COOKIES", {}).get(KNOWN_DEVICE_COOKIE)
    if not value:
        return []
    try:
        accounts = signing.loads(value, salt=_KNOWN_DEVICE_SALT, max_age=_KNOWN_DEVICE_SECONDS)
    except signing.BadSignature:
        return []
    return [key for key in accounts if isinstance(key, str)] if isinstance(accounts, list) else []


def is_known_device(request, username: str) -> bool:
    """Has this browser signed in as this account before (a valid cookie of this installation)?"""
    return ratelimit.account_key(username) in _known_accounts(request)


def _remember_device(request, username: str) -> None:
    key = ratelimit.account_key(username)
    accounts = [key, *(other for other in _known_accounts(request) if other != key)][:_KNOWN_DEVICE_ACCOUNTS]
    request.known_device_cookie = signing.dumps(accounts, salt=_KNOWN_DEVICE_SALT)


class KnownDeviceMiddleware:
    """Sends the known-device cookie when a login succeeded in this request."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        value = getattr(request, "known_device_cookie", None)
        if value:
            response.set_cookie(KNOWN_DEVICE_COOKIE, value, max_age=_KNOWN_DEVICE_SECONDS, httponly=True,
                                samesite="Lax", secure=settings.SESSION_COOKIE_SECURE)
        return response


class ThrottledModelBackend(ModelBackend):
    """Django's ModelBackend behind the login throttle (the only backend: settings.AUTHENTICATION_BACKENDS)."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if username is None:
            username = kwargs.get(get_user_model().USERNAME_FIELD)
        if username is None or password is None:
            return None
        address = counted_address(request) if request is not None else "-"
        known = is_known_device(request, username)
        wait = ratelimit.take_check(username, address, known_device=known)
        if wait:
            logger.warning("login locked for %r from %s (%d s left)", username, client_address(request), wait)
            if request is not None:
                request.login_locked_for = wait  # for the form's message
            raise PermissionDenied  # authenticate() tries no other backend
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is None:
            logger.info("login failed for %r from %s", username, client_address(request))
        else:
            ratelimit.succeeded(username, address, known_device=known)
            if request is not None:
                _remember_device(request, username)
        return user

    async def aauthenticate(self, request, username=None, password=None, **kwargs):
        # ModelBackend's own async path would skip the throttle.
        return await sync_to_async(self.authenticate)(request, username=username, password=password, **kwargs)


def lockout_message(seconds: int) -> str:
    minutes = math.ceil(seconds / 60)
    said = Message(gettext_lazy("Zu viele fehlgeschlagene Anmeldungen. Bitte in %(minutes)s Minuten wieder versuchen."),
                   minutes=minutes)
    # In German both languages, for whoever stands at the laptop; an English page says it once.
    return said.render("en") if active_language() == "en" else in_both(said)


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

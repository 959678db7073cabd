"""Login rate limit through Django's cache: failures counted per user name and client address."""

from __future__ import annotations

import hashlib
import time

from django.conf import settings
from django.core.cache import cache


def _key(username: str, address: str) -> str:
    raw = f"{username.strip().lower()}|{address}".encode()
    return "hall:login-failures:" + hashlib.sha256(raw).hexdigest()


def _window() -> int:
    return settings.LOGIN_LOCKOUT_MINUTES * 60


def failures(username: str, address: str) -> list[float]:
    now = time.time()
    return [t for t in cache.get(_key(username, address), []) if now - t < _window()]


def locked_for(username: str, address: str) -> int:
    """Seconds until another try is allowed (0 when not locked)."""
    recent = failures(username, address)
    if len(recent) < settings.LOGIN_MAX_FAILURES:
        return 0
    return max(1, int(recent[-settings.LOGIN_MAX_FAILURES] + _window() - time.time()) + 1)


def record_failure(username: str, address: str) -> None:
    recent = failures(username, address)
    recent.append(time.time())
    cache.set(_key(username, address), recent[-settings.LOGIN_MAX_FAILURES:], _window())


def reset(username: str, address: str) -> None:
    cache.delete(_key(username, address))

"""Login throttle shared by every way in (hall/auth.py's backend): password checks per user name and
address, per address across all names, and per account across all addresses (a guess spread over many
addresses), counted atomically in the database (hall.models). The address is the client's
(hall/clients.py: behind the trusted proxy, the client the proxy forwards), so a crowd of wrong
passwords from one client never locks out a director at another.

The per-account limit is waived for a browser the account has signed in with before (its signed
known-device cookie, hall/auth.py): a spread guess at the director's name cannot lock him out of the
laptop he always uses, only out of devices he never signed in with.

A check is *taken* before the password is compared, inside a transaction holding the counters' row
locks, so simultaneous guesses queue behind each other and at most the limit of them reach the
password check. A successful login gives its checks back; a failed one keeps them for the window.
"""

from __future__ import annotations

import hashlib
import time
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.db import transaction

from hall.models import LoginThrottle
from tournament.players import key


def normalise_name(username: str) -> str:
    """One key for every spelling authentication takes for the same account.

    The login forms (ours and the admin's) hand the backend the NFKC form (Django's UsernameField,
    like User.normalize_username), so "ｖictim" signs in as "victim"; the lookup is exact on SQLite and
    PostgreSQL but may ignore case or trailing blanks under other collations. The key is the players'
    (tournament/names.py: width, case, accents and look-alike letters of other scripts folded, so a
    Cyrillic "vіctim" counts as "victim" too): merging names can only make the limit stricter, never
    looser.
    """
    return key(username)


def _key(*parts: str) -> str:
    return hashlib.sha256("\x00".join(parts).encode()).hexdigest()


def account_key(username: str) -> str:
    """The account's counter key (a hash: no user name in clear), also what a known-device cookie holds."""
    return _key("account", normalise_name(username))


def _keys(username: str, address: str) -> tuple[str, str, str]:
    name = normalise_name(username)
    return _key("name", name, address), _key("address", address), account_key(username)


def _limits(username: str, address: str, known_device: bool) -> dict[str, int]:
    user_key, address_key, account = _keys(username, address)
    limits = {user_key: settings.LOGIN_MAX_FAILURES, address_key: settings.LOGIN_MAX_FAILURES_PER_ADDRESS}
    if not known_device:
        limits[account] = settings.LOGIN_MAX_FAILURES_PER_ACCOUNT
    return limits


def _now() -> datetime:
    return datetime.fromtimestamp(time.time(), UTC)


def _window() -> timedelta:
    return timedelta(minutes=settings.LOGIN_LOCKOUT_MINUTES)


def take_check(username: str, address: str, known_device: bool = False) -> int:
    """Take one password check for the name at this address, for the address and (unless the browser
    signed in as this name before) for the account.

    Returns 0 when taken (the caller may compare the password), else the seconds until every full
    counter has freed up; then nothing is taken.
    """
    limits = _limits(username, address, known_device)
    keys = sorted(limits)  # one lock order for everyone: no deadlock between two logins
    now = _now()
    with transaction.atomic():
        rows = {row.key: row for row in LoginThrottle.objects.select_for_update().filter(key__in=keys).order_by("key")}
        if len(rows) < len(keys):
            # A concurrent first attempt may insert the same key: skip it, then lock what is there.
            LoginThrottle.objects.bulk_create(
                [LoginThrottle(key=key, checks=0, expires=now) for key in keys if key not in rows],
                ignore_conflicts=True)
            rows = {row.key: row for row in
                    LoginThrottle.objects.select_for_update().filter(key__in=keys).order_by("key")}
        waits = [row.expires - now for row in rows.values() if row.expires > now and row.checks >= limits[row.key]]
        if waits:
            return int(max(waits).total_seconds()) + 1
        for row in rows.values():
            row.checks = row.checks + 1 if row.expires > now else 1
            row.expires = now + _window()
        LoginThrottle.objects.bulk_update(list(rows.values()), ["checks", "expires"])
    _forget_stale(now)
    return 0


def succeeded(username: str, address: str, known_device: bool = False) -> None:
    """The password was right: the name at this address starts afresh, the address and (when it took
    one) the account get their check back (a spread guess still running keeps what it used)."""
    user_key, address_key, account = _keys(username, address)
    with transaction.atomic():
        # Locked in take_check's order, so a login and a concurrent guess cannot deadlock.
        rows = {row.key: row for row in LoginThrottle.objects.select_for_update()
                .filter(key__in=[user_key, address_key, account]).order_by("key")}
        if user_key in rows:
            rows[user_key].delete()
        for counter in (address_key,) if known_device else (address_key, account):
            if counter in rows and rows[counter].checks > 0:
                rows[counter].checks -= 1
                rows[counter].save(update_fields=["checks"])


def _forget_stale(now: datetime) -> None:
    # Counters idle for two windows go; rows another login holds are skipped rather than waited for,
    # so this never blocks or deadlocks a login on PostgreSQL.
    with transaction.atomic():
        stale = list(LoginThrottle.objects.select_for_update(skip_locked=True)
                     .filter(expires__lt=now - _window()).values_list("key", flat=True)[:500])
        if stale:
            LoginThrottle.objects.filter(key__in=stale).delete()

"""The login throttle's counters: rows in the site's database, so every server process shares them and
a transaction with row locks can take a password check atomically (hall/ratelimit.py)."""

from __future__ import annotations

from django.db import models


class LoginThrottle(models.Model):
    """Password checks taken for one key (a user name at an address, or an address) until ``expires``."""

    key = models.CharField(max_length=64, primary_key=True)  # sha256 hex: no user name stored in clear
    checks = models.PositiveIntegerField(default=0)
    expires = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.key[:12]}…: {self.checks} until {self.expires:%H:%M:%S}"

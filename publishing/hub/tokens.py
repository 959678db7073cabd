"""Hub tokens: made, checked and revoked here; only a hash of the secret part is ever stored."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from django.utils import timezone
from django.utils.translation import gettext_lazy

from cups.models import Cup
from language import ServiceError
from publishing.models import PublishToken
from tournament import live


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def _split(token: str) -> tuple[str, str]:
    prefix, _dot, secret = token.strip().partition(".")
    return prefix, secret


NAME_MAX = PublishToken._meta.get_field("name").max_length  # who holds the token: the column's limit, written once


@live.write_service(changes=live.NO_TOURNAMENT)
def create_token(*, cup: Cup, name: str = "") -> tuple[PublishToken, str]:
    """A new token for ``cup``; the whole token is returned once and never stored."""
    prefix, secret = secrets.token_hex(6), secrets.token_urlsafe(32)
    row = PublishToken.objects.create(cup=cup, name=name.strip()[:NAME_MAX], prefix=prefix, digest=_digest(secret))
    return row, f"{prefix}.{secret}"


def find_token(token: str) -> PublishToken | None:
    """The live token row ``token`` names, or None (unknown, wrong secret or revoked)."""
    prefix, secret = _split(token)
    if not prefix or not secret or len(token) > 200:
        return None
    row = PublishToken.objects.select_related("cup").filter(prefix=prefix).first()
    # Compared in constant time, so the answer's timing says nothing about the secret.
    if row is None or not hmac.compare_digest(row.digest, _digest(secret)) or row.revoked_at is not None:
        return None
    return row


@live.write_service(changes=live.NO_TOURNAMENT)
def revoke_token(*, token: str) -> PublishToken:
    """End a token (given whole or by its prefix): it publishes nothing from now on."""
    prefix, _secret = _split(token)
    row = PublishToken.objects.select_for_update().filter(prefix=prefix).first()
    if row is None:
        raise ServiceError(gettext_lazy("Diesen Schlüssel gibt es nicht."))
    if row.revoked_at is None:
        row.revoked_at = timezone.now()
        row.save(update_fields=["revoked_at"])
    return row

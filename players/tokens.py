"""The personal link's token: derived, never stored. token = HMAC(secret key, row, generation, salt); the
row keeps only the token's SHA-256, which the link's page looks up. The database alone (a lost backup)
gives no working link; renewing changes generation and salt, so the old token matches nothing."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

from django.conf import settings


def new_salt() -> str:
    return secrets.token_hex(16)


def token_of(pk: int, generation: int, salt: str) -> str:
    message = f"players.personal-link:{pk}:{generation}:{salt}".encode()
    digest = hmac.new(settings.SECRET_KEY.encode(), message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode()  # 24 characters, 144 bits


def hash_of(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()

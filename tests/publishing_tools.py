"""Publishing in tests: a venue's document as plain JSON data, the hub taking it, the venue forgotten."""

from __future__ import annotations

import json

from publishing import document as codec
from publishing.hub.receive import receive_tournament
from publishing.hub.tokens import find_token


def build_document(tournament) -> dict:
    """The venue's document as the hub reads it off the wire (plain JSON data, to tamper with)."""
    return json.loads(codec.as_bytes(codec.build(tournament)))


def receive(document, token_text: str):
    body = document if isinstance(document, (bytes, str)) else json.dumps(document)
    return receive_tournament(body=body, token=find_token(token_text))


def forget_venue(tournament) -> None:
    """The venue's rows gone from this database, so the same slug arrives as the hub would see it."""
    from scoring.copies import remove_hands

    remove_hands(tournament=tournament)
    from tournament.copies import _clear

    _clear(tournament)
    tournament.delete()

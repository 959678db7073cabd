"""Publishing fixtures: a cup with a token (the venue's tournament, venue_event, is in tests/conftest.py)."""

from __future__ import annotations

import pytest


@pytest.fixture
def hub_cup(db):
    """hub_cup(slug) -> (cup, token text) on this site acting as the hub."""
    from cups.services import create_cup
    from publishing.hub.tokens import create_token

    def build(slug: str = "unterland"):
        cup = create_cup(name=f"Cup {slug}", slug=slug, scheme="fixed")
        _row, token = create_token(cup=cup, name="Gasthof")
        return cup, token

    return build

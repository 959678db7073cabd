from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone


@pytest.fixture
def open_tournament(make_tournament):
    """open_tournament(cap=4) -> a tournament with no players yet and its registration open for a week."""
    from signup.services import set_registration

    def build(cap: int | None = 4, slug: str = "herbst", deadline_days: float = 7):
        tournament = make_tournament(players=0, slug=slug, seat=False)
        set_registration(tournament=tournament, is_open=True, cap=cap,
                         deadline=timezone.now() + timedelta(days=deadline_days))
        return tournament

    return build

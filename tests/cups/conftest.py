"""Cup fixtures: small tournaments played through the real services and put into a season."""

from __future__ import annotations

from datetime import date

import pytest


@pytest.fixture
def played(make_tournament, play_round):
    """played(slug, players=8, day=..., hands=2, absent=0): a tournament with one round of ``hands`` hands per
    table played; ``absent`` extra players are entered but never play a hand."""
    from tournament import services
    from tournament.models import Player

    def build(slug: str, players: int = 8, day: date = date(2026, 11, 21), hands: int = 2, absent: int = 0):
        tournament = make_tournament(players=players, slug=slug, rounds=1)
        tournament.date = day
        tournament.name = f"Turnier {slug}"
        tournament.save(update_fields=["date", "name"])
        round = tournament.round_set.get(number=1)
        play_round(round, seed=len(slug), hands=hands)
        for i in range(absent):
            player, _ = Player.objects.get_or_create(name=f"Fehlt {i}", club="TC Test")
            services.enter_player(tournament=tournament, player=player)
        return tournament

    return build


@pytest.fixture
def cup_season(db):
    """cup_season(scheme="cube", **cup) -> a season "2026/27" of a new cup."""
    from cups import services

    def build(scheme: str = "cube", slug: str = "tirol", label: str = "2026/27", **kwargs):
        cup = services.create_cup(name=f"Cup {slug}", slug=slug, scheme=scheme, **kwargs)
        return services.create_season(cup=cup, label=label)

    return build

"""Rating fixtures: finished cup tournaments played through the real services."""

from __future__ import annotations

from datetime import date

import pytest


@pytest.fixture
def finished(make_tournament, play_round):
    """finished(season, slug, players=8, day=...) -> a one-round tournament of ``season``, every hand played and
    the round closed: what the list rates."""
    from cups.services import add_tournament
    from tournament.rounds import close_round

    def build(season, slug: str, players: int = 8, day: date = date(2026, 11, 21), seed: int = 0):
        tournament = make_tournament(players=players, slug=slug, rounds=1)
        tournament.date, tournament.name = day, f"Turnier {slug}"
        tournament.save(update_fields=["date", "name"])
        round = tournament.round_set.get(number=1)
        play_round(round, seed=seed)
        close_round(round=round)
        add_tournament(season=season, tournament=tournament)
        return tournament

    return build


@pytest.fixture
def season_of(db):
    """season_of(slug, region="") -> the season 2026/27 of a new cup."""
    from cups import services

    def build(slug: str, region: str = ""):
        cup = services.create_cup(name=f"Cup {slug}", slug=slug, scheme="fixed", region=region)
        return services.create_season(cup=cup, label="2026/27")

    return build

"""Publishing fixtures: a venue's tournament played through the real services, a cup with a token."""

from __future__ import annotations

import pytest


@pytest.fixture
def venue_event(make_tournament, play_round):
    """A 9-player tournament (a table of five and a bye-free table of four), round 1 closed, round 2
    half played, with a correction and a team: every kind of row publishing carries."""
    from scoring.services import book_correction
    from tournament import rounds, teams

    tournament = make_tournament(players=9, slug="wirt-cup-1")
    first = tournament.round_set.get(number=1)
    play_round(first, seed=1, hands=3)
    for table in first.tables.all():
        rounds.end_table(table=table, reason="Zeit")
    rounds.close_round(round=first)
    second = tournament.round_set.get(number=2)
    rounds.seat_round(round=second, seed="r2")
    play_round(second, seed=2, hands=2)
    entries = list(tournament.entries.order_by("pk"))
    book_correction(entry=entries[0], round=first, points=-3, reason="Renonce nachträglich")
    teams.create_team(tournament=tournament, name="Die Ersten", entries=entries[:3])
    return tournament


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

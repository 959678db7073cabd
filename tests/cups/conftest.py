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


@pytest.fixture(scope="session")
def cups_catalogue():
    """cups/locale/en is compiled by `make venv` on a fresh machine (compilemessages over the tree); compile it
    here when the .mo is missing or older than the .po, so the English pages can be tested in any checkout."""
    from pathlib import Path

    from django.core.management import call_command
    from django.utils.translation import trans_real

    folder = Path(__file__).resolve().parents[2] / "cups" / "locale"
    po, mo = folder / "en/LC_MESSAGES/django.po", folder / "en/LC_MESSAGES/django.mo"
    if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
        call_command("compilemessages", locale=["en"], verbosity=0, ignore_patterns=[".venv"])
        trans_real._translations = {}  # catalogues are cached per process: read them again
        trans_real._default = None

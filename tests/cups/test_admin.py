"""The admin lists and edits cups, seasons, own schemes and imported results."""

from __future__ import annotations

from datetime import date

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from cups import services
from cups.models import CupScheme, ImportedResult
from tournament.models import Player


@pytest.mark.parametrize("model", ["cup", "cupscheme", "season", "importedresult"])
def test_changelists(client, director, cup_season, model):
    season = cup_season()
    ImportedResult.objects.create(season=season, tournament_name="A", date=date(2025, 1, 1), rank=1,
                                  player=Player.objects.create(name="Hans"), total=1)
    assert client.get(reverse(f"admin:cups_{model}_changelist")).status_code == 200
    assert client.get(reverse(f"admin:cups_{model}_add")).status_code == 200


def test_own_scheme_validation(db):
    with pytest.raises(ValidationError, match="eingebauten"):
        CupScheme(key="fixed", name="x", numbers=[1]).full_clean()
    with pytest.raises(ValidationError, match="nicht negativer"):
        CupScheme(key="mine", name="x", numbers=[3, -1]).full_clean()
    mine = CupScheme(key="mine", name="Mine", numbers=[3, 2, 1])
    mine.full_clean()
    mine.save()
    assert mine.scheme().points(rank=2, players=5) == 2
    assert CupScheme.objects.count() == 1


def test_services_refuse(cup_season, make_tournament):
    from language import ServiceError

    season = cup_season()
    with pytest.raises(ServiceError, match="Unbekannte Wertung"):
        services.create_cup(name="X", slug="x", scheme="nope")
    with pytest.raises(ServiceError, match="final mode"):
        services.create_cup(name="X", slug="x", final_mode="sometimes")
    with pytest.raises(ServiceError, match="schon"):
        services.create_season(cup=season.cup, label="2026/27")
    t = make_tournament(players=8, seat=False)
    services.add_tournament(season=season, tournament=t, is_final=True)
    other = services.create_season(cup=season.cup, label="2027/28")
    with pytest.raises(ServiceError, match="already belongs"):
        services.add_tournament(season=other, tournament=t)
    with pytest.raises(ServiceError, match="already has a final"):
        services.add_tournament(season=season, tournament=make_tournament(players=8, seat=False, slug="t2"),
                                is_final=True)
    assert other.ordering == season.ordering + 1

"""The rule set comes from the hub: a document under a known rule set must carry the hub's own copy of
it; a club's own rule set is taken only where the cup allows them, checked by the engine, and every
page says the tournament was played under its own rules."""

from __future__ import annotations

from datetime import date

import pytest
from publishing_tools import build_document, forget_venue, receive

from paper.imports import players as player_import
from publishing.problems import Refused
from rules.rulesets import load_custom
from tournament import rounds, services
from tournament.models import Tournament

VARIANT = {"slug": "wirt-valat", "name": "Wirtshaus-Regeln", "version": 3, "base": "tirol",
           "overrides": {"valat": {"kind": "game_multiple"},
                         "bonuses": {"valat": {"silent": 4, "announced": 8, "solo_doubling": False}}}}


@pytest.fixture
def custom_event(db, play_round):
    tournament = services.create_tournament(name="Wirtshausturnier", slug="wirt-eigen", date=date(2026, 11, 21),
                                            ruleset=load_custom(VARIANT))
    player_import.import_players(tournament=tournament, check_in=True,
                                 rows=[{"name": f"Spieler {i}", "club": "TC"} for i in range(8)])
    first = tournament.round_set.get(number=1)
    rounds.seat_round(round=first, seed="s")
    play_round(first, seed=3, hands=4)
    return tournament


def test_a_known_rule_set_with_other_values_is_refused(venue_event, hub_cup):
    _cup, token = hub_cup()
    document = build_document(venue_event)
    forget_venue(venue_event)
    contract = document["tournament"]["ruleset_snapshot"]["contracts"][0]
    contract["value"] = contract["value"] * 1000

    with pytest.raises(Refused) as refusal:
        receive(document, token)

    assert refusal.value.status == 422 and "tournament.ruleset_snapshot" in refusal.value.message_en
    assert "Fassung des Cup-Servers" in refusal.value.message_de
    assert not Tournament.objects.filter(slug="wirt-cup-1").exists()


def test_a_custom_rule_set_only_where_the_cup_allows_it_and_marked_on_every_page(custom_event, hub_cup, client):
    cup, token = hub_cup()
    document = build_document(custom_event)
    forget_venue(custom_event)

    with pytest.raises(Refused) as refusal:
        receive(document, token)
    assert refusal.value.status == 422 and "eigenes Regelwerk" in refusal.value.message_de

    cup.custom_rulesets = True
    cup.save()
    assert receive(document, token).status == "created"
    for url in ("/turnier/wirt-eigen/", "/"):
        page = client.get(url).content.decode()
        assert "Wirtshaus-Regeln (eigenes Regelwerk)" in page, url


def test_a_faulty_custom_rule_set_is_refused_by_the_engines_check(custom_event, hub_cup):
    cup, token = hub_cup()
    cup.custom_rulesets = True
    cup.save()
    document = build_document(custom_event)
    forget_venue(custom_event)
    document["tournament"]["ruleset_snapshot"]["kontra_levels"] = [3]

    with pytest.raises(Refused) as refusal:
        receive(document, token)

    assert refusal.value.status == 422 and "fehlerhaft" in refusal.value.message_de

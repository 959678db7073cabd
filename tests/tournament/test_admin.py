"""The custom rule-set editor in the admin refuses what the engine refuses."""

import json

from django.urls import reverse

from tournament.models import CustomRuleSet


def test_a_valid_custom_rule_set_is_saved(client, director):
    response = client.post(reverse("admin:tournament_customruleset_add"), {
        "slug": "tirol-valat", "version": 1, "name": "Tirol, Valat 4×/8×", "base": "tirol", "description": "",
        "overrides": json.dumps({"valat": {"kind": "game_multiple"},
                                 "bonuses": {"valat": {"silent": 4, "announced": 8, "solo_doubling": False}}}),
    })
    assert response.status_code == 302
    assert CustomRuleSet.objects.get().overrides["valat"]["kind"] == "game_multiple"


def test_an_invalid_custom_rule_set_is_refused_with_the_engines_reasons(client, director):
    response = client.post(reverse("admin:tournament_customruleset_add"), {
        "slug": "kaputt", "version": 1, "name": "Kaputt", "base": "ooe", "description": "",
        "overrides": json.dumps({"kontra_levels": [2, 3], "contracts": {"dreier": {"value": 0}}}),
    })
    html = response.content.decode()
    assert response.status_code == 200 and not CustomRuleSet.objects.exists()
    assert "kontra_levels must include 1" in html and "value and factors must be 1 or more" in html


def test_admin_lists_render(client, director, make_tournament):
    make_tournament("tirol", players=4)
    for name in ("tournament", "player", "round", "roundevent", "customruleset"):
        assert client.get(reverse(f"admin:tournament_{name}_changelist")).status_code == 200

"""The admin shows club rule sets but takes no JSON: they are built in the organiser's form."""

import json

from django.urls import reverse

from tournament.models import CustomRuleSet


def test_a_club_rule_set_is_not_typed_as_json_in_the_admin(client, director):
    add = reverse("admin:tournament_customruleset_add")
    assert client.get(add).status_code == 403
    response = client.post(add, {"slug": "tirol-valat", "version": 1, "name": "Tirol", "base": "tirol",
                                 "overrides": json.dumps({"valat": {"kind": "game_multiple"}})})
    assert response.status_code == 403 and not CustomRuleSet.objects.exists()


def test_the_admin_lists_club_rule_sets_with_a_link_to_the_form(client, director):
    made = CustomRuleSet.objects.create(slug="klub", version=1, name="Klub", base="tirol", overrides={})
    html = client.get(reverse("admin:tournament_customruleset_changelist")).content.decode()
    assert f'href="/leitung/regelwerke/bauen/?start=custom:{made.pk}"' in html
    change = client.get(reverse("admin:tournament_customruleset_change", args=[made.pk]))
    assert change.status_code == 200 and 'name="overrides"' not in change.content.decode()


def test_admin_lists_render(client, director, make_tournament):
    make_tournament("tirol", players=4)
    for name in ("tournament", "player", "round", "roundevent", "customruleset"):
        assert client.get(reverse(f"admin:tournament_{name}_changelist")).status_code == 200

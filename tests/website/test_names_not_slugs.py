"""People read names: the tournament list names the rule set, a player's page names an annulled deal
as annulled (nobody played it "alone"), a player's record names contracts, never their slugs."""

from __future__ import annotations

from scoring.services import store_hand


def test_the_tournament_list_names_the_rule_set(client, director, make_tournament):
    tournament = make_tournament("tirol", players=8, slug="liste", seat=False)
    page = client.get("/turniere/").content.decode()
    assert tournament.ruleset.name in page
    assert "<td >tirol</td>" not in page.replace('<td class="ruleset_slug">', "<td >")


def test_an_annulled_deal_is_not_played_alone(client, make_tournament):
    tournament = make_tournament("tirol", players=8, slug="annulliert")
    table = tournament.round_set.get(number=1).tables.order_by("number").first()
    store_hand(table=table, number=1, data={"contract": "annulled"})
    entry = table.seats.order_by("position").first().entry
    page = client.get(f"/turnier/{tournament.slug}/spieler/{entry.pk}/").content.decode()
    assert "annulliert" in page
    assert "allein gespielt" not in page and ">annulled<" not in page


def test_a_players_record_names_contracts(client, make_tournament, play_round):
    tournament = make_tournament("tirol", players=8, slug="namen")
    play_round(tournament.round_set.get(number=1), seed=3)
    player = tournament.entries.first().player
    page = client.get(f"/spieler/{player.pk}/").content.decode()
    assert "contract-record" in page
    for slug in ("piccolo_ouvert", "bettler_ouvert", "sechserdreier", "solorufer"):
        assert f"<td>{slug}</td>" not in page

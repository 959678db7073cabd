"""The player's "Quoten" (issue 33.4): contracts played and won by role per rule set, Trischaken, bonuses and best
results on the player's page and in its JSON, read from the stored hands and the engine's stored points."""

from __future__ import annotations

import pytest

from scoring.models import HandScore
from scoring.selectors.quotas import player_quotas
from scoring.services import record_hands

HANDS = [
    {"contract": "rufer", "declarer": 0, "partner": 2, "result": "won",
     "bonuses": [{"bonus": "pagat", "side": "declarer", "announced": True, "made": True}]},
    {"contract": "rufer", "declarer": 0, "partner": 3, "result": "lost",
     "bonuses": [{"bonus": "pagat", "side": "declarer", "announced": True, "made": False}]},
    {"contract": "dreier", "declarer": 2, "result": "won", "bonuses": [{"bonus": "trull", "side": "opponents"}]},
    {"contract": "trischaken", "card_points": ["30", "20", "10", "10"]},
]


@pytest.fixture
def table_of_four(make_tournament):
    tournament = make_tournament(players=4, slug="quoten")
    table = tournament.round_set.get(number=1).tables.get()
    record_hands(table=table, hands=HANDS, key_prefix="q-")
    return table


def seat_of(entry, number: int) -> int:
    return HandScore.objects.get(entry=entry, hand__number=number).hand_seat


def test_each_players_contracts_trischaken_and_bonuses_by_role(table_of_four):
    for entry in table_of_four.round.tournament.entries.all():
        scores = {s.hand.number: s.points for s in HandScore.objects.filter(entry=entry).select_related("hand")}
        (quotas,) = player_quotas(entry.player_id)
        assert (quotas.ruleset, quotas.hands) == ("tirol", 4)
        rufer = next(c for c in quotas.contracts if c.contract == "rufer")
        seats = [seat_of(entry, n) for n in (1, 2)]
        declared = [n for n, seat in zip((1, 2), seats, strict=True) if HANDS[n - 1]["declarer"] == seat]
        assert rufer.declared == len(declared)
        assert rufer.hands == 2
        assert quotas.trischaken == 1 and quotas.trischaken_won == (scores[4] > 0)
        pagat = next((b for b in quotas.bonuses if b.bonus == "pagat"), None)
        on_declarer_side = [n for n, seat in zip((1, 2), seats, strict=True)
                            if seat in (HANDS[n - 1]["declarer"], HANDS[n - 1]["partner"])]
        if on_declarer_side:
            assert pagat.announced == len(on_declarer_side)
            assert pagat.announced_made == sum(1 for n in on_declarer_side if n == 1)
        else:
            assert pagat is None
        trull = next((b for b in quotas.bonuses if b.bonus == "trull"), None)
        assert (trull is not None) == (seat_of(entry, 3) != 2)
        if trull is not None:
            assert (trull.announced, trull.silent_made) == (0, 1)


def test_the_page_and_the_json_show_the_quotas(client, table_of_four):
    entry = table_of_four.round.tournament.entries.order_by("pk").first()
    page = client.get(f"/spieler/{entry.player_id}/").content.decode()
    assert "Quoten nach Tiroler Tarockcup (4 Spiele)" in page
    assert "Trischaken: 1 gespielt" in page
    data = client.get(f"/spieler/{entry.player_id}/?format=json").json()
    (ruleset,) = data["statistics"]["rulesets"]
    assert ruleset["ruleset"] == "tirol" and ruleset["hands"] == 4 and ruleset["trischaken"]["played"] == 1
    assert sum(c["declared"] + c["partnered"] + c["against"] for c in ruleset["contracts"]) == 3
    english = client.get(f"/spieler/{entry.player_id}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Quotas under Tiroler Tarockcup (4 hands)" in english


def test_best_results_come_from_the_rated_tournaments(client, season_of, finished):
    from datetime import date

    from rating import services
    from rating.models import Rating

    season = season_of("tirol")
    finished(season, "b-1", day=date(2026, 10, 3), seed=1)
    finished(season, "b-2", day=date(2026, 11, 7), seed=2)
    services.rebuild()
    rating = Rating.objects.order_by("rank").first()
    best = client.get(f"/spieler/{rating.player_id}/?format=json").json()["statistics"]["best_results"]
    assert [b["rank"] for b in best] == sorted(step[2] for step in rating.history)
    assert {b["tournament"] for b in best} == {"Turnier b-1", "Turnier b-2"}

"""The demo's history (rating/demo.py, called by seed_demo --demo-cups): earlier seasons of each cup as imported
results, guests from the other cups, the list computed; a second run adds nothing."""

from __future__ import annotations

from datetime import date

from cups.models import ImportedResult, Season
from rating.demo import seed_history
from rating.models import Rating


def test_the_demo_history_gives_a_list_that_means_something(client, season_of, finished):
    finished(season_of("nord"), "n-1", players=8, day=date(2026, 10, 3), seed=1)
    finished(season_of("sued"), "s-1", players=12, day=date(2026, 10, 10), seed=2)
    added = seed_history(["nord", "sued"])
    assert added == ImportedResult.objects.count() > 0
    assert Season.objects.filter(cup__slug="nord").count() == 3
    assert Season.objects.filter(cup__slug="nord").first().label == "2026/27"  # still the current season
    data = client.get("/rangliste/?format=json").json()
    assert data["as_of"] == "2026-10-10"
    assert max(row["tournaments"] for row in data["rows"]) >= 6
    assert Rating.objects.count() == len(data["rows"])
    assert seed_history(["nord", "sued"]) == 0

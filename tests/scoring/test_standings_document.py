"""manage.py standings SLUG --json and /turnier/<slug>/standings.json (season.md, "Interfaces"):
a no-show is listed last without a rank, a withdrawn player keeps the rank and is marked."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from events import play_rounds

from scoring.selectors import standings
from tournament import players, rounds, services


def document(slug: str) -> dict:
    out = io.StringIO()
    call_command("standings", slug, "--json", stdout=out)
    return json.loads(out.getvalue())


@pytest.fixture
def event(make_tournament, play_round):
    tournament = make_tournament("tirol", players=16, slug="doc", seat=False)
    no_show = services.enter_player(tournament=tournament, player=players.register_player(name="Zenzi Nichtda"))
    assert not no_show.checked_in
    rounds.seat_round(round=tournament.round_set.get(number=1), seed="d")
    play_rounds(tournament, play_round, 1)
    leaver = tournament.entries.exclude(pk=no_show.pk).order_by("pk").first()
    services.withdraw(entry=leaver, after_round=1)
    services.enter_player(tournament=tournament, player=players.register_player(name="Zacharias Ersatz"),
                          checked_in=True)  # a late arrival keeps the tables at four
    for number in (2, 3):
        round = tournament.round_set.get(number=number)
        rounds.seat_round(round=round, seed=f"d{number}")
        play_round(round, seed=number)
        rounds.close_round(round=round)
    return tournament, no_show, leaver


def test_the_json_lists_ranked_then_absent(event, client):
    tournament, no_show, leaver = event
    doc = document(tournament.slug)
    assert doc["tournament"] == "doc" and doc["participants"] == 17
    rows = doc["rows"]
    assert [row["rank"] for row in rows[:17]] == sorted(row["rank"] for row in rows[:17])
    assert rows[-1] == {"rank": None, "name": "Zenzi Nichtda", "club": "", "total": 0, "rounds": [0, 0, 0],
                        "status": "absent"}
    left = next(row for row in rows if row["name"] == leaver.player.name)
    assert left["status"] == "withdrawn" and left["rank"] is not None and left["rounds"][1:] == [0, 0]
    assert {row["status"] for row in rows} == {"ranked", "withdrawn", "absent"}
    for row in rows[:17]:
        assert row["total"] == sum(row["rounds"])
    # Lots decide the last tie: no two players share a rank in Tirol's chain.
    assert len({row["rank"] for row in rows[:17]}) == 17
    # A no-show is never ranked above anyone, whatever the others' totals.
    ranked = standings(tournament)
    assert ranked[-1].rank is None and all(row.rank is not None for row in ranked[:-1])
    page = client.get(reverse("tournament:standings_json", args=[tournament.slug]))
    assert page.status_code == 200 and page.json() == doc
    html = client.get(reverse("tournament:standings", args=[tournament.slug])).content.decode()
    assert "nicht angetreten" in html and "ausgeschieden" in html


def test_unknown_tournament(db, client):
    with pytest.raises(CommandError, match="No tournament"):
        document("nope")
    assert client.get("/turnier/nope/standings.json").status_code == 404

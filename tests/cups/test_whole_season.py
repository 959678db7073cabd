"""A season of whole events (tests/events.py): three tournaments played to the end, one of them the cup
final counting double, plus an imported one; the command's JSON agrees with the tournaments' standings."""

from __future__ import annotations

import json
from datetime import date
from io import StringIO

from django.core.management import call_command
from events import play_rounds

from cups import services
from cups.models import ImportedResult
from cups.schemes import BUILTIN
from scoring.selectors import standings
from tournament.models import Player


def test_season_of_whole_events(make_tournament, play_round, cup_season):
    season = cup_season("fixed", final_mode="double")
    tournaments = []
    for number, (players, day) in enumerate(((9, date(2026, 9, 5)), (12, date(2026, 10, 10)), (8, date(2026, 11, 21)))):
        t = play_rounds(make_tournament(players=players, slug=f"ganz-{number}", rounds=2), play_round, 2)
        t.date = day
        t.save(update_fields=["date"])
        services.add_tournament(season=season, tournament=t, is_final=number == 2)
        tournaments.append(t)
    someone = Player.objects.get(name="Spielerin 003")
    ImportedResult.objects.create(season=season, tournament_name="Vorsaison-Turnier", date=date(2026, 8, 1), rank=1,
                                  player=someone, total=80)

    out = StringIO()
    call_command("season_standings", "tirol", "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert data["tournaments"] == 4 and data["counted"] == 2

    expected: dict[str, list[tuple[str, int]]] = {"Spielerin 003": [("2026-08-01-vorsaison-turnier", 223)]}
    for t in tournaments:
        ranked = standings(t)  # the tournament's own ranking: everyone played, nobody is absent
        for r in ranked:
            expected.setdefault(r.player.name, []).append((t.slug, BUILTIN["fixed"].points(rank=r.rank, players=len(ranked))))
    for row in data["rows"]:
        mine = dict(expected[row["name"]])
        assert {r["tournament"]: r["points"] for r in row["results"]} == mine
        final = mine.pop("ganz-2", 0) * 2
        assert row["points"] == final + sum(sorted(mine.values(), reverse=True)[:2])
    points = [row["points"] for row in data["rows"]]
    assert points == sorted(points, reverse=True) and len(data["rows"]) == 12

"""seed_demo --cup/--scheme/--pool (season.md, "Interfaces"): demo tournaments in a cup's current
season, drawn from a fixed pool of people so the same players meet again."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

from cups.models import Cup
from cups.schemes import BUILTIN
from scoring.selectors import standings
from tournament.models import Player, Tournament


def seed(*args) -> None:
    call_command("seed_demo", *args, stdout=io.StringIO())


@pytest.mark.django_db
def test_three_tournaments_from_one_pool_make_a_season():
    for number, day in enumerate(("2026-09-12", "2026-10-10", "2027-01-16"), start=1):
        seed("--players", "16", "--pool", "20", "--cup", "probe-cup", "--scheme", "heine", "--slug", f"p{number}",
             "--date", day, "--seed", f"s{number}")
    assert Player.objects.count() <= 20  # the same people came back
    cup = Cup.objects.get(slug="probe-cup")
    assert cup.scheme == "heine" and [s.label for s in cup.seasons.all()] == ["2026/27"]
    out = io.StringIO()
    call_command("season_standings", "probe-cup", "--json", stdout=out)
    season = json.loads(out.getvalue())
    assert (season["season"], season["scheme"], season["tournaments"], season["counted"]) == ("2026/27", "heine", 3, 2)
    expected: dict[str, list[int]] = {}
    for tournament in Tournament.objects.filter(slug__in=["p1", "p2", "p3"]):
        for row in standings(tournament):
            expected.setdefault(row.player.name, []).append(
                BUILTIN["heine"].points(rank=row.rank, players=16, total=row.total))
    rows = {row["name"]: row for row in season["rows"]}
    assert set(rows) == set(expected)
    for name, points in expected.items():
        assert rows[name]["points"] == sum(sorted(points, reverse=True)[:2])
        assert len(rows[name]["results"]) == len(points)


@pytest.mark.django_db
def test_the_flags_refuse_what_cannot_be():
    with pytest.raises(CommandError, match="--pool"):
        seed("--players", "16", "--pool", "8", "--slug", "x")
    with pytest.raises(CommandError, match="YYYY-MM-DD"):
        seed("--players", "16", "--date", "15.9.2026", "--slug", "y")
    seed("--players", "16", "--cup", "c", "--scheme", "cube", "--slug", "z1")
    with pytest.raises(CommandError, match="scheme"):
        seed("--players", "16", "--cup", "c", "--scheme", "fixed", "--slug", "z2")
    assert not Tournament.objects.filter(slug="z2").exists()


@pytest.mark.django_db
def test_no_shows_withdrawals_and_twenty_hands():
    from tournament.models import Entry

    seed("--players", "17", "--absent", "2", "--withdraw", "1", "--hands", "20", "--slug", "venue-day")
    tournament = Tournament.objects.get(slug="venue-day")
    assert (tournament.hands_at_four, tournament.hands_at_five) == (20, 25)
    assert Entry.objects.filter(tournament=tournament, checked_in=False).count() == 2
    assert Entry.objects.filter(tournament=tournament, withdrawn_after_round=1).count() == 1
    statuses = [row.status for row in standings(tournament)]
    assert statuses.count("absent") == 2 and statuses.count("withdrawn") == 1 and statuses[-2:] == ["absent"] * 2

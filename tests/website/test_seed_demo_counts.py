"""seed_demo finishes for every player count from 4 and every rule set, with withdrawals after any
round (events.md, "Any number of players, in every round" and "Withdrawals after any round")."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

from rules.rulesets import BUILTIN
from tournament.models import Bye, Tournament

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once


def seed(*args) -> None:
    call_command("seed_demo", *args, stdout=io.StringIO())


def document(slug: str) -> dict:
    out = io.StringIO()
    call_command("standings", slug, "--json", stdout=out)
    return json.loads(out.getvalue())


def check_finished(slug: str, players: int) -> dict:
    tournament = Tournament.objects.get(slug=slug)
    assert not tournament.round_set.exclude(status="closed").exists()
    doc = document(slug)
    assert len(doc["rows"]) == players and doc["participants"] == players
    assert all(row["rank"] is not None for row in doc["rows"])
    for row in doc["rows"]:
        assert len(row["rounds"]) == tournament.rounds
    return doc


# Every count under every rule set is the contract. The default suite runs every count under one rule
# set of each table-size family (Tirol: tables of five; Hopfgarten: tables of four, byes) and the
# counts that need byes or fives under the others; the rest of the matrix runs in `make test-slow`
# (the pure seating draw is tested for every count 4..40 in tests/tournament/test_byes.py).
COUNTS = [*range(4, 16), 19, 23]
FAMILIES = ("tirol", "hopfgarten")
EVERY_RULE_SET_AT = (6, 7, 11)
MATRIX = [pytest.param(players, rules, marks=() if rules in FAMILIES or players in EVERY_RULE_SET_AT else pytest.mark.slow)
          for rules in BUILTIN for players in COUNTS]
PATTERNS = [(12, 1, 1), (12, 2, 2), (8, 1, 1), (9, 3, 1), (16, 5, 2), (6, 2, 1)]
WITHDRAWALS = [pytest.param(*pattern, rules, marks=() if rules in FAMILIES or pattern == (12, 1, 1) else pytest.mark.slow)
               for rules in BUILTIN for pattern in PATTERNS]


@pytest.mark.django_db
@pytest.mark.parametrize(("players", "rules"), MATRIX)
def test_every_count_and_rule_set_finishes(players, rules):
    seed("--players", str(players), "--rules", rules, "--slug", "c", "--seed", f"{players}-{rules}")
    doc = check_finished("c", players)
    byes = Bye.objects.filter(round__tournament__slug="c")
    assert sum(row.get("byes", 0) for row in doc["rows"]) == byes.count()
    # a bye round is in the row with what it scored (0: every hand is zero-sum, so 0 is the round's average)
    assert all(bye.points == BUILTIN[rules].format.bye_points for bye in byes)
    counts = [row.get("byes", 0) for row in doc["rows"]]
    assert max(counts) - min(counts) <= 1  # byes rotate


@pytest.mark.django_db
@pytest.mark.parametrize(("players", "leave", "after", "rules"), WITHDRAWALS)
def test_withdrawals_after_any_round(players, leave, after, rules):
    seed("--players", str(players), "--rules", rules, "--slug", "w", "--withdraw", str(leave),
         "--withdraw-after", str(after))
    doc = check_finished("w", players)
    withdrawn = [row for row in doc["rows"] if row["status"] == "withdrawn"]
    assert len(withdrawn) == leave
    tournament = Tournament.objects.get(slug="w")
    for round_ in tournament.round_set.filter(number__gt=after, is_final=False):
        seated = sum(table.seats.count() for table in round_.tables.all()) + round_.byes.count()
        assert seated == players - leave


@pytest.mark.django_db
def test_too_few_left_is_refused_and_leaves_nothing_behind():
    with pytest.raises(CommandError):
        seed("--players", "6", "--withdraw", "3", "--slug", "x")
    with pytest.raises(CommandError):
        seed("--players", "8", "--withdraw", "1", "--withdraw-after", "9", "--slug", "x")
    assert not Tournament.objects.filter(slug="x").exists()


@pytest.mark.django_db
def test_a_failure_part_way_leaves_no_half_built_tournament(monkeypatch):
    from website.management.commands import seed_demo

    def broken(**kwargs):
        raise RuntimeError("table fell over")

    monkeypatch.setattr(seed_demo.rounds, "close_round", broken)
    with pytest.raises(RuntimeError):
        seed("--players", "8", "--slug", "half")
    assert not Tournament.objects.filter(slug="half").exists()


SIX_COUNTS = [pytest.param(players, rules, marks=() if rules in FAMILIES else pytest.mark.slow)
              for rules in BUILTIN for players in (6, 7, 10, 11, 14)]


@pytest.mark.django_db
@pytest.mark.parametrize(("players", "rules"), SIX_COUNTS)
def test_with_tables_of_six_every_count_finishes_and_byes_remain_only_where_nothing_fits(players, rules):
    seed("--players", str(players), "--rules", rules, "--slug", "s", "--tables-of-six", "--seed", f"6-{rules}")
    check_finished("s", players)
    tournament = Tournament.objects.get(slug="s")
    fives = tournament.tables_of_five
    # Only 7 (with fives) or an odd count (Hopfgarten's fours and sixes) fits no table sizes.
    assert Bye.objects.filter(round__tournament=tournament).exists() == (players == 7 if fives else players % 2 == 1)
    for table in tournament.round_set.get(number=1).tables.all():
        assert table.hands_planned == tournament.hands_for(table.seats.count())
        assert table.hands.count() == table.hands_planned

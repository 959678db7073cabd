"""`manage.py draw_seating` through a real subprocess, with a database that cannot exist."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tournament.seating import draw, table_sizes

# No database at all (the command must never need one): the same on every database, run once, in the
# SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "website.settings",
           # A database that cannot exist: the command must never need one.
           "DATABASE_URL": "postgres://nobody@127.0.0.1:1/never"}
    return subprocess.run(
        [sys.executable, "manage.py", "draw_seating", *args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120,
    )


def test_prints_exactly_rounds_and_repeats_for_players_one_to_n():
    process = run("--players", "17", "--rounds", "3", "--seed", "42")
    assert process.returncode == 0, process.stderr
    assert process.stderr == ""
    result = json.loads(process.stdout)
    assert list(result) == ["rounds", "repeats"]
    assert process.stdout.strip() == json.dumps(result)
    assert len(result["rounds"]) == 3
    for round_ in result["rounds"]:
        assert sorted(p for table in round_ for p in table) == list(range(1, 18))
        assert [len(table) for table in round_] == table_sizes(17)
    # the same draw as the Python API with players 1..N and the integer seed
    expected = draw(list(range(1, 18)), 3, 42)
    assert result == {"rounds": [[list(t) for t in r] for r in expected.rounds], "repeats": expected.repeats}


def test_same_seed_same_output_text_seeds_too():
    first = run("--players", "24", "--rounds", "3", "--seed", "Cup 2025")
    assert first.returncode == 0, first.stderr
    assert first.stdout == run("--players", "24", "--rounds", "3", "--seed", "Cup 2025").stdout
    assert json.loads(first.stdout)["repeats"] == 0


def test_without_a_seed_the_random_seed_is_printed_to_repeat_the_draw():
    process = run("--players", "20", "--rounds", "2")
    assert process.returncode == 0, process.stderr
    seed = re.search(r"--seed (\d+)", process.stderr).group(1)
    assert run("--players", "20", "--rounds", "2", "--seed", seed).stdout == process.stdout


def test_fewer_than_four_exit_1_with_the_message():
    process = run("--players", "3", "--rounds", "3", "--seed", "1")
    assert process.returncode == 1
    assert process.stdout == ""
    assert "Spieler" in process.stderr and "players" in process.stderr and "4" in process.stderr


@pytest.mark.parametrize("players,byes,options", [(7, 2, []), (11, 1, []), (6, 1, []), (18, 2, ["--no-five"]),
                                                   (7, 1, ["--six"])])
def test_a_count_that_fits_no_tables_is_seated_with_byes_as_the_site_does(players, byes, options):
    """7 or 11 players (18 at tables of four only): the fewest sit out each round, nobody twice while
    someone present has not, the rest at tables (was: refused with exit 1)."""
    process = run("--players", str(players), "--rounds", "3", "--seed", "1", *options)
    assert process.returncode == 0, process.stderr
    result = json.loads(process.stdout)
    assert list(result) == ["rounds", "repeats", "byes"]
    sizes = {"allow_five": "--no-five" not in options, "allow_six": "--six" in options}
    counts: dict[int, int] = {}
    for round_, out in zip(result["rounds"], result["byes"], strict=True):
        assert len(out) == byes
        seated = [p for table in round_ for p in table]
        assert sorted(seated + out) == list(range(1, players + 1))
        assert sorted(len(table) for table in round_) == sorted(table_sizes(players - byes, **sizes))
        for player in out:
            counts[player] = counts.get(player, 0) + 1
        assert max(counts.values()) - min(counts.get(p, 0) for p in range(1, players + 1)) <= 1
    assert run("--players", str(players), "--rounds", "3", "--seed", "1", *options).stdout == process.stdout


def test_no_five_seats_only_fours():
    process = run("--players", "16", "--rounds", "3", "--seed", "5", "--no-five")
    assert process.returncode == 0, process.stderr
    assert all(len(t) == 4 for r in json.loads(process.stdout)["rounds"] for t in r)
    with_byes = run("--players", "18", "--rounds", "3", "--seed", "5", "--no-five")
    assert with_byes.returncode == 0, with_byes.stderr
    result = json.loads(with_byes.stdout)
    assert all(len(t) == 4 for r in result["rounds"] for t in r) and [len(b) for b in result["byes"]] == [2, 2, 2]


def test_rounds_must_be_positive():
    process = run("--players", "16", "--rounds", "0", "--seed", "1")
    assert process.returncode != 0
    assert "--rounds" in process.stderr

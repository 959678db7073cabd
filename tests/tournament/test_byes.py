"""Byes: every count of present players from 4 up is seated under every rule set's table sizes."""

import pytest

from rules.rulesets import BUILTIN
from tournament.seating import draw, table_sizes
from tournament.seating.byes import bye_count, choose_byes
from tournament.seating.tables import SeatingImpossible

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = [pytest.mark.once, pytest.mark.fresh_draws]

TABLES = sorted({rs.format.tables_of_five for rs in BUILTIN.values()})


@pytest.mark.parametrize("allow_five", TABLES)
@pytest.mark.parametrize("players", range(4, 41))
def test_every_count_from_four_is_seated_with_the_fewest_byes(players, allow_five):
    people = [f"p{i}" for i in range(players)]
    out, seated = choose_byes(people, {}, "s", allow_five=allow_five)
    assert sorted(out + seated) == sorted(people)
    sizes = table_sizes(len(seated), allow_five=allow_five)
    assert sum(sizes) == len(seated)
    assert all(size in ((4, 5) if allow_five else (4,)) for size in sizes)
    # the fewest: one more player seated would fit no tables
    assert all(bye_count(players - k, allow_five=allow_five) for k in range(len(out)))
    assert len(out) <= (2 if allow_five else 3)
    plan = draw(seated, 3, "s", allow_five=allow_five)
    assert sorted(p for table in plan.rounds[0] for p in table) == sorted(seated)


@pytest.mark.parametrize(("players", "five", "four"), [(6, 1, 2), (7, 2, 3), (11, 1, 3), (12, 0, 0), (13, 0, 1)])
def test_bye_counts(players, five, four):
    assert bye_count(players, allow_five=True) == five
    assert bye_count(players, allow_five=False) == four


def test_fewer_than_four_cannot_play():
    with pytest.raises(SeatingImpossible):
        bye_count(3)


@pytest.mark.parametrize("allow_five", TABLES)
@pytest.mark.parametrize("players", [5, 6, 7, 9, 11, 15])
def test_byes_rotate(players, allow_five):
    """Nobody sits out twice while someone present has not."""
    people = list(range(players))
    byes = {p: 0 for p in people}
    for round_ in range(12):
        out, _ = choose_byes(people, byes, f"r{round_}", allow_five=allow_five)
        for p in out:
            byes[p] += 1
        assert max(byes.values()) - min(byes.values()) <= 1


def test_byes_are_reproducible_and_follow_the_seed():
    people = list(range(7))
    assert choose_byes(people, {}, "a") == choose_byes(people, {}, "a")
    assert len({tuple(choose_byes(people, {}, seed)[0]) for seed in "abcdefgh"}) > 1


@pytest.mark.parametrize("seed", ["a", "b", "c", "d"])
def test_by_the_standings_the_lowest_ranked_sit_out_and_the_leaders_play(seed):
    """events.md "Byes in a round seated by the standings": the lowest-ranked present player among those
    with the fewest byes so far; whatever the seed, the leader never gets it."""
    ranking = [f"r{i}" for i in range(7)]  # best first
    players = sorted(ranking, reverse=True)  # the order of the entries does not matter
    assert choose_byes(players, {}, seed, ranking=ranking)[0] == ["r6", "r5"]
    # r6 sat out before: the next lowest with no bye go first, the leader still plays
    out, seated = choose_byes(players, {"r6": 1}, seed, ranking=ranking)
    assert sorted(out) == ["r4", "r5"] and "r0" in seated
    # everyone but the leader sat out once: only then is it his turn
    assert sorted(choose_byes(players, {p: 1 for p in ranking[1:]}, seed, ranking=ranking)[0]) == ["r0", "r6"]
    # a player missing from the ranking counts below it
    out, _ = choose_byes(["neu"] + ranking[:6], {}, seed, ranking=ranking[:6])
    assert out == ["neu", "r5"]

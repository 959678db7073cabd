"""Golden season rankings (docs/sources/season.md "Season ranking"; ABAKUS Statistik/SAISON.js bereSaison)
and properties of the pure ranking."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cups.season import FINAL_DECIDES, FINAL_DOUBLE, FINAL_NONE, PlayerSeason, Result, counted_results, rank_season


def player(key, *results, name=None):
    return PlayerSeason(key, name or key, "", tuple(
        Result(t, rank, points, is_final=final, order=i) for i, (t, rank, points, final) in enumerate(
            (r + (False,))[:4] for r in results)))


@pytest.mark.parametrize(("held", "n"), [(0, 0), (1, 1), (2, 1), (3, 2), (9, 5), (10, 5), (11, 5), (12, 6), (21, 10)])
def test_n_from_tournaments_held(held, n):
    assert counted_results(held) == n


def test_override_n():
    assert counted_results(12, 3) == 3


def test_best_n_count_and_are_marked():
    # T = 5 → n = 3: the best three of four results count.
    a = player("a", ("t1", 3, 50), ("t2", 1, 100), ("t3", 9, 10), ("t4", 2, 80))
    n, rows = rank_season([a], tournaments=5)
    assert n == 3 and rows[0].points == 230
    assert [c.counted for c in rows[0].results] == [True, True, False, True]


def test_fewer_results_than_n_all_count():
    a = player("a", ("t1", 4, 40))
    n, rows = rank_season([a], tournaments=7)
    assert n == 4 and rows[0].points == 40 and rows[0].results[0].counted


def test_ties_points_then_best_rank_then_participations_then_shared():
    a = player("a", ("t1", 2, 100), ("t2", 5, 0))          # 100, best rank 2, two starts
    b = player("b", ("t1", 3, 60), ("t2", 1, 40))          # 100, best rank 1
    c = player("c", ("t1", 2, 100))                        # 100, best rank 2, one start
    d = player("d", ("t3", 2, 50), ("t4", 2, 50))          # 100, best rank 2, two starts: same as a
    e = player("e", ("t1", 1, 120))
    _, rows = rank_season([a, b, c, d, e], tournaments=4)  # n = 2
    assert [(r.player.key, r.rank, r.shared) for r in rows] == [
        ("e", 1, False), ("b", 2, False), ("a", 3, True), ("d", 3, True), ("c", 5, False)]


def test_last_place_zero_points_still_ranked():
    a = player("a", ("t1", 1, 200))
    z = player("z", ("t1", 2, 0))
    _, rows = rank_season([a, z], tournaments=1)
    assert [(r.player.key, r.rank, r.points, r.participations) for r in rows] == [("a", 1, 200, 1), ("z", 2, 0, 1)]


def test_final_none_is_an_ordinary_tournament():
    a = player("a", ("t1", 1, 100), ("t2", 1, 100), ("f", 1, 300, True))
    _, rows = rank_season([a], tournaments=3, final_mode=FINAL_NONE)  # n = 2
    assert rows[0].points == 400


def test_final_double_counts_twice_on_top_of_best_n():
    # ABAKUS SAISON.js bereSaison: the final is added outside the best results.
    a = player("a", ("t1", 1, 100), ("t2", 2, 80), ("t3", 3, 60), ("f", 4, 50, True))
    b = player("b", ("t1", 2, 90), ("t2", 1, 95), ("t3", 5, 10), ("f", 1, 120, True))
    n, rows = rank_season([a, b], tournaments=4, final_mode=FINAL_DOUBLE)  # n = 2
    assert n == 2
    assert [(r.player.key, r.points) for r in rows] == [("b", 425), ("a", 280)]
    final = rows[0].result_for("f")
    assert final.counted and final.worth == 240


def test_final_decides_alone():
    a = player("a", ("t1", 1, 200), ("t2", 1, 200), ("f", 3, 100, True))
    b = player("b", ("t1", 5, 10), ("f", 1, 200, True))
    c = player("c", ("t1", 2, 150), ("t2", 2, 150))
    _, rows = rank_season([a, b, c], tournaments=3, final_mode=FINAL_DECIDES)
    assert [(r.player.key, r.rank) for r in rows] == [("b", 1), ("a", 2), ("c", 3)]


def test_unknown_final_mode():
    with pytest.raises(ValueError):
        rank_season([], tournaments=1, final_mode="maybe")


results = st.lists(st.tuples(st.integers(0, 9), st.integers(1, 30), st.integers(0, 223)), max_size=10)


@given(st.lists(results, min_size=1, max_size=8), st.integers(0, 14))
def test_properties(all_results, held):
    players = []
    for i, rs in enumerate(all_results):
        unique = {t: (t, rank, pts) for t, rank, pts in rs}
        players.append(PlayerSeason(i, f"p{i}", "", tuple(Result(f"t{t}", r, p, order=t) for t, r, p in unique.values())))
    n, rows = rank_season(players, tournaments=held)
    assert len(rows) == len(players)
    for row in rows:
        counted = [c for c in row.results if c.counted]
        assert len(counted) == min(n, len(row.results))
        assert row.points == sum(c.result.points for c in counted)
        # no uncounted result is worth more than a counted one
        if counted:
            assert all(c.result.points <= min(k.result.points for k in counted) for c in row.results if not c.counted)
    points = [r.points for r in rows]
    assert points == sorted(points, reverse=True)
    assert rows[0].rank == 1
    for before, after in zip(rows, rows[1:], strict=False):
        assert after.rank == before.rank if after.shared and before.shared and after.points == before.points and \
            after.best_rank == before.best_rank and after.participations == before.participations else after.rank > before.rank


def test_an_older_season_created_later_is_not_the_current_one(cup_season):
    """create_season without an ordering places a season by its label (issue 30): an older one added after
    the newest slots in below it, the later ones moving up; a newer one becomes the current season."""
    from cups import services
    from cups.selectors import find_season

    newest = cup_season("fixed", label="2026/27")
    cup = newest.cup
    services.create_season(cup=cup, label="2024/25")
    services.create_season(cup=cup, label="2025/26")
    assert [s.label for s in cup.seasons.all()] == ["2026/27", "2025/26", "2024/25"]
    assert find_season(cup.slug).label == "2026/27"
    services.create_season(cup=cup, label="2027/28")
    assert find_season(cup.slug).label == "2027/28"
    assert len({s.ordering for s in cup.seasons.all()}) == 4

"""ABAKUS's season rules per cup and season (cups/abakus_rules.py) and its tie rules in the season ranking
(cups/season.py), against ABAKUS HEAD: Statistik/SAISON.js initSAISON, bereSaisonFIX, bereSaisonHEINE;
Statistik/statFunktionen.js getCupPunkte."""

from __future__ import annotations

from decimal import Decimal

import pytest

from cups.abakus_rules import fixed_path, parse_turnier, scheme_for, season_rules_for
from cups.season import (
    FINAL_NONE,
    FINAL_PLUS,
    TIE_ABAKUS_FIXED,
    TIE_ABAKUS_HEINE,
    PlayerSeason,
    Result,
    abakus_sort_points,
    no_show_result,
    rank_season,
)


@pytest.mark.parametrize(("cup", "season", "scheme"), [
    (55, "2019/20", "cube"), (55, "2020/21", "heine"), (50, "2019/20", "fixed"), (50, "2020/21", "heine"),
    (60, "2012/13", "fixed"), (61, "2012/13", "heine"), (53, "2024", "fixed"), (53, "2019", "fixed"),
    (54, "2023/24", "heine"), (125, "2015/16", "heine"), (181, "2015/16", "heine"), (49, "2015/16", "heine"),
])
def test_the_scheme_is_chosen_per_cup_and_season(cup, season, scheme):
    assert scheme_for(cup, season) == scheme


@pytest.mark.parametrize(("cup", "season", "fixed"), [
    (50, "2025/26", True), (52, "2025/26", True), (53, "2025", True), (55, "2025/26", True),
    (54, "2020/21", True), (54, "2021/22", False), (56, "2020/21", True), (56, "2021/22", False),
    (51, "2015/16", False), (57, "2015/16", False), (7, "2015/16", False),
])
def test_the_path_is_chosen_per_cup_and_season(cup, season, fixed):
    assert fixed_path(cup, season) is fixed


@pytest.mark.parametrize(("value", "parsed"), [
    (6, Decimal(6)), (6.5, Decimal("6.5")), ("6.5", Decimal("6.5")), (" 7 ", Decimal(7)), ("Handy", None),
    (None, None), (True, None), (0, None), (100, None), ("nan", None), ("Infinity", None), ([6], None),
])
def test_turnier_as_abakus_reads_it(value, parsed):
    assert parse_turnier(value) == parsed


def test_turnier_decides_best_n_and_the_final_on_the_fixed_path_only():
    plus = season_rules_for(50, "2018/19", Decimal("6.5"))
    assert (plus.scheme, plus.best_n, plus.final_mode, plus.tie_rule) == ("fixed", 6, FINAL_PLUS, TIE_ABAKUS_FIXED)
    plain = season_rules_for(55, "2024/25", Decimal(8))
    assert (plain.scheme, plain.best_n, plain.final_mode) == ("heine", 8, FINAL_NONE)
    heine = season_rules_for(57, "2018/19", Decimal("6.5"))  # fixed points, but the Heine path: TURNIER unread
    assert (heine.scheme, heine.counting, heine.best_n, heine.final_mode, heine.tie_rule) == (
        "fixed", "rule", None, FINAL_NONE, TIE_ABAKUS_HEINE)
    assert season_rules_for(54, "2016/17", Decimal(6)).final_penalties
    assert not season_rules_for(54, "2017/18", Decimal(6)).final_penalties
    assert season_rules_for(56, "2019/20", Decimal(6)).final_penalties
    assert not season_rules_for(56, "2020/21", Decimal(6)).final_penalties  # Heine points: no penalties
    with pytest.raises(ValueError, match="TURNIER"):
        season_rules_for(50, "2018/19", None)


def r(key, rank, points, final=False, order=0):
    return Result(key, rank, points, final, order)


def test_heine_path_counts_half_and_shares_on_equal_points():
    # T = 5 -> n = 3 (floor((T + 1) / 2)), the final one of them: A 150 + 107 + 100; B has two results
    a = PlayerSeason(1, "A", "", (r("t1", 1, 150, order=0), r("t2", 2, 100, order=1), r("t3", 3, 100, order=2),
                                  r("t4", 4, 107, order=3), r("f", 1, 100, True, order=4)))
    b = PlayerSeason(2, "B", "", (r("t1", 2, 150, order=0), r("t2", 1, 200, order=1)))
    n, rows = rank_season([b, a], tournaments=5, final_mode=FINAL_NONE, tie_rule=TIE_ABAKUS_HEINE)
    assert n == 3
    assert [(row.rank, row.shared, row.player.name, row.points) for row in rows] == [
        (1, False, "A", 357), (2, False, "B", 350)]
    n, rows = rank_season([a, b], tournaments=12, tie_rule=TIE_ABAKUS_HEINE)
    assert n == 6  # floor(T / 2) for T > 10
    c = PlayerSeason(3, "C", "", (r("t1", 3, 350, order=0),))
    _n, rows = rank_season([b, c], tournaments=3, tie_rule=TIE_ABAKUS_HEINE)
    assert [(row.rank, row.shared) for row in rows] == [(1, True), (1, True)]  # the project would split them


def test_fixed_path_breaks_a_tie_by_the_weighted_sum_then_participations():
    a = PlayerSeason(1, "A", "", (r("t1", 1, 223), r("f", 2, 198, True, 1)))
    b = PlayerSeason(2, "B", "", (r("t1", 2, 198), r("f", 1, 223, True, 1)))
    assert abakus_sort_points(a.results, 6, FINAL_PLUS, True) == (223 * 64 + 198) * 30 + 2
    _n, rows = rank_season([b, a], tournaments=2, best_n=6, final_mode=FINAL_PLUS, tie_rule=TIE_ABAKUS_FIXED)
    assert [(row.rank, row.player.name, row.points) for row in rows] == [(1, "A", 421), (2, "B", 421)]
    # the same results: the same weighted sum, more participations first; equal in all: shared
    c = PlayerSeason(3, "C", "", (r("t1", 3, 100), r("t2", 3, 0, order=1)))
    d = PlayerSeason(4, "D", "", (r("t1", 4, 100),))
    e = PlayerSeason(5, "E", "", (r("t2", 1, 100, order=1),))
    _n, rows = rank_season([d, c, e], tournaments=2, best_n=6, tie_rule=TIE_ABAKUS_FIXED)
    assert [(row.rank, row.player.name) for row in rows] == [(1, "C"), (2, "D"), (2, "E")]
    assert abakus_sort_points((r("t1", 60, 0),), 2, FINAL_NONE, False) == 0  # nothing counted: no participations


def test_abakus_lists_a_result_without_points_after_the_negative_ones():
    # a final counted as any tournament with ABAKUS's negative points: -3 is among the best 2, the "-" is not
    a = PlayerSeason(1, "A", "", (r("t1", 1, 223), r("t2", 60, 0, order=1), r("f", 53, -3, True, 2)))
    _n, rows = rank_season([a], tournaments=3, best_n=2, tie_rule=TIE_ABAKUS_FIXED)
    assert rows[0].points == 220
    _n, rows = rank_season([a], tournaments=3, best_n=2)
    assert rows[0].points == 223  # the project's rule counts the 0 before the -3


def test_a_no_show_gets_what_abakus_gives_only_in_an_imported_season():
    assert no_show_result("f", 40, 3).points == 0
    assert no_show_result("f", 40, 3, as_abakus=True).points == 9
    assert no_show_result("f", 60, 3, as_abakus=True).points == -11


def test_an_unknown_tie_rule_is_refused():
    with pytest.raises(ValueError, match="tie rule"):
        rank_season([], tournaments=0, tie_rule="coin")

"""Ranking: totals, each rule set's tie-break chain at every level, shared ranks, the final round."""

from decimal import Decimal as D

import pytest

from rules.rulesets import BUILTIN
from tournament.standings import PlayerScores, rank


def player(entry_id, rounds, lot=None, final=None):
    return PlayerScores(entry_id, f"P{entry_id}", "", lot, {n + 1: D(v) for n, v in enumerate(rounds)}, final=final)


def order(ranked):
    return [(r.rank, r.player.entry_id, r.shared) for r in ranked]


TIROL = BUILTIN["tirol"].format.tie_breaks  # the better round results, then lots (seed 000 section 7)


def test_tirol_chain_is_the_round_results_then_lots():
    assert TIROL == ("round_results", "lots")


def test_level_best_rounds_go_to_the_second_best_before_the_lot():
    # Same total (10) and same best round (6): the second best round decides, not the lot.
    ranked = rank([player(1, [6, 2, 2], lot=1), player(2, [6, 4, 0], lot=9)], tie_breaks=TIROL)
    assert order(ranked) == [(1, 2, False), (2, 1, False)]
    level = rank([player(1, [6, 4, 0], lot=5), player(2, [4, 0, 6], lot=2)], tie_breaks=TIROL)
    assert order(level) == [(1, 2, False), (2, 1, False)]  # the same results in another order: the lot


def test_total_decides_first():
    ranked = rank([player(1, [1, 1, 1]), player(2, [5, 0, 0]), player(3, [2, 2, 2])], tie_breaks=TIROL)
    assert order(ranked) == [(1, 3, False), (2, 2, False), (3, 1, False)]
    assert [r.total for r in ranked] == [6, 5, 3]


def test_equal_totals_go_to_the_better_best_round():
    ranked = rank([player(1, [3, 3, 0], lot=1), player(2, [5, 1, 0], lot=2)], tie_breaks=TIROL)
    assert order(ranked) == [(1, 2, False), (2, 1, False)]
    assert ranked[0].tie_values["round_results"] == 5  # shown as the best round


def test_equal_best_rounds_go_to_the_lot():
    ranked = rank([player(1, [5, 1], lot=7), player(2, [1, 5], lot=3)], tie_breaks=TIROL)
    assert order(ranked) == [(1, 2, False), (2, 1, False)]


def test_a_chain_that_runs_out_shares_the_rank():
    ranked = rank([player(1, [5, 1]), player(2, [1, 5]), player(3, [0, 0])], tie_breaks=("best_round",))
    # shared rank 1, listed by name
    assert order(ranked) == [(1, 1, True), (1, 2, True), (3, 3, False)]


def test_players_without_a_lot_rank_after_those_with_one():
    ranked = rank([player(1, [2]), player(2, [2], lot=40)], tie_breaks=("lots",))
    assert order(ranked)[0][1] == 2


def test_hopfgarten_final_round_with_half_the_preliminary_points():
    chain = BUILTIN["hopfgarten"].format.tie_breaks
    players = [
        player(1, [40, 20, 0], final=D(10)),   # 30 carried + 10 = 40
        player(2, [10, 10, 10], final=D(25)),  # 15 + 25 = 40, better final
        player(3, [60, 0, 0], final=D(-30)),   # 30 - 30 = 0
        player(4, [50, 50, 50]),                # not in the final: ranks after every finalist
    ]
    ranked = rank(players, tie_breaks=chain, carry_percent=50)
    assert order(ranked) == [(1, 2, False), (2, 1, False), (3, 3, False), (4, 4, False)]
    assert ranked[0].carried == D(15) and ranked[0].total == D(40) and ranked[3].total == D(150)
    assert ranked[3].carried is None and not ranked[3].finalist and ranked[0].finalist


def test_hopfgarten_final_tie_then_best_preliminary_round():
    chain = BUILTIN["hopfgarten"].format.tie_breaks
    ranked = rank([player(1, [30, 0], final=D(5)), player(2, [20, 10], final=D(5))], tie_breaks=chain, carry_percent=50)
    assert order(ranked) == [(1, 1, False), (2, 2, False)]


@pytest.mark.parametrize("slug", list(BUILTIN))
def test_every_rule_sets_chain_is_known(slug):
    from tournament.standings import TIE_BREAKS

    assert set(BUILTIN[slug].format.tie_breaks) <= set(TIE_BREAKS)


def test_a_no_show_is_listed_last_unranked_never_above_a_negative_total():
    no_show = PlayerScores(9, "Aaron Nichtda", "", 1, {})
    seated = PlayerScores(8, "Berta Wartet", "", 2, {}, seated=True)  # her table has no hand yet: 0 and ranked
    ranked = rank([player(1, [-5, -3], lot=3), no_show, player(2, [4], lot=4), seated], tie_breaks=TIROL)
    assert [(r.rank, r.player.entry_id, r.status) for r in ranked] == [
        (1, 2, "ranked"), (2, 8, "ranked"), (3, 1, "ranked"), (None, 9, "absent")]


def test_a_withdrawn_player_keeps_the_rank_and_is_marked():
    left = PlayerScores(3, "Cilli Geht", "", 5, {1: D(12)}, withdrawn_after_round=1)
    ranked = rank([player(1, [5, 5]), left], tie_breaks=TIROL)
    assert [(r.rank, r.status) for r in ranked] == [(1, "withdrawn"), (2, "ranked")]


def test_the_ranking_knows_every_tie_break_key_a_rule_set_may_name():
    from rules.engine.ruleset import TIE_BREAK_KEYS
    from tournament.standings import TIE_BREAKS

    assert set(TIE_BREAK_KEYS) == set(TIE_BREAKS)


def test_the_tie_break_that_decided_is_named_for_both_players():
    ranked = rank([player(1, [6, 2, 2], lot=1), player(2, [6, 4, 0], lot=9), player(3, [1, 0, 0], lot=2)],
                  tie_breaks=TIROL)
    assert [(r.player.entry_id, r.decided_by) for r in ranked] == [(2, "round_results"), (1, "round_results"), (3, None)]
    by_lot = rank([player(1, [6, 4, 0], lot=5), player(2, [4, 0, 6], lot=2)], tie_breaks=TIROL)
    assert [(r.player.entry_id, r.decided_by) for r in by_lot] == [(2, "lots"), (1, "lots")]
    # Three level: each against the one above; the first of the group against the one below.
    three = rank([player(1, [5, 1], lot=3), player(2, [4, 2], lot=1), player(3, [4, 2], lot=2)], tie_breaks=TIROL)
    assert [(r.player.entry_id, r.decided_by) for r in three] == [(1, "round_results"), (2, "round_results"),
                                                                  (3, "lots")]


def test_a_shared_rank_says_nothing_decided():
    ranked = rank([player(1, [5, 1]), player(2, [1, 5])], tie_breaks=("best_round",))
    assert [r.decided_by for r in ranked] == ["shared", "shared"]

"""Tables of six (events.md; the cups' app ABAKUS): where the director allows them, they seat the counts
that fours and fives cannot, two players sit out each hand, and the draw still keeps repeat meetings
down and spreads the seats where players sit out."""

import pytest

from tournament.seating import draw, quality, seeded_round, table_sizes
from tournament.seating.byes import bye_count, choose_byes
from tournament.seating.tables import SeatingImpossible

pytestmark = [pytest.mark.once, pytest.mark.fresh_draws]

FAMILIES = [pytest.param(True, id="four-five-six"), pytest.param(False, id="four-six")]


@pytest.mark.parametrize("allow_five", FAMILIES)
@pytest.mark.parametrize("players", range(4, 41))
def test_every_count_from_four_is_seated_with_six_tables_only_where_fours_and_fives_cannot(players, allow_five):
    people = [f"p{i}" for i in range(players)]
    out, seated = choose_byes(people, {}, "s", allow_five=allow_five, allow_six=True)
    sizes = table_sizes(len(seated), allow_five=allow_five, allow_six=True)
    assert sum(sizes) == len(seated) and sorted(out + seated) == sorted(people)
    assert set(sizes) <= ({4, 5, 6} if allow_five else {4, 6})
    assert sizes == sorted(sizes, reverse=True)  # the largest tables first, as the cards number them
    try:
        without = table_sizes(len(seated), allow_five=allow_five)
    except SeatingImpossible:
        without = None
    if without is not None:  # fours and fives already fit: no six
        assert sizes == without
    else:
        assert sizes.count(6) == 1  # one six is always enough
    # Byes only where no table size fits: 7 players with fives; odd counts with fours and sixes.
    assert len(out) == (1 if (players == 7 if allow_five else players % 2) else 0)
    plan = draw(seated, 3, "s", allow_five=allow_five, allow_six=True)
    for round_ in plan.rounds:
        assert sorted(p for table in round_ for p in table) == sorted(seated)
        assert [len(table) for table in round_] == sizes


@pytest.mark.parametrize(("players", "sizes"), [(6, [6]), (11, [6, 5]), (10, [5, 5]), (9, [5, 4]), (13, [5, 4, 4])])
def test_sizes_with_fives_and_sixes(players, sizes):
    assert table_sizes(players, allow_six=True) == sizes


@pytest.mark.parametrize(("players", "sizes"), [(6, [6]), (10, [6, 4]), (14, [6, 4, 4]), (12, [4, 4, 4])])
def test_sizes_with_fours_and_sixes(players, sizes):
    assert table_sizes(players, allow_five=False, allow_six=True) == sizes


def test_seven_players_still_need_a_bye_and_the_message_names_the_table_sizes():
    assert bye_count(7, allow_six=True) == 1
    with pytest.raises(SeatingImpossible) as refused:
        table_sizes(7, allow_six=True)
    assert "Vierer-, Fünfer- und Sechsertische" in refused.value.message_de
    assert refused.value.options == [6, 8]
    with pytest.raises(SeatingImpossible) as refused:
        table_sizes(9, allow_five=False, allow_six=True)
    assert "tables of four and six" in refused.value.message_en and refused.value.options == [8, 10]


def test_six_players_meet_every_round_at_one_table():
    plan = draw(list(range(6)), 3, "s", allow_six=True)
    assert all(len(round_) == 1 for round_ in plan.rounds)
    assert plan.repeats == 2 * 15  # the same 15 pairs again in rounds 2 and 3: forced


def test_eleven_players_spread_the_six_and_five_table_seats():
    """11 players, 3 rounds: 11 seats a round where players sit out hands, 33 in all, so each player
    takes exactly 3, one a round, and the draw finds that (five_table_repeats counts those above
    the fair share)."""
    plan = draw(list(range(11)), 3, "s", allow_six=True)
    assert plan.five_table_repeats == 0
    counts = {p: sum(1 for r in plan.rounds for t in r if len(t) > 4 and p in t) for p in range(11)}
    assert set(counts.values()) == {3}


def test_twenty_two_players_without_fives_sit_everybody_at_a_six_at_most_once_in_three_rounds():
    plan = draw(list(range(22)), 3, "s", allow_five=False, allow_six=True)
    seats = [p for r in plan.rounds for t in r if len(t) == 6 for p in t]
    assert len(seats) == 18 and len(set(seats)) == 18
    assert plan.five_table_repeats == 0
    assert plan.repeats == quality(plan.rounds)[0]


def test_a_round_seated_by_the_standings_puts_the_six_at_the_bottom():
    assert seeded_round(list(range(11)), allow_six=True) == ((0, 1, 2, 3, 4), (5, 6, 7, 8, 9, 10))

"""The last round seated by the standings ("nach Reihung", as the cups' app ABAKUS does in
sortNachReihung): the best four at table 1, the next at table 2, tables of five at the bottom; byes as
always. A tournament option; without it the last round is drawn like the others."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from events import seat_as_the_director

from scoring.selectors import standings
from tournament import rounds
from tournament.models import Bye


def _play_two_rounds(tournament, play_round) -> None:
    for number in (1, 2):
        round = tournament.round_set.get(number=number)
        if number > 1:
            seat_as_the_director(round, seed="r2")
        play_round(round, seed=number)
        rounds.close_round(round=round)


def _tables(round):
    return [[seat.entry_id for seat in table.seats.order_by("position")] for table in round.tables.order_by("number")]


@pytest.mark.parametrize("players", [8, 9, 13])
def test_the_last_round_seats_the_best_at_the_top_tables(make_tournament, play_round, players):
    tournament = make_tournament("tirol", players=players, slug=f"reihung-{players}", last_round_by_standings=True)
    _play_two_rounds(tournament, play_round)
    ranking = [row.player.entry_id for row in standings(tournament) if row.rank is not None]

    last = seat_as_the_director(tournament.round_set.get(number=3), seed="r3")

    tables = _tables(last)
    sizes = [len(table) for table in tables]
    assert sizes == sorted(sizes)  # tables of five at the bottom
    flat = [entry for table in tables for entry in table]
    assert [set(table) for table in tables] == [set(ranking[sum(sizes[:i]):sum(sizes[:i + 1])])
                                               for i in range(len(sizes))]
    assert len(flat) == players


def test_without_the_option_the_last_round_is_drawn(make_tournament, play_round):
    tournament = make_tournament("tirol", players=8, slug="gelost")
    _play_two_rounds(tournament, play_round)
    assert not tournament.seats_by_standings(3)
    seat_as_the_director(tournament.round_set.get(number=3), seed="r3")  # the draw, as ever


def test_seed_demo_takes_the_option(db, capsys):
    call_command("seed_demo", "--players", "9", "--slug", "reihung-demo", "--last-round-by-standings",
                 stdout=open("/dev/null", "w"))
    from tournament.models import Tournament

    tournament = Tournament.objects.get(slug="reihung-demo")
    assert tournament.last_round_by_standings and tournament.round_set.get(number=3).status == "closed"
    call_command("standings", "reihung-demo", "--json")
    assert len(json.loads(capsys.readouterr().out)["rows"]) == 9


def test_the_bye_of_a_round_by_the_standings_goes_to_the_lowest_present(make_tournament, play_round):
    """events.md: the bye goes to the lowest-ranked present player among those with the fewest byes so
    far; the leaders always play. Six players at tables of four and five: one sits out each round."""
    tournament = make_tournament("tirol", players=6, slug="reihung-freilos", last_round_by_standings=True)
    _play_two_rounds(tournament, play_round)
    before = {bye.entry_id for bye in Bye.objects.filter(round__tournament=tournament)}
    assert len(before) == 2  # rounds 1 and 2 benched two different players
    ranking = [row.player.entry_id for row in standings(tournament) if row.rank is not None]

    last = seat_as_the_director(tournament.round_set.get(number=3), seed="r3")

    out = [bye.entry_id for bye in last.byes.all()]
    assert out == [[entry for entry in ranking if entry not in before][-1]]
    assert ranking[0] in {entry for table in _tables(last) for entry in table}  # the leader plays


def test_round_one_needs_no_ranking_and_reads_no_hand(make_tournament, django_assert_num_queries):
    from scoring.selectors import seating_ranking
    from tournament.models import Round

    tournament = make_tournament(players=8, seat=False, slug="erste")
    first = Round.objects.select_related("tournament").get(tournament=tournament, number=1)
    with django_assert_num_queries(0):
        assert seating_ranking(first) is None
    rounds.seat_round(round=first, seed="r1")  # the draw manager alone, no scoring on the way
    assert first.tables.exists()

"""The first dealer is drawn at the table (all three cup texts): the scorer records it before the
first hand, and every dealer, Vorhand and seat of the table follows from it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from language import ServiceError
from scoring.models import Hand
from scoring.seats import active_positions, dealer_position
from scoring.services import record_draw, store_hand
from tournament.models import Table

DREIER = {"contract": "dreier", "declarer": 0, "result": "won"}


@pytest.fixture
def tables(make_tournament):
    tournament = make_tournament("tirol", players=17)
    return list(tournament.round_set.get(number=1).tables.order_by("number"))


def test_the_deal_passes_on_from_the_drawn_first_dealer():
    assert [dealer_position(n, 4, 2) for n in range(1, 6)] == [2, 3, 0, 1, 2]
    assert active_positions(1, 4, 2) == [3, 0, 1, 2]
    assert active_positions(1, 5, 3) == [4, 0, 1, 2]  # the dealer (3) sits out


def test_the_scorer_sets_the_first_dealer_and_the_hands_follow(client, tables):
    four = tables[1]
    names = [seat.entry.player.name for seat in four.seats.order_by("position")]
    response = client.post(reverse("scoring:first_dealer", args=[four.token]), {"position": 2, "version": 0})
    assert response.status_code == 302
    four.refresh_from_db()
    assert four.first_dealer == 2 and four.version == 1
    page = client.get(reverse("scoring:sheet", args=[four.token])).content.decode()
    assert f'id="dealer-name">{names[2]}<' in page and f'id="vorhand-name">{names[3]}<' in page
    state = client.get(reverse("scoring:api_state", args=[four.token])).json()
    assert state["first_dealer"] == 2 and state["next"] == {"dealer": 2, "sits_out": None, "sitting_out": [], "vorhand": 3,
                                                           "absent": [], "playing": [3, 0, 1, 2]}
    hand = store_hand(table=four, number=1, data=DREIER).hand
    assert hand.dealer_position == 2
    seats = list(four.seats.order_by("position"))
    winner = next(score for score in hand.scores.all() if score.points > 0)
    assert winner.entry_id == seats[3].entry_id  # Vorhand of hand 1 sits after Platz 3
    # Once a hand is in, the first dealer stays.
    four.refresh_from_db()
    with pytest.raises(ServiceError, match="fest"):
        record_draw(table=four, first_dealer=0, expected_version=four.version)


def test_refusals_store_nothing(client, tables):
    five = tables[0]
    for data in ({"position": 5, "version": 0}, {"position": "x", "version": 0}, {"position": 1, "version": 9}, {}):
        client.post(reverse("scoring:first_dealer", args=[five.token]), data)
    assert Table.objects.get(pk=five.pk).first_dealer == 0 and not Hand.objects.exists()
    record_draw(table=five, first_dealer=4, expected_version=0)
    assert client.get(reverse("scoring:api_state", args=[five.token])).json()["next"] == {
        "dealer": 4, "sits_out": 4, "sitting_out": [4], "vorhand": 0, "absent": [], "playing": [0, 1, 2, 3]}


def test_the_sheet_offers_the_choice_only_before_the_first_hand(client, tables):
    four = tables[1]
    url = reverse("scoring:sheet", args=[four.token])
    assert "Sitzordnung wie gezogen" in client.get(url).content.decode()  # Tirol draws the seat order
    store_hand(table=four, number=1, data=DREIER)
    assert "Sitzordnung wie gezogen" not in client.get(url).content.decode()


def test_only_the_tournaments_director_records_the_draw_at_a_table_he_ended(client, tables, django_user_model):
    from tournament import rounds

    four = tables[1]
    rounds.end_table(table=four, reason="Zeit")
    url, version = reverse("scoring:first_dealer", args=[four.token]), Table.objects.get(pk=four.pk).version
    client.post(url, {"position": 2, "version": version, "director": "1"})  # nobody signed in: the scorer
    assert Table.objects.get(pk=four.pk).first_dealer == 0
    client.force_login(django_user_model.objects.create_superuser("leitung", "l@example.invalid", "tarock"))
    client.post(url, {"position": 2, "version": version, "director": "1"})
    assert Table.objects.get(pk=four.pk).first_dealer == 2

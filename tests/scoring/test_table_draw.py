"""What is drawn at the table, as each rule set's text says (RuleSet.format.table_draw): Tirol the seat
order with the first Vorhand ("The order of seating at a table is determined by drawing cards (tarock
is first Vorhand)"), Hopfgarten the first Vorhand ("The Player who draws the highest card is
Forehand"); the page asks exactly that and preselects nobody."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from language import ServiceError
from rules.rulesets import get_ruleset
from scoring.services import record_draw


def _table(make_tournament, rules):
    tournament = make_tournament(rules, players=8, slug=f"draw-{rules}")
    return tournament.round_set.get(number=1).tables.order_by("number").first()


def test_the_rule_sets_say_what_is_drawn():
    assert get_ruleset("tirol").format.table_draw == "seats_and_first_vorhand"
    assert get_ruleset("hopfgarten").format.table_draw == "first_vorhand"
    assert get_ruleset("pagat").format.table_draw == "first_dealer"


def test_hopfgarten_the_drawn_player_is_the_first_vorhand_not_the_dealer(client, make_tournament):
    table = _table(make_tournament, "hopfgarten")
    names = [seat.entry.player.name for seat in table.seats.order_by("position")]
    url = reverse("scoring:sheet", args=[table.token])
    page = client.get(url).content.decode()
    assert "Wer hat die höchste Karte gezogen?" in page
    assert not re.search(r'id="table-draw".*?class="chip on"', page, re.S)  # nobody preselected

    client.post(reverse("scoring:first_dealer", args=[table.token]), {"vorhand": 2, "version": table.version})

    page = client.get(url).content.decode()
    assert f'id="vorhand-name">{names[2]}<' in page  # exactly who drew the highest card
    assert f'id="dealer-name">{names[1]}<' in page
    table.refresh_from_db()
    assert table.first_dealer == 1 and table.first_dealer_drawn


def test_tirol_the_drawn_seat_order_numbers_the_places_anew(client, make_tournament):
    table = _table(make_tournament, "tirol")
    before = {seat.position: seat.entry.player.name for seat in table.seats.all()}
    drawn = [2, 0, 3, 1]  # the old places in the order drawn, the tarock (first Vorhand) first
    answer = client.post(reverse("scoring:first_dealer", args=[table.token]),
                         {f"order_{n}": old for n, old in enumerate(drawn)} | {"version": table.version})
    assert answer.status_code == 302
    after = [seat.entry.player.name for seat in table.seats.order_by("position")]
    assert after == [before[1], before[2], before[0], before[3]]  # the dealer (last drawn) first, then the order
    page = client.get(reverse("scoring:sheet", args=[table.token])).content.decode()
    assert f'id="vorhand-name">{before[2]}<' in page and f'id="dealer-name">{before[1]}<' in page


@pytest.mark.parametrize("order", [[0, 0, 1, 2], [0, 1, 2], [0, 1, 2, 9]])
def test_a_seat_order_that_is_not_the_table_is_refused(make_tournament, order):
    table = _table(make_tournament, "tirol")
    with pytest.raises(ServiceError) as refused:
        record_draw(table=table, expected_version=table.version, order=order)
    assert "genau einmal" in refused.value.message_de
    table.refresh_from_db()
    assert not table.first_dealer_drawn


def test_bad_form_values_are_a_message_not_a_500(client, make_tournament):
    table = _table(make_tournament, "hopfgarten")
    url = reverse("scoring:first_dealer", args=[table.token])
    for data in ({"vorhand": "x", "version": 0}, {"vorhand": 99, "version": 0}, {"order_0": "a", "version": 0}):
        assert client.post(url, data).status_code == 302
    table.refresh_from_db()
    assert not table.first_dealer_drawn

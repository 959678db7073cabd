"""The rule set's direction of play drives the table card's seat plan and text, the deal and the
scorer page: Hopfgarten plays clockwise ("Dealt and played is clockwise."), Tirol anticlockwise.
Checked as a table would: seated as the card draws it, the site names the next dealer that way."""

from __future__ import annotations

import io
import math

import pytest
from django.urls import reverse
from pypdf import PdfReader

from paper.exports.table_cards import TableCardsPdf, seat_angles
from scoring.services import record_draw, store_hand

DREIER = {"contract": "dreier", "declarer": 0, "result": "won"}


def test_seat_angles_follow_the_direction():
    assert seat_angles(4, "anticlockwise") == [270, 0, 90, 180]  # Platz 2 to the right of Platz 1
    assert seat_angles(4, "clockwise") == [270, 180, 90, 0]  # Platz 2 to the left
    assert seat_angles(5, "clockwise") == [270, 198, 126, 54, 342]


def printed_plan(content: bytes) -> dict[int, tuple[float, float]]:
    """Where the card's seat plan prints each Platz number (the 12 pt digits; the list uses 18 pt)."""
    page = PdfReader(io.BytesIO(content)).pages[0]
    spots: dict[int, tuple[float, float]] = {}

    def visit(text, cm, tm, font, size):
        scale = math.hypot(tm[0], tm[1]) * math.hypot(cm[0], cm[1])
        if text.strip().isdigit() and abs(size * scale - 12) < 0.1:
            x, y = tm[4], tm[5]
            spots[int(text)] = (x * cm[0] + y * cm[2] + cm[4], x * cm[1] + y * cm[3] + cm[5])

    page.extract_text(visitor_text=visit)
    return spots


def next_around(spots: dict[int, tuple[float, float]], platz: int, clockwise: bool) -> int:
    """The Platz printed next to ``platz`` going round the plan (clockwise or not, as seen on the page)."""
    cx = sum(x for x, _y in spots.values()) / len(spots)
    cy = sum(y for _x, y in spots.values()) / len(spots)

    def angle(number):
        x, y = spots[number]
        return math.degrees(math.atan2(y - cy, x - cx))

    def turn(number):  # degrees from ``platz`` to ``number`` in the asked direction
        delta = angle(number) - angle(platz)
        return (-delta if clockwise else delta) % 360

    return min((n for n in spots if n != platz), key=turn)


def dealer_and_vorhand(client, table) -> tuple[int, int]:
    state = client.get(reverse("scoring:api_state", args=[table.token])).json()
    return state["next"]["dealer"] + 1, state["next"]["vorhand"] + 1


@pytest.mark.parametrize(("ruleset", "clockwise", "sentence"), [
    ("hopfgarten", True, "im Uhrzeigersinn: Platz 2 sitzt links von Platz 1"),
    ("tirol", False, "gegen den Uhrzeigersinn: Platz 2 sitzt rechts von Platz 1"),
])
def test_the_deal_passes_as_the_card_is_printed(client, make_tournament, ruleset, clockwise, sentence):
    tournament = make_tournament(ruleset, players=16)
    round1 = tournament.round_set.get(number=1)
    table = round1.tables.order_by("number").first()
    card = TableCardsPdf(tournament, round=round1).render().content
    text = " ".join(PdfReader(io.BytesIO(card)).pages[0].extract_text().split())
    assert sentence in text
    spots = printed_plan(card)
    assert sorted(spots) == [1, 2, 3, 4]

    # The table draws Platz 3 to deal first; the site then passes the deal round the card's plan.
    record_draw(table=table, first_dealer=2, expected_version=table.version)
    table.refresh_from_db()
    dealer, vorhand = dealer_and_vorhand(client, table)
    assert (dealer, vorhand) == (3, next_around(spots, 3, clockwise))
    store_hand(table=table, number=1, data=DREIER, idempotency_key="h1")
    dealer, vorhand = dealer_and_vorhand(client, table)
    assert dealer == next_around(spots, 3, clockwise) == 4
    assert vorhand == next_around(spots, 4, clockwise) == 1
    names = [seat.entry.player.name for seat in table.seats.order_by("position")]
    html = client.get(reverse("scoring:sheet", args=[table.token])).content.decode()
    assert f'Geber: <strong id="dealer-name">{names[3]}</strong>' in html
    assert f'Vorhand: <strong id="vorhand-name">{names[0]}</strong>' in html
    assert ("Im Uhrzeigersinn: die Vorhand sitzt links vom Geber" if clockwise
            else "Gegen den Uhrzeigersinn: die Vorhand sitzt rechts vom Geber") in html


def test_hopfgarten_hand_two_is_dealt_by_the_next_seat_clockwise(client, make_tournament):
    tournament = make_tournament("hopfgarten", players=16)
    round1 = tournament.round_set.get(number=1)
    table = round1.tables.order_by("number").first()
    spots = printed_plan(TableCardsPdf(tournament, round=round1).render().content)
    store_hand(table=table, number=1, data=DREIER, idempotency_key="h1")
    dealer, _vorhand = dealer_and_vorhand(client, table)
    assert dealer == next_around(spots, 1, clockwise=True) == 2
    # On the page, Platz 2 sits to the left of Platz 1 (who sits at the bottom, facing the table).
    assert spots[2][0] < spots[1][0] and spots[1][1] < spots[3][1]

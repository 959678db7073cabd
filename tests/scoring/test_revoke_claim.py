"""Tirol's revoke claim (seed 000 section 6, second sentence): one zero-sum booking tied to the hand,
the claimant credited and the offender debited the same points, shown on the hand's line of the sheet
and in the corrections; refused where the rules or the hand do not allow it."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from language import ServiceError
from scoring import services
from scoring.models import Correction
from scoring.selectors import standings, table_sheet

# Dreier by seat 1, opponent seat 2 revokes (000: everyone else as if they had won).
RENONCE = {"contract": "dreier", "declarer": 1, "renonce": 2}


@pytest.fixture
def revoked(make_tournament):
    tournament = make_tournament("tirol", players=8, slug="claim")
    table = tournament.round_set.get(number=1).tables.order_by("number").first()
    hand = services.store_hand(table=table, number=1, data=RENONCE).hand
    seats = {score.hand_seat: score.entry for score in hand.scores.select_related("entry__player")}
    return tournament, table, hand, seats


def totals(tournament):
    return {row.player.entry_id: row.total for row in standings(tournament)}


def test_a_claim_is_one_zero_sum_booking_against_the_hand(revoked):
    tournament, table, hand, seats = revoked
    before = totals(tournament)
    credit, debit = services.book_revoke_claim(hand=hand, claimant=seats[1], points="4", reason="Pagat lag sicher")
    assert (credit.entry, credit.points, debit.entry, debit.points) == (seats[1], Decimal(4), seats[2], Decimal(-4))
    assert credit.booking == debit.booking is not None and credit.hand == debit.hand == hand
    assert credit.round == debit.round == table.round
    after = totals(tournament)
    assert after[seats[1].pk] - before[seats[1].pk] == 4 and after[seats[2].pk] - before[seats[2].pk] == -4
    assert sum(after.values()) == sum(before.values())
    row = table_sheet(table).rows[0]
    assert any(note.startswith("Nachforderung: ") and f"{seats[1].player.name} +4" in note
               and f"{seats[2].player.name} -4" in note for note in row.details)


@pytest.mark.parametrize("change, message", [
    ({"points": "0"}, "mehr als 0"),
    ({"reason": " "}, "Begründung"),
    ({"claimant": 2}, "anderer Spieler"),
])
def test_a_claim_that_does_not_fit_is_refused_and_nothing_is_booked(revoked, change, message):
    _tournament, _table, hand, seats = revoked
    arguments = {"hand": hand, "claimant": seats[change.pop("claimant", 1)], "points": "3", "reason": "Grund", **change}
    with pytest.raises(ServiceError) as excinfo:
        services.book_revoke_claim(**arguments)
    assert message in excinfo.value.message() and not Correction.objects.exists()


def test_only_a_hand_with_a_renonce_and_only_where_the_rules_allow_it(revoked, make_tournament):
    _tournament, table, _hand, seats = revoked
    plain = services.store_hand(table=table, number=2, data={"contract": "dreier", "declarer": 1, "result": "won"}).hand
    with pytest.raises(ServiceError, match="keine Renonce"):
        services.book_revoke_claim(hand=plain, claimant=seats[1], points="3", reason="Grund")
    ooe = make_tournament("ooe", players=8, slug="claim-ooe")
    ooe_table = ooe.round_set.get(number=1).tables.order_by("number").first()
    ooe_hand = services.store_hand(table=ooe_table, number=1, data=RENONCE).hand
    claimant = ooe_hand.scores.get(hand_seat=1).entry
    with pytest.raises(ServiceError, match="keine Nachforderung"):
        services.book_revoke_claim(hand=ooe_hand, claimant=claimant, points="3", reason="Grund")


def test_the_director_books_a_claim_from_the_corrections_page(revoked, admin_client):
    tournament, table, hand, seats = revoked
    url = reverse("scoring:corrections", args=[tournament.slug])
    page = admin_client.get(url).content.decode()
    assert 'id="claim-form"' in page and "Spiel 1" in page
    response = admin_client.post(url, {"claim": "1", "hand": hand.pk, "claimant": seats[3].pk, "points": "2",
                                        "reason": "Trull angesagt und sicher"})
    assert response.status_code == 302
    assert sorted(Correction.objects.values_list("entry_id", "points")) == sorted(
        [(seats[3].pk, Decimal(2)), (seats[2].pk, Decimal(-2))])
    refused = admin_client.post(url, {"claim": "1", "hand": hand.pk, "claimant": seats[2].pk, "points": "2",
                                      "reason": "x"})
    assert refused.status_code == 422 and Correction.objects.count() == 2
    sheet = admin_client.get(reverse("scoring:director_sheet", args=[table.pk])).content.decode()
    assert "Renonce-Nachforderung, Spiel 1: Trull angesagt und sicher" in sheet and "Nachforderung: " in sheet


def test_a_claim_is_paid_as_it_is_counted_in_the_money_the_settlement_and_the_sheet(revoked):
    # REGELN.js:106 (abakus-tirol.md, "Renonce"): the further loss may be claimed on top; Tirol plays 10 cents a
    # point (REGELN.js:112), so the claimant is made whole in the money too, not only in the standings.
    from scoring.selectors import round_sheets, settlement

    tournament, table, hand, seats = revoked
    money_before = {row.player.entry_id: row.player.euros for row in standings(tournament)}
    sheet_before = table_sheet(table)
    services.book_revoke_claim(hand=hand, claimant=seats[1], points="4", reason="Pagat lag sicher")
    money_after = {row.player.entry_id: row.player.euros for row in standings(tournament)}
    assert money_after[seats[1].pk] - money_before[seats[1].pk] == Decimal("0.40")
    assert money_after[seats[2].pk] - money_before[seats[2].pk] == Decimal("-0.40")
    assert sum(money_after.values()) == 0
    lines = {line.entry_id: line.euros for t in settlement(tournament).tables if t.table_id == table.pk for line in t.lines}
    assert lines[seats[1].pk] == money_after[seats[1].pk] and lines[seats[2].pk] == money_after[seats[2].pk]
    sheet = table_sheet(table)
    position = {seat.entry_id: seat.position for seat in sheet.seats}
    claimant, offender = position[seats[1].pk], position[seats[2].pk]
    assert sheet.totals[claimant] - sheet_before.totals[claimant] == 4
    assert sheet.totals[offender] - sheet_before.totals[offender] == -4
    assert sheet.rows[0].totals == sheet.totals  # the claim counts from its hand's line on
    totals = {row.player.entry_id: row.total for row in standings(tournament)}
    assert [sheet.totals[position[entry]] for entry in (seats[1].pk, seats[2].pk)] == [
        totals[seats[1].pk], totals[seats[2].pk]]
    printed = next(s for s in round_sheets(table.round) if s.table.pk == table.pk)
    assert printed.totals == sheet.totals and printed.euros[claimant] == money_after[seats[1].pk]

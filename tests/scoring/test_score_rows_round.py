"""Every score row keeps its hand's round (HandScore.round): the standings sum per round from it alone, so
a row with another round than its hand's would count in the wrong column or the wrong tournament."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.db.models import F

from scoring import services
from scoring.models import Hand, HandScore
from scoring.selectors import standings_document
from tournament import rounds

DREIER = {"contract": "dreier", "declarer": 2, "result": "won"}
SOLO = {"contract": "solodreier", "declarer": 1, "result": "lost"}


def _misplaced():
    return HandScore.objects.exclude(round_id=F("hand__table__round_id")).count()


def test_every_service_that_stores_a_hand_writes_its_round(make_tournament, play_round):
    tournament = make_tournament(players=8)
    first = tournament.round_set.get(number=1)
    play_round(first, seed=3)  # record_hands, a table's sheet at once
    rounds.close_round(round=first)
    second = tournament.round_set.get(number=2)
    rounds.seat_round(round=second, seed="r2")
    table = second.tables.get(number=1)
    services.store_hand(table=table, number=1, data=DREIER, idempotency_key="a")
    services.store_hand(table=table, number=2, data=DREIER, idempotency_key="b")
    table.refresh_from_db()
    hand = table.hands.get(number=2)
    services.correct_hand(hand=hand, data=SOLO, expected_version=table.version, reason="falsch", by="test",
                          director=True)
    table.refresh_from_db()
    services.remove_last_hand(table=table, expected_version=table.version, reason="doppelt", by="test", director=True)

    assert HandScore.objects.filter(round=second).count() == 4  # hand 1 of round 2 only
    assert HandScore.objects.filter(round=first).count() == 2 * first.tables.get(number=1).hands_planned * 4
    assert _misplaced() == 0


@pytest.mark.django_db(transaction=True)
def test_the_migration_gives_the_rows_stored_before_it_their_round(venue_event):
    before = standings_document(venue_event)
    try:
        call_command("migrate", "scoring", "0008", verbosity=0)  # the rows lose the column...
    finally:
        call_command("migrate", "scoring", verbosity=0)  # ... and get it back, filled from their hands

    assert HandScore.objects.count() == 4 * Hand.objects.count() > 0 and _misplaced() == 0
    assert standings_document(venue_event) == before

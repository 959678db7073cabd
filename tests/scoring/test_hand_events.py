"""Scoring's hand services announce what they did (tournament.events): once, after the commit, and
nothing for a write that rolled back or a replay that wrote nothing."""

from __future__ import annotations

import pytest
from django.db import transaction

from rules.engine import InvalidHand
from scoring import services
from tournament import events

DREIER = {"contract": "dreier", "declarer": 2, "result": "won"}


@pytest.fixture
def table(make_tournament):
    return make_tournament("tirol", players=17).round_set.get(number=1).tables.get(number=1)


@pytest.fixture
def heard():
    calls = []

    def listen(name):
        def listener(sender, signal, **details):
            calls.append((name, details))
        return listener

    listeners = {signal: listen(name) for name, signal in (("stored", events.hand_stored),
                                                           ("corrected", events.hand_corrected),
                                                           ("removed", events.hand_removed))}
    for signal, listener in listeners.items():
        signal.connect(listener, weak=False)
    yield calls
    for signal, listener in listeners.items():
        signal.disconnect(listener)


def test_a_stored_hand_is_announced_once_after_the_commit(table, heard, django_capture_on_commit_callbacks):
    where = {"tournament_id": table.round.tournament_id, "table_id": table.pk}
    with django_capture_on_commit_callbacks(execute=True):
        services.store_hand(table=table, number=1, data=DREIER, idempotency_key="key-0001")
        assert heard == []  # not before the commit
    assert heard == [("stored", {**where, "number": 1})]
    with django_capture_on_commit_callbacks(execute=True):
        replay = services.store_hand(table=table, number=1, data=DREIER, idempotency_key="key-0001")
    assert not replay.created and len(heard) == 1


def test_a_write_that_rolls_back_announces_nothing(table, heard, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        with pytest.raises(InvalidHand):
            services.store_hand(table=table, number=1, data={"contract": "nonsense"})
        with pytest.raises(RuntimeError), transaction.atomic():
            services.store_hand(table=table, number=1, data=DREIER)
            raise RuntimeError("the caller's transaction fails after the hand")
    assert heard == []


def test_a_sheet_a_correction_and_an_undo_are_announced(table, heard, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        hands = services.record_hands(table=table, hands=[DREIER, DREIER])
    table.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        services.correct_hand(hand=hands[1], data={**DREIER, "result": "lost"}, expected_version=table.version)
    table.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        services.remove_last_hand(table=table, expected_version=table.version)
    assert [(name, details["number"]) for name, details in heard] == [
        ("stored", 1), ("stored", 2), ("corrected", 2), ("removed", 2)]

"""record_hands (a table's sheet at once: the demo, the test events) stores exactly the rows that
store_hand stores one hand after the other: hands, score rows, revisions, the table's counters."""

from __future__ import annotations

import random

import pytest
from django.db import transaction

from language import ServiceError
from rules.engine import InvalidHand
from rules.engine.sampling import random_hand
from scoring import services
from scoring.models import Hand, HandRevision, HandScore
from tournament.errors import NotWritable
from tournament.models import Round, Table, Tournament

HAND_FIELDS = ("number", "dealer_position", "data", "result", "contract", "entered_by", "idempotency_key", "version",
               "box_euros")
SCORE_FIELDS = ("hand__number", "entry_id", "hand_seat", "points", "cash", "kontra_cash", "euros")
REVISION_FIELDS = ("number", "action", "before", "after", "reason", "by", "user_id")


def rows(table: Table) -> dict:
    """Everything the two paths store for ``table``, but the clock."""
    table.refresh_from_db()
    hands = list(Hand.objects.filter(table=table).order_by("number").values(*HAND_FIELDS, "created_at"))
    return {
        "hands": [{key: hand[key] for key in HAND_FIELDS} for hand in hands],
        "scores": list(HandScore.objects.filter(hand__table=table).order_by("hand__number", "hand_seat")
                       .values_list(*SCORE_FIELDS)),
        "revisions": list(HandRevision.objects.filter(table=table).order_by("number").values_list(*REVISION_FIELDS)),
        "table": (table.version, table.hands_entered, table.last_hand_at == (hands[-1]["created_at"] if hands else None)),
        "round": Round.objects.get(pk=table.round_id).status,
        "live_version_moved": Tournament.objects.get(pk=table.round.tournament_id).live_version > 0,
    }


def both_ways(table: Table, sheet: list[dict], *, before: int = 0) -> tuple[dict, dict]:
    """The rows after ``before`` hands one by one and then the rest one by one, and after the same
    ``before`` hands and then the rest at once (each tried in a savepoint that is rolled back)."""
    results = []
    for at_once in (False, True):
        with transaction.atomic():
            Tournament.objects.filter(pk=table.round.tournament_id).update(live_version=0)
            for number, data in enumerate(sheet[:before], start=1):
                services.store_hand(table=table, number=number, data=data, idempotency_key=f"k-{number}",
                                     entered_by="demo")
            if at_once:
                services.record_hands(table=table, hands=sheet[before:], key_prefix="k-", entered_by="demo")
            else:
                for number, data in enumerate(sheet[before:], start=before + 1):
                    services.store_hand(table=table, number=number, data=data, idempotency_key=f"k-{number}",
                                         entered_by="demo")
            results.append(rows(table))
            transaction.set_rollback(True)
    return results[0], results[1]


@pytest.mark.parametrize(("rules", "players", "options"), [
    ("tirol", 17, {}),  # tables of four and a table of five (the dealer sits out)
    ("hopfgarten", 11, {"tables_of_six": True}),  # a six (two sit out) and a five, another rule set's money
])
@pytest.mark.parametrize("before", [0, 3])
def test_a_sheet_at_once_stores_the_rows_of_one_hand_after_the_other(make_tournament, rules, players, options, before):
    tournament = make_tournament(rules, players=players, **options)
    rng = random.Random(f"{rules}-{before}")
    for table in Table.objects.filter(round__tournament=tournament).order_by("number"):
        sheet = [random_hand(tournament.ruleset, rng) for _ in range(table.hands_planned)]
        one_by_one, at_once = both_ways(table, sheet, before=before)
        assert at_once == one_by_one
        assert len(at_once["hands"]) == table.hands_planned and at_once["table"][2] is True


def test_keys_are_left_empty_without_a_prefix(make_tournament):
    table = make_tournament("tirol", players=8).round_set.get(number=1).tables.get(number=1)
    sheet = [random_hand(table.round.tournament.ruleset, random.Random(1)) for _ in range(2)]
    stored = services.record_hands(table=table, hands=sheet, entered_by="demo")
    assert [hand.idempotency_key for hand in stored] == ["", ""] and [hand.number for hand in stored] == [1, 2]


def test_nothing_is_written_when_one_hand_does_not_read(make_tournament):
    table = make_tournament("tirol", players=8).round_set.get(number=1).tables.get(number=1)
    good = {"contract": "dreier", "declarer": 2, "result": "won"}
    with pytest.raises(InvalidHand):
        services.record_hands(table=table, hands=[good, {"contract": "rufer", "declarer": 2, "result": "won"}])
    table.refresh_from_db()
    assert not Hand.objects.exists() and not HandRevision.objects.exists() and table.version == 0


def test_more_hands_than_the_table_has_left_are_refused(make_tournament):
    table = make_tournament("tirol", players=8).round_set.get(number=1).tables.get(number=1)
    sheet = [random_hand(table.round.tournament.ruleset, random.Random(2)) for _ in range(table.hands_planned + 1)]
    with pytest.raises(ServiceError) as refused:
        services.record_hands(table=table, hands=sheet)
    assert f"only {table.hands_planned} hands left" in refused.value.message_en
    assert not Hand.objects.exists()
    services.record_hands(table=table, hands=sheet[:-1])
    with pytest.raises(ServiceError):  # a complete table takes none
        services.record_hands(table=table, hands=sheet[-1:])


def test_no_hands_write_nothing_and_a_closed_round_refuses_the_scorer(make_tournament):
    tournament = make_tournament("tirol", players=8)
    table = tournament.round_set.get(number=1).tables.get(number=1)
    seen = Tournament.objects.get(pk=tournament.pk).live_version
    assert services.record_hands(table=table, hands=[]) == []
    table.refresh_from_db()
    assert table.version == 0 and Tournament.objects.get(pk=tournament.pk).live_version == seen
    Round.objects.filter(pk=table.round_id).update(status=Round.CLOSED)
    with pytest.raises(NotWritable):
        services.record_hands(table=table, hands=[{"contract": "dreier", "declarer": 2, "result": "won"}])

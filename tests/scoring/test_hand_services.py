"""Recording and correcting hands: transactions, stale versions, idempotency, totals that add up."""

import random
from decimal import Decimal

import pytest
from django.db.models import Sum

from language import ServiceError
from rules.engine import InvalidHand, score
from rules.engine.sampling import random_hand
from scoring import selectors as scoring_selectors
from scoring import services
from scoring.models import Hand, HandRevision, HandScore
from scoring.seats import active_positions, dealer_position
from tournament.errors import StaleVersion
from tournament.models import Round

DREIER = {"contract": "dreier", "declarer": 2, "result": "won"}


@pytest.fixture
def table(make_tournament):
    tournament = make_tournament("tirol", players=17)
    return tournament.round_set.get(number=1).tables.get(number=1)  # the table of five


def test_positions_rotate_and_the_dealer_sits_out_at_five():
    assert active_positions(1, 4) == [1, 2, 3, 0]
    assert active_positions(2, 4) == [2, 3, 0, 1]
    assert active_positions(1, 5) == [1, 2, 3, 4]  # position 0 deals and sits out
    assert active_positions(3, 5) == [3, 4, 0, 1]
    assert [dealer_position(n, 5) for n in range(1, 7)] == [0, 1, 2, 3, 4, 0]


def test_a_hand_stores_its_data_result_and_each_players_share(table):
    hand = services.store_hand(table=table, number=1, data=DREIER, idempotency_key="a").hand
    seats = list(table.seats.order_by("position"))
    shares = {s.entry_id: (s.hand_seat, s.points, s.cash) for s in hand.scores.all()}
    # hand seat 2 is position 3 in hand 1 at a table of five; the dealer (position 0) has no share
    assert shares[seats[3].entry_id] == (2, Decimal("15"), Decimal("15"))
    assert seats[0].entry_id not in shares
    assert hand.result["points"] == [-5, -5, 15, -5] and hand.data == DREIER
    assert Round.objects.get(pk=table.round_id).status == Round.RUNNING
    assert HandRevision.objects.filter(table=table, action="entered").count() == 1


def test_the_same_submission_twice_is_stored_once(table):
    first = services.store_hand(table=table, number=1, data=DREIER, idempotency_key="tap-1").hand
    again = services.store_hand(table=table, number=1, data=DREIER, idempotency_key="tap-1").hand
    assert again.pk == first.pk and Hand.objects.filter(table=table).count() == 1
    assert HandScore.objects.filter(hand__table=table).count() == 4


def test_a_second_device_entering_the_same_number_is_refused(table):
    services.store_hand(table=table, number=1, data=DREIER, idempotency_key="phone")
    with pytest.raises(ServiceError) as excinfo:
        services.store_hand(table=table, number=1, data=DREIER, idempotency_key="tablet")
    assert "Spiel 1" in excinfo.value.message_de and "hand 2" in excinfo.value.message_en


def test_an_invalid_hand_writes_nothing(table):
    with pytest.raises(InvalidHand):
        services.store_hand(table=table, number=1, data={"contract": "rufer", "declarer": 2, "result": "won"},
                             idempotency_key="x")
    assert not Hand.objects.exists() and not HandScore.objects.exists() and not HandRevision.objects.exists()
    table.refresh_from_db()
    assert table.version == 0


def test_a_stale_edit_is_refused_and_loses_nothing(table):
    services.store_hand(table=table, number=1, data=DREIER, idempotency_key="a")
    table.refresh_from_db()
    seen = table.version
    hand = table.hands.get(number=1)
    services.correct_hand(hand=hand, data={**DREIER, "result": "lost"}, expected_version=seen)  # device A
    with pytest.raises(StaleVersion) as excinfo:  # device B still shows the old sheet
        services.correct_hand(hand=hand, data={**DREIER, "declarer": 1}, expected_version=seen)
    assert "neu laden" in excinfo.value.message_de
    hand.refresh_from_db()
    assert hand.data["result"] == "lost" and hand.data["declarer"] == 2
    assert [s.points for s in hand.scores.order_by("hand_seat")] == [5, 5, -15, 5]


def test_a_correction_is_atomic_when_the_new_data_is_invalid(table):
    services.store_hand(table=table, number=1, data=DREIER, idempotency_key="a")
    table.refresh_from_db()
    hand = table.hands.get(number=1)
    with pytest.raises(InvalidHand):
        services.correct_hand(hand=hand, data={"contract": "dreier"}, expected_version=table.version)
    hand.refresh_from_db()
    assert hand.data == DREIER and hand.scores.count() == 4


def test_director_correction_needs_a_reason_and_is_audited(table, director):
    services.store_hand(table=table, number=1, data=DREIER, idempotency_key="a")
    services.store_hand(table=table, number=2, data=DREIER, idempotency_key="b")
    table.refresh_from_db()
    hand = table.hands.get(number=1)
    with pytest.raises(ServiceError):
        services.correct_hand(hand=hand, data=DREIER, expected_version=table.version, director=True, user=director)
    services.correct_hand(hand=hand, data={**DREIER, "kontra": 2}, expected_version=table.version, director=True,
                          reason="Kontra vergessen", user=director, by="leitung")
    revision = HandRevision.objects.get(action="corrected")
    assert revision.reason == "Kontra vergessen" and revision.before == DREIER and revision.after["kontra"] == 2
    assert revision.user == director


def test_scorers_only_change_the_last_hand(table):
    services.store_hand(table=table, number=1, data=DREIER, idempotency_key="a")
    services.store_hand(table=table, number=2, data=DREIER, idempotency_key="b")
    table.refresh_from_db()
    with pytest.raises(ServiceError):
        services.correct_hand(hand=table.hands.get(number=1), data=DREIER, expected_version=table.version)


def test_undo_removes_the_last_hand_with_a_revision(table):
    services.store_hand(table=table, number=1, data=DREIER, idempotency_key="a")
    table.refresh_from_db()
    services.remove_last_hand(table=table, expected_version=table.version, by="Tisch")
    assert not table.hands.exists()
    assert HandRevision.objects.filter(action="removed", number=1).exists()
    table.refresh_from_db()
    with pytest.raises(ServiceError):
        services.remove_last_hand(table=table, expected_version=table.version)
    with pytest.raises(StaleVersion):
        services.remove_last_hand(table=table, expected_version=table.version - 1)


def test_confirmed_or_closed_tables_are_the_directors_only(table, play_round):
    round = table.round
    play_round(round)
    table.refresh_from_db()
    with pytest.raises(ServiceError):
        services.confirm_table(table=table, expected_version=table.version, names=" ")
    services.confirm_table(table=table, expected_version=table.version, names="Alle vier")
    table.refresh_from_db()
    with pytest.raises(ServiceError) as excinfo:
        services.remove_last_hand(table=table, expected_version=table.version)
    assert "bestätigt" in excinfo.value.message_de
    services.correct_hand(hand=table.hands.last(), data=DREIER, expected_version=table.version, director=True,
                          reason="Schreibfehler")


def test_confirming_needs_every_hand(table):
    services.store_hand(table=table, number=1, data=DREIER, idempotency_key="a")
    table.refresh_from_db()
    with pytest.raises(ServiceError) as excinfo:
        services.confirm_table(table=table, expected_version=table.version, names="X")
    assert excinfo.value.message_de == "Es fehlen noch 19 Spiele."
    assert excinfo.value.message_en == "19 hands are still missing."


def test_confirming_one_hand_short_says_it_in_the_singular(table):
    """Issue 31: "Es fehlen noch 1 Spiele"."""
    rng = random.Random(1)
    services.record_hands(table=table, hands=[random_hand(table.round.tournament.ruleset, rng)
                                              for _ in range(table.hands_planned - 1)], key_prefix="one-short-")
    table.refresh_from_db()
    with pytest.raises(ServiceError) as excinfo:
        services.confirm_table(table=table, expected_version=table.version, names="X")
    assert excinfo.value.message_de == "Es fehlt noch 1 Spiel."
    assert excinfo.value.message_en == "1 hand is still missing."


def test_no_hand_beyond_the_planned_number(make_tournament, play_round):
    tournament = make_tournament("tirol", players=8)
    round = tournament.round_set.get(number=1)
    play_round(round)
    table = round.tables.first()
    with pytest.raises(ServiceError):
        services.store_hand(table=table, number=17, data=DREIER, idempotency_key="late")


def test_totals_always_equal_the_sum_of_the_stored_hand_results(make_tournament, play_round):
    tournament = make_tournament("ooe", players=13)
    round = tournament.round_set.get(number=1)
    play_round(round, seed=5)
    ruleset = tournament.ruleset
    for table in round.tables.all():
        sheet = scoring_selectors.table_sheet(table)
        recomputed = [Decimal(0)] * len(sheet.seats)
        for hand in table.hands.all():
            result = score(hand.data, ruleset)  # the stored entry, scored again
            positions = active_positions(hand.number, len(sheet.seats))
            for seat, position in enumerate(positions):
                recomputed[position] += Decimal(str(result.points[seat]))
        assert sheet.totals == recomputed
        assert sum(sheet.totals) == 0
    standings = scoring_selectors.standings(tournament)
    stored = HandScore.objects.filter(hand__table__round__tournament=tournament).aggregate(p=Sum("points"), c=Sum("cash"))
    assert sum(row.total for row in standings) == stored["p"] == 0
    assert sum(row.player.euros for row in standings) == stored["c"] == 0


def test_a_corrected_hand_counts_its_versions(table):
    hand = services.store_hand(table=table, number=1, data=DREIER, idempotency_key="a").hand
    assert hand.version == 1
    table.refresh_from_db()
    hand = services.correct_hand(hand=hand, data={**DREIER, "result": "lost"}, expected_version=table.version)
    assert hand.version == 2


def test_the_sheet_shows_running_totals_and_who_sat_out(table):
    for number in (1, 2):
        services.store_hand(table=table, number=number, data=DREIER, idempotency_key=f"k{number}")
    sheet = scoring_selectors.table_sheet(table)
    first, second = sheet.rows
    assert first.points[0] is None and second.points[1] is None  # the dealer sits out at five
    assert second.cells[3] == (second.points[3], first.points[3] + second.points[3])
    assert sheet.totals == second.totals

"""The one change channel (tournament.events.tournament_changed): every committed write service and the
admin's live.touch announce one TournamentChange per tournament, after the commit, with what changed,
the new live_version and the round; nothing for a write that rolled back or a replay that wrote nothing."""

from __future__ import annotations

import pytest
from django.db import transaction

from paper.imports import players as player_import
from rules.engine import InvalidHand
from scoring import absences
from scoring import services as scoring_services
from tournament import live, rounds, services
from tournament.events import ChangeKind, TournamentChange, tournament_changed
from tournament.models import Tournament

DREIER = {"contract": "dreier", "declarer": 2, "result": "won"}


@pytest.fixture
def heard():
    changes: list[TournamentChange] = []

    def listener(sender, change, **details):
        changes.append(change)

    tournament_changed.connect(listener, weak=False, dispatch_uid="test.heard")
    yield changes
    tournament_changed.disconnect(dispatch_uid="test.heard")


@pytest.fixture
def event(make_tournament):
    return make_tournament("tirol", players=17, slug="channel")


def first_table(tournament, size: int | None = None):
    tables = tournament.round_set.get(number=1).tables.order_by("number")
    return next(t for t in tables if size is None or t.seats.count() == size)


def fresh(table):
    return type(table).objects.get(pk=table.pk)


def version(tournament) -> int:
    return Tournament.objects.get(pk=tournament.pk).live_version


def test_a_stored_hand_is_announced_once_after_the_commit_with_the_new_version(event, heard,
                                                                               django_capture_on_commit_callbacks):
    table = first_table(event)
    with django_capture_on_commit_callbacks(execute=True):
        scoring_services.store_hand(table=table, number=1, data=DREIER, idempotency_key="key-0001")
        assert heard == []  # not before the commit
    assert heard == [TournamentChange(event.pk, version(event), frozenset({ChangeKind.HAND}), round_number=1)]
    with django_capture_on_commit_callbacks(execute=True):
        replay = scoring_services.store_hand(table=table, number=1, data=DREIER, idempotency_key="key-0001")
    assert not replay.created and len(heard) == 1


def test_a_write_that_rolls_back_announces_nothing(event, heard, django_capture_on_commit_callbacks):
    table = first_table(event)
    with django_capture_on_commit_callbacks(execute=True):
        with pytest.raises(InvalidHand):
            scoring_services.store_hand(table=table, number=1, data={"contract": "nonsense"})
        with pytest.raises(RuntimeError), transaction.atomic():
            scoring_services.store_hand(table=table, number=1, data=DREIER)
            raise RuntimeError("the caller's transaction fails after the hand")
    assert heard == []


def test_services_inside_a_service_announce_once(event, heard, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        player_import.import_players(tournament=event, rows=[{"name": f"Neu {i}"} for i in range(3)])
    assert [(c.kinds, c.version) for c in heard] == [(frozenset({ChangeKind.ENTRIES}), version(event))]


def kinds_heard(heard) -> list[set[str]]:
    return [set(change.kinds) for change in heard]


def test_each_venue_write_names_what_it_changed(event, heard, django_capture_on_commit_callbacks):
    five = first_table(event, size=5)
    with django_capture_on_commit_callbacks(execute=True):
        hands = scoring_services.record_hands(table=five, hands=[DREIER, DREIER])
    with django_capture_on_commit_callbacks(execute=True):
        scoring_services.correct_hand(hand=hands[1], data={**DREIER, "result": "lost"},
                                      expected_version=fresh(five).version, reason="falsch", director=True)
    with django_capture_on_commit_callbacks(execute=True):
        absences.pause_player(by="scorer", table=fresh(five), position=3)
    with django_capture_on_commit_callbacks(execute=True):
        absences.leave_table(by="scorer", table=fresh(five), position=3)
    with django_capture_on_commit_callbacks(execute=True):
        scoring_services.remove_last_hand(table=fresh(five), expected_version=fresh(five).version)
    with django_capture_on_commit_callbacks(execute=True):
        services.withdraw(entry=event.entries.first(), after_round=1)
    assert kinds_heard(heard) == [{"hand"}, {"correction"}, {"pause"}, {"leave"}, {"hand"}, {"withdrawal"}]
    assert [change.round_number for change in heard] == [1, 1, 1, 1, 1, None]
    versions = [change.version for change in heard]
    assert versions == sorted(set(versions)) and versions[-1] == version(event)


def test_a_confirmation_a_revoke_claim_and_a_seating_are_announced(event, play_round, heard,
                                                                    django_capture_on_commit_callbacks):
    table = first_table(event, size=4)
    stored = scoring_services.store_hand(table=table, number=1, data={"contract": "dreier", "declarer": 1,
                                                                      "renonce": 2}).hand
    seats = {score.hand_seat: score.entry for score in stored.scores.all()}
    with django_capture_on_commit_callbacks(execute=True):
        scoring_services.book_revoke_claim(hand=stored, claimant=seats[1], points="4", reason="Pagat lag sicher")
    assert kinds_heard(heard) == [{"revoke_claim", "correction"}] and heard[0].round_number == 1
    play_round(table.round)
    heard.clear()  # the hands of the whole round, announced as such
    with django_capture_on_commit_callbacks(execute=True):
        scoring_services.confirm_table(table=fresh(table), expected_version=fresh(table).version, names="A, B")
    with django_capture_on_commit_callbacks(execute=True):
        rounds.seat_round(round=event.round_set.get(number=2), seed="zwei")
    assert kinds_heard(heard) == [{"confirmation"}, {"seating"}]
    assert [change.round_number for change in heard] == [1, 2]


def test_closing_the_last_round_finishes_the_tournament(make_tournament, play_round, heard,
                                                        django_capture_on_commit_callbacks):
    tournament = make_tournament("tirol", players=8, slug="one-round", rounds=1)
    round = tournament.round_set.get(number=1)
    play_round(round)
    with django_capture_on_commit_callbacks(execute=True):
        rounds.close_round(round=round)
    with django_capture_on_commit_callbacks(execute=True):
        rounds.reopen_round(round=round, reason="Tippfehler")
    assert kinds_heard(heard) == [{"round_closed", "finished"}, {"round_reopened"}]


def test_closing_an_earlier_round_does_not_finish_it(event, play_round, heard, django_capture_on_commit_callbacks):
    round = event.round_set.get(number=1)
    play_round(round)
    with django_capture_on_commit_callbacks(execute=True):
        rounds.close_round(round=round)
    assert kinds_heard(heard) == [{"round_closed"}]


def test_a_money_change_is_announced_and_scoring_prices_the_hands_again(event, heard,
                                                                        django_capture_on_commit_callbacks):
    scoring_services.store_hand(table=first_table(event), number=1, data=DREIER)
    with django_capture_on_commit_callbacks(execute=True):
        services.set_money_settings(tournament=event, stake_cents=event.stake_cents + 10,
                                    kontra_to_charity=event.kontra_to_charity)
    assert kinds_heard(heard) == [{"settings", "money"}, {"settings"}]  # the second: scoring's reprice


def test_the_admins_touch_announces_through_the_same_channel(event, heard, django_capture_on_commit_callbacks):
    before = version(event)
    with django_capture_on_commit_callbacks(execute=True):
        live.touch(event.pk, kind=ChangeKind.ENTRIES)
    assert heard == [TournamentChange(event.pk, before + 1, frozenset({ChangeKind.ENTRIES}))]


def test_a_write_service_must_name_its_kind():
    with pytest.raises(TypeError, match="names what it changes"):
        @live.write_service
        def rename(*, tournament, name):
            pass


def test_note_needs_a_write_service_around_it(event):
    with pytest.raises(RuntimeError):
        live.note(event.pk, ChangeKind.FINISHED)

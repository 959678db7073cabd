"""Publishing while a round runs (PublishTarget.while_playing, publishing/venue/auto.py): every change on
the change channel (a hand, a correction, a pause, a withdrawal, ...) publishes the tournament at most
once every PUBLISH_LIVE_SECONDS, one further publication waiting for the interval's end; the database,
not a process's memory, says which process publishes and whether the hub is behind, so a change that
another process or a command made is followed too; a tournament without the option publishes nothing."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from datetime import timezone as tz

import pytest

from publishing import outcomes
from publishing.models import PublishAttempt, PublishTarget
from publishing.venue import auto, client
from publishing.venue.services import set_target
from scoring import absences, services
from tournament import rounds
from tournament import services as tournament_services
from tournament.models import Tournament

DREIER = {"contract": "dreier", "declarer": 2, "result": "won"}


@pytest.fixture
def hall(settings, monkeypatch):
    """The clock, the waiting timers and the hub in the test's hand: the hub takes what it is sent (or is
    unreachable while ``hub["down"]``), and ``sent`` lists the sequences it got."""
    settings.PUBLISH_IN_FOREGROUND = True
    settings.PUBLISH_LIVE_SECONDS = 120
    now, waiting, sent, hub = [datetime(2026, 11, 28, 18, 0, tzinfo=tz.utc)], [], [], {"down": False}
    monkeypatch.setattr(auto, "_waking", {})
    monkeypatch.setattr(auto, "_now", lambda: now[0])
    monkeypatch.setattr(auto, "_later", lambda seconds, then: waiting.append((seconds, then)))

    def send(tournament, url, token):
        if hub["down"]:
            return client.Outcome(False, outcomes.UNREACHABLE, {"reason": "timed out"})
        sent.append(tournament.live_version)
        return client.Outcome(True, outcomes.PUBLISHED, {"where": url}, sequence=tournament.live_version)

    monkeypatch.setattr(client, "send", send)
    return now, waiting, sent, hub


def advance(now, seconds: float) -> None:
    now[0] += timedelta(seconds=seconds)


def version(tournament) -> int:
    return Tournament.objects.get(pk=tournament.pk).live_version


@pytest.fixture
def playing(make_tournament):
    tournament = make_tournament(players=9, slug="laufend")
    set_target(tournament=tournament, url="http://127.0.0.1:9/", token="abc.def", after_each_round=False,
               while_playing=True)
    return tournament


def five_of(tournament):
    return next(t for t in tournament.round_set.get(number=1).tables.all() if t.seats.count() == 5)


def test_changes_publish_at_most_once_per_interval(playing, hall, django_capture_on_commit_callbacks):
    now, waiting, sent, _hub = hall
    table = five_of(playing)
    with django_capture_on_commit_callbacks(execute=True):
        services.store_hand(table=table, number=1, data=DREIER)
    assert sent == [version(playing)] and waiting == []
    advance(now, 30)
    for number in (2, 3):
        with django_capture_on_commit_callbacks(execute=True):
            services.store_hand(table=table, number=number, data=DREIER)
    assert len(sent) == 1 and [seconds for seconds, _then in waiting] == [90]  # one waits, for the rest

    advance(now, 90)
    waiting.pop()[1]()
    assert sent[-1] == version(playing) and len(sent) == 2 and waiting == []  # hands 2 and 3 went along
    table.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        services.remove_last_hand(table=table, expected_version=table.version)
    assert len(sent) == 2 and [seconds for seconds, _then in waiting] == [120]


@pytest.mark.parametrize("change", ["correction", "pause", "withdrawal", "revoke claim", "confirmation", "seating"])
def test_every_kind_of_change_reaches_the_hub(playing, hall, play_round, change, django_capture_on_commit_callbacks):
    now, waiting, sent, _hub = hall
    table = five_of(playing)
    hand = services.store_hand(table=table, number=1, data={"contract": "dreier", "declarer": 1, "renonce": 2}).hand
    if change in ("confirmation", "seating"):
        play_round(table.round)
    auto.follow_every_tournament()  # the hub holds everything up to now
    advance(now, 200)
    sent.clear()
    table.refresh_from_db()
    seats = {score.hand_seat: score.entry for score in hand.scores.all()}
    writes = {
        "correction": lambda: services.correct_hand(hand=hand, data=DREIER, expected_version=table.version,
                                                    reason="falsch eingetragen", director=True),
        "pause": lambda: absences.pause_player(by="scorer", table=table, position=4),
        "withdrawal": lambda: tournament_services.withdraw(entry=playing.entries.first(), after_round=1),
        "revoke claim": lambda: services.book_revoke_claim(hand=hand, claimant=seats[1], points="4", reason="sicher"),
        "confirmation": lambda: services.confirm_table(table=table, expected_version=table.version, names="A, B"),
        "seating": lambda: rounds.seat_round(round=playing.round_set.get(number=2), seed="zwei"),
    }
    with django_capture_on_commit_callbacks(execute=True):
        writes[change]()
    assert sent == [version(playing)] and waiting == []


def test_a_change_no_process_followed_is_found_by_the_watcher(playing, hall):
    _now, waiting, sent, _hub = hall
    services.store_hand(table=five_of(playing), number=1, data=DREIER)  # as a command would: no commit seen here
    assert sent == []
    auto.follow_every_tournament()
    assert sent == [version(playing)] and waiting == []
    auto.follow_every_tournament()
    assert len(sent) == 1  # the hub holds it: nothing more


def test_the_process_that_claims_the_target_publishes_and_the_other_waits(playing, hall,
                                                                          django_capture_on_commit_callbacks):
    now, waiting, sent, _hub = hall
    # Another process claimed the target a moment ago and is publishing.
    PublishTarget.objects.filter(tournament=playing).update(running_until=now[0] + timedelta(seconds=40),
                                                             live_not_before=now[0] + timedelta(seconds=120))
    with django_capture_on_commit_callbacks(execute=True):
        services.store_hand(table=five_of(playing), number=1, data=DREIER)
    assert sent == [] and [seconds for seconds, _then in waiting] == [120]
    advance(now, 120)
    waiting.pop()[1]()
    assert sent == [version(playing)]


def test_a_hub_that_did_not_answer_is_tried_again_after_the_interval(playing, hall, django_capture_on_commit_callbacks):
    now, waiting, sent, hub = hall
    hub["down"] = True
    with django_capture_on_commit_callbacks(execute=True):
        services.store_hand(table=five_of(playing), number=1, data=DREIER)
    assert PublishAttempt.objects.filter(ok=False).count() == 1 and [s for s, _then in waiting] == [120]
    hub["down"] = False
    advance(now, 120)
    waiting.pop()[1]()
    assert sent == [version(playing)]


def test_a_closed_round_goes_out_at_once_within_the_interval(make_tournament, hall, play_round,
                                                             django_capture_on_commit_callbacks):
    now, waiting, sent, _hub = hall
    tournament = make_tournament(players=8, slug="runde")
    set_target(tournament=tournament, url="http://127.0.0.1:9/", token="abc.def", while_playing=True)
    play_round(tournament.round_set.get(number=1))
    auto.follow_every_tournament()
    advance(now, 10)
    with django_capture_on_commit_callbacks(execute=True):
        rounds.close_round(round=tournament.round_set.get(number=1))
    assert sent[-1] == version(tournament) and len(sent) == 2 and waiting == []


def test_nothing_is_published_without_the_option(make_tournament, hall, django_capture_on_commit_callbacks):
    _now, waiting, sent, _hub = hall
    tournament = make_tournament(players=8, slug="still")
    set_target(tournament=tournament, url="http://127.0.0.1:9/", token="abc.def")
    table = tournament.round_set.get(number=1).tables.order_by("number").first()
    with django_capture_on_commit_callbacks(execute=True):
        services.store_hand(table=table, number=1, data=DREIER)
    auto.follow_every_tournament()
    assert not PublishAttempt.objects.exists() and waiting == [] and sent == []


def test_the_publishing_page_says_when_the_hub_is_behind(client, director, playing, hall):
    url = f"/turniere/{playing.slug}/veroeffentlichen/"
    auto.follow_every_tournament()
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "✓ zuletzt veröffentlicht" in page and "noch nicht hat" not in page
    services.store_hand(table=five_of(playing), number=1, data=DREIER)  # not followed yet
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "✓ zuletzt veröffentlicht" not in page
    assert "seither gibt es hier Änderungen, die der Cup-Server noch nicht hat" in page and "sie folgen von selbst" in page
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "changes here that the cup site does not have yet" in english


def test_the_director_asks_for_it_on_the_publishing_page(client, director, make_tournament):
    tournament = make_tournament(players=8, slug="wahl")
    url = f"/turniere/{tournament.slug}/veroeffentlichen/"
    assert "während der Runde laufend veröffentlichen" in client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    client.post(url, {"action": "save", "url": "http://127.0.0.1:9/", "token": "abc.def", "while_playing": "on"})
    assert PublishTarget.objects.get().while_playing
    assert re.search(r'name="while_playing"[^>]* checked', client.get(url).content.decode())
    assert "publish continuously while the round runs" in client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_publish_now_waits_its_turn_while_a_live_publication_runs(client, director, playing, hall, monkeypatch):
    """The director's "publish now" takes the live publication's claim: while another process publishes, it
    sends nothing and says so; once that one is done it goes out at once, holding the claim while it sends."""
    from publishing.venue import client as venue_client

    now, _waiting, sent, _hub = hall
    url = f"/turniere/{playing.slug}/veroeffentlichen/"
    PublishTarget.objects.filter(tournament=playing).update(running_until=now[0] + timedelta(seconds=40))

    refused = client.post(url, {"action": "now"}, follow=True).content.decode()
    assert sent == [] and not PublishAttempt.objects.exists()
    assert "Gerade wird dieses Turnier schon veröffentlicht" in refused
    english = client.post(url, {"action": "now"}, follow=True, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "This tournament is being published already" in english and sent == []

    advance(now, 41)  # the other publication's claim ran out (or it finished)
    claims, hub_send = [], venue_client.send

    def send_watching_the_claim(tournament, url, token):
        claims.append(PublishTarget.objects.get(tournament=tournament).running_until)
        return hub_send(tournament, url, token)

    monkeypatch.setattr(venue_client, "send", send_watching_the_claim)
    client.post(url, {"action": "now"})
    assert sent == [version(playing)] and claims and claims[0] is not None  # sent under the claim
    target = PublishTarget.objects.get(tournament=playing)
    assert target.running_until is None and target.live_not_before > now[0]  # released; the live pace follows it
    assert PublishAttempt.objects.get().automatic is False


def test_publish_as_new_state_renews_nothing_while_another_publication_runs(client, director, playing, hall):
    now, _waiting, sent, _hub = hall
    incarnation = Tournament.objects.get(pk=playing.pk).incarnation
    PublishTarget.objects.filter(tournament=playing).update(running_until=now[0] + timedelta(seconds=40))
    page = client.post(f"/turniere/{playing.slug}/veroeffentlichen/", {"action": "new_state"}, follow=True)
    assert "Gerade wird dieses Turnier schon veröffentlicht" in page.content.decode()
    assert sent == [] and Tournament.objects.get(pk=playing.pk).incarnation == incarnation

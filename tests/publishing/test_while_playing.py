"""Publishing while a round runs (PublishTarget.while_playing, publishing/venue/auto.py): a stored,
corrected or removed hand publishes the tournament at most once every PUBLISH_LIVE_SECONDS, one further
publication waiting for the interval's end; a tournament without the option publishes nothing."""

from __future__ import annotations

import re

import pytest

from publishing.models import PublishAttempt, PublishTarget
from publishing.venue import auto
from publishing.venue.services import set_target
from scoring import services

DREIER = {"contract": "dreier", "declarer": 2, "result": "won"}


@pytest.fixture
def hall(settings, monkeypatch):
    """The interval's clock and the waiting publications in the test's hand."""
    settings.PUBLISH_IN_FOREGROUND = True
    settings.PUBLISH_LIVE_SECONDS = 120
    now, waiting = [1000.0], []
    monkeypatch.setattr(auto, "_live", {})
    monkeypatch.setattr(auto, "_clock", lambda: now[0])
    monkeypatch.setattr(auto, "_later", lambda seconds, then: waiting.append((seconds, then)))
    return now, waiting


def _stored(table, number, capture):
    with capture(execute=True):
        services.store_hand(table=table, number=number, data=DREIER)


def test_hands_publish_at_most_once_per_interval(make_tournament, hall, django_capture_on_commit_callbacks):
    now, waiting = hall
    tournament = make_tournament(players=8, slug="laufend")
    set_target(tournament=tournament, url="http://127.0.0.1:9/", token="abc.def", after_each_round=False,
               while_playing=True)
    table = tournament.round_set.get(number=1).tables.order_by("number").first()
    attempts = PublishAttempt.objects.filter(tournament=tournament, automatic=True)

    _stored(table, 1, django_capture_on_commit_callbacks)
    assert attempts.count() == 1 and waiting == []
    now[0] += 30
    for number in (2, 3):
        _stored(table, number, django_capture_on_commit_callbacks)
    assert attempts.count() == 1 and [seconds for seconds, _then in waiting] == [90]  # one waits, for the rest

    now[0] += 90
    waiting.pop()[1]()
    assert attempts.count() == 2 and waiting == []  # hands 2 and 3 went along with it
    table.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        services.remove_last_hand(table=table, expected_version=table.version)
    assert attempts.count() == 2 and [seconds for seconds, _then in waiting] == [120]


def test_nothing_is_published_without_the_option(make_tournament, hall, django_capture_on_commit_callbacks):
    _now, waiting = hall
    tournament = make_tournament(players=8, slug="still")
    set_target(tournament=tournament, url="http://127.0.0.1:9/", token="abc.def")
    table = tournament.round_set.get(number=1).tables.order_by("number").first()
    _stored(table, 1, django_capture_on_commit_callbacks)
    assert not PublishAttempt.objects.exists() and waiting == []


def test_the_director_asks_for_it_on_the_publishing_page(client, director, make_tournament):
    tournament = make_tournament(players=8, slug="wahl")
    url = f"/turniere/{tournament.slug}/veroeffentlichen/"
    assert "während der Runde laufend veröffentlichen" in client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    client.post(url, {"action": "save", "url": "http://127.0.0.1:9/", "token": "abc.def", "while_playing": "on"})
    assert PublishTarget.objects.get().while_playing
    assert re.search(r'name="while_playing"[^>]* checked', client.get(url).content.decode())
    assert "publish continuously while the round runs" in client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()

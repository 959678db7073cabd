"""POST /api/publish/: every refusal is JSON with a sentence in German and English, never a 500."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from publishing_tools import build_document, forget_venue

from publishing.models import PublishAttempt, PublishedCopy, PublishTarget, PublishToken
from tournament import rounds
from tournament.models import Tournament

URL = "/api/publish/"


def _post(client, body, token=None, **extra):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    data = body if isinstance(body, (bytes, str)) else json.dumps(body)
    return client.post(URL, data=data, content_type="application/json", **headers, **extra)


_forget_venue = forget_venue


def test_the_hub_takes_a_tournament_and_says_so(client, venue_event, hub_cup):
    _cup, token = hub_cup()
    document = build_document(venue_event)
    _forget_venue(venue_event)

    answer = _post(client, document, token)

    assert answer.status_code == 200, answer.content
    assert answer.json()["status"] == "created" and answer.json()["tournament"] == "wirt-cup-1"
    assert answer.json()["url"] == "http://testserver/turnier/wirt-cup-1/"  # the hub's standings page of it
    assert _post(client, document, token).json()["status"] == "unchanged"
    assert PublishToken.objects.get().last_used_at is not None


@pytest.mark.parametrize("token", [None, "", "abc", "abc.def", "x" * 300])
def test_without_a_valid_token_nothing_is_read(client, venue_event, hub_cup, token):
    hub_cup()
    answer = _post(client, build_document(venue_event), token)
    assert answer.status_code == 401
    assert "Unbekannter oder widerrufener Schlüssel" in answer.json()["error"]
    assert "Unknown or revoked token" in answer.json()["error"]


def test_a_revoked_token_publishes_nothing(client, venue_event, hub_cup, capsys):
    _cup, token = hub_cup()
    call_command("publish_token", "--revoke", token.split(".")[0])
    assert "Widerrufen" in capsys.readouterr().out
    document = build_document(venue_event)
    _forget_venue(venue_event)

    assert _post(client, document, token).status_code == 401
    assert not Tournament.objects.filter(slug="wirt-cup-1").exists()


def test_a_token_of_another_cup_is_refused_with_403(client, venue_event, hub_cup):
    _cup, token = hub_cup("unterland")
    _other, other_token = hub_cup("oberland")
    document = build_document(venue_event)
    _forget_venue(venue_event)
    _post(client, document, token)
    document["sequence"] += 1

    answer = _post(client, document, other_token)

    assert answer.status_code == 403
    assert "anderen Cup" in answer.json()["error_de"] and "another cup" in answer.json()["error_en"]


def test_a_replayed_old_request_is_refused_with_409(client, venue_event, hub_cup, play_round):
    _cup, token = hub_cup()
    old = build_document(venue_event)
    play_round(venue_event.round_set.get(number=2), seed=9, hands=4)
    venue_event.refresh_from_db()
    new = build_document(venue_event)
    _forget_venue(venue_event)
    assert _post(client, new, token).status_code == 200

    answer = _post(client, old, token)

    assert answer.status_code == 409 and "newer state" in answer.json()["error_en"]
    assert PublishedCopy.objects.get().sequence == new["sequence"]


@pytest.mark.parametrize("body", [b"", b"{", b'{"format": "tarock-turnier/1", "sequ', b"\xff\xfe", b"[1, 2]", b"null"])
def test_a_cut_or_malformed_body_is_a_400(client, hub_cup, body):
    _cup, token = hub_cup()
    answer = _post(client, body, token)
    assert answer.status_code == 400
    assert answer.json()["ok"] is False and " / " in answer.json()["error"]


def test_an_oversized_body_is_refused_before_it_is_read(client, hub_cup, settings):
    _cup, token = hub_cup()
    settings.PUBLISH_MAX_SIZE = 1000  # the publish limit, not the (smaller) upload limit, counts here
    settings.MAX_UPLOAD_SIZE = settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 100
    answer = _post(client, {"format": "tarock-turnier/2", "padding": "x" * 5000}, token)
    assert answer.status_code in (400, 413)
    assert "zu groß" in answer.content.decode() and "too large" in answer.content.decode()
    assert "0.000953674 MB" in answer.content.decode()  # 1000 bytes: the publish limit is the one named


def test_only_post(client):
    answer = client.get(URL)
    assert answer.status_code == 405 and answer["Allow"] == "POST"


def test_publish_token_prints_a_token_once_and_keeps_only_its_hash(db, capsys):
    from cups.services import create_cup

    create_cup(name="Cup", slug="unterland")
    call_command("publish_token", "--cup", "unterland", "--name", "Gasthof Post")
    token = capsys.readouterr().out.strip()
    row = PublishToken.objects.get()
    assert row.name == "Gasthof Post" and token.startswith(row.prefix + ".")
    assert token.split(".", 1)[1] not in (row.digest, row.prefix)
    with pytest.raises(CommandError, match="Kein Cup"):
        call_command("publish_token", "--cup", "gibtsnicht")
    with pytest.raises(CommandError, match="no such token"):
        call_command("publish_token", "--revoke", "nix.da")


def test_a_closed_round_publishes_by_itself_and_the_director_sees_how_it_went(
        client, director, make_tournament, play_round, settings, django_capture_on_commit_callbacks):
    from publishing.venue.services import set_target

    settings.PUBLISH_IN_FOREGROUND = True
    tournament = make_tournament(players=8, slug="auto")
    set_target(tournament=tournament, url="http://127.0.0.1:9/", token="abc.def")
    play_round(tournament.round_set.get(number=1), seed=1)

    with django_capture_on_commit_callbacks(execute=True) as after_commit:
        rounds.close_round(round=tournament.round_set.get(number=1))

    assert len(after_commit) == 1  # after the close committed, never inside it
    attempt = PublishAttempt.objects.get(tournament=tournament)
    assert attempt.automatic and not attempt.ok and "nicht erreichbar" in attempt.message
    assert tournament.round_set.get(number=1).status == "closed"  # the hub's absence cost the close nothing
    page = client.get(f"/turniere/{tournament.slug}/").content.decode()
    assert "letzter Versuch fehlgeschlagen" in page and "nicht erreichbar" in page


def test_the_director_sets_the_hub_and_publishes_now(client, director, make_tournament, settings):
    settings.PUBLISH_IN_FOREGROUND = True
    tournament = make_tournament(players=8, slug="jetzt")
    url = f"/turniere/{tournament.slug}/veroeffentlichen/"
    bad = client.post(url, {"action": "save", "url": "kein link", "token": "t"})
    assert bad.status_code == 422 and not PublishTarget.objects.exists()
    client.post(url, {"action": "save", "url": "http://127.0.0.1:9/", "token": "abc.def", "after_each_round": "on"})
    assert PublishTarget.objects.get().after_each_round

    answer = client.post(url, {"action": "now"}, follow=True)

    assert "Wird gesendet" in answer.content.decode() and "nicht erreichbar" in answer.content.decode()
    assert PublishAttempt.objects.filter(tournament=tournament, automatic=False, ok=False).count() == 1
    client.post(url, {"action": "clear"})
    assert not PublishTarget.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_in_the_hall_the_close_returns_and_a_thread_of_its_own_publishes(make_tournament, play_round):
    import threading

    from publishing.venue.services import set_target

    tournament = make_tournament(players=8, slug="faden")
    set_target(tournament=tournament, url="http://127.0.0.1:9/", token="abc.def")
    play_round(tournament.round_set.get(number=1), seed=1)

    rounds.close_round(round=tournament.round_set.get(number=1))

    for thread in [t for t in threading.enumerate() if t.name == f"publish-{tournament.pk}"]:
        thread.join(timeout=60)
    attempt = PublishAttempt.objects.get(tournament=tournament)
    assert attempt.automatic and not attempt.ok


@pytest.mark.django_db(transaction=True)
def test_publish_now_never_waits_for_the_hub(client, director, make_tournament):
    """A hub that takes the connection and never answers: the director's click comes back at once while
    the sending thread still waits; its attempt is written down once the hub gives up."""
    import socket
    import threading

    from publishing.venue.services import set_target

    silent = socket.create_server(("127.0.0.1", 0))
    tournament = make_tournament(players=8, slug="wartet")
    set_target(tournament=tournament, url=f"http://127.0.0.1:{silent.getsockname()[1]}/", token="abc.def")
    try:
        answer = client.post(f"/turniere/{tournament.slug}/veroeffentlichen/", {"action": "now"})
        sending = [t for t in threading.enumerate() if t.name == f"publish-{tournament.pk}"]
        assert answer.status_code == 302 and sending and sending[0].is_alive()
        assert not PublishAttempt.objects.filter(tournament=tournament).exists()
    finally:
        silent.close()  # the hub goes away: the thread's request ends
    sending[0].join(timeout=60)
    assert PublishAttempt.objects.get(tournament=tournament).ok is False


@pytest.mark.parametrize("language, said", [
    ("de", "Die Sendung ist zu tief verschachtelt; nichts wurde übernommen."),
    ("en", "The request is nested too deeply; nothing was taken."),
])
def test_a_deeply_nested_body_is_a_400_that_says_so(client, hub_cup, language, said):
    _cup, token = hub_cup()
    body = '{"format": "tarock-turnier/2", "tournament": %s%s}' % ("[" * 10_000, "]" * 10_000)
    answer = _post(client, body, token, HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 400
    assert answer.json()["message"] == said and "kein vollständiges JSON" not in answer.json()["error"]


@pytest.mark.parametrize("language, said", [("de", "zu groß"), ("en", "too large")])
def test_a_body_over_the_publish_limit_is_a_readable_413(client, hub_cup, settings, language, said):
    _cup, token = hub_cup()
    settings.PUBLISH_MAX_SIZE = 1000
    answer = _post(client, {"format": "tarock-turnier/2", "padding": "x" * 5000}, token, HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 413 and said in answer.content.decode()

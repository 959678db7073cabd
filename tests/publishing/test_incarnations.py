"""Starting over: a venue that restored a backup or re-created a tournament publishes a new incarnation,
which the hub takes whatever its sequence, while every replay of the old incarnation, and an older
request of the new one, is still refused."""

from __future__ import annotations

import json
import uuid

import pytest
from publishing_tools import build_document, forget_venue, receive

from publishing.models import HUB_NEWER, RETIRED, PublishedCopy
from publishing.problems import Refused
from scoring.selectors import standings_document
from tournament.models import Tournament

URL = "/api/publish/"


def _hub_standings():
    return standings_document(Tournament.objects.get(slug="wirt-cup-1"))


def _refused(document, token) -> Refused:
    with pytest.raises(Refused) as refusal:
        receive(document, token)
    return refusal.value


@pytest.fixture
def recreated(venue_event, make_tournament, play_round):
    """The venue's documents of "wirt-cup-1" before and after the director deleted and re-created it:
    (old, new_early, new_late, standings of new_late); the venue's rows gone, as the hub sees it."""
    play_round(venue_event.round_set.get(number=2), seed=5, hands=4)
    venue_event.refresh_from_db()
    old = build_document(venue_event)
    forget_venue(venue_event)
    again = make_tournament(players=8, slug="wirt-cup-1")
    new_early = build_document(again)
    play_round(again.round_set.get(number=1), seed=3, hands=2)
    again.refresh_from_db()
    new_late = build_document(again)
    expected = standings_document(again)
    forget_venue(again)
    assert new_late["sequence"] < old["sequence"] and new_early["sequence"] < new_late["sequence"]
    assert new_late["incarnation"] == new_early["incarnation"] != old["incarnation"]
    return old, new_early, new_late, expected


def test_a_recreated_tournament_replaces_the_hubs_copy_and_replays_stay_refused(recreated, hub_cup):
    old, new_early, new_late, expected = recreated
    _cup, token = hub_cup()
    receive(old, token)

    taken = receive(new_late, token)

    assert taken.status == "updated" and taken.replaced is not None and taken.replaced.sequence == old["sequence"]
    assert _hub_standings() == expected
    copy = PublishedCopy.objects.get()
    assert (str(copy.incarnation), copy.sequence) == (new_late["incarnation"], new_late["sequence"])
    assert copy.retired_incarnations == [old["incarnation"]]

    # (a) the old incarnation's request, replayed: refused, whatever its (larger) sequence
    refusal = _refused(old, token)
    assert (refusal.status, refusal.code, refusal.sequence) == (409, RETIRED, new_late["sequence"])
    assert "wiederhergestellt oder neu angelegt" in refusal.message_de and "restored or re-created" in refusal.message_en
    # (b) an older request of the new incarnation: refused as any older state
    refusal = _refused(new_early, token)
    assert (refusal.status, refusal.code) == (409, HUB_NEWER) and "neueren Stand" in refusal.message_de
    assert _hub_standings() == expected
    assert receive(new_late, token).status == "unchanged"
    assert PublishedCopy.objects.get().retired_incarnations == [old["incarnation"]]


def test_a_third_incarnation_retires_the_second_as_well(recreated, hub_cup):
    old, _early, new_late, _expected = recreated
    _cup, token = hub_cup()
    receive(old, token)
    receive(new_late, token)
    third = {**new_late, "incarnation": str(uuid.uuid4()), "sequence": 1}

    assert receive(third, token).replaced.sequence == new_late["sequence"]

    assert PublishedCopy.objects.get().retired_incarnations == [old["incarnation"], new_late["incarnation"]]
    for replay in (old, new_late):
        assert _refused(replay, token).code == RETIRED


def test_a_new_incarnation_does_not_open_another_venues_tournament(recreated, hub_cup):
    from publishing.hub.tokens import create_token

    old, _early, new_late, _expected = recreated
    cup, token = hub_cup()
    _row, other_venue = create_token(cup=cup, name="Anderes Wirtshaus")
    receive(old, token)

    assert _refused(new_late, other_venue).status == 403
    assert str(PublishedCopy.objects.get().incarnation) == old["incarnation"]


def _legacy(document: dict) -> dict:
    """The same state as a venue of the version before incarnations sent it (format tarock-turnier/2)."""
    legacy = {key: value for key, value in document.items() if key != "incarnation"}
    return {**legacy, "format": "tarock-turnier/2"}


def test_a_legacy_document_is_taken_and_its_incarnation_retired_by_the_first_new_one(recreated, hub_cup):
    old, _early, new_late, expected = recreated
    _cup, token = hub_cup()
    legacy = _legacy(old)

    assert receive(legacy, token).status == "created"
    assert PublishedCopy.objects.get().incarnation is None
    assert receive(legacy, token).status == "unchanged"  # its digest is what it was before /3
    assert _refused({**legacy, "sequence": legacy["sequence"] - 1}, token).code == HUB_NEWER

    taken = receive(new_late, token)  # the venue, updated, sends its (restored) tournament as /3

    assert taken.replaced.sequence == old["sequence"] and _hub_standings() == expected
    assert PublishedCopy.objects.get().retired_incarnations == []  # the legacy one is retired by having another
    refusal = _refused(legacy, token)
    assert (refusal.code, refusal.status) == (RETIRED, 409)


@pytest.mark.parametrize("change, says", [
    (lambda d: {k: v for k, v in d.items() if k != "incarnation"}, "fehlt"),
    (lambda d: {**d, "format": "tarock-turnier/2"}, "gibt es im Format tarock-turnier/2 nicht"),
    (lambda d: {**d, "incarnation": "kein-uuid"}, "muss eine UUID sein"),
    (lambda d: {**d, "incarnation": 7}, "muss eine UUID sein"),
])
def test_an_incarnation_that_does_not_fit_the_format_is_refused(venue_event, hub_cup, change, says):
    _cup, token = hub_cup()
    document = change(build_document(venue_event))
    forget_venue(venue_event)

    refusal = _refused(document, token)

    assert refusal.status == 400 and "„incarnation“" in refusal.message_de and says in refusal.message_de
    assert not Tournament.objects.filter(slug="wirt-cup-1").exists()


def _post(client, body, token):
    return client.post(URL, data=json.dumps(body), content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {token}")


def test_the_hubs_answers_say_what_it_replaced_and_why_it_refuses(client, recreated, hub_cup):
    old, new_early, new_late, _expected = recreated
    _cup, token = hub_cup()
    first = _post(client, old, token).json()
    assert first["status"] == "created" and "replaced" not in first

    taken = _post(client, new_late, token)

    assert taken.status_code == 200
    assert taken.json()["status"] == "updated" and taken.json()["replaced"] == {"sequence": old["sequence"]}
    retired = _post(client, old, token)
    assert retired.status_code == 409
    assert (retired.json()["code"], retired.json()["sequence"]) == (RETIRED, new_late["sequence"])
    assert "restored or re-created" in retired.json()["error_en"]
    older = _post(client, new_early, token)
    assert older.status_code == 409 and (older.json()["code"], older.json()["sequence"]) == (HUB_NEWER, new_late["sequence"])

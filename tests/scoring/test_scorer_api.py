"""Scorer API v1 (docs/sources/scorer-api.md): every status the spec names, replays, races."""

from __future__ import annotations

import json
import threading
import uuid

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from scoring.models import Hand
from scoring.seats import active_positions
from tournament import rounds
from tournament.models import Round, Table

DREIER = {"contract": "dreier", "declarer": 0, "result": "won"}


@pytest.fixture
def tables(make_tournament):
    tournament = make_tournament("tirol", players=17)
    return list(tournament.round_set.get(number=1).tables.order_by("number"))


@pytest.fixture
def api():
    return Client(enforce_csrf_checks=True)  # the token in the path is the credential: no CSRF token needed


def post(api, table, body, **extra):
    data = body if isinstance(body, (str, bytes)) else json.dumps(body)
    return api.post(reverse("scoring:api_hands", args=[table.token]), data=data, content_type="application/json",
                    **extra)


def key() -> str:
    return uuid.uuid4().hex


def test_the_state_of_a_table(api, tables):
    five, four = tables[0], tables[1]
    response = api.get(reverse("scoring:api_state", args=[five.token]))
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"
    state = response.json()
    names = [seat.entry.player.name for seat in five.seats.order_by("position")]
    assert state == {
        "tournament": five.round.tournament.slug, "round": 1, "table": 1, "rules": "tirol", "status": "open",
        "seats": [{"position": p, "name": name} for p, name in enumerate(names)],
        "hands_planned": 20, "next_number": 1, "version": 0, "first_dealer": 0,
        "next": {"dealer": 0, "sits_out": 0, "sitting_out": [0], "vorhand": 1, "absent": [],
                 "playing": [1, 2, 3, 4]}, "absences": [], "hands": [],
    }
    assert api.get(reverse("scoring:api_state", args=[four.token])).json()["next"] == {
        "dealer": 0, "sits_out": None, "sitting_out": [], "vorhand": 1, "absent": [], "playing": [1, 2, 3, 0]}


def test_a_new_hand_is_201_and_the_same_key_again_is_200_writing_nothing(api, tables):
    table = tables[1]
    hand_key = key()
    first = post(api, table, {"number": 1, "key": hand_key, "hand": DREIER})
    assert first.status_code == 201 and first["Cache-Control"] == "no-store"
    assert first.json() == {"number": 1, "points": [15, -5, -5, -5], "cash": [15, -5, -5, -5], "version": 1}
    again = post(api, table, {"number": 1, "key": hand_key, "hand": DREIER})
    assert again.status_code == 200 and again.json() == first.json()
    assert table.hands.count() == 1
    # A retry after the next hand was stored still answers with the hand of that key.
    post(api, table, {"number": 2, "key": key(), "hand": DREIER})
    late = post(api, table, {"number": 1, "key": hand_key, "hand": {"contract": "rufer"}})
    assert late.status_code == 200 and late.json()["number"] == 1 and late.json()["version"] == 2
    state = api.get(reverse("scoring:api_state", args=[table.token])).json()
    assert [h["number"] for h in state["hands"]] == [1, 2] and state["hands"][0]["key"] == hand_key
    assert state["hands"][0]["hand"] == DREIER and state["next_number"] == 3
    assert state["next"] == {"dealer": 2, "sits_out": None, "sitting_out": [], "vorhand": 3, "absent": [],
                             "playing": [3, 0, 1, 2]}
    table.refresh_from_db()
    assert table.hands_entered == 2 and Hand.objects.get(table=table, number=1).entered_by == "scorer"


def test_a_number_that_is_not_next_is_409_with_the_next_number(api, tables):
    table = tables[1]
    post(api, table, {"number": 1, "key": key(), "hand": DREIER})
    for number in (1, 3):
        response = post(api, table, {"number": number, "key": key(), "hand": DREIER})
        assert response.status_code == 409 and response.json()["next_number"] == 2
        assert "Spiel" in response.json()["error"] and "hand" in response.json()["error"]
    assert table.hands.count() == 1


def test_an_invalid_hand_is_422_in_german_and_english(api, tables):
    table = tables[1]
    response = post(api, table, {"number": 1, "key": key(), "hand": {"contract": "dreier", "declarer": 7}})
    assert response.status_code == 422 and " / " in response.json()["error"]
    response = post(api, table, {"number": 1, "key": key(), "hand": {"contract": "gibtsnicht"}})
    assert response.status_code == 422
    assert table.hands.count() == 0 and Table.objects.get(pk=table.pk).version == 0


@pytest.mark.parametrize("body", [
    "", "{", "[]", "null", "42", '"hand"', b"\xff\xfe", json.dumps({"number": "1", "key": "k" * 10, "hand": {}}),
    json.dumps({"number": True, "key": "k" * 10, "hand": {}}), json.dumps({"number": 1, "key": "short", "hand": {}}),
    json.dumps({"number": 1, "key": "bad key with spaces", "hand": {}}), json.dumps({"number": 1, "key": "k" * 65}),
    json.dumps({"number": 1, "key": "k" * 10, "hand": []}), json.dumps({"number": 0, "key": "k" * 10, "hand": {}}),
    json.dumps({"number": 1.5, "key": "k" * 10, "hand": {}}), json.dumps({"key": "k" * 10, "hand": {}}),
])
def test_malformed_requests_are_400(api, tables, body):
    response = post(api, tables[1], body)
    assert response.status_code == 400 and response.json()["error"] and response["Cache-Control"] == "no-store"
    assert Hand.objects.count() == 0


def test_an_oversized_body_is_400(api, tables):
    hand = {**DREIER, "padding": "x" * 70_000}
    response = post(api, tables[1], {"number": 1, "key": key(), "hand": hand})
    assert response.status_code == 400 and "64" in response.json()["error"]


def test_unknown_or_odd_tokens_are_404(api, tables):
    for token in ("nope", "%00", "a%00b", "x" * 41):
        assert api.get(f"/t/{token}/api/").status_code == 404
        response = api.post(f"/t/{token}/api/hands/", data="{}", content_type="application/json")
        assert response.status_code == 404 and response.json()["error"]


def test_wrong_methods_are_405_json(api, tables):
    table = tables[1]
    assert api.post(reverse("scoring:api_state", args=[table.token])).status_code == 405
    response = api.get(reverse("scoring:api_hands", args=[table.token]))
    assert response.status_code == 405 and response.json()["error"] and response["Allow"] == "POST"


def test_closed_confirmed_or_ended_tables_are_403(api, tables, play_round):
    from scoring.services import confirm_table

    table, ended = tables[1], tables[2]
    round = table.round
    play_round(round)
    table.refresh_from_db()
    confirm_table(table=table, expected_version=table.version, names="Anna, Bernd")
    state = api.get(reverse("scoring:api_state", args=[table.token])).json()
    assert state["status"] == "confirmed" and state["next"] is None and len(state["hands"]) == 16
    assert post(api, table, {"number": 17, "key": key(), "hand": DREIER}).status_code == 403

    other = Round.objects.get(pk=round.pk)
    rounds.close_round(round=other)
    response = post(api, ended, {"number": 17, "key": key(), "hand": DREIER})
    assert response.status_code == 403 and "Runde" in response.json()["error"]
    assert api.get(reverse("scoring:api_state", args=[ended.token])).json()["status"] == "closed"


def test_a_table_the_director_ended_takes_no_scorer_writes(api, tables, django_user_model):
    table = tables[1]
    post(api, table, {"number": 1, "key": key(), "hand": DREIER})
    rounds.end_table(table=table, reason="Zeit")
    response = post(api, table, {"number": 2, "key": key(), "hand": DREIER})
    assert response.status_code == 403 and "beendet" in response.json()["error"]
    assert api.get(reverse("scoring:api_state", args=[table.token])).json()["status"] == "closed"


def test_a_confirmed_table_the_director_then_ended_reads_ended_everywhere(api, tables, play_round):
    from scoring.services import confirm_table

    table = tables[1]
    play_round(table.round)
    table.refresh_from_db()
    confirm_table(table=table, expected_version=table.version, names="Anna, Bernd")
    rounds.end_table(table=table, reason="Zeit")
    table.refresh_from_db()
    assert table.scorer_lock == "ended"
    assert api.get(reverse("scoring:api_state", args=[table.token])).json()["status"] == "closed"
    response = post(api, table, {"number": 17, "key": key(), "hand": DREIER})
    assert response.status_code == 403 and "beendet" in response.json()["error"]


def test_two_devices_on_one_hand_store_it_once(api, tables):
    table = tables[1]
    first = post(api, table, {"number": 1, "key": key(), "hand": DREIER})
    second = post(api, table, {"number": 1, "key": key(), "hand": {**DREIER, "result": "lost"}})
    assert (first.status_code, second.status_code) == (201, 409)
    assert table.hands.count() == 1 and table.hands.get().data["result"] == "won"


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif("connection.vendor != 'postgresql'", reason="row locks across threads need a server database")
def test_two_devices_racing_in_threads_store_exactly_one(make_tournament):
    tournament = make_tournament("tirol", players=16, slug="race")
    table = tournament.round_set.get(number=1).tables.order_by("number").first()
    results: list[int] = []

    def device(result: str) -> None:
        try:
            results.append(post(Client(), table, {"number": 1, "key": key(), "hand": {**DREIER, "result": result}})
                           .status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=device, args=("won" if i % 2 else "lost",)) for i in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [201, 409, 409, 409, 409, 409]
    assert Hand.objects.filter(table=table).count() == 1


def test_the_seats_of_the_answer_are_hand_seats(api, tables):
    five = tables[0]
    response = post(api, five, {"number": 1, "key": key(), "hand": {"contract": "dreier", "declarer": 2,
                                                                     "result": "won"}})
    assert response.json()["points"] == [-5, -5, 15, -5]
    positions = active_positions(1, 5)
    hand = Hand.objects.get(table=five)
    by_entry = {score.entry_id: score.points for score in hand.scores.all()}
    seats = list(five.seats.order_by("position"))
    assert by_entry[seats[positions[2]].entry_id] == 15 and seats[0].entry_id not in by_entry


def _deeply_nested(levels: int = 10_000) -> str:
    """A request whose hand is 10,000 nested lists: json.loads raises RecursionError on it."""
    return '{"number": 1, "key": "%s", "hand": %s%s}' % (key(), "[" * levels, "]" * levels)


def test_a_deeply_nested_body_is_400_saying_so_in_the_readers_language(api, tables):
    german = post(api, tables[1], _deeply_nested())
    assert german.status_code == 400
    assert german.json()["message"] == "Die Anfrage ist zu tief verschachtelt (höchstens 32 Ebenen)."
    assert "Kein gültiges JSON" not in german.json()["error"]
    english = post(api, tables[1], _deeply_nested(), HTTP_ACCEPT_LANGUAGE="en")
    assert english.status_code == 400
    assert english.json()["message"] == "The request is nested too deeply (at most 32 levels)."
    nested_past_the_limit = post(api, tables[1], _deeply_nested(40))
    assert "zu tief verschachtelt" in nested_past_the_limit.json()["message"]
    assert Hand.objects.count() == 0


def test_the_size_named_is_the_limit_itself(api, tables, monkeypatch):
    from scoring import api as scorer_api

    monkeypatch.setattr(scorer_api, "MAX_BODY", 2 * 1024)
    response = post(api, tables[1], {"number": 1, "key": key(), "hand": {**DREIER, "padding": "x" * 3000}},
                    HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400 and response.json()["message"] == "The request is too large (at most 2 KB)."

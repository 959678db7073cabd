"""The scorer API answers JSON in every case: a database that stays locked is a 503 with
Retry-After (the outbox waits that long and sends again), a bug a JSON 500 (scoring/api.py)."""

from __future__ import annotations

import json
import uuid

import pytest
from django.db import OperationalError
from django.test import Client
from django.urls import reverse

from scoring import services

DREIER = {"contract": "dreier", "declarer": 0, "result": "won"}


@pytest.fixture
def table(make_tournament):
    return make_tournament("tirol", players=8, slug="busy").round_set.get(number=1).tables.first()


def post(table):
    return Client().post(reverse("scoring:api_hands", args=[table.token]), content_type="application/json",
                         data=json.dumps({"number": 1, "key": uuid.uuid4().hex, "hand": DREIER}))


def test_a_locked_database_is_a_json_503_with_retry_after(table, monkeypatch):
    def locked(**kwargs):
        raise OperationalError("database is locked")

    monkeypatch.setattr(services, "store_hand", locked)
    response = post(table)
    assert response.status_code == 503
    assert int(response["Retry-After"]) > 0 and response["Cache-Control"] == "no-store"
    assert "ausgelastet" in response.json()["error"] and "busy" in response.json()["error"]
    assert table.hands.count() == 0


def test_an_unexpected_error_is_json_too(table, monkeypatch):
    def broken(**kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(services, "store_hand", broken)
    response = post(table)
    assert response.status_code == 500 and "error" in response.json()
    monkeypatch.setattr("scoring.api.table_state", broken)
    response = Client().get(reverse("scoring:api_state", args=[table.token]))
    assert response.status_code == 500 and "error" in response.json()

"""The two JSON APIs answer from one module (web/json_answers.py): the scorer API and the hub's
publishing endpoint refuse in the same shape, uncached, with the sentence for every reader."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

SHAPE = {"error", "error_de", "error_en", "message"}


@pytest.mark.django_db
@pytest.mark.parametrize("url", [reverse("scoring:api_state", args=["unknown-token"]), "/api/publish/"])
def test_a_refusal_reads_the_same_from_either_api(url):
    answer = Client().put(url, HTTP_ACCEPT_LANGUAGE="en")
    body = answer.json()
    assert answer.status_code in (404, 405) and SHAPE <= set(body)
    assert body["error"] == f"{body['error_de']} / {body['error_en']}" and body["message"] == body["error_en"]
    assert answer["Cache-Control"] == "no-store"


@pytest.mark.django_db
@pytest.mark.parametrize("url", [reverse("scoring:api_hands", args=["unknown-token"]), "/api/publish/"])
def test_a_wrong_method_names_the_right_one_in_either_api(url):
    answer = Client().get(url)
    assert answer.status_code == 405 and answer["Allow"] == "POST" and "POST" in answer.json()["error_en"]

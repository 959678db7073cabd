"""A document nested deeper than the hub's parser goes is refused as too deeply nested, which it is, not as
"not complete JSON" (publishing/problems.py); a document really cut off still says so."""

from __future__ import annotations

import pytest

from publishing.document import parse
from publishing.problems import Refused

DEEP = b'{"format": "tarock-turnier/2", "rounds": ' + b"[" * 5000 + b"]" * 5000 + b"}"


def test_a_deeply_nested_document_is_refused_as_too_deeply_nested():
    with pytest.raises(Refused) as refusal:
        parse(DEEP)
    assert refusal.value.status == 400
    assert refusal.value.message_de == "Die Sendung ist zu tief verschachtelt; nichts wurde übernommen."
    assert refusal.value.message_en == "The request is nested too deeply; nothing was taken."


def test_a_document_cut_off_is_still_not_complete_json():
    with pytest.raises(Refused) as refusal:
        parse(b'{"format": "tarock-turnier/2", "rounds": [[[')
    assert "kein vollständiges JSON" in refusal.value.message_de


@pytest.mark.django_db
def test_the_hub_answers_a_deeply_nested_document_in_words(client, hub_cup):
    _cup, token = hub_cup()
    answer = client.post("/api/publish/", DEEP, content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {token}")
    assert answer.status_code == 400
    assert "zu tief verschachtelt" in answer.json()["error_de"] and "nested too deeply" in answer.json()["error_en"]

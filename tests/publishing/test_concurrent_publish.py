"""Concurrent first publishes of one tournament (a venue's retry racing its first attempt, two laptops
of one venue) give one copy and no 5xx: the hub takes one publish per cup at a time."""

from __future__ import annotations

import json
import os
import threading

import pytest
from django.db import connection
from django.test import Client
from publishing_tools import build_document, forget_venue

from publishing.models import PublishedCopy
from tournament.models import Tournament


@pytest.mark.postgres
@pytest.mark.skipif(not os.environ.get("DATABASE_URL", "").startswith("postgres"),
                    reason="PostgreSQL only (scripts/with-postgres.sh): SQLite takes one writer at a time anyway")
def test_concurrent_first_publishes_give_one_copy_and_no_error(transactional_db, venue_event, hub_cup):
    _cup, token = hub_cup()
    body = json.dumps(build_document(venue_event))
    forget_venue(venue_event)
    start, answers = threading.Barrier(8), []

    def publish():
        try:
            start.wait(timeout=30)
            answer = Client().post("/api/publish/", data=body, content_type="application/json",
                                   HTTP_AUTHORIZATION=f"Bearer {token}")
            answers.append((answer.status_code, answer.json().get("status")))
        finally:
            connection.close()

    threads = [threading.Thread(target=publish) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)

    assert sorted(answers) == [(200, "created")] + [(200, "unchanged")] * 7
    assert Tournament.objects.filter(slug="wirt-cup-1").count() == 1 and PublishedCopy.objects.count() == 1

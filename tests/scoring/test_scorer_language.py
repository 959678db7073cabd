"""The scorer's page and its outbox speak the page's language (issue 23): the drawn seat order box says
what the rule text says in German on a German page, and the API's "message" (what the outbox shows) is
in the request's language alone, while "error" keeps both (scorer-api.md)."""

from __future__ import annotations

import json
import re

from django.urls import reverse


def _draw_box(page: str) -> str:
    start = page.index('id="table-draw"')
    return re.sub(r"<[^>]+>", " ", page[start:page.index("</details>", start)])


def test_the_drawn_seat_order_box_in_the_pages_language(client, make_tournament):
    table = make_tournament("tirol", players=4, slug="sprache").round_set.get(number=1).tables.get()
    url = reverse("scoring:sheet", args=[table.token])
    german = _draw_box(client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode())
    assert "Laut Regeltext bestimmt das Ziehen von Karten die Sitzordnung" in german
    assert "drawing cards" not in german and "The order of seating" not in german
    client.cookies["django_language"] = "en"
    english = _draw_box(client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert "The rule text: drawing cards decides the seat order" in english and "Regeltext" not in english


def test_the_outbox_reads_a_refusal_in_the_pages_language(client, make_tournament):
    table = make_tournament("tirol", players=4, slug="sprache-api").round_set.get(number=1).tables.get()
    body = {"number": 1, "key": "abcdefgh1", "hand": {"contract": "dreier", "declarer": 0, "declarer_points": "20",
                                                      "result": "won"}}
    answer = client.post(reverse("scoring:api_hands", args=[table.token]), json.dumps(body),
                         content_type="application/json", HTTP_ACCEPT_LANGUAGE="de").json()
    assert answer["message"].startswith("Mit 20 Punkten ist das Spiel verloren, nicht gewonnen")
    assert not re.search(r"\b(won|lost)\b", answer["message"]) and " / With 20 card points" in answer["error"]
    wrong = client.post(reverse("scoring:api_hands", args=[table.token]), json.dumps({**body, "number": 5}),
                        content_type="application/json", HTTP_ACCEPT_LANGUAGE="de").json()
    assert "/" not in wrong["message"] and wrong["next_number"] == 1

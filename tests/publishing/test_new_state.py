"""The venue's side of starting over: what the director's page says when the hub replaced an older
incarnation or holds a later state than this laptop, and "publish as a new state".

The hub here is a small HTTP server in the test that answers what publishing/hub/api.py answers
(tests/publishing/test_incarnations.py holds the hub to those answers; test_venue_to_hub.py runs both
sides for real)."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from publishing.models import HUB_NEWER, REPLACED, RETIRED, PublishAttempt
from publishing.venue.services import set_target
from tournament.models import Tournament


@pytest.fixture
def hub():
    """A hub that gives the answers in ``hub.answers`` one after another and keeps the documents sent."""

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 - http.server's name
            server.documents.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
            status, body = server.answers.pop(0)
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.answers, server.documents = [], []
    server.url = f"http://127.0.0.1:{server.server_address[1]}/"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()
    server.server_close()


def _refusal(code: str, sequence: int) -> tuple[int, dict]:
    return 409, {"ok": False, "error": "abgelehnt / refused", "error_de": "Abgelehnt.", "error_en": "Refused.",
                 "code": code, "sequence": sequence}


def _taken(slug: str, sequence: int, replaced: int | None = None) -> tuple[int, dict]:
    answer = {"ok": True, "status": "updated", "tournament": slug, "sequence": sequence,
              "url": f"http://cup.example/turnier/{slug}/"}
    return 200, {**answer, **({"replaced": {"sequence": replaced}} if replaced is not None else {})}


@pytest.fixture
def venue(make_tournament, hub, settings):
    settings.PUBLISH_IN_FOREGROUND = True
    tournament = make_tournament(players=8, slug="zurueck")
    set_target(tournament=tournament, url=hub.url, token="abc.def")
    return tournament


def _page(client, tournament) -> str:
    return client.get(f"/turniere/{tournament.slug}/veroeffentlichen/").content.decode()


def test_a_hub_with_a_later_state_is_explained_and_publishing_as_a_new_state_replaces_it(client, director, venue, hub):
    before = venue.incarnation
    hub.answers += [_refusal(HUB_NEWER, 41), _taken(venue.slug, 99, replaced=41)]
    client.post(f"/turniere/{venue.slug}/veroeffentlichen/", {"action": "now"})
    attempt = PublishAttempt.objects.get()
    assert (attempt.ok, attempt.kind, attempt.hub_sequence) == (False, HUB_NEWER, 41)

    page = _page(client, venue)

    mine = Tournament.objects.get(pk=venue.pk).live_version
    assert f"einen neueren Stand dieses Turniers (Stand 41) als dieser Rechner (Stand {mine})" in page
    assert 'value="new_state"' in page and "Als neuen Stand veröffentlichen" in page

    answer = client.post(f"/turniere/{venue.slug}/veroeffentlichen/", {"action": "new_state"}, follow=True)

    renewed = Tournament.objects.get(pk=venue.pk).incarnation
    assert renewed != before
    assert [document["incarnation"] for document in hub.documents] == [str(before), str(renewed)]
    last = PublishAttempt.objects.first()
    assert (last.ok, last.kind, last.hub_sequence) == (True, REPLACED, 41)
    page = answer.content.decode()
    assert "Als neuer Stand gesendet" in page
    assert ("Der Cup-Server hatte einen Stand von vor der Wiederherstellung oder Neuanlage dieses Turniers (Stand 41); "
            "er wurde durch den Stand dieses Rechners ersetzt") in page
    assert 'value="new_state"' not in page  # nothing left to offer


def test_a_retired_incarnation_is_explained_with_the_same_way_out(client, director, venue, hub):
    hub.answers.append(_refusal(RETIRED, 17))
    client.post(f"/turniere/{venue.slug}/veroeffentlichen/", {"action": "now"})

    page = _page(client, venue)

    assert "in einem Stand von nach einer Wiederherstellung oder Neuanlage (Stand 17)" in page
    assert 'value="new_state"' in page


def test_the_page_speaks_english_to_an_english_reader(client, director, venue, hub):
    hub.answers.append(_refusal(HUB_NEWER, 41))
    client.post(f"/turniere/{venue.slug}/veroeffentlichen/", {"action": "now"})

    page = client.get(f"/turniere/{venue.slug}/veroeffentlichen/", HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert "The cup's site has a newer state of this tournament (state 41)" in page
    assert "Publish as a new state" in page


def test_an_ordinary_refusal_offers_no_new_state(client, director, venue, hub):
    hub.answers.append((403, {"ok": False, "error_de": "Anderer Cup.", "error_en": "Another cup."}))
    client.post(f"/turniere/{venue.slug}/veroeffentlichen/", {"action": "now"})

    assert PublishAttempt.objects.get().kind == ""
    assert 'value="new_state"' not in _page(client, venue)


def test_a_new_state_without_a_hub_renews_nothing(client, director, make_tournament):
    tournament = make_tournament(players=8, slug="ohne")

    answer = client.post(f"/turniere/{tournament.slug}/veroeffentlichen/", {"action": "new_state"}, follow=True)

    assert "Zuerst Adresse und Schlüssel speichern" in answer.content.decode()
    assert Tournament.objects.get(pk=tournament.pk).incarnation == tournament.incarnation
    assert not PublishAttempt.objects.exists()

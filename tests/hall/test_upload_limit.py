"""MAX_UPLOAD_MB covers files too, and is enforced while the body is read (hall/uploads.py): an
oversized upload is a 413 page in German and English, nothing is imported, no view reads it."""

from __future__ import annotations

import io
import json
import socket
import threading

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.http.multipartparser import MultiPartParser
from django.test import RequestFactory
from django.urls import include, path, reverse

LIMIT = 100_000


@pytest.fixture
def small_limit(settings):
    settings.MAX_UPLOAD_SIZE = LIMIT


def big_csv() -> bytes:
    return b"Name;Verein\n" + b"".join(f"Spieler {i:06d};TC Test\n".encode() for i in range(LIMIT // 10))


@pytest.mark.usefixtures("small_limit")
def test_a_player_list_over_the_limit_is_a_413_page_and_nothing_is_entered(make_tournament, director, client):
    tournament = make_tournament("tirol", players=8, seat=False, slug="gross")
    upload = SimpleUploadedFile("spieler.csv", big_csv(), content_type="text/csv")
    response = client.post(reverse("tournament:import_players", args=[tournament.slug]), {"file": upload})
    assert response.status_code == 413
    text = response.content.decode()
    assert "Die Datei ist zu groß" in text and "Nichts wurde gespeichert" in text
    assert "The file is too large" not in text  # one language per page
    assert tournament.entries.count() == 8


@pytest.mark.usefixtures("small_limit")
def test_the_413_page_speaks_the_readers_language_alone(make_tournament, director, client, settings):
    tournament = make_tournament("tirol", players=8, seat=False, slug="gross-en")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    upload = SimpleUploadedFile("spieler.csv", big_csv(), content_type="text/csv")
    text = client.post(reverse("tournament:import_players", args=[tournament.slug]), {"file": upload}).content.decode()
    assert "The file is too large" in text and "Nothing was saved" in text
    assert "Die Datei ist zu groß" not in text and "Nichts wurde gespeichert" not in text


@pytest.mark.usefixtures("small_limit")
def test_a_hand_file_over_the_limit_is_a_413_page(make_tournament, director, client):
    tournament = make_tournament("tirol", players=8, slug="gross-spiele")
    upload = SimpleUploadedFile("spiele.json", b"[" + b"{}," * LIMIT + b"{}]", content_type="application/json")
    response = client.post(reverse("paper:import_hands", args=[tournament.slug]), {"file": upload})
    assert response.status_code == 413
    assert "zu groß" in response.content.decode()


@pytest.mark.usefixtures("small_limit")
def test_the_scorer_api_keeps_its_contract_a_json_400(make_tournament, client):
    table = make_tournament("tirol", players=8, slug="gross-api").round_set.get(number=1).tables.first()
    response = client.post(f"/t/{table.token}/api/hands/", b"{" + b" " * LIMIT + b"}", content_type="application/json")
    assert response.status_code == 400
    assert "error" in response.json()


@pytest.mark.usefixtures("small_limit")
def test_a_body_that_grows_over_the_limit_while_it_streams_in_is_stopped():
    """No Content-Length to trust (chunked, or a lying client): the handler counts the bytes read."""
    from hall.uploads import LimitedUploadHandler

    boundary = "XyZ"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.csv\"\r\n"
            f"Content-Type: text/csv\r\n\r\n").encode() + big_csv() + f"\r\n--{boundary}--\r\n".encode()
    request = RequestFactory().post("/", data=body, content_type=f"multipart/form-data; boundary={boundary}")
    handler = LimitedUploadHandler(request)
    meta = {**request.META, "CONTENT_LENGTH": str(len(body))}
    _, files = MultiPartParser(meta, io.BytesIO(body), [handler]).parse()
    assert getattr(request, "upload_too_large", False)
    assert "file" not in files


def test_a_file_under_the_limit_still_arrives(make_tournament, director, client):
    tournament = make_tournament("tirol", players=8, seat=False, slug="klein")
    upload = SimpleUploadedFile("spieler.csv", "Name;Verein\nNeue Spielerin;TC Neu\n".encode(), content_type="text/csv")
    response = client.post(reverse("tournament:import_players", args=[tournament.slug]), {"file": upload})
    assert response.status_code == 302
    assert tournament.entries.filter(player__name="Neue Spielerin").exists()


def _plain_site(environ, start_response):
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [b"ok"]


@pytest.fixture
def venue_server():
    """website/slots.py's server in this process, refusing bodies over 100 kB itself (as make serve does
    over 64 MB), in front of a site that would answer anything."""
    from waitress.adjustments import Adjustments
    from waitress.task import ThreadedTaskDispatcher

    from website.slots import SlotKeepingServer

    dispatcher = ThreadedTaskDispatcher()
    dispatcher.set_thread_count(1)
    server = SlotKeepingServer(_plain_site, {}, True, dispatcher=dispatcher, adj=Adjustments(
        host="127.0.0.1", port=0, max_request_body_size=LIMIT, threads=1))
    runner = threading.Thread(target=server.run, daemon=True)
    runner.start()
    yield server.effective_port
    dispatcher.shutdown()
    server.close()


def _post_while_reading(port: int, path: str, size: int) -> tuple[list[OSError], bytes]:
    """Send a ``size`` byte body as fast as the server takes it while reading the answer, as a browser
    does; the errors either side met and the whole answer up to the server's end of it."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    errors: list[OSError] = []

    def send():
        try:
            sock.sendall(f"POST {path} HTTP/1.1\r\nHost: halle\r\nContent-Length: {size}\r\n\r\n".encode())
            chunk, left = b"x" * CHUNK_SENT, size
            while left > 0:
                left -= sock.send(chunk[:left])
        except OSError as error:
            errors.append(error)

    sender = threading.Thread(target=send)
    sender.start()
    answer = b""
    try:
        while part := sock.recv(65536):
            answer += part
    except OSError as error:
        errors.append(error)
    sender.join()
    sock.close()
    return errors, answer


CHUNK_SENT = 64 * 1024


def test_a_body_over_the_servers_bound_gets_a_readable_413_not_a_reset(venue_server):
    """waitress refused it in English and closed while the client was still sending: the client met a
    reset (and lost the answer). Now the site's sentence, then the rest of the body read away."""
    errors, answer = _post_while_reading(venue_server, "/turniere/gross/spieler/", 8_000_000)
    assert errors == []
    head, _, body = answer.decode().partition("\r\n\r\n")
    assert head.startswith("HTTP/1.1 413")
    assert "Die Datei ist zu groß" in body and "The file is too large" in body and "waitress" not in body


def test_the_scorer_api_keeps_its_json_400_over_the_servers_bound(venue_server):
    errors, answer = _post_while_reading(venue_server, "/t/abc/api/hands/", 2_000_000)
    assert errors == []
    head, _, body = answer.decode().partition("\r\n\r\n")
    assert head.startswith("HTTP/1.1 400") and "zu groß" in json.loads(body)["error"]
    # The fields of every JSON refusal (web/json_answers.py): a venue reading the hub's 413 keeps each language apart.
    said = json.loads(body)
    assert "zu groß" in said["error_de"] and "too large" in said["error_en"] and "too large" not in said["error_de"]


# The hub's intake mounted elsewhere (a site that puts publishing's URLs under /hub/): the test's own URL conf.
urlpatterns = [path("hub/", include("publishing.urls"))]


def test_the_larger_limit_follows_publishings_url_conf_not_a_written_path(settings):
    """hall/uploads.py asks publishing (web/links.py) where its intake is; a path written into hall stayed behind."""
    from hall import uploads

    settings.PUBLISH_MAX_SIZE, settings.MAX_UPLOAD_SIZE = 5 * LIMIT, LIMIT
    settings.ROOT_URLCONF = __name__
    moved = RequestFactory().post("/hub/api/publish/")
    assert (uploads.limit(moved), uploads.too_large_status(moved.path)) == (5 * LIMIT, 413)
    assert (uploads.limit(RequestFactory().post("/api/publish/")), uploads.too_large_status("/api/publish/")) == (LIMIT, 400)

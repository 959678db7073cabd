"""MAX_UPLOAD_MB covers files too, and is enforced while the body is read (hall/uploads.py): an
oversized upload is a 413 page in German and English, nothing is imported, no view reads it."""

from __future__ import annotations

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.http.multipartparser import MultiPartParser
from django.test import RequestFactory
from django.urls import reverse

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
    assert "Die Datei ist zu groß" in text and "The file is too large" in text
    assert tournament.entries.count() == 8


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

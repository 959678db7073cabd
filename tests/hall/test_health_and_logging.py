"""/healthz, X-Request-ID and a 500 with debug off leaving a traceback with the request id."""

from __future__ import annotations

import io
import logging
import sys
import types

import pytest
from django.urls import include, path


def test_healthz_answers_ok_after_a_database_query(client, db):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.json()["status"] == "ok"
    assert "no-cache" in response["Cache-Control"] or "max-age=0" in response["Cache-Control"]


def test_healthz_answers_503_when_the_database_is_unreachable(client, db, monkeypatch):
    from django.db import OperationalError, connection

    def broken():
        raise OperationalError("could not connect to server")

    with monkeypatch.context() as patch:
        patch.setattr(connection, "cursor", broken)
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"status": "error", "database": "unreachable"}


def test_every_response_carries_a_request_id(client, db):
    first = client.get("/healthz")["X-Request-ID"]
    second = client.get("/healthz")["X-Request-ID"]
    assert first and second and first != second
    assert client.get("/healthz", HTTP_X_REQUEST_ID="proxy-id-12345")["X-Request-ID"] == "proxy-id-12345"
    assert client.get("/healthz", HTTP_X_REQUEST_ID="bad id\n")["X-Request-ID"] != "bad id\n"


def _boom(request):
    raise RuntimeError("kaputt im Saal")


@pytest.fixture
def boom_urls(settings):
    module = types.ModuleType("hall_test_boom_urls")
    module.urlpatterns = [path("boom/", _boom), path("", include("hall.urls"))]
    sys.modules[module.__name__] = module
    settings.ROOT_URLCONF = module.__name__
    yield
    del sys.modules[module.__name__]


@pytest.fixture
def stderr_log():
    """The stderr handler of the site's LOGGING (on the 'django' logger), writing into a buffer."""
    handler = next(h for h in logging.getLogger("django").handlers if isinstance(h, logging.StreamHandler))
    buffer = io.StringIO()
    old = handler.setStream(buffer)
    yield buffer
    handler.setStream(old)


def test_a_500_with_debug_off_logs_the_traceback_with_the_request_id(client, db, boom_urls, stderr_log, settings):
    settings.DEBUG = False
    client.raise_request_exception = False
    response = client.get("/boom/")
    assert response.status_code == 500
    rid = response["X-Request-ID"]
    log = stderr_log.getvalue()
    assert f"[{rid}] django.request: Internal Server Error: /boom/" in log
    assert "Traceback (most recent call last)" in log
    assert "RuntimeError: kaputt im Saal" in log
    assert "kaputt" not in response.content.decode()  # no traceback to the phone

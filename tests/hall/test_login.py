"""The director's own login page with its rate limit, and logout."""

from __future__ import annotations

import time

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache


@pytest.fixture
def director(db):
    cache.clear()
    yield get_user_model().objects.create_user("chefin", password="richtig-geheim", is_staff=True)
    cache.clear()


def login(client, password, username="chefin", **extra):
    return client.post("/anmelden/", {"username": username, "password": password}, **extra)


def test_login_page_is_the_sites_own_in_german(client, db):
    page = client.get("/anmelden/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Anmeldung für die Turnierleitung" in html and "Passwort" in html
    assert 'class="site-header"' in html  # extends base.html, not the admin screen


def test_login_url_points_at_it(settings):
    from django.shortcuts import resolve_url

    assert resolve_url(settings.LOGIN_URL) == "/anmelden/"


def test_the_director_logs_in_and_out(client, director):
    response = login(client, "richtig-geheim")
    assert response.status_code == 302 and response["Location"] == "/turniere/"
    assert "Abmelden" in client.get("/").content.decode()
    response = client.post("/abmelden/")
    assert response.status_code == 302 and response["Location"] == "/"
    assert "_auth_user_id" not in client.session


def test_after_five_failures_even_the_right_password_is_refused_until_the_window_ends(client, director, monkeypatch):
    for _ in range(5):
        assert login(client, "falsch").status_code == 200
    refused = login(client, "richtig-geheim")
    assert refused.status_code == 429
    text = refused.content.decode()
    assert "Zu viele fehlgeschlagene Anmeldungen" in text and "Too many failed logins" in text
    assert "_auth_user_id" not in client.session
    # Another address or another name is not locked.
    assert login(client, "richtig-geheim", REMOTE_ADDR="10.0.0.7").status_code == 302
    client.logout()
    # 15 minutes later the right password works again.
    now = time.time()
    monkeypatch.setattr(time, "time", lambda: now + 15 * 60 + 5)
    assert login(client, "richtig-geheim").status_code == 302


def test_a_successful_login_clears_earlier_failures(client, director):
    for _ in range(4):
        login(client, "falsch")
    assert login(client, "richtig-geheim").status_code == 302
    client.logout()
    for _ in range(4):
        login(client, "falsch")
    assert login(client, "richtig-geheim").status_code == 302


def test_the_english_page_speaks_english(client, director):
    client.cookies.load({"django_language": "en"})
    html = client.get("/anmelden/").content.decode()
    assert "Tournament director login" in html and "Password" in html
    for _ in range(5):
        login(client, "wrong")
    text = login(client, "richtig-geheim").content.decode()
    assert "Too many failed logins. Please try again in 15 minutes." in text and "Zu viele" not in text

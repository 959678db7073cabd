"""The director's own login page with its rate limit (shared with the admin's login), and logout."""

from __future__ import annotations

import threading
import time

import pytest
from asgiref.sync import async_to_sync
from django.contrib.auth import aauthenticate, get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import connection
from django.test import Client, RequestFactory


@pytest.fixture
def director(db):
    return get_user_model().objects.create_user("chefin", password="richtig-geheim", is_staff=True)


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


def test_look_alike_names_share_the_lock_of_the_name_they_sign_in_as(client, db):
    get_user_model().objects.create_user("victim", password="richtig-geheim", is_staff=True)
    for _ in range(5):
        assert login(client, "falsch", username="victim").status_code == 200
    # Full-width letters: the login form's NFKC makes them "victim", so they are "victim"'s lock.
    refused = login(client, "richtig-geheim", username="ｖictim")
    assert refused.status_code == 429 and "_auth_user_id" not in client.session
    assert "Too many failed logins" in refused.content.decode()


def test_failures_under_look_alike_names_lock_the_real_one(client, db):
    get_user_model().objects.create_user("victim", password="richtig-geheim", is_staff=True)
    for name in ["ｖictim", "ｖｉｃｔｉｍ", " victim", "victim\u00a0", "ＶＩＣＴＩＭ"]:
        assert login(client, "falsch", username=name).status_code == 200
    assert login(client, "richtig-geheim", username="victim").status_code == 429
    assert "_auth_user_id" not in client.session


def admin_login(client, password, username="chefin", **extra):
    return client.post("/admin/login/", {"username": username, "password": password, "next": "/admin/"}, **extra)


def test_the_admin_login_is_locked_by_failures_at_anmelden(client, director):
    for _ in range(5):
        login(client, "falsch")
    refused = admin_login(client, "richtig-geheim")
    assert "_auth_user_id" not in client.session
    text = refused.content.decode()
    assert "Zu viele fehlgeschlagene Anmeldungen" in text and "Too many failed logins" in text


def test_failures_at_the_admin_login_lock_anmelden_and_the_message_is_english_there_too(client, director):
    client.cookies.load({"django_language": "en"})
    for _ in range(5):
        assert admin_login(client, "falsch").status_code == 200
    text = admin_login(client, "richtig-geheim").content.decode()
    assert "Too many failed logins. Please try again in 15 minutes." in text and "Zu viele" not in text
    assert login(client, "richtig-geheim").status_code == 429
    assert "_auth_user_id" not in client.session


def test_the_async_way_in_is_throttled_too(client, director):
    for _ in range(5):
        login(client, "falsch")
    request = RequestFactory().post("/", REMOTE_ADDR="127.0.0.1")
    assert async_to_sync(aauthenticate)(request, username="chefin", password="richtig-geheim") is None
    assert request.login_locked_for > 0


def test_one_address_gets_a_limited_number_of_failures_across_all_names(client, director, settings):
    settings.LOGIN_MAX_FAILURES_PER_ADDRESS = 8
    for name in ["anna", "berta", "chefin", "dora"]:
        for _ in range(2):
            assert login(client, "falsch", username=name).status_code == 200
    refused = login(client, "richtig-geheim")
    assert refused.status_code == 429 and "_auth_user_id" not in client.session
    # Another address is not affected.
    assert login(client, "richtig-geheim", REMOTE_ADDR="10.0.0.7").status_code == 302


def test_right_passwords_do_not_use_up_the_address_limit(client, director, settings):
    settings.LOGIN_MAX_FAILURES_PER_ADDRESS = 3
    for _ in range(6):
        assert login(client, "richtig-geheim").status_code == 302
        client.logout()


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif("connection.vendor != 'postgresql'", reason="the in-memory SQLite test database cannot take "
                    "writers in threads; tests/hall/test_login_concurrency.py runs this on a SQLite file")
def test_simultaneous_wrong_guesses_reach_the_password_check_at_most_the_limit(monkeypatch, settings):
    get_user_model().objects.create_user("victim", password="richtig-geheim", is_staff=True)
    checks = []
    original = AbstractBaseUser.check_password

    def counted(user, raw_password):
        checks.append(raw_password)
        time.sleep(0.2)  # keep the checks overlapping, as a slow hasher would
        return original(user, raw_password)

    monkeypatch.setattr(AbstractBaseUser, "check_password", counted)
    statuses = []
    start = threading.Barrier(12)

    def guess(n):
        try:
            start.wait()
            statuses.append(login(Client(), f"falsch-{n}", username="victim").status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=guess, args=(n,)) for n in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(checks) == settings.LOGIN_MAX_FAILURES == 5
    assert sorted(statuses) == [200] * 5 + [429] * 7


def test_a_signed_in_user_without_director_rights_gets_a_page_saying_what_is_missing(client, db):
    get_user_model().objects.create_user("kiebitz", password="richtig-geheim")
    assert login(client, "richtig-geheim", username="kiebitz").status_code == 302
    page = client.get("/turniere/", follow=True)
    assert page.status_code == 403 and page.redirect_chain == []
    html = page.content.decode()
    assert "Keine Rechte der Turnierleitung" in html and "„kiebitz“" in html
    assert "Mitarbeiter" in html and "Superuser" in html
    assert 'action="/abmelden/"' in html and 'value="/anmelden/?next=/turniere/"' in html
    # The login page forwards a signed-in user to the page asked for: the 403 again, not a loop.
    assert client.get("/anmelden/?next=/turniere/", follow=True).status_code == 403
    # Logging out from there leads to the login page, coming back to the same page.
    response = client.post("/abmelden/", {"next": "/anmelden/?next=/turniere/"})
    assert response.status_code == 302 and response["Location"] == "/anmelden/?next=/turniere/"
    assert "_auth_user_id" not in client.session


def test_the_missing_rights_page_speaks_english(client, db):
    user = get_user_model().objects.create_user("kiebitz", password="richtig-geheim")
    client.force_login(user)
    client.cookies.load({"django_language": "en"})
    page = client.get("/turniere/")
    assert page.status_code == 403
    html = page.content.decode()
    assert "No tournament director rights" in html and "staff status" in html.lower()
    assert "Log out and sign in with another account" in html and "Keine Rechte" not in html


def test_nobody_signed_in_still_goes_to_the_login_page(client, db):
    response = client.get("/turniere/")
    assert response.status_code == 302 and response["Location"] == "/anmelden/?next=/turniere/"


def _counting_checks(monkeypatch) -> list:
    checks = []
    original = AbstractBaseUser.check_password

    def counted(user, raw_password):
        checks.append(raw_password)
        return original(user, raw_password)

    monkeypatch.setattr(AbstractBaseUser, "check_password", counted)
    return checks


def test_a_guess_spread_over_twenty_addresses_reaches_the_password_check_only_the_account_limit(
        director, monkeypatch, settings):
    checks = _counting_checks(monkeypatch)
    statuses = []
    for n in range(100):  # 100 guesses at one account from 20 addresses, 5 each
        statuses.append(login(Client(REMOTE_ADDR=f"10.0.{n % 20}.1"), f"falsch-{n}").status_code)
    assert len(checks) == settings.LOGIN_MAX_FAILURES_PER_ACCOUNT == 10
    assert statuses.count(200) == 10 and statuses.count(429) == 90
    # From a device that never signed in as the account, even the right password waits for the window.
    assert login(Client(REMOTE_ADDR="10.9.9.9"), "richtig-geheim").status_code == 429
    # Other accounts are not affected.
    get_user_model().objects.create_user("kassier", password="auch-geheim", is_staff=True)
    assert login(Client(REMOTE_ADDR="10.9.9.9"), "auch-geheim", username="kassier").status_code == 302


def test_the_directors_own_browser_still_signs_in_during_a_spread_guess(director):
    laptop = Client(REMOTE_ADDR="192.168.1.10")
    assert login(laptop, "richtig-geheim").status_code == 302
    assert laptop.cookies["hall_known_device"]["httponly"]
    laptop.post("/abmelden/")
    for n in range(60):
        login(Client(REMOTE_ADDR=f"10.0.{n % 12}.1"), f"falsch-{n}")
    assert login(Client(REMOTE_ADDR="192.168.1.10"), "richtig-geheim").status_code == 429  # a new browser
    assert login(laptop, "richtig-geheim").status_code == 302  # the known one, at the same address
    # The cookie names the account it signed in as, signed by the installation: a forged or another
    # account's cookie waives nothing.
    stranger = Client(REMOTE_ADDR="10.8.8.8")
    stranger.cookies["hall_known_device"] = laptop.cookies["hall_known_device"].value + "x"
    assert login(stranger, "richtig-geheim").status_code == 429
    get_user_model().objects.create_user("kassier", password="auch-geheim", is_staff=True)
    other = Client(REMOTE_ADDR="10.8.8.9")
    assert login(other, "auch-geheim", username="kassier").status_code == 302
    other.post("/abmelden/")
    assert login(other, "richtig-geheim").status_code == 429
    assert "_auth_user_id" not in other.session


def test_a_crowd_of_wrong_passwords_from_one_address_does_not_lock_the_account_elsewhere(director):
    crowd = Client(REMOTE_ADDR="203.0.113.5")
    for n in range(40):
        login(crowd, f"falsch-{n}")
    assert login(crowd, "richtig-geheim").status_code == 429
    assert login(Client(REMOTE_ADDR="198.51.100.7"), "richtig-geheim").status_code == 302


def test_addresses_of_one_ipv6_network_share_its_limits(client, director):
    for n in range(5):  # a device picks a fresh address of its /64 for each guess
        assert login(Client(REMOTE_ADDR=f"2001:db8:1:2::{n + 1:x}"), "falsch").status_code == 200
    assert login(Client(REMOTE_ADDR="2001:db8:1:2::99"), "richtig-geheim").status_code == 429
    assert login(Client(REMOTE_ADDR="2001:db8:1:3::1"), "richtig-geheim").status_code == 302

"""The page header's link to the director's login says it is the director's ("Turnierleitung",
"Director login"), so a player does not take it for the tournament's sign-up ("Anmelden", "Register")."""

from __future__ import annotations


def test_the_login_link_reads_log_in_in_english(client, db):
    client.cookies["django_language"] = "en"
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '>Director login</a>' in page and 'href="/anmelden/"' in page
    assert ">Register</a>" not in page


def test_the_login_link_names_the_director_in_german(client, db):
    page = client.get("/").content.decode()
    assert '>Turnierleitung</a>' in page and 'href="/anmelden/"' in page
    assert ">Anmelden</a>" not in page

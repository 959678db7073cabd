"""The page header's link to the director's login reads "Log in" in English, never "Register" (the
player registration's "Anmelden" is another word in English)."""

from __future__ import annotations


def test_the_login_link_reads_log_in_in_english(client, db):
    client.cookies["django_language"] = "en"
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '/anmelden/">Log in</a>' in page
    assert ">Register</a>" not in page


def test_the_login_link_reads_anmelden_in_german(client, db):
    page = client.get("/").content.decode()
    assert '/anmelden/">Anmelden</a>' in page

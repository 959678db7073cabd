"""The sign-up page on a phone and the director's list: thin views over the services; bad input is a
4xx with a sentence, never a 500; the last place goes to one phone only."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.test import Client

from signup.models import SignUp
from tournament.models import Entry


def test_a_player_signs_up_and_sees_the_list(client, open_tournament):
    tournament = open_tournament(cap=3)
    answer = client.post(f"/turnier/{tournament.slug}/anmelden/", {"name": "Anna Berger", "club": "TC Kufstein",
                                                                     "email": "anna@example.invalid"}, follow=True)
    page = answer.content.decode()
    assert answer.status_code == 200 and "Anna Berger ist angemeldet" in page and "Noch 2 Plätze frei" in page
    assert "anna@example.invalid" not in page  # e-mails are for the director only


def test_the_waiting_list_is_said_and_shown(client, open_tournament):
    tournament = open_tournament(cap=1)
    client.post(f"/turnier/{tournament.slug}/anmelden/", {"name": "Anna"})
    page = client.post(f"/turnier/{tournament.slug}/anmelden/", {"name": "Bernd"}, follow=True).content.decode()
    assert "Warteliste" in page and "Bernd" in page


@pytest.mark.parametrize("data", [{}, {"name": ""}, {"name": "x" * 500}, {"name": "Anna", "email": "nein"},
                                  {"name": "Anna\x00"}])
def test_bad_input_is_a_422_with_a_sentence(client, open_tournament, data):
    tournament = open_tournament()
    answer = client.post(f"/turnier/{tournament.slug}/anmelden/", data)
    assert answer.status_code in (400, 422) and not SignUp.objects.exists()


def test_a_flood_is_a_429(client, open_tournament, settings):
    settings.SIGNUP_MAX_PER_ADDRESS_PER_HOUR = 2
    tournament = open_tournament(cap=None)
    for n in range(2):
        client.post(f"/turnier/{tournament.slug}/anmelden/", {"name": f"Spieler {n}"})
    answer = client.post(f"/turnier/{tournament.slug}/anmelden/", {"name": "Noch einer"})
    assert answer.status_code == 429 and "Zu viele" in answer.content.decode()


def test_closed_registration_shows_no_form(client, make_tournament):
    tournament = make_tournament(players=0, slug="ohne", seat=False)
    page = client.get(f"/turnier/{tournament.slug}/anmelden/").content.decode()
    assert "nicht offen" in page and 'name="name"' not in page
    assert client.post(f"/turnier/{tournament.slug}/anmelden/", {"name": "Anna"}).status_code == 422


def test_after_the_deadline_the_page_shows_no_form(client, open_tournament):
    tournament = open_tournament(slug="vorbei", deadline_days=-0.01)
    page = client.get(f"/turnier/{tournament.slug}/anmelden/").content.decode()
    assert "nicht offen" in page and 'name="name"' not in page


def test_the_director_confirms_and_checks_in(client, director, open_tournament):
    tournament = open_tournament()
    client.post(f"/turnier/{tournament.slug}/anmelden/", {"name": "Anna Berger", "email": "anna@example.invalid"})
    sign_up = SignUp.objects.get()
    url = f"/turniere/{tournament.slug}/anmeldungen/"
    assert "anna@example.invalid" in client.get(url).content.decode()
    client.post(url, {"action": "confirm", "sign_up": sign_up.pk})
    client.post(url, {"action": "check_in", "sign_up": sign_up.pk})
    assert Entry.objects.get(tournament=tournament).checked_in
    for bad in ({"action": "fly", "sign_up": sign_up.pk}, {"action": "confirm", "sign_up": "x"},
                {"action": "settings", "deadline": "morgen", "cap": "-1"}):
        assert client.post(url, bad).status_code in (404, 422)


def test_the_director_opens_registration(client, director, make_tournament):
    tournament = make_tournament(players=0, slug="neu", seat=False)
    url = f"/turniere/{tournament.slug}/anmeldungen/"
    client.post(url, {"action": "settings", "is_open": "on", "deadline": "2099-01-01T18:00", "cap": "20"})
    assert tournament.registration.cap == 20 and tournament.registration.is_open
    assert 'name="name"' in client.get(f"/turnier/{tournament.slug}/anmelden/").content.decode()


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif("connection.vendor != 'postgresql'", reason="row locks across threads need a server database")
def test_six_phones_for_the_last_place_one_gets_it(open_tournament):
    tournament = open_tournament(cap=1)

    def phone(n: int) -> None:
        try:
            Client(REMOTE_ADDR=f"10.0.0.{n}").post(f"/turnier/{tournament.slug}/anmelden/", {"name": f"Spieler {n}"})
        finally:
            connection.close()

    threads = [threading.Thread(target=phone, args=(n,)) for n in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    statuses = sorted(SignUp.objects.values_list("status", flat=True))
    assert statuses == [SignUp.REGISTERED] + [SignUp.WAITING] * 5

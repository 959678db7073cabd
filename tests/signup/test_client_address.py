"""The sign-up limit counts the client's address as hall/clients.py gives it (an IPv6 client by its /64)."""

from __future__ import annotations

from django.test import Client

from signup.models import SignUp


def test_the_sign_up_limit_counts_an_ipv6_network_as_one_client(open_tournament, settings):
    settings.SIGNUP_MAX_PER_ADDRESS_PER_HOUR = 3
    tournament = open_tournament(cap=None)
    url = f"/turnier/{tournament.slug}/anmelden/"
    statuses = [Client(REMOTE_ADDR=f"2001:db8:5:6::{n + 1:x}").post(url, {"name": f"Spieler {n}"}).status_code
                for n in range(4)]
    assert statuses == [302, 302, 302, 429]
    assert Client(REMOTE_ADDR="2001:db8:5:7::1").post(url, {"name": "Nachbarin"}).status_code == 302
    assert SignUp.objects.filter(tournament=tournament).count() == 4

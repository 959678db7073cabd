"""Players ABAKUS marks deceased (AbakusNumber.deceased) stay out of every sign-up path and every suggestion
(issue 30, point 4): the public sign-up, the director's match and check-in, the director's newcomer form and
pick of a known player. The search's suggestions: tests/cups/test_abakus_reimport.py."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cups.models import AbakusNumber
from language import ServiceError
from signup import selectors, services
from signup.models import SignUp
from tournament.models import Entry, Player


def _deceased(name="Dieter Dorn", club=""):
    player = Player.objects.create(name=name, club=club)
    AbakusNumber.objects.create(number="0004", player=player, deceased=True)
    return player


def test_a_namesake_signing_up_is_not_the_deceased_player(open_tournament):
    dieter = _deceased()
    living = Player.objects.create(name="Lena Lang")
    tournament = open_tournament()
    namesake = services.sign_up(tournament=tournament, name="Dieter Dorn", address="a")
    assert namesake.player is None  # a newcomer for the director, never the deceased's record
    assert services.sign_up(tournament=tournament, name="Lena Lang", address="b").player == living
    assert dieter.pk not in {s.player.pk for s in selectors.suggestions(namesake)}


def test_the_director_cannot_match_a_sign_up_to_him_and_the_check_in_makes_a_newcomer(open_tournament):
    tournament = open_tournament()
    namesake = services.sign_up(tournament=tournament, name="Dieter Dorn", address="a")
    dieter = _deceased()
    with pytest.raises(ServiceError) as refused:
        services.match(sign_up=namesake, player=dieter)
    assert "verstorben" in refused.value.message("de") and "deceased" in refused.value.message("en")
    # A sign-up matched before the later import set the flag: checked in as a player of his own.
    SignUp.objects.filter(pk=namesake.pk).update(player=dieter)
    namesake.refresh_from_db()
    services.confirm(sign_up=namesake)
    entry = services.check_in(sign_up=namesake)
    assert entry.player != dieter and entry.player.name == "Dieter Dorn"
    assert not Entry.objects.filter(player=dieter).exists()


def test_the_directors_pick_refuses_him(client, director, make_tournament):
    tournament = make_tournament(players=4, slug="pick", seat=False)
    dieter = _deceased()
    page = client.post(reverse("tournament:enter_existing", args=[tournament.slug]), {"player": dieter.pk}, follow=True)
    assert "verstorben" in page.content.decode()
    assert not tournament.entries.filter(player=dieter).exists()


def test_the_directors_newcomer_form_does_not_ask_about_him(client, director, make_tournament):
    tournament = make_tournament(players=4, slug="neu", seat=False)
    dieter = _deceased()
    page = client.post(reverse("tournament:add_player", args=[tournament.slug]), {"name": "Dieter Dorn"}, follow=True)
    assert page.status_code == 200 and "vielleicht schon" not in page.content.decode()
    (entry,) = tournament.entries.filter(player__name="Dieter Dorn")
    assert entry.player != dieter
    # A living namesake is still asked about.
    Player.objects.create(name="Lena Lang")
    page = client.post(reverse("tournament:add_player", args=[tournament.slug]), {"name": "Lena Lang"}, follow=True)
    assert "vielleicht schon" in page.content.decode()

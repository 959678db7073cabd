"""Players ABAKUS marks deceased (AbakusNumber.deceased) stay out of every path that brings a player to a table
and every suggestion (issue 30, point 4): the public sign-up, the director's match and check-in, the director's
newcomer form and pick of a known player, the director's player list and a substitute typed by name (one rule:
tournament.players.matchable_by_name, fed by cups.players.deceased_players). The search's suggestions:
tests/cups/test_abakus_reimport.py."""

from __future__ import annotations

import pytest
from django.urls import reverse
from events import substitute_as_the_director

from cups.models import AbakusNumber
from language import ServiceError
from paper.imports import players as player_list
from signup import selectors, services
from signup.models import SignUp
from tournament.models import Entry, Player


def _deceased(name="Dieter Dorn", club="", number="0004"):
    player = Player.objects.create(name=name, club=club)
    AbakusNumber.objects.create(number=number, player=player, deceased=True)
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


def test_a_namesake_signing_up_again_is_the_living_namesake_made_at_his_first_check_in(open_tournament):
    dieter = _deceased()
    first = open_tournament(slug="fruehling")
    namesake = services.sign_up(tournament=first, name="Dieter Dorn", address="a")
    services.confirm(sign_up=namesake)
    living = services.check_in(sign_up=namesake).player
    again = services.sign_up(tournament=open_tournament(slug="sommer"), name="Dieter Dorn", address="a")
    assert living != dieter and again.player == living  # not a newcomer again beside the older deceased record


def test_the_player_list_enters_a_namesake_of_him_as_a_player_of_his_own(make_tournament):
    tournament = make_tournament(players=0, slug="liste", seat=False)
    dieter, dora = _deceased(), _deceased("Dora Dorn", club="TC Linz", number="0005")
    Player.objects.create(name="Dora Dorn", club="TC Wels")  # a living namesake in another club is still asked about
    rows = player_list.player_rows_from_text("Dieter Dorn\nDora Dorn; TC Linz\nLena Lang")
    report = player_list.import_players(tournament=tournament, rows=rows)
    entered = {entry.player.name: entry.player for entry in report.entered}
    assert not report.reused and set(entered) == {"Dieter Dorn", "Lena Lang"}
    assert entered["Dieter Dorn"] != dieter and [row["name"] for row, _candidates in report.flagged] == ["Dora Dorn"]
    assert [c.club for c in report.flagged[0][1]] == ["TC Wels"]  # asked about the living one alone, never the deceased
    assert not Entry.objects.filter(player__in=[dieter, dora]).exists()
    again = player_list.import_players(tournament=tournament, rows=player_list.player_rows_from_text("Dieter Dorn"))
    assert again.reused == [entered["Dieter Dorn"]]  # the list uploaded again finds the namesake it made


def test_a_substitute_typed_with_his_name_is_a_player_of_his_own(make_tournament):
    tournament = make_tournament("tirol", players=7, slug="springer")
    dieter = _deceased(club="TC Aushilfe")
    substitute_as_the_director(tournament.round_set.get(number=1), name="Dieter Dorn", club="TC Aushilfe")
    springer = Entry.objects.get(tournament=tournament, substitute=True)
    assert springer.player != dieter and (springer.player.name, springer.player.club) == ("Dieter Dorn", "TC Aushilfe")
    assert not Entry.objects.filter(player=dieter).exists()

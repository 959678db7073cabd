"""The director's team page: register a team with players, add and take out a player, form teams by club;
a refused write (a player in two teams, a bad size, an unknown team) is a message, never a 500."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.models import Team


@pytest.mark.django_db
def test_register_fill_and_form_teams(client, director, make_tournament):
    tournament = make_tournament(players=8, seat=False, slug="mt-page")
    url = reverse("tournament:teams", args=[tournament.slug])
    e = list(tournament.entries.order_by("pk"))
    assert client.get(reverse("tournament:detail", args=[tournament.slug])).content.decode().count(url) == 1
    response = client.post(url, {"action": "create", "name": "Die Sküs", "entries": [e[0].pk, e[1].pk]})
    assert response.status_code == 302
    team = Team.objects.get(tournament=tournament, name="Die Sküs")
    assert sorted(m.entry_id for m in team.memberships.all()) == [e[0].pk, e[1].pk]
    client.post(url, {"action": "add", "team": team.pk, "entries": [e[2].pk]})
    client.post(url, {"action": "remove", "team": team.pk, "entries": [e[0].pk]})
    assert sorted(m.entry_id for m in team.memberships.all()) == [e[1].pk, e[2].pk]
    # e1 already plays for Die Sküs: the second team is refused, nothing stored
    page = client.post(url, {"action": "create", "name": "Pagat", "entries": [e[3].pk, e[1].pk]}, follow=True)
    assert page.status_code == 200 and "Die Sküs" in page.content.decode()
    assert not Team.objects.filter(name="Pagat").exists()
    # the other five (all of club "TC Test") form one team of 4; one is left over
    client.post(url, {"action": "form", "size": "4"})
    assert Team.objects.filter(tournament=tournament).count() == 2
    page = client.get(url)
    assert page.status_code == 200 and "TC Test" in page.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("data", [{"action": "form", "size": "zwei"}, {"action": "add", "team": "x"},
                                  {"action": "delete", "team": "999999"}, {"action": "??"},
                                  {"action": "create", "name": ""}])
def test_bad_input_is_a_message(client, director, make_tournament, data):
    tournament = make_tournament(players=4, seat=False, slug="mt-bad")
    response = client.post(reverse("tournament:teams", args=[tournament.slug]), data, follow=True)
    assert response.status_code == 200
    assert '<li class="error">' in response.content.decode()
    assert not Team.objects.exists()


@pytest.mark.django_db
def test_only_directors(client, make_tournament):
    tournament = make_tournament(players=4, seat=False, slug="mt-anon")
    response = client.get(reverse("tournament:teams", args=[tournament.slug]))
    assert response.status_code in (302, 403)

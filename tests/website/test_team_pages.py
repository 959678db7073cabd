"""The team standings on the public standings page and the projector, and a club's own ranking on the
standings page (?club=...), with totals worked out in the test."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament import teams


@pytest.fixture
def booked(make_tournament):
    """Eight players, 50, 40, 30, 20, 10, 0, 0, 0 points booked in round 1; e1, e3 and e6 play for TC Wels."""
    from scoring.services import book_correction
    from tournament.models import Player

    tournament = make_tournament(players=8, rounds=1)
    round1 = tournament.round_set.get(number=1)
    entries = list(tournament.entries.select_related("player").order_by("pk"))
    for entry, points in zip(entries, (50, 40, 30, 20, 10), strict=False):
        book_correction(entry=entry, round=round1, points=points, reason="Test")
    Player.objects.filter(pk__in=[entries[i].player_id for i in (1, 3, 6)]).update(club="TC Wels")
    return tournament, entries


@pytest.mark.django_db
def test_the_standings_page_and_projector_show_the_teams(client, booked):
    tournament, e = booked
    teams.create_team(tournament=tournament, name="Die Pagats", entries=[e[0], e[4]])  # 50 + 10 = 60
    teams.create_team(tournament=tournament, name="Die Sküs", entries=[e[1], e[2]])  # 40 + 30 = 70
    html = client.get(reverse("tournament:standings", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Mannschaftswertung" in html
    section = html[html.index("Mannschaftswertung"):]
    assert section.index("Die Sküs") < section.index("Die Pagats")
    assert '<td class="num">70</td>' in section and '<td class="num">60</td>' in section
    projector = client.get(reverse("tournament:projector", args=[tournament.slug])).content.decode()
    assert "Die Sküs" in projector and '<td class="num">70</td>' in projector


@pytest.mark.django_db
def test_no_team_section_without_teams(client, booked):
    tournament, _e = booked
    html = client.get(reverse("tournament:standings", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Mannschaftswertung" not in html


@pytest.mark.django_db
def test_a_club_ranked_among_itself_on_the_page(client, booked):
    tournament, e = booked
    url = reverse("tournament:standings", args=[tournament.slug])
    html = client.get(url, {"club": "tc wels", "fragment": "1"}).content.decode()
    # TC Wels: e1 (40, 2nd overall), e3 (20, 4th), e6 (0): ranks 1, 2, 3 among themselves.
    names = [e[i].player.name for i in (1, 3, 6)]
    assert all(name in html for name in names)
    assert e[0].player.name not in html and e[2].player.name not in html
    positions = [html.index(name) for name in names]
    assert positions == sorted(positions)
    for number, name in zip((1, 2), names, strict=False):
        row = html[html.rindex("<tr", 0, html.index(name)):html.index(name)]
        assert f'<td class="num">{number}</td>' in row
    unknown = client.get(url, {"club": "x" * 500, "fragment": "1"})
    assert unknown.status_code == 200


@pytest.mark.django_db
def test_players_level_in_a_club_share_their_place_there(client, booked):
    from tournament.models import Entry, Player

    tournament, e = booked
    Player.objects.filter(pk=e[7].player_id).update(club="TC Wels")  # 0 points, as e6
    Entry.objects.filter(pk__in=[e[6].pk, e[7].pk]).update(lot=None)  # no lot parts them: level
    html = client.get(reverse("tournament:standings", args=[tournament.slug]), {"club": "TC Wels", "fragment": "1"}).content.decode()
    for entry in (e[6], e[7]):
        name = entry.player.name
        assert '<td class="num">3=</td>' in html[html.rindex("<tr", 0, html.index(name)):html.index(name)]


@pytest.mark.django_db
def test_a_team_ranked_among_itself_on_the_page(client, booked):
    tournament, e = booked
    teams.create_team(tournament=tournament, name="Die Sküs", entries=[e[4], e[2]])  # 10 and 30 points
    url = reverse("tournament:standings", args=[tournament.slug])
    page = client.get(url).content.decode()
    assert "?team=Die%20Sk%C3%BCs" in page  # the team links to its own ranking
    html = client.get(url, {"team": "die sküs", "fragment": "1"}).content.decode()
    assert e[0].player.name not in html and e[1].player.name not in html
    # e2 (30, 3rd overall) is 1st in the team, e4 (10, 5th) 2nd
    for number, entry in ((1, e[2]), (2, e[4])):
        name = entry.player.name
        row = html[html.rindex("<tr", 0, html.index(name)):html.index(name)]
        assert f'<td class="num">{number}</td>' in row

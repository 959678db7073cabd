"""Teams (Mannschaftswertung, docs/sources/events.md "Teams"): registered per tournament, a player in one
team only, formed by club by seed_demo --teams, and ranked by the sum of the members' totals (ABAKUS
Statistik/showTurnierMT.js) in the standings JSON. The sums are worked out in the tests."""

from __future__ import annotations

import io
import json
from decimal import Decimal

import pytest
from django.core.management import call_command

from language import ServiceError
from scoring.selectors import club_ranking, standings, standings_document, team_standings
from tournament import teams
from tournament.models import Team


@pytest.mark.django_db
def test_a_player_plays_for_one_team_only(make_tournament):
    tournament = make_tournament(players=8, seat=False)
    a, b, c = list(tournament.entries.order_by("pk"))[:3]
    first = teams.create_team(tournament=tournament, name="  TC  Wels ", entries=[a, b])
    assert first.name == "TC Wels"
    with pytest.raises(ServiceError, match="already plays for the team “TC Wels”"):
        teams.create_team(tournament=tournament, name="Linz", entries=[b, c])
    assert not Team.objects.filter(name="Linz").exists()  # all or nothing
    with pytest.raises(ServiceError, match="already exists"):
        teams.create_team(tournament=tournament, name="tc wels")
    with pytest.raises(ServiceError, match="name is missing"):
        teams.create_team(tournament=tournament, name="   ")
    other = make_tournament(players=4, seat=False, slug="other")
    with pytest.raises(ServiceError, match="does not play in this tournament"):
        teams.add_member(team=first, entry=other.entries.first())
    second = teams.create_team(tournament=tournament, name="Linz")
    teams.add_member(team=second, entry=c)
    with pytest.raises(ServiceError, match="already plays"):
        teams.add_member(team=second, entry=a)


@pytest.mark.django_db
def test_form_teams_by_club_then_mixed(make_tournament):
    from tournament.models import Player

    tournament = make_tournament(players=0, seat=False)
    clubs = ["TC Wels"] * 5 + ["TC Linz"] * 2 + [""] * 3
    for number, club in enumerate(clubs):
        player = Player.objects.create(name=f"P{number:02d}", club=club)
        tournament.entries.create(player=player, checked_in=True)
    formed = teams.form_teams(tournament=tournament, size=2)
    names = {team.name: sorted(m.entry.player.name for m in team.memberships.all()) for team in formed}
    # Wels: two teams of its five (P00-P03), the fifth mixes with Linz's two and the three without a club.
    assert names["TC Wels"] == ["P00", "P01"] and names["TC Wels 2"] == ["P02", "P03"]
    assert names["TC Linz"] == ["P05", "P06"]
    assert names["Mannschaft 1"] == ["P04", "P07"] and names["Mannschaft 2"] == ["P08", "P09"]
    assert len(formed) == 5


def _booked(tournament, points: dict[int, int]):
    """The tournament's entries in pk order, each with ``points[i]`` booked as a correction in round 1."""
    from scoring.services import book_correction

    round1 = tournament.round_set.get(number=1)
    entries = list(tournament.entries.select_related("player").order_by("pk"))
    for index, value in points.items():
        book_correction(entry=entries[index], round=round1, points=value, reason="Test")
    return entries, round1


@pytest.mark.django_db
def test_team_totals_and_ranks_in_the_json(make_tournament):
    from scoring.services import book_correction

    tournament = make_tournament(players=8, rounds=1)
    e, round1 = _booked(tournament, {0: 30, 1: 12, 2: -4, 3: 7})
    teams.create_team(tournament=tournament, name="Oben", entries=[e[2], e[0]])
    teams.create_team(tournament=tournament, name="Mitte", entries=[e[1], e[3]])
    teams.create_team(tournament=tournament, name="Leer")
    document = standings_document(tournament)
    # Oben: 30 + (-4) = 26; Mitte: 12 + 7 = 19; Leer: no members, 0.
    assert document["teams"] == [
        {"rank": 1, "name": "Oben", "members": [e[0].player.name, e[2].player.name], "total": 26},
        {"rank": 2, "name": "Mitte", "members": [e[1].player.name, e[3].player.name], "total": 19},
        {"rank": 3, "name": "Leer", "members": [], "total": 0},
    ]
    # 7 more for Mitte: 26 as well, and the two share rank 1 (Leer stays third).
    book_correction(entry=e[3], round=round1, points=7, reason="Test")
    rows = team_standings(tournament, standings(tournament))
    assert [(row.name, row.rank_label, row.total) for row in rows] == [
        ("Mitte", "1=", Decimal(26)), ("Oben", "1=", Decimal(26)), ("Leer", "3", Decimal(0))]


@pytest.mark.django_db
def test_no_teams_no_key(make_tournament):
    assert "teams" not in standings_document(make_tournament(players=4))


@pytest.mark.django_db
def test_a_club_ranked_among_itself(make_tournament):
    from tournament.models import Player

    tournament = make_tournament(players=8, rounds=1)
    e, _round = _booked(tournament, {0: 50, 1: 40, 2: 30, 3: 30, 4: 20, 5: 10, 6: 5})
    Player.objects.filter(pk__in=[e[i].player_id for i in (1, 2, 3, 6)]).update(club="TC Wels")
    ranked = standings(tournament)
    wels = club_ranking(ranked, " tc wels")
    # In the tournament e1 is 2nd, e2 and e3 (30 each, a tie-break between them) 3rd and 4th, e6 7th;
    # within the club they are 1, 2, 3, 4.
    assert [(number, shared, row.rank) for number, shared, row in wels] == [
        (1, False, 2), (2, False, 3), (3, False, 4), (4, False, 7)]
    assert [row.player.entry_id for _n, _s, row in wels][0::3] == [e[1].pk, e[6].pk]


@pytest.mark.django_db
def test_seed_demo_teams_sum_their_members():
    call_command("seed_demo", "--players", "12", "--teams", "4", "--slug", "mt", "--seed", "mt", stdout=io.StringIO())
    out = io.StringIO()
    call_command("standings", "mt", "--json", stdout=out)
    document = json.loads(out.getvalue())
    totals = {row["name"]: Decimal(str(row["total"])) for row in document["rows"]}
    assert len(document["teams"]) == 3
    members = [name for team in document["teams"] for name in team["members"]]
    assert sorted(members) == sorted(totals)  # everyone in exactly one team
    for team in document["teams"]:
        assert len(team["members"]) == 4
        assert Decimal(str(team["total"])) == sum(totals[name] for name in team["members"])
    assert [team["total"] for team in document["teams"]] == sorted((t["total"] for t in document["teams"]), reverse=True)
    assert document["teams"][0]["rank"] == 1


@pytest.mark.django_db
def test_form_teams_takes_one_club_in_any_spelling_as_the_club_ranking_does(make_tournament):
    """'TC Wörgl' and 'TC Woergl' are one club for the club ranking on the same page (its key,
    tournament/players.py); forming teams by club reads it the same way, named as most spell it."""
    from tournament.models import Player

    tournament = make_tournament(players=0, seat=False)
    for number, club in enumerate(["TC Wörgl", "TC Woergl", "tc  WÖRGL", "TC Wörgl"]):
        player = Player.objects.create(name=f"P{number:02d}", club=club)
        tournament.entries.create(player=player, checked_in=True)
    formed = teams.form_teams(tournament=tournament, size=2)
    names = {team.name: sorted(m.entry.player.name for m in team.memberships.all()) for team in formed}
    assert names == {"TC Wörgl": ["P00", "P01"], "TC Wörgl 2": ["P02", "P03"]}
    ranked = standings(tournament)
    assert {row.player.name for _n, _s, row in club_ranking(ranked, "TC Woergl")} == {"P00", "P01", "P02", "P03"}

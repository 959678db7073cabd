"""Who sits out is shown: the round board lists the byes, the standings mark each player's byes."""

import json

from django.urls import reverse

from tournament import rounds


def test_round_board_and_standings_show_who_sits_out(client, director, make_tournament, play_round):
    tournament = make_tournament("hopfgarten", players=6)  # only tables of four: two sit out
    round1 = tournament.round_set.get(number=1)
    out = sorted(round1.byes.values_list("entry__player__name", flat=True))
    assert len(out) == 2
    html = client.get(reverse("tournament:round", args=[tournament.slug, 1])).content.decode()
    assert "Freilos" in html and all(name in html for name in out)
    play_round(round1)
    rounds.close_round(round=round1)
    page = client.get(reverse("tournament:standings", args=[tournament.slug])).content.decode()
    assert page.count("1× Freilos") == 2
    projector = client.get(reverse("tournament:projector", args=[tournament.slug])).content.decode()
    assert projector.count("1× Freilos") == 2
    doc = json.loads(client.get(f"/turnier/{tournament.slug}/standings.json").content)
    rows = {row["name"]: row for row in doc["rows"]}
    assert all(rows[name]["byes"] == 1 and rows[name]["rounds"][0] == 0 for name in out)
    assert doc["participants"] == 6


def test_a_withdrawal_on_the_directors_page_leaves_eleven_and_round_two_is_seated(client, director, make_tournament,
                                                                                play_round):
    """12 players, one leaves after round 1 (the issue's case): round 2 seats 10 at two tables of five, one bye."""
    tournament = make_tournament("tirol", players=12)
    round1 = tournament.round_set.get(number=1)
    play_round(round1)
    rounds.close_round(round=round1)
    leaver = tournament.entries.first()
    client.post(reverse("tournament:withdraw", args=[tournament.slug, leaver.pk]), {"after_round": "1"})
    response = client.post(reverse("tournament:round_action", args=[tournament.slug, 2, "seat"]))
    assert response.status_code == 302
    round2 = tournament.round_set.get(number=2)
    assert sorted(t.seats.count() for t in round2.tables.all()) == [5, 5]
    assert round2.byes.count() == 1 and not round2.byes.filter(entry=leaver).exists()
    assert not round2.tables.filter(seats__entry=leaver).exists()

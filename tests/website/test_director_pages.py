"""Director pages: create a tournament, register players, seat, watch progress, close, reopen."""

import io

from django.urls import reverse

from tournament.models import Entry, Player, Round, Tournament


def test_create_a_tournament_and_register_players(client, director):
    response = client.post(reverse("tournament:list"), {
        "name": "Tiroler Cup Wörgl", "slug": "woergl", "date": "2026-12-05", "venue": "Wörgl", "ruleset": "tirol",
    })
    assert response.status_code == 302
    tournament = Tournament.objects.get(slug="woergl")
    assert tournament.stake_cents == 10 and tournament.rounds == 3
    client.post(reverse("tournament:add_player", args=["woergl"]), {"name": "Anna Berger", "club": "Wörgl", "checked_in": "on"})
    response = client.post(reverse("tournament:add_player", args=["woergl"]), {"name": "anna berger", "checked_in": "on"})
    assert response.status_code == 200 and "gibt es vielleicht schon" in response.content.decode()
    assert Player.objects.count() == 1
    client.post(reverse("tournament:import_players", args=["woergl"]), {"text": "Karl Huber; Hall\nLisa Maier", "checked_in": "on"})
    upload = io.BytesIO("Name,Verein\nOtto Sommer,Kufstein\n".encode())
    upload.name = "spieler.csv"
    client.post(reverse("tournament:import_players", args=["woergl"]), {"file": upload, "checked_in": "on"})
    assert Entry.objects.filter(tournament=tournament, checked_in=True).count() == 4
    html = client.get(reverse("tournament:detail", args=["woergl"])).content.decode()
    assert "Otto Sommer" in html and "4 anwesend" in html
    # The list's old address (?_export=csv on the page) leads to its download.
    response = client.get(reverse("tournament:detail", args=["woergl"]) + "?_export=csv", follow=True)
    assert response.redirect_chain[-1][0] == reverse("paper:list_export", args=["woergl", "spieler-csv"])
    assert "Karl Huber" in response.content.decode()


def test_a_taken_slug_is_a_form_error(client, director, make_tournament):
    make_tournament("tirol", players=4, seat=False, slug="taken")
    response = client.post(reverse("tournament:list"), {"name": "X", "slug": "taken", "date": "2026-12-05", "ruleset": "ooe"})
    assert response.status_code == 200 and Tournament.objects.count() == 1


def test_seat_watch_end_close_and_reopen_a_round(client, director, make_tournament, play_round):
    tournament = make_tournament("tirol", players=9, seat=False)
    entry = tournament.entries.first()
    client.post(reverse("tournament:check_in", args=[tournament.slug, entry.pk]), {"checked_in": "0"})
    client.post(reverse("tournament:round_action", args=[tournament.slug, 1, "seat"]))
    round = tournament.round_set.get(number=1)
    assert round.status == Round.SEATED and sum(t.seats.count() for t in round.tables.all()) == 8
    play_round(round, hands=3)
    html = client.get(reverse("tournament:round", args=[tournament.slug, 1])).content.decode()
    assert "3 / 16" in html and "Scorer-Link" in html
    for table in round.tables.all():
        client.post(reverse("tournament:end_table", args=[tournament.slug, 1, table.pk]), {"reason": "Zeit"})
    client.post(reverse("tournament:round_action", args=[tournament.slug, 1, "close"]))
    round.refresh_from_db()
    assert round.status == Round.CLOSED
    response = client.post(reverse("tournament:round_action", args=[tournament.slug, 1, "reopen"]), {"reason": ""}, follow=True)
    assert "Begründung" in response.content.decode()
    client.post(reverse("tournament:round_action", args=[tournament.slug, 1, "reopen"]), {"reason": "Tisch 2 falsch"})
    round.refresh_from_db()
    assert round.status == Round.RUNNING


def test_public_standings_player_page_and_exports(client, make_tournament, play_round):
    tournament = make_tournament("pagat", players=8)
    play_round(tournament.round_set.get(number=1))
    html = client.get(reverse("tournament:standings", args=[tournament.slug])).content.decode()
    assert "Spielerin 000" in html and "fragment=1" in html
    fragment = client.get(reverse("tournament:standings", args=[tournament.slug]) + "?fragment=1").content.decode()
    assert "<html" not in fragment and "Spielerin 000" in fragment
    # The standings download is the exporter's (paper/exports), linked from the page; ?_export is no route.
    assert reverse("paper:public_export", args=[tournament.slug, "standings-xlsx"]) in html
    xlsx = client.get(reverse("paper:public_export", args=[tournament.slug, "standings-xlsx"]))
    assert xlsx["Content-Type"].startswith("application/vnd.openxmlformats")
    ignored = client.get(reverse("tournament:standings", args=[tournament.slug]) + "?_export=yaml")
    assert ignored.status_code == 200 and ignored["Content-Type"].startswith("text/html")
    entry = tournament.entries.first()
    html = client.get(reverse("tournament:player", args=[tournament.slug, entry.pk])).content.decode()
    assert entry.player.name in html and html.count("<tr>") >= 17
    assert client.get(reverse("tournament:projector", args=[tournament.slug])).status_code == 200


def test_home_lists_tournaments_for_players(client, make_tournament):
    make_tournament("ooe", players=8, slug="linz")
    html = client.get("/").content.decode()
    assert "Test ooe" in html and reverse("tournament:standings", args=["linz"]) in html
    assert reverse("rules:ruleset", args=["tirol"]) in html


def test_the_director_chooses_the_hands_per_table(admin_client, db):
    response = admin_client.post(reverse("tournament:list"), {
        "name": "Zwanziger", "slug": "zwanziger", "date": "2026-11-21", "ruleset": "tirol", "hands_at_four": "20"})
    assert response.status_code == 302
    tournament = Tournament.objects.get(slug="zwanziger")
    assert (tournament.hands_at_four, tournament.hands_at_five) == (20, 25)
    refused = admin_client.post(reverse("tournament:list"), {
        "name": "Schief", "slug": "schief", "date": "2026-11-21", "ruleset": "tirol", "hands_at_four": "16",
        "hands_at_five": "25"})
    assert refused.status_code == 200 and not Tournament.objects.filter(slug="schief").exists()

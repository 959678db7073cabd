"""The calendar: upcoming tournaments per cup and across cups, the cup page's next tournament, and
iCalendar feeds that a calendar app reads (RFC 5545, checked by parsing them back)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from icalendar import Calendar

from cups import services as cup_services
from cups.models import CupDate


@pytest.fixture
def season_ahead(db, make_tournament):
    today = timezone.localdate()
    cup = cup_services.create_cup(name="Unterland-Cup", slug="unterland")
    other = cup_services.create_cup(name="Oberland-Cup", slug="oberland")
    seasons = {c.slug: cup_services.create_season(cup=c, label="2026/27") for c in (cup, other)}
    made = {}
    for slug, days, cup_slug, venue in (("vorbei", -3, "unterland", "Gasthof Alt"), ("bald", 5, "unterland", "Gasthof Post"),
                                        ("spaeter", 40, "unterland", ""), ("ober", 2, "oberland", "Hütte, Saal 2"),
                                        ("haus", 9, None, "Vereinslokal")):
        tournament = make_tournament(players=4, slug=slug, seat=False)
        tournament.date, tournament.venue, tournament.name = today + timedelta(days=days), venue, f"Turnier {slug}"
        tournament.save()
        if cup_slug:
            cup_services.add_tournament(season=seasons[cup_slug], tournament=tournament)
        made[slug] = tournament
    return made


def test_the_cup_calendar_lists_what_is_still_to_come_in_order(client, season_ahead):
    page = client.get("/cup/unterland/kalender/").content.decode()
    assert page.index("Turnier bald") < page.index("Turnier spaeter")
    assert "Turnier vorbei" not in page and "Turnier ober" not in page and "Turnier haus" not in page


def test_the_calendar_across_cups_names_each_tournaments_cup(client, season_ahead):
    page = client.get("/kalender/").content.decode()
    assert [page.index(f"Turnier {s}") for s in ("ober", "bald", "haus", "spaeter")] == sorted(
        page.index(f"Turnier {s}") for s in ("ober", "bald", "haus", "spaeter"))
    assert "Oberland-Cup" in page and "Turnier vorbei" not in page


def test_the_cup_page_shows_the_next_tournament(client, season_ahead):
    page = client.get("/cup/unterland/").content.decode()
    assert "Nächstes Turnier" in page and "Turnier bald" in page and "Gasthof Post" in page


def _parse(response):
    assert response.status_code == 200 and response["Content-Type"].startswith("text/calendar")
    raw = response.content
    lines = raw.split(b"\r\n")
    assert raw.endswith(b"\r\n") and b"\n" not in raw.replace(b"\r\n", b"")  # CRLF only
    assert all(len(line) <= 75 for line in lines)  # folded (RFC 5545 3.1)
    return Calendar.from_ical(raw)


def test_the_feed_is_valid_icalendar_with_stable_uids(client, season_ahead):
    calendar = _parse(client.get("/cup/unterland/kalender.ics"))
    assert str(calendar["VERSION"]) == "2.0" and calendar["PRODID"]
    events = {str(e["SUMMARY"]): e for e in calendar.walk("VEVENT")}
    # The feed keeps the tournament three days ago (a month back), and only this cup's.
    assert set(events) == {"Turnier vorbei", "Turnier bald", "Turnier spaeter"}
    soon = events["Turnier bald"]
    assert soon.decoded("DTSTART") == season_ahead["bald"].date and soon.decoded("DTEND") == season_ahead["bald"].date + timedelta(days=1)
    assert "DTSTAMP" in soon and str(soon["LOCATION"]) == "Gasthof Post"
    assert str(soon["URL"]).endswith("/turnier/bald/")
    again = {str(e["SUMMARY"]): str(e["UID"]) for e in _parse(client.get("/cup/unterland/kalender.ics")).walk("VEVENT")}
    assert again == {name: str(e["UID"]) for name, e in events.items()}
    assert len(set(again.values())) == 3


def test_the_site_feed_has_every_cup_and_escapes_text(client, season_ahead):
    calendar = _parse(client.get("/kalender.ics?unbekannt=%00"))
    events = {str(e["SUMMARY"]): e for e in calendar.walk("VEVENT")}
    assert {"Turnier ober", "Turnier haus", "Turnier bald"} <= set(events)
    assert str(events["Turnier ober"]["LOCATION"]) == "Hütte, Saal 2"
    assert b"H\xc3\xbctte\\, Saal 2" in client.get("/kalender.ics").content  # the comma escaped


def test_unknown_cup_and_wrong_method(client, season_ahead):
    assert client.get("/cup/gibtsnicht/kalender.ics").status_code == 404
    assert client.get("/cup/gibtsnicht/kalender/").status_code == 404
    assert client.post("/kalender.ics").status_code == 405


def test_a_long_name_is_folded_and_read_back_whole(client, season_ahead):
    season_ahead["bald"].name = "Großes Herbstturnier der Tarockfreunde Unterland " * 3
    season_ahead["bald"].save()
    calendar = _parse(client.get("/cup/unterland/kalender.ics"))
    assert season_ahead["bald"].name.strip() in {str(e["SUMMARY"]).strip() for e in calendar.walk("VEVENT")}


def test_no_tournaments_is_still_a_valid_empty_calendar(client, db):
    calendar = _parse(client.get("/kalender.ics"))
    assert list(calendar.walk("VEVENT")) == []
    assert "Noch keine kommenden Turniere" in client.get("/kalender/").content.decode()


def test_season_pages_still_answer(client, season_ahead):
    assert client.get("/cup/unterland/2026-27/").status_code == 200


def test_todays_finished_tournament_is_not_the_next_one(client, make_tournament, play_round):
    from tournament import rounds

    cup = cup_services.create_cup(name="Tal-Cup", slug="tal")
    season = cup_services.create_season(cup=cup, label="2026/27")
    for slug, days in (("heute", 0), ("naechste-woche", 7)):
        tournament = make_tournament(players=8, slug=slug, rounds=1, seat=(days == 0))
        tournament.date, tournament.name = timezone.localdate() + timedelta(days=days), f"Turnier {slug}"
        tournament.save()
        cup_services.add_tournament(season=season, tournament=tournament)
    assert "Turnier heute" in client.get("/cup/tal/").content.decode().split("Nächstes Turnier")[1][:300]
    today = season.tournaments.get(tournament__slug="heute").tournament
    play_round(today.round_set.get(number=1))
    rounds.close_round(round=today.round_set.get(number=1))
    after = client.get("/cup/tal/").content.decode().split("Nächstes Turnier")[1][:300]
    assert "Turnier naechste-woche" in after and "Turnier heute" not in after


def test_todays_finished_tournament_leaves_the_calendar_but_stays_in_the_feed(client, make_tournament, play_round):
    """"Kommende Turniere" lists what is not over (issue 31), by the cup page's rule (cups.calendar._is_coming)."""
    from tournament import rounds

    cup = cup_services.create_cup(name="Tal-Cup", slug="tal")
    season = cup_services.create_season(cup=cup, label="2026/27")
    tournament = make_tournament(players=8, slug="heute", rounds=1)
    tournament.date, tournament.name = timezone.localdate(), "Turnier heute"
    tournament.save()
    cup_services.add_tournament(season=season, tournament=tournament)
    CupDate.objects.create(cup=cup, date=tournament.date, name="Termin Tal heute")  # the tournament took its place
    pages = ("/kalender/", "/cup/tal/kalender/", "/kalender/?format=json")
    assert all("Turnier heute" in client.get(url).content.decode() for url in pages)
    play_round(tournament.round_set.get(number=1))
    rounds.close_round(round=tournament.round_set.get(number=1))
    assert not any("Turnier heute" in client.get(url).content.decode() for url in pages)
    assert not any("Termin Tal heute" in client.get(url).content.decode() for url in pages)  # nor its cup date
    assert "Turnier heute" in client.get("/cup/tal/kalender.ics").content.decode()

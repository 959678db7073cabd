"""ABAKUS's coming dates (CUPS/TERMINE) in the cup's calendar (issue 30, point 4): the pages, the feeds and the
open data list them until a tournament of the cup on that day takes their place; a second import adds none."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from icalendar import Calendar

from cups import services
from cups.abakus_import import import_abakus
from cups.models import Cup, CupDate
from rating import schema
from tests.cups.test_abakus_import import content, export


def _with_dates(days: int):
    data = export()
    day = (timezone.localdate() + timedelta(days=days)).isoformat()
    data["00"]["CUPS"]["TERMINE"] = [{"DATUM": day, "CUP": 55, "NAME": "Frühjahrsturnier Kufstein", "BEGINN": "14:00"},
                                     {"DATUM": day, "CUP": 999, "NAME": "Anderer Cup"},  # a cup not imported
                                     {"DATUM": "kein Datum", "CUP": 55, "NAME": "Kaputt"}]
    return data, day


@pytest.mark.django_db
def test_the_dates_are_in_the_calendars_and_a_second_import_adds_none(client):
    data, day = _with_dates(10)
    report = import_abakus(content=content(data))
    assert "1 date put into the calendar" in report.lines("en")
    tirol = Cup.objects.get(abakus_number="055")
    assert list(CupDate.objects.values_list("cup", "name", "begins")) == [(tirol.pk, "Frühjahrsturnier Kufstein",
                                                                           "14:00")]
    for url in ("/kalender/", f"/cup/{tirol.slug}/kalender/", f"/einbetten/cup/{tirol.slug}/kalender/"):
        page = client.get(url)
        assert page.status_code == 200 and "Frühjahrsturnier Kufstein" in page.content.decode(), url
    assert "Anderer Cup" not in client.get("/kalender/").content.decode()
    feed = Calendar.from_ical(client.get(f"/cup/{tirol.slug}/kalender.ics").content)
    (event,) = [e for e in feed.walk("VEVENT") if str(e["summary"]) == "Frühjahrsturnier Kufstein"]
    assert event.decoded("dtstart").isoformat() == day and str(event["uid"]).startswith("termin-")
    calendar = client.get(f"/cup/{tirol.slug}/kalender/?format=json").json()
    schema.Calendar.model_validate(calendar)  # the open data's own description holds a date without a tournament
    (row,) = calendar["tournaments"]
    assert (row["name"], row["date"], row["slug"], row["begins"]) == ("Frühjahrsturnier Kufstein", day, None, "14:00")
    again = import_abakus(content=content(data))
    assert CupDate.objects.count() == 1 and not any("calendar" in line for line in again.lines("en"))


@pytest.mark.django_db
def test_a_tournament_of_the_cup_on_that_day_takes_the_dates_place(client, make_tournament):
    data, day = _with_dates(12)
    import_abakus(content=content(data))
    tirol = Cup.objects.get(abakus_number="055")
    tournament = make_tournament(players=4, slug="kufstein", seat=False)
    tournament.date, tournament.name = timezone.localdate() + timedelta(days=12), "Turnier Kufstein"
    tournament.save()
    season = services.create_season(cup=tirol, label="2099/00")
    services.add_tournament(season=season, tournament=tournament)
    page = client.get(f"/cup/{tirol.slug}/kalender/").content.decode()
    assert "Turnier Kufstein" in page and "Frühjahrsturnier Kufstein" not in page


@pytest.mark.django_db
def test_a_past_date_is_not_listed(client):
    data, _day = _with_dates(-3)
    import_abakus(content=content(data))
    assert "Frühjahrsturnier Kufstein" not in client.get("/kalender/").content.decode()

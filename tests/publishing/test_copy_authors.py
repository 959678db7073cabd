"""The hub's copy says who did what as the venue does (issue 31): a pause's and a return's time and author, and who
booked points, travel with the document; a document of a venue that sends none of them is still taken, with the
digest it had, and the hub shows "–" where it does not know who booked."""

from __future__ import annotations

import io
import json

import pytest
from django.contrib.auth.models import User
from publishing_tools import build_document, forget_venue, receive

from publishing import document as codec
from scoring import absences, services
from scoring.models import Correction
from scoring.selectors.sheets import recorded_at
from tournament.models import Table, Tournament

SLUG = "wirt-cup-1"
PAUSED_AT = "2026-11-21T13:03:00+00:00"  # 14:03 in Vienna


@pytest.fixture
def event_with_authors(venue_event, monkeypatch):
    """The venue's event with a pause at round 2's table of five recorded by the director at 14:03, and points
    booked by the director "leitung" (beside the fixture's booking made without a user)."""
    monkeypatch.setattr(absences, "_now", lambda: PAUSED_AT)
    second = venue_event.round_set.get(number=2)
    five = next(table for table in second.tables.all() if table.seats.count() == 5)
    absences.pause_player(table=five, position=1, by="director:leitung", director=True)
    entry = venue_event.entries.order_by("pk").last()
    services.book_correction(entry=entry, round=second, points=2, reason="Strafe aufgehoben",
                             user=User.objects.create_user("leitung"))
    venue_event.refresh_from_db()
    return venue_event


@pytest.fixture
def hub_director(db, client):
    client.force_login(User.objects.create_superuser("cupleitung", "cup@example.invalid", "tarock"))
    return client


def _pages(client) -> dict[str, str]:
    return {"board": client.get(f"/turniere/{SLUG}/runde/2/").content.decode(),
            "corrections": client.get(f"/leitung/turnier/{SLUG}/korrekturen/").content.decode()}


def _booked_by_in_workbook(client) -> list:
    from openpyxl import load_workbook

    sheet = load_workbook(io.BytesIO(client.get(f"/turniere/{SLUG}/druck/tournament-xlsx/").content))["Korrekturen"]
    header, *rows = [[cell.value for cell in row] for row in sheet.iter_rows()]
    return [row[header.index("von")] for row in rows]


def test_the_document_carries_when_and_who(event_with_authors):
    document = build_document(event_with_authors)
    second = next(part for part in document["rounds"] if part["number"] == 2)
    (absence,) = [a for table in second["tables"] for a in table["absences"]]
    assert absence["by"] == "director:leitung" and absence["at"].startswith("2026-11-21T13:03:00")
    assert [c["by"] for part in document["rounds"] for c in part["corrections"]] == ["", "leitung"]


def test_the_hub_shows_who_paused_and_who_booked_as_the_venue_does(event_with_authors, hub_cup, hub_director):
    venue = _pages(hub_director)
    venue_workbook = _booked_by_in_workbook(hub_director)
    _cup, token = hub_cup()
    document = build_document(event_with_authors)
    forget_venue(event_with_authors)

    receive(document, token)

    hub = _pages(hub_director)
    stamp = "(eingetragen 21.11. 14:03 von Turnierleitung (leitung))"
    assert stamp in venue["board"] and stamp in hub["board"]
    assert "Strafe aufgehoben (leitung)" in venue["board"] and "Strafe aufgehoben (leitung)" in hub["board"]
    for page in (venue["corrections"], hub["corrections"]):
        assert "<td>Strafe aufgehoben</td><td>leitung</td>" in page and "<td>Renonce nachträglich</td><td>–</td>" in page
    assert venue_workbook == _booked_by_in_workbook(hub_director) == [None, "leitung"]
    hub_table = next(t for t in Table.objects.filter(round__tournament__slug=SLUG, round__number=2) if t.absences)
    assert hub_table.absences[0]["by"] == "director:leitung" and recorded_at(hub_table.absences[0]["at"]) == recorded_at(PAUSED_AT)


def test_a_document_without_them_is_taken_with_the_digest_it_had(event_with_authors, hub_cup, hub_director):
    _cup, token = hub_cup()
    document = build_document(event_with_authors)
    forget_venue(event_with_authors)
    for part in document["rounds"]:  # as a venue of the previous version sends it
        for correction in part["corrections"]:
            del correction["by"]
        for table in part["tables"]:
            for absence in table["absences"]:
                for name in ("at", "by", "back_at", "back_by"):
                    absence.pop(name, None)
    as_before = json.dumps(document)
    with_empty = json.loads(as_before)
    for part in with_empty["rounds"]:
        for correction in part["corrections"]:
            correction["by"] = ""
        for table in part["tables"]:
            for absence in table["absences"]:
                absence.update(at=None, by="", back_at=None, back_by="")

    assert receive(document, token).status == "created"
    assert receive(document, token).status == "unchanged"
    assert codec.digest(codec.parse(json.dumps(with_empty))) == codec.digest(codec.parse(as_before))
    hub = Tournament.objects.get(slug=SLUG)
    assert set(Correction.objects.filter(round__tournament=hub).values_list("by", flat=True)) == {""}
    pages = _pages(hub_director)
    assert "<td>Strafe aufgehoben</td><td>–</td>" in pages["corrections"]
    assert "pausiert ab Spiel" in pages["board"] and "eingetragen" not in pages["board"]

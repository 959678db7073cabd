"""The hub's copy keeps what happened at the venue besides the hands (issue 31, points 2 and 3): the hand
corrections and the round events travel with the document, so the hub's printed score sheet marks a hand
changed after its confirmation, its workbook lists the correction, and its round board's protocol says what
the venue's says; the copy's board offers none of the venue's own actions (scorer links, closing, reopening)."""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import subprocess

import pytest
from django.contrib.auth.models import User
from publishing_tools import build_document, forget_venue, receive

from publishing import document as codec
from publishing.problems import Refused
from scoring import services
from scoring.absences import pause_player
from scoring.models import HandRevision
from tournament.models import RoundEvent, Table, Tournament

SLUG = "wirt-cup-1"
REASON = "Ergebnis <b>vertauscht</b>"


@pytest.fixture
def corrected_event(venue_event, play_round):
    """The venue's event with a pause at round 2's table of five, every hand of round 2 played, table 1's sheet
    confirmed and then its hand 2 corrected by the director."""
    second = venue_event.round_set.get(number=2)
    five = next(table for table in second.tables.all() if table.seats.count() == 5)
    pause_player(by="director:leitung", table=five, position=1, director=True)
    play_round(second, seed=3)
    table = second.tables.order_by("number").first()
    services.confirm_table(table=table, expected_version=Table.objects.get(pk=table.pk).version, names="alle am Tisch")
    services.correct_hand(hand=table.hands.get(number=2), data={"contract": "dreier", "declarer": 0, "result": "lost"},
                          expected_version=Table.objects.get(pk=table.pk).version, reason=REASON, director=True,
                          user=User.objects.create_user("leitung"))
    venue_event.refresh_from_db()
    return venue_event


@pytest.fixture
def hub_director(db, client):
    user = User.objects.create_superuser("cupleitung", "cup@example.invalid", "tarock")
    client.force_login(user)
    return client


def _published(corrected_event, hub_cup) -> Tournament:
    _cup, token = hub_cup()
    document = build_document(corrected_event)
    forget_venue(corrected_event)
    receive(document, token)
    return Tournament.objects.get(slug=SLUG)


def _pdf_text(content: bytes) -> str:
    assert shutil.which("pdftotext"), "pdftotext missing: apt-get install poppler-utils"
    text = subprocess.run(["pdftotext", "-layout", "-", "-"], input=content, capture_output=True, check=True).stdout
    return " ".join(text.decode().split())


def test_the_hubs_printed_sheet_marks_the_hand_changed_after_the_confirmation(corrected_event, hub_cup, hub_director):
    venue_sheet = _pdf_text(hub_director.get(f"/turniere/{SLUG}/runde/2/druck/score-sheets-pdf/").content)
    hub = _published(corrected_event, hub_cup)

    answer = hub_director.get(f"/turniere/{SLUG}/runde/2/druck/score-sheets-pdf/")

    assert answer.status_code == 200
    hub_sheet = _pdf_text(answer.content)
    assert "* Spiel 2 nach der Bestätigung geändert am" in hub_sheet and f"von leitung: {REASON}" in hub_sheet
    assert hub_sheet.split("nach der Bestätigung")[1:] == venue_sheet.split("nach der Bestätigung")[1:]
    assert HandRevision.objects.filter(table__round__tournament=hub).count() == 1


def test_the_hubs_workbook_lists_the_hand_correction_with_its_reason(corrected_event, hub_cup, hub_director):
    from openpyxl import load_workbook

    def corrections(answer) -> list[list]:
        _header, *rows = [[cell.value for cell in row] for row in
                          load_workbook(io.BytesIO(answer.content))["Spielkorrekturen"].iter_rows()]
        return rows

    venue_rows = corrections(hub_director.get(f"/turniere/{SLUG}/druck/tournament-xlsx/"))
    _published(corrected_event, hub_cup)

    hub_rows = corrections(hub_director.get(f"/turniere/{SLUG}/druck/tournament-xlsx/"))

    assert [row[:8] for row in hub_rows] == [[2, 1, 2, "korrigiert", REASON, "leitung", venue_rows[0][6], True]]
    assert hub_rows == venue_rows  # the entry before and after as well


def test_the_hubs_round_board_says_what_the_venues_says_and_offers_no_venue_actions(corrected_event, hub_cup,
                                                                                     hub_director):
    venue_boards = [hub_director.get(f"/turniere/{SLUG}/runde/{n}/").content.decode() for n in (1, 2)]
    assert all("Scorer-Link" in page for page in venue_boards) and "wieder öffnen" in venue_boards[0]
    hub = _published(corrected_event, hub_cup)

    first, second = [hub_director.get(f"/turniere/{SLUG}/runde/{n}/").content.decode() for n in (1, 2)]

    assert "Tisch 1 beendet nach 3 Spielen – Begründung: Zeit" in first and "Runde abgeschlossen" in first
    assert "Runde gesetzt (2 Tische)" in second and "pausiert" in second
    assert "Tisch 1: Spiel 2 korrigiert – Begründung: Ergebnis &lt;b&gt;vertauscht&lt;/b&gt; (leitung)" in second
    assert REASON not in second  # the venue's text is text, never markup
    for venue_page, hub_page in zip(venue_boards, (first, second), strict=True):
        assert _protocol(hub_page) == _protocol(venue_page)
        for action in ("Scorer-Link", "neuer Link", "wieder öffnen", "Runde abschließen", "beenden</button>",
                       "Runde setzen", "neu setzen"):
            assert action not in hub_page, action
        assert "ansehen" in hub_page  # the sheet itself is there to read
    assert RoundEvent.objects.filter(round__tournament=hub).count() == RoundEvent.objects.filter(
        round__tournament=hub).exclude(user__isnull=False).count() > 0


def _protocol(page: str) -> str:
    return page.split('<ul class="plain log">')[1].split("</ul>")[0]


def test_a_venue_that_sends_no_events_or_revisions_still_publishes_with_the_same_digest(corrected_event, hub_cup):
    _cup, token = hub_cup()
    document = build_document(corrected_event)
    forget_venue(corrected_event)
    for part in document["rounds"]:  # as a venue of a previous version sends it
        del part["events"]
        for correction in part["corrections"]:
            for name in codec.LATER_FIELDS["corrections"]:
                correction.pop(name, None)
        for table in part["tables"]:
            del table["revisions"]
            for absence in table["absences"]:
                for name in codec.LATER_FIELDS["absences"]:
                    absence.pop(name, None)

    assert receive(document, token).status == "created"
    assert receive(document, token).status == "unchanged"
    # The digest the hub stored before the format knew events, revisions and the when and who of pauses and
    # bookings: the canonical document without any of them.
    parsed = codec.parse(json.dumps(document))
    later = codec.LATER_FIELDS
    before = parsed.model_dump_json(exclude={"sent_at": True, "incarnation": True, "rounds": {
        number: {"events": True,
                 "corrections": {c: dict.fromkeys(later["corrections"], True) for c in range(len(part.corrections))},
                 "tables": {t: {"revisions": True,
                                "absences": {a: dict.fromkeys(later["absences"], True) for a in range(len(table.absences))}}
                            for t, table in enumerate(part.tables)}}
        for number, part in enumerate(parsed.rounds)}})
    assert codec.digest(parsed) == hashlib.sha256(before.encode()).hexdigest()
    assert not HandRevision.objects.exists() and not RoundEvent.objects.exists()


def test_a_withdrawal_and_the_tables_a_reopen_lets_play_on_show_on_the_hubs_board(venue_event, hub_cup,
                                                                                  hub_director):
    from tournament import rounds
    from tournament.services import withdraw

    leitung = User.objects.create_user("leitung")
    second = venue_event.round_set.get(number=2)  # half played
    rounds.end_tables_and_close(round=second, reason="Zeit ist um", user=leitung)
    rounds.reopen_round(round=second, reason="Zu früh", user=leitung)
    withdraw(entry=venue_event.entries.order_by("pk").last(), after_round=2, user=leitung)
    venue_boards = [_protocol(hub_director.get(f"/turniere/{SLUG}/runde/{n}/").content.decode()) for n in (2, 3)]

    hub = _published(venue_event, hub_cup)

    second, third = [_protocol(hub_director.get(f"/turniere/{SLUG}/runde/{n}/").content.decode()) for n in (2, 3)]
    assert "Runde wieder geöffnet (Tische 1, 2 spielen weiter) – Begründung: Zu früh (leitung)" in second
    assert f"{hub.entries.order_by('pk').last().player.name} ist nach Runde 2 ausgeschieden. (leitung)" in third
    assert [second, third] == venue_boards


def test_a_reopen_without_tables_has_the_digest_of_a_venue_that_did_not_send_them(venue_event):
    from tournament import rounds

    second = venue_event.round_set.get(number=2)
    rounds.reopen_round(round=venue_event.round_set.get(number=1), reason="Irrtum")  # ended one by one: none plays on
    document = build_document(venue_event)
    reopen = next(event for event in document["rounds"][0]["events"] if event["action"] == "reopen")
    assert reopen["tables"] == []
    sent = codec.digest(codec.parse(json.dumps(document)))
    del reopen["tables"]  # as a venue of a previous version sends it

    assert codec.digest(codec.parse(json.dumps(document))) == sent
    rounds.end_tables_and_close(round=second, reason="Zeit ist um")
    rounds.reopen_round(round=second, reason="Zu früh")  # now a reopen names tables: they count
    named = build_document(venue_event)
    assert codec.digest(codec.parse(json.dumps(named))) != codec.digest(codec.parse(json.dumps(
        _without_reopened_tables(named))))


def _without_reopened_tables(document: dict) -> dict:
    for part in document["rounds"]:
        for event in part["events"]:
            if event["action"] == "reopen":
                event.pop("tables", None)
    return document


def test_the_schema_takes_the_revisions_scoring_writes():
    from typing import get_args

    from publishing.schema import RevisionPart

    assert set(get_args(RevisionPart.model_fields["action"].annotation)) == {HandRevision.CORRECTED, HandRevision.REMOVED}


def _round_two(document):
    return next(part for part in document["rounds"] if part["number"] == 2)


@pytest.mark.parametrize(("damage", "status", "field"), [
    (lambda d: _round_two(d)["events"].append({"action": "explode", "at": "2026-11-21T10:00:00Z"}), 400,
     "rounds[1].events[1]"),
    (lambda d: _round_two(d)["events"].append({"action": "end_table", "table": 99, "hands": 3,
                                               "at": "2026-11-21T10:00:00Z"}), 400, "rounds[1].events[1].table"),
    (lambda d: _round_two(d)["events"].append({"action": "reopen", "tables": [99], "at": "2026-11-21T10:00:00Z"}),
     400, "rounds[1].events[1].tables"),
    (lambda d: _round_two(d)["events"].append({"action": "withdraw", "name": "", "at": "2026-11-21T10:00:00Z"}),
     400, "rounds[1].events[1]"),
    (lambda d: _round_two(d)["events"].append({"action": "withdraw", "name": "a\u202eb", "after_round": 1,
                                               "at": "2026-11-21T10:00:00Z"}), 400, "rounds[1].events[1]"),
    (lambda d: _round_two(d)["events"][0].update(repeated_pairs=[[0, 9_000, 2]]), 400,
     "rounds[1].events[0].repeated_pairs[0]"),
    (lambda d: _round_two(d)["events"][0].update(reason="x" * 501), 400, "rounds[1].events[0]"),
    (lambda d: _round_two(d)["tables"][0]["revisions"][0].update(by="a\u202eb"), 400, "rounds[1].tables[0].revisions[0].by"),
    (lambda d: _round_two(d)["tables"][0]["revisions"][0].update(before={"contract": "bogus"}), 422, ""),
    (lambda d: _round_two(d)["tables"][0]["revisions"][0].update(action="entered"), 400, "revisions[0].action"),
])
def test_a_hostile_event_or_revision_is_refused_and_nothing_is_written(corrected_event, hub_cup, damage, status,
                                                                     field):
    _cup, token = hub_cup()
    document = build_document(corrected_event)
    forget_venue(corrected_event)
    damage(document)

    with pytest.raises(Refused) as refusal:
        receive(document, token)

    assert refusal.value.status == status
    assert field in refusal.value.message_de
    assert not Tournament.objects.filter(slug=SLUG).exists()
    assert not HandRevision.objects.exists() and not RoundEvent.objects.exists()


def test_the_venues_actions_posted_to_a_copy_anyway_change_nothing(corrected_event, hub_cup, hub_director):
    hub = _published(corrected_event, hub_cup)
    first, second = hub.round_set.get(number=1), hub.round_set.get(number=2)
    table = second.tables.order_by("number").last()
    events, tokens = RoundEvent.objects.count(), sorted(Table.objects.values_list("token", flat=True))

    answers = [hub_director.post(f"/turniere/{SLUG}/runde/1/reopen/", {"reason": "nochmal"}, follow=True),
               hub_director.post(f"/turniere/{SLUG}/runde/2/close/", {"reason": "Zeit", "unconfirmed_ok": "1"}),
               hub_director.post(f"/turniere/{SLUG}/runde/2/neue-links/", {"table": table.pk}),
               hub_director.post(f"/turniere/{SLUG}/runde/2/tisch/{table.pk}/beenden/", {"reason": "Zeit"})]

    assert [answer.status_code for answer in answers] == [403] * 4  # refused in words (test_copy_read_only.py)
    assert "Runden, Tische und Spieler ändert nur der Turnierort" in answers[0].content.decode()
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.status, second.status) == ("closed", "running")
    assert RoundEvent.objects.count() == events and sorted(Table.objects.values_list("token", flat=True)) == tokens
    english = hub_director.post(f"/turniere/{SLUG}/runde/1/reopen/", {"reason": "nochmal"}, follow=True,
                                HTTP_ACCEPT_LANGUAGE="en")
    assert "only the venue changes its hands, pauses, corrections, confirmations, rounds" in english.content.decode()

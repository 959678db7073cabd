"""A pause, a leave and a return remember when they were recorded and by whom (issue 31): the scorer through the
table's link is the table's scorer, the director his user name, as a hand's revision records them; the sheet page,
the round board and its protocol, and the printed score sheet say it. Entries stored before the times were kept
still read, without a time."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation
from pdf_tools import pdf_pages

from paper.exports.score_sheets import ScoreSheetsPdf
from scoring import absences, services
from scoring.seats import PAUSE, absences_of
from scoring.selectors import round_notes, table_sheet
from tournament.models import Table

PAUSED_AT = "2026-11-21T13:03:00+00:00"  # 14:03 in Vienna
BACK_AT = "2026-11-21T13:41:00+00:00"  # 14:41


@pytest.fixture
def five(make_tournament):
    return make_tournament("tirol", players=5, slug="pause-zeit").round_set.get(number=1).tables.get()


def _fresh(table) -> Table:
    return Table.objects.get(pk=table.pk)


def _at(monkeypatch, moment: str) -> None:
    monkeypatch.setattr(absences, "_now", lambda: moment)


def test_each_service_keeps_when_and_who(five, monkeypatch):
    _at(monkeypatch, PAUSED_AT)
    absences.pause_player(table=five, position=3, by=services.SCORER)
    services.store_hand(table=_fresh(five), number=1, data={"contract": "dreier", "declarer": 0, "result": "won"},
                        idempotency_key="h1")
    _at(monkeypatch, BACK_AT)
    absences.return_player(table=_fresh(five), position=3, by="director:leitung", director=True)
    absences.leave_table(table=_fresh(five), position=1, by="director:leitung", director=True)

    assert _fresh(five).absences == [
        {"position": 3, "first_hand": 1, "until_hand": 2, "kind": PAUSE, "at": PAUSED_AT, "by": "scorer",
         "back_at": BACK_AT, "back_by": "director:leitung"},
        {"position": 1, "first_hand": 2, "until_hand": None, "kind": "left", "at": BACK_AT, "by": "director:leitung"}]


def test_the_buttons_record_the_scorer_or_the_directors_name(client, director, five):
    client.post(reverse("scoring:absence", args=[five.token]), {"action": "pause", "position": 2, "version": five.version})
    client.post(reverse("scoring:director_absence", args=[five.pk]),
                {"action": "return", "position": 2, "version": five.version + 1})
    client.post(reverse("scoring:director_absence", args=[five.pk]),
                {"action": "pause", "position": 4, "version": five.version + 2})

    stored = absences_of(_fresh(five).absences)
    assert [(a.position, a.by) for a in stored] == [(4, "director:leitung")]  # back before a hand: the first is gone
    assert stored[0].at is not None


def test_the_sheet_page_the_round_board_and_its_protocol_say_when_and_who(client, director, five, monkeypatch):
    _at(monkeypatch, PAUSED_AT)
    absences.pause_player(table=five, position=3, by=services.SCORER)
    name = five.seats.get(position=3).entry.player.name
    round = five.round

    sheet_page = client.get(reverse("scoring:sheet", args=[five.token])).content.decode()
    board = client.get(reverse("tournament:round", args=[round.tournament.slug, 1])).content.decode()
    english = client.get(reverse("tournament:round", args=[round.tournament.slug, 1]),
                         HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert f"{name} pausiert ab Spiel 1 bis auf Weiteres (eingetragen 21.11. 14:03 von Tisch-Scorer)." in sheet_page
    protocol = board.split('<ul class="plain log">')[1].split("</ul>")[0]
    assert "(eingetragen 21.11. 14:03 von Tisch-Scorer)" in protocol and name in protocol
    assert "eingetragen 21.11. 14:03" in board.split('<ul class="plain absences">')[1].split("</ul>")[0]
    assert "(recorded 21.11. 14:03 by Table scorer)" in english

    _at(monkeypatch, BACK_AT)
    absences.return_player(table=_fresh(five), position=3, by="director:leitung", director=True)
    assert round_notes(round).absences == []  # back before any hand: nothing to keep
    absences.pause_player(table=_fresh(five), position=3, by="director:leitung", director=True)
    services.store_hand(table=_fresh(five), number=1, data={"contract": "dreier", "declarer": 0, "result": "won"},
                        idempotency_key="h1")
    absences.return_player(table=_fresh(five), position=3, by=services.SCORER)
    with translation.override("de"):
        (note,) = round_notes(round).absences
    assert note.stamp == ("eingetragen 21.11. 14:41 von Turnierleitung (leitung); "
                          "zurück eingetragen 21.11. 14:41 von Tisch-Scorer")


def test_an_entry_stored_before_the_times_were_kept_still_reads(client, director, five):
    Table.objects.filter(pk=five.pk).update(absences=[{"position": 2, "first_hand": 1, "until_hand": None,
                                                        "kind": PAUSE}])
    name = five.seats.get(position=2).entry.player.name

    assert table_sheet(_fresh(five)).absence_notes == [f"{name} pausiert ab Spiel 1 bis auf Weiteres."]
    (note,) = round_notes(five.round).absences
    assert note.at is None and note.stamp == ""
    board = client.get(reverse("tournament:round", args=[five.round.tournament.slug, 1]))
    assert board.status_code == 200 and "eingetragen" not in board.content.decode()


def test_the_printed_score_sheet_says_when_and_who(make_tournament, play_round, monkeypatch):
    tournament = make_tournament("tirol", players=5, slug="pause-papier")
    round = tournament.round_set.get(number=1)
    five = round.tables.get()
    _at(monkeypatch, PAUSED_AT)
    absences.pause_player(table=five, position=4, by="director:leitung", director=True)
    play_round(round)
    name = five.seats.get(position=4).entry.player.name

    (page,) = pdf_pages(ScoreSheetsPdf(tournament, round=round, base_url="http://tarock.local").render().content)

    flat = " ".join(page.split())
    assert f"{name} pausiert ab Spiel 1 bis auf Weiteres (eingetragen 21.11. 14:03 von Turnierleitung (leitung))." in flat

"""The player import also reads Los, anwesend and "ausgeschieden nach Runde" (the Players sheet of tournament.xlsx)."""

from __future__ import annotations

import io

import pytest
from openpyxl import Workbook

from language import ServiceError
from paper import columns
from paper.imports import players as player_import
from tournament.models import Entry


def players_workbook(rows: list[list], *, other_sheet_first: bool = True) -> bytes:
    book = Workbook()
    if other_sheet_first:  # tournament.xlsx opens on its Standings sheet: the Players sheet is found by name
        book.active.title = "Standings"
        book.active.append(["Rang", "Nr", "Name", "Verein"])
        sheet = book.create_sheet("Players")
    else:
        sheet = book.active
    sheet.append(columns.PLAYERS)
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def entry(tournament, name) -> Entry:
    return tournament.entries.get(player__name=name)


def test_lot_presence_and_withdrawal_are_read_from_the_players_sheet(make_tournament):
    tournament = make_tournament("tirol", players=0, seat=False, slug="spalten")
    content = players_workbook([
        [1, "Anna Berger", "Wörgl", "Tirol", None, 3, True, None],
        [2, "Karl Huber", "Hall", None, "spielt nur 2 Runden", 1, False, 2],
        [3, "Lisa Maier", None, None, None, None, "ja", 0],
        [4, "Otto Sommer", "Kufstein", None, None, 2.0, "nein", None],
    ])
    rows = player_import.player_rows_from_file("tournament.xlsx", content)
    assert rows[1] == {"name": "Karl Huber", "club": "Hall", "region": "", "notes": "spielt nur 2 Runden", "lot": "1",
                       "checked_in": "False", "withdrawn_after_round": "2"}
    report = player_import.import_players(tournament=tournament, rows=rows, check_in=True)
    assert len(report.entered) == 4
    anna, karl, lisa, otto = (entry(tournament, n) for n in ("Anna Berger", "Karl Huber", "Lisa Maier", "Otto Sommer"))
    assert (anna.lot, anna.checked_in, anna.withdrawn_after_round) == (3, True, None)
    assert (karl.lot, karl.checked_in, karl.withdrawn_after_round) == (1, False, 2)  # the column wins over check_in
    assert (lisa.lot, lisa.checked_in, lisa.withdrawn_after_round) == (None, True, 0)
    assert (otto.lot, otto.checked_in) == (2, False)
    assert anna.player.region == "Tirol" and karl.player.notes == "spielt nur 2 Runden"
    # importing again updates the entries instead of entering anyone twice
    content = players_workbook([[1, "Karl Huber", "Hall", None, None, 1, "ja", None]], other_sheet_first=False)
    player_import.import_players(tournament=tournament, rows=player_import.player_rows_from_file("p.xlsx", content))
    karl.refresh_from_db()
    assert (karl.checked_in, karl.withdrawn_after_round) == (True, None) and tournament.entries.count() == 4


def test_without_those_columns_the_import_is_as_before(make_tournament):
    tournament = make_tournament("tirol", players=0, seat=False, slug="ohne-spalten")
    rows = player_import.player_rows_from_file("liste.csv", "Name;Verein\nOtto;Hall\n".encode())
    assert rows == [{"name": "Otto", "club": "Hall"}]
    player_import.import_players(tournament=tournament, rows=rows, check_in=True)
    otto = entry(tournament, "Otto")
    assert (otto.lot, otto.checked_in, otto.withdrawn_after_round) == (None, True, None)


def test_english_headers_and_csv(make_tournament):
    tournament = make_tournament("tirol", players=0, seat=False, slug="englisch")
    text = "Name,Club,Lot,Present,Withdrawn after round\nAnna,Wörgl,5,yes,1\nKarl,Hall,,no,\n"
    player_import.import_players(tournament=tournament, rows=player_import.player_rows_from_file("p.csv", text.encode()))
    anna, karl = entry(tournament, "Anna"), entry(tournament, "Karl")
    assert (anna.lot, anna.checked_in, anna.withdrawn_after_round) == (5, True, 1)
    assert (karl.lot, karl.checked_in, karl.withdrawn_after_round) == (None, False, None)


@pytest.mark.parametrize(("row", "german"), [
    ([1, "Anna", None, None, None, "drei", True, None], "keine ganze Zahl"),
    ([1, "Anna", None, None, None, 1, "vielleicht", None], "weder ja noch nein"),
    ([1, "Anna", None, None, None, 1, True, -1], "keine ganze Zahl"),
])
def test_a_bad_value_refuses_the_whole_import(make_tournament, row, german):
    tournament = make_tournament("tirol", players=0, seat=False, slug="falsch")
    content = players_workbook([[2, "Berta", None, None, None, 2, True, None], row])
    with pytest.raises(ServiceError) as excinfo:
        player_import.import_players(tournament=tournament, rows=player_import.player_rows_from_file("p.xlsx", content))
    assert german in excinfo.value.message_de and "Anna" in excinfo.value.message_de and excinfo.value.message_en
    assert tournament.entries.count() == 0


def test_a_lot_given_twice_is_refused(make_tournament):
    tournament = make_tournament("tirol", players=0, seat=False, slug="los")
    content = players_workbook([[1, "Anna", None, None, None, 1, True, None],
                                [2, "Berta", None, None, None, 1, True, None]])
    with pytest.raises(ServiceError) as excinfo:
        player_import.import_players(tournament=tournament, rows=player_import.player_rows_from_file("p.xlsx", content))
    assert "Los 1" in excinfo.value.message_de and "Lot 1" in excinfo.value.message_en
    assert tournament.entries.count() == 0


def test_a_broken_workbook_is_a_sentence_not_a_crash():
    with pytest.raises(ServiceError) as excinfo:
        player_import.player_rows_from_file("spieler.xlsx", b"PK\x03\x04 kaputt")
    assert "keine lesbare Excel-Datei" in excinfo.value.message_de and "Excel" in excinfo.value.message_en


def test_a_team_column_registers_teams(make_tournament):
    from tournament.models import Team

    tournament = make_tournament("tirol", players=0, seat=False, slug="mannschaft")
    text = "Name;Verein;Mannschaft\nAnna;Wörgl;Die Sküs\nKarl;Hall;die sküs\nBerta;Hall;Pagat\nDora;Hall;\n"
    player_import.import_players(tournament=tournament, rows=player_import.player_rows_from_file("p.csv", text.encode()))
    teams = {team.name: sorted(m.entry.player.name for m in team.memberships.all())
             for team in Team.objects.filter(tournament=tournament)}
    assert teams == {"Die Sküs": ["Anna", "Karl"], "Pagat": ["Berta"]}  # the name's case ignored; Dora in none


def test_a_player_in_two_teams_refuses_the_import(make_tournament):
    from tournament.models import Team

    tournament = make_tournament("tirol", players=0, seat=False, slug="zweimal")
    text = "Name,Team\nAnna,Pagat\nAnna,Sküs\n"
    with pytest.raises(ServiceError) as excinfo:
        player_import.import_players(tournament=tournament, rows=player_import.player_rows_from_file("p.csv", text.encode()))
    assert "Pagat" in excinfo.value.message_de and "Pagat" in excinfo.value.message_en
    assert not Team.objects.filter(tournament=tournament).exists() and not tournament.entries.exists()

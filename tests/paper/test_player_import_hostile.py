"""A player list that is wrong, hostile or huge gets a sentence, never a 500, and a long import is
written in short transactions (paper/imports/players.py, paper/cells.py)."""

from __future__ import annotations

import io
import zipfile

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from openpyxl import Workbook

from language import ServiceError, pure_pair
from paper import cells
from paper.imports import players as player_import
from tournament.models import Player


def messages_of(response) -> str:
    return " ".join(str(m) for m in get_messages(response.wsgi_request))


def test_a_pasted_name_over_120_characters_is_a_sentence(make_tournament, director, client):
    tournament = make_tournament("tirol", players=8, seat=False, slug="lang")
    response = client.post(reverse("tournament:import_players", args=[tournament.slug]),
                           {"text": "Anna Hofer\n" + "X" * 121 + "; TC Lang"})
    assert response.status_code == 302
    assert "zu lang" in messages_of(response)
    assert tournament.entries.count() == 8  # refused as a whole: Anna Hofer is not entered either


@pytest.mark.parametrize("content", [
    bytes(range(256)) * 2000,  # binary garbage, no line breaks
    b'Name;Verein\n"' + b"x" * (140 * 1024) + b'";TC\n',  # a cell over 128 KB
])
def test_binary_garbage_and_a_huge_cell_are_refused_in_words(content):
    with pytest.raises(ServiceError) as excinfo:
        player_import.player_rows_from_file("spieler.csv", content)
    assert excinfo.value.message_de and excinfo.value.message_en


def test_binary_garbage_through_the_page(make_tournament, director, client):
    tournament = make_tournament("tirol", players=8, seat=False, slug="binaer")
    upload = io.BytesIO(bytes(range(256)) * 2000)
    upload.name = "spieler.csv"
    response = client.post(reverse("tournament:import_players", args=[tournament.slug]), {"file": upload})
    assert response.status_code == 302
    assert "CSV" in messages_of(response)


def test_more_rows_than_any_real_list_are_refused():
    csv = ("Name\n" + "".join(f"Spieler {i}\n" for i in range(cells.MAX_ROWS + 1))).encode()
    with pytest.raises(ServiceError) as excinfo:
        player_import.player_rows_from_file("spieler.csv", csv)
    assert str(cells.MAX_ROWS) in excinfo.value.message_de
    with pytest.raises(ServiceError):
        player_import.player_rows_from_text("".join(f"Spieler {i}\n" for i in range(cells.MAX_ROWS + 1)))


def test_more_players_than_a_request_can_write_are_refused(make_tournament):
    tournament = make_tournament("tirol", players=4, seat=False, slug="viele")
    rows = [{"name": f"Neu {i:05d}"} for i in range(player_import.MAX_PLAYERS + 1)]
    with pytest.raises(ServiceError) as excinfo:
        player_import.import_players(tournament=tournament, rows=rows)
    assert f"höchstens {player_import.MAX_PLAYERS} Spieler" in excinfo.value.message_de
    assert tournament.entries.count() == 4


def zip_bomb_workbook(padding: int) -> bytes:
    """A real workbook with one more part of ``padding`` zero bytes: tiny packed, huge unpacked."""
    book = Workbook()
    book.active.append(["Name", "Verein"])
    book.active.append(["Anna Hofer", "TC"])
    buffer = io.BytesIO()
    book.save(buffer)
    with zipfile.ZipFile(buffer, "a", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/padding.bin", b"\0" * padding)
    return buffer.getvalue()


def test_a_workbook_that_unpacks_to_too_much_is_refused_before_opening(monkeypatch):
    monkeypatch.setattr(cells, "MAX_UNPACKED", 1024 * 1024)
    content = zip_bomb_workbook(2 * 1024 * 1024)
    assert len(content) < 20_000
    with pytest.raises(ServiceError) as excinfo:
        player_import.player_rows_from_file("spieler.xlsx", content)
    assert "entpackt" in excinfo.value.message_de and "unpacks" in excinfo.value.message_en


def test_a_bad_row_at_the_end_refuses_all_before_anything_is_written(make_tournament):
    tournament = make_tournament("tirol", players=4, seat=False, slug="spaet")
    rows = [{"name": f"Neu {i:03d}", "club": "TC"} for i in range(450)] + [{"name": "Y" * 200}]
    with pytest.raises(ServiceError) as excinfo:
        player_import.import_players(tournament=tournament, rows=rows, batch=200)
    assert "Zeile 451" in excinfo.value.message_de
    assert tournament.entries.count() == 4


def test_batches_written_before_a_late_refusal_stay_and_a_second_upload_adds_the_rest_once(make_tournament, monkeypatch):
    tournament = make_tournament("tirol", players=4, seat=False, slug="stapel")
    rows = [{"name": f"Neu {i:03d}", "club": "TC"} for i in range(450)]
    enter = player_import.enter_new_player

    def refuse_one(**fields):  # the tournament changed while the list was written
        if fields["name"] == "Neu 300":
            raise ServiceError(pure_pair("Geht nicht.", "Not possible."))
        return enter(**fields)

    monkeypatch.setattr(player_import, "enter_new_player", refuse_one)
    with pytest.raises(ServiceError) as excinfo:
        player_import.import_players(tournament=tournament, rows=rows, batch=200)
    assert "Zeile 301" in excinfo.value.message_de and "200" in excinfo.value.message_de
    assert tournament.entries.count() == 4 + 200  # the first batch stays, the second rolled back

    monkeypatch.setattr(player_import, "enter_new_player", enter)
    report = player_import.import_players(tournament=tournament, rows=rows, batch=200)
    assert len(report.reused) == 200 and len(report.entered) == 450
    assert tournament.entries.count() == 4 + 450
    assert Player.objects.filter(name__startswith="Neu ").count() == 450

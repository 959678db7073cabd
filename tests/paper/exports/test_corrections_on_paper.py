"""Paper tells the truth about corrections (issue 31): a hand the director changed after the table's players
confirmed the sheet is marked on the printed Schreibzettel with who, when and why."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from pdf_tools import pdf_pages

from paper.exports.score_sheets import ScoreSheetsPdf
from scoring import services
from tournament.models import Table

BASE_URL = "http://tarock.local"


@pytest.fixture
def confirmed_then_corrected(make_tournament, play_round):
    tournament = make_tournament("tirol", players=8, slug="papier")
    round = tournament.round_set.get(number=1)
    play_round(round)
    first, second = round.tables.order_by("number")
    for table in (first, second):
        services.confirm_table(table=table, expected_version=Table.objects.get(pk=table.pk).version, names="alle vier")
    hand = second.hands.get(number=3)
    director = User.objects.create_user("leitung")
    services.correct_hand(hand=hand, data={"contract": "dreier", "declarer": 0, "result": "lost"},
                          expected_version=Table.objects.get(pk=second.pk).version, reason="Ergebnis vertauscht",
                          director=True, user=director)
    return tournament, round


def test_a_hand_changed_after_the_confirmation_is_marked_with_who_when_and_why(confirmed_then_corrected):
    tournament, round = confirmed_then_corrected
    first, second = pdf_pages(ScoreSheetsPdf(tournament, round=round, base_url=BASE_URL).render().content)
    flat = " ".join(second.split())
    assert "bestätigt am" in flat and "3*" in second.split()
    assert "* Spiel 3 nach der Bestätigung geändert am" in flat and "von leitung: Ergebnis vertauscht" in flat
    assert "*" not in first and "nach der Bestätigung" not in first  # the other table: as its players signed it


def test_the_workbook_keeps_every_hand_correction_with_its_reason(confirmed_then_corrected, tmp_path):
    from openpyxl import load_workbook

    from paper.registry import get_exporter

    tournament, round = confirmed_then_corrected
    first = round.tables.order_by("number").first()
    services.remove_last_hand(table=first, expected_version=Table.objects.get(pk=first.pk).version, reason="doppelt",
                              by="Anna", director=True)
    path = tmp_path / "turnier.xlsx"
    path.write_bytes(get_exporter("tournament-xlsx")(tournament).render().content)
    sheet = load_workbook(path)["Spielkorrekturen"]
    header, *rows = [[cell.value for cell in row] for row in sheet.iter_rows()]
    assert header[:8] == ["Runde", "Tisch", "Spiel", "was", "Begründung", "von", "am", "nach Bestätigung"]
    assert [row[:6] + [row[7]] for row in rows] == [
        [1, 2, 3, "korrigiert", "Ergebnis vertauscht", "leitung", True],
        [1, 1, first.hands_planned, "entfernt", "doppelt", "Anna", True]]
    assert '"result": "lost"' in rows[0][9] and rows[1][9] is None  # the entry after; a removed hand has none


def test_the_workbook_names_a_scorers_change_in_words(confirmed_then_corrected, tmp_path):
    """The stored code "scorer" is the table scorer in the workbook's language, not the code itself."""
    from openpyxl import load_workbook

    from paper.registry import get_exporter

    tournament, round = confirmed_then_corrected
    first = round.tables.order_by("number").first()
    services.remove_last_hand(table=first, expected_version=Table.objects.get(pk=first.pk).version, reason="doppelt",
                              by=services.SCORER, director=True)
    path = tmp_path / "turnier.xlsx"
    path.write_bytes(get_exporter("tournament-xlsx")(tournament).render().content)
    whos = [row[5].value for row in load_workbook(path)["Spielkorrekturen"].iter_rows(min_row=2)]
    assert whos == ["leitung", "Tisch-Scorer"]

"""Points a director books outside a hand: the standings, the sheets, the workbook and the live pages
all show them; a correction needs a reason; nothing is half-written when refused."""

from __future__ import annotations

import io
from decimal import Decimal

import pytest
from django.urls import reverse
from events import play_rounds
from openpyxl import load_workbook
from pdf_tools import pdf_text

from language import ServiceError
from paper.registry import get_exporter
from scoring import services
from scoring.models import Correction
from scoring.selectors import round_sheets, standings, table_sheet


@pytest.fixture
def event(make_tournament, play_round):
    tournament = make_tournament("tirol", players=16, slug="korr")
    return play_rounds(tournament, play_round, 2)


def test_a_correction_counts_in_its_round_and_shows_everywhere(event, admin_client):
    entry = event.entries.order_by("pk").first()
    round2 = event.round_set.get(number=2)
    before = {row.player.entry_id: row for row in standings(event)}[entry.pk]
    response = admin_client.post(reverse("scoring:corrections", args=[event.slug]), {
        "entry": entry.pk, "round": round2.pk, "points": "-5", "reason": "Renonce in Spiel 7 nachträglich"})
    assert response.status_code == 302
    after = {row.player.entry_id: row for row in standings(event)}[entry.pk]
    assert after.player.rounds[2] == before.player.rounds[2] - 5 and after.total == before.total - 5
    assert after.player.euros == before.player.euros  # standings points only: nobody pays a correction

    seat = entry.seats.get(table__round=round2)
    assert [c.points for c in table_sheet(seat.table).corrections] == [Decimal("-5")]
    sheets = {sheet.table.pk: sheet for sheet in round_sheets(round2)}
    assert [c.reason for c in sheets[seat.table_id].corrections] == ["Renonce in Spiel 7 nachträglich"]
    text = " ".join(pdf_text(get_exporter("score-sheets-pdf")(event, round=round2).render().content).split())
    assert "Renonce in Spiel 7 nachträglich" in text and entry.player.name in text
    page = admin_client.get(reverse("scoring:director_sheet", args=[seat.table_id])).content.decode()
    assert "Renonce in Spiel 7 nachträglich" in page
    listing = admin_client.get(reverse("scoring:corrections", args=[event.slug])).content.decode()
    assert "Renonce in Spiel 7 nachträglich" in listing and "admin" in listing

    book = load_workbook(io.BytesIO(get_exporter("tournament-xlsx")(event).render().content))
    rows = list(book["Korrekturen"].iter_rows(min_row=2, values_only=True))
    assert [(row[1], row[2], row[3]) for row in rows] == [(entry.player.name, 2, -5)]
    from pycel import ExcelCompiler

    compiled = ExcelCompiler(excel=book)
    sheet = book["Rangliste"]
    header = [cell.value for cell in sheet[1]]
    name_col, round2_col = header.index("Name"), header.index("R2")
    for row_number, row in enumerate(sheet.iter_rows(min_row=2, values_only=True), start=2):
        if row[name_col] == entry.player.name:
            letter = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[round2_col]
            assert compiled.evaluate(f"Rangliste!{letter}{row_number}") == float(after.player.rounds[2])
    json_doc = admin_client.get(reverse("tournament:standings_json", args=[event.slug])).json()
    assert next(r for r in json_doc["rows"] if r["name"] == entry.player.name)["total"] == float(after.total)


@pytest.mark.parametrize("points,reason,message", [("0", "x", "nicht 0"), ("5", "  ", "Begründung"),
                                                    ("5000", "x", "höchstens 1000")])
def test_a_correction_is_refused_with_a_reason(event, points, reason, message):
    entry = event.entries.first()
    with pytest.raises(ServiceError, match=message):
        services.book_correction(entry=entry, round=event.round_set.get(number=1), points=points, reason=reason)
    assert not Correction.objects.exists()


def test_a_planned_round_or_another_tournament_takes_no_correction(event, make_tournament):
    entry = event.entries.first()
    with pytest.raises(ServiceError, match="nicht gesetzt"):
        services.book_correction(entry=entry, round=event.round_set.get(number=3), points=2, reason="x")
    other = make_tournament("tirol", players=16, slug="anders")
    with pytest.raises(ServiceError, match="dieselben|selben"):
        services.book_correction(entry=entry, round=other.round_set.get(number=1), points=2, reason="x")
    assert not Correction.objects.exists()


def test_malformed_correction_forms_are_422(event, admin_client):
    for data in ({}, {"entry": "x", "round": "y", "points": "abc", "reason": ""}, {"entry": "999999", "round": "1"}):
        response = admin_client.post(reverse("scoring:corrections", args=[event.slug]), data)
        assert response.status_code == 422
    assert not Correction.objects.exists()

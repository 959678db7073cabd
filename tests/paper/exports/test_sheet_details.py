"""The Schreibzettel shows what moved the money of each hand: partner, kontras and bonuses (announced
or silent, won or lost), on the table's page and on the printed score sheets alike."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation
from pdf_tools import pdf_pages

from paper.exports.score_sheets import ScoreSheetsPdf
from scoring.seats import active_positions
from scoring.selectors import table_sheet
from scoring.services import store_hand

RUFER = {"contract": "rufer", "declarer": 0, "partner": 2, "result": "won", "kontra": 4, "bonuses": [
    {"bonus": "pagat", "side": "declarer", "announced": True, "made": True, "kontra": 2},
    {"bonus": "uhu", "side": "opponents", "announced": False, "made": False},
]}
BETTLER = {"contract": "bettler", "declarer": 1, "result": "lost", "kontra": {"0": 2, "3": 4}}


@pytest.fixture
def table(make_tournament):
    tournament = make_tournament("tirol", players=16)
    table = tournament.round_set.get(number=1).tables.order_by("number").first()
    store_hand(table=table, number=1, data=RUFER, idempotency_key="one")
    store_hand(table=table, number=2, data=BETTLER, idempotency_key="two")
    store_hand(table=table, number=3, data={"contract": "annulled"}, idempotency_key="three")
    return table


def names(table, number: int) -> list[str]:
    seats = list(table.seats.select_related("entry__player").order_by("position"))
    return [seats[p].entry.player.name for p in active_positions(number, len(seats), table.first_dealer)]


def test_each_row_names_partner_kontras_and_bonuses(table):
    rows = table_sheet(table).rows
    first, second = names(table, 1), names(table, 2)
    assert rows[0].details == [f"Partner {first[2]}", "Rekontra", "Pagat (Spieler, angesagt, gewonnen, Kontra)",
                               "Uhu (Gegner, still, verloren)"]
    assert rows[1].details == [f"Kontra {second[0]}, Rekontra {second[3]}"]
    assert rows[2].contract == "annulliert" and rows[2].details == []
    with translation.override("en"):
        english = table_sheet(table).rows[0].details
    assert english == [f"partner {first[2]}", "rekontra", "Pagat (Declarer's side, announced, won, kontra)",
                       "Uhu (Opponents, silent, lost)"]


def test_the_table_page_shows_them(client, table):
    html = client.get(reverse("scoring:sheet", args=[table.token])).content.decode()
    assert "Pagat (Spieler, angesagt, gewonnen, Kontra)" in html and "Uhu (Gegner, still, verloren)" in html
    assert f"Partner {names(table, 1)[2]} · Rekontra" in html


def test_the_printed_sheet_shows_them(table):
    content = ScoreSheetsPdf(table.round.tournament, round=table.round).render().content
    page = pdf_pages(content)[0]
    flat = " ".join(line.strip() for line in page.splitlines())
    assert f"Rufer · {names(table, 1)[0]}" in flat
    assert (f"Partner {names(table, 1)[2]} · Rekontra · Pagat (Spieler, angesagt, gewonnen, Kontra) · "
            "Uhu (Gegner, still, verloren)") in flat
    assert f"Bettler · {names(table, 2)[1]} Kontra {names(table, 2)[0]}, Rekontra {names(table, 2)[3]}" in flat
    assert "annulliert ·" in flat

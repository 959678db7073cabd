"""The standings say which tie-break decided between players level on points, and the lot drawn:
on the page, in the PDF and the Excel file (not on the projector, where space is short)."""

from __future__ import annotations

import io

import openpyxl
from django.urls import reverse
from django.utils import translation
from pdf_tools import pdf_text

from paper.exports.standings import StandingsPdf, StandingsXlsx
from scoring.selectors import standings, standings_table
from scoring.services import book_correction


def level_pair(make_tournament, play_round):
    """A one-round Tirol event where the two leaders end level on points: the lot decides."""
    tournament = make_tournament("tirol", players=8)
    round1 = tournament.round_set.get(number=1)
    play_round(round1, seed=3)
    first, second = standings(tournament)[:2]
    gap = first.total - second.total
    entry = tournament.entries.get(pk=second.player.entry_id)
    if gap:
        book_correction(entry=entry, round=round1, points=gap, reason="Gleichstand für den Test")
    ranked = standings(tournament)
    assert ranked[0].total == ranked[1].total
    return tournament, ranked[0], ranked[1]


def test_the_page_names_the_lot_that_decided(client, make_tournament, play_round):
    tournament, winner, runner_up = level_pair(make_tournament, play_round)
    assert winner.player.lot < runner_up.player.lot
    html = client.get(reverse("tournament:standings", args=[tournament.slug])).content.decode()
    assert "Gleichstand entschieden durch" in html
    assert f"Los (gezogen: {winner.player.lot})" in html and f"Los (gezogen: {runner_up.player.lot})" in html
    english = client.get(reverse("tournament:standings", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="en")
    assert "tie decided by" in english.content.decode()
    assert f"lot (drawn: {winner.player.lot})" in english.content.decode()
    # The projector keeps its columns.
    assert "decided" not in dict(standings_table(tournament).columns)


def test_the_pdf_and_excel_say_it_too(make_tournament, play_round):
    tournament, winner, runner_up = level_pair(make_tournament, play_round)
    translation.activate("de")
    text = " ".join(pdf_text(StandingsPdf(tournament).render().content).split())
    assert "Gleichstand entschieden durch" in text
    assert f"Los (gezogen: {winner.player.lot})" in text
    book = openpyxl.load_workbook(io.BytesIO(StandingsXlsx(tournament).render().content))
    values = [cell for row in book.active.iter_rows(values_only=True) for cell in row]
    assert f"Los (gezogen: {runner_up.player.lot})" in values


"""tournament.xlsx: every formula carries the site's figure as its cached result, so a viewer that
does not calculate (openpyxl data_only=True, a phone's preview) shows the totals, and that cached
figure is what the formula itself comes to (pycel, as Excel would)."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from events import play_rounds
from openpyxl import load_workbook

from scoring.selectors import settlement, standings
from scoring.services import book_correction
from tournament import rounds

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")  # pycel on Python 3.13


def export(tournament, tmp_path):
    from paper.registry import get_exporter

    path = tmp_path / "tournament.xlsx"
    path.write_bytes(get_exporter("tournament-xlsx")(tournament).render().content)
    return path


def close(a, b) -> bool:
    return abs(D(str(a)) - D(str(b))) < D("0.005")


def assert_every_formula_cached_as_computed(path):
    from pycel import ExcelCompiler

    formulas, values = load_workbook(path), load_workbook(path, data_only=True)
    excel = ExcelCompiler(filename=str(path))
    count = 0
    for sheet in formulas.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                if isinstance(cell.value, str) and cell.value.startswith("="):
                    cached = values[sheet.title][cell.coordinate].value
                    assert cached is not None, f"{sheet.title}!{cell.coordinate} has no cached value"
                    computed = excel.evaluate(f"{sheet.title}!{cell.coordinate}")
                    assert close(cached, computed), (sheet.title, cell.coordinate, cached, computed)
                    count += 1
    return count


@pytest.mark.django_db
def test_cached_results_are_the_sites_standings_and_settlement(make_tournament, play_round, tmp_path):
    tournament = play_rounds(make_tournament(players=17, slug="wb-cached", kontra_to_charity=True), play_round, 2)
    entry = tournament.entries.order_by("pk").first()
    book_correction(entry=entry, round=tournament.round_set.get(number=2), points=D("-3"), reason="Strafe")
    path = export(tournament, tmp_path)
    assert assert_every_formula_cached_as_computed(path) > 17 * 4

    sheet = load_workbook(path, data_only=True)["Rangliste"]
    head = [cell.value for cell in sheet[1]]
    money = {p.name: p.total for p in settlement(tournament).players}
    ranked = standings(tournament)
    assert sheet.max_row - 1 == len(ranked)
    for row, site in zip(sheet.iter_rows(min_row=2, values_only=True), ranked, strict=True):
        assert row[head.index("Name")] == site.player.name
        assert D(str(row[head.index("R1")])) == site.player.rounds.get(1, 0)
        assert D(str(row[head.index("R2")])) == site.player.rounds.get(2, 0)
        assert D(str(row[head.index("Punkte")])) == site.total
        assert close(row[-1], money[site.player.name])
    corrected = next(r for r in ranked if r.player.entry_id == entry.pk)
    assert corrected.player.rounds[2] in [D(str(r[head.index("R2")])) for r in sheet.iter_rows(min_row=2, values_only=True)]

    book = load_workbook(path, data_only=True)["Abrechnung"]
    assert close(book["B2"].value, settlement(tournament).box_total) and book["B3"].value == 0


@pytest.mark.django_db
def test_cached_results_with_a_final(make_tournament, play_round, tmp_path):
    tournament = make_tournament(ruleset="hopfgarten", players=16, slug="wb-cached-final", rounds=1)
    first, final = tournament.round_set.get(number=1), tournament.round_set.get(number=2)
    play_round(first, seed=1)
    rounds.close_round(round=first)
    rounds.seat_round(round=final, seed="f", ranking=[r.player.entry_id for r in standings(tournament)])
    play_round(final, seed=2)
    path = export(tournament, tmp_path)
    assert_every_formula_cached_as_computed(path)
    sheet = load_workbook(path, data_only=True)["Rangliste"]
    head = [cell.value for cell in sheet[2]]
    for row, site in zip(sheet.iter_rows(min_row=3, values_only=True), standings(tournament), strict=True):
        assert D(str(row[head.index("Punkte")])) == site.total
        assert D(str(row[head.index("Summe Vorrunden")])) == site.preliminary
        if site.finalist:
            assert D(str(row[head.index("Finale")])) == site.player.final

"""Every page, sheet and workbook shows a player the same euros, with the charity box on and off.

The standings' money column is what the player takes home: with "Kontra-Geld in die Spendenkassa"
the kontra money a player lost went into the box and the kontra money a player would have won
was never paid, exactly as the settlement pays it (scoring.selectors.money is the one source).
"""

from __future__ import annotations

import io
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import translation
from events import play_rounds
from openpyxl import load_workbook
from pdf_tools import pdf_text

from paper.formats import euro_text
from paper.registry import get_exporter
from scoring.selectors import settlement, standings, standings_table


def played(make_tournament, play_round, *, charity: bool):
    tournament = make_tournament(players=17, slug=f"box-{charity}", kontra_to_charity=charity)
    return play_rounds(tournament, play_round, 2)


@pytest.mark.parametrize("charity", [False, True])
def test_standings_money_is_the_settlement_money(make_tournament, play_round, charity):
    tournament = played(make_tournament, play_round, charity=charity)
    paid = {player.entry_id: player.total for player in settlement(tournament).players}
    shown = {row.player.entry_id: row.player.euros for row in standings(tournament)}
    assert shown == paid
    table = standings_table(tournament)
    assert {row["entry_id"]: row["cash"] for row in table.rows} == paid
    # Zero-sum with the box: what the players took home together is what went into the box.
    assert sum(paid.values(), Decimal(0)) == -settlement(tournament).box_total
    assert (settlement(tournament).box_total > 0) == charity  # the sample has kontras


@pytest.mark.parametrize("charity", [False, True])
def test_every_page_sheet_and_workbook_shows_the_same_euros(client, make_tournament, play_round, charity):
    tournament = played(make_tournament, play_round, charity=charity)
    paid = {player.name: player.total for player in settlement(tournament).players}

    with translation.override("de"):
        standings_pdf = pdf_text(get_exporter("standings-pdf")(tournament).render().content)
        settlement_pdf = pdf_text(get_exporter("settlement-pdf")(tournament).render().content)
    flat = " ".join(standings_pdf.split())
    for name, euros in paid.items():
        with translation.override("de"):
            written = euro_text(euros)
        # the player's line: name, club, rounds, total, tie-breaks, then the money last
        line = flat[flat.index(name):]
        line = line[:line.index(" €") + 2]
        assert line.endswith(written), (name, line, written)
        assert written in " ".join(settlement_pdf.split())

    page = client.get(reverse("tournament:standings", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    for name, euros in paid.items():
        row = page[page.index(name):]
        row = row[:row.index("</tr>")]
        assert f"{euros:.2f}".replace(".", ",") in row or f"{euros:.2f}" in row, (name, euros)

    standings_book = load_workbook(io.BytesIO(get_exporter("standings-xlsx")(tournament).render().content))
    rows = list(standings_book.worksheets[0].iter_rows(values_only=True))
    header_at = next(i for i, row in enumerate(rows) if row[0] == "Rang")
    money_column = len(rows[header_at]) - 1
    by_name = {row[1]: row[money_column] for row in rows[header_at + 1:]}
    assert {name: Decimal(str(value)).quantize(Decimal("0.01")) for name, value in by_name.items()} == paid

    settlement_book = load_workbook(io.BytesIO(get_exporter("settlement-xlsx")(tournament).render().content))
    players = settlement_book["Spieler"]
    head = [cell.value for cell in players[1]]
    name_at, total_at = head.index("Name"), len(head) - 1
    totals = {row[name_at]: Decimal(str(row[total_at])).quantize(Decimal("0.01"))
              for row in players.iter_rows(min_row=2, values_only=True)}
    assert totals == paid


def test_changing_the_stake_or_the_box_prices_every_stored_hand_again(make_tournament, play_round,
                                                                      django_capture_on_commit_callbacks):
    from scoring.models import HandScore
    from tournament.services import set_money_settings

    tournament = played(make_tournament, play_round, charity=False)
    before = {player.entry_id: player.total for player in settlement(tournament).players}
    with django_capture_on_commit_callbacks(execute=True) as announced:
        set_money_settings(tournament=tournament, stake_cents=20, kontra_to_charity=False)
    # Priced again after the change committed, never inside it: the change's announcement, then the
    # repricing's own (a write service of its own, announced on the change channel too).
    assert len(announced) == 2
    doubled = {player.entry_id: player.total for player in settlement(tournament).players}
    assert doubled == {entry: euros * 2 for entry, euros in before.items()}
    assert {row.player.entry_id: row.player.euros for row in standings(tournament)} == doubled
    with django_capture_on_commit_callbacks(execute=True):
        set_money_settings(tournament=tournament, stake_cents=20, kontra_to_charity=True)
    money = settlement(tournament)
    assert money.box_total > 0 and sum((p.total for p in money.players), money.box_total) == 0
    assert {row.player.entry_id: row.player.euros for row in standings(tournament)} == {
        p.entry_id: p.total for p in money.players}
    assert HandScore.objects.filter(hand__table__round__tournament=tournament).exclude(euros=0).exists()


def test_the_admin_changes_the_stake_through_the_service_and_refuses_too_much(
        make_tournament, play_round, rf, admin_user, django_capture_on_commit_callbacks):
    from django.contrib import admin
    from django.forms.models import model_to_dict

    from tournament.models import Tournament

    tournament = played(make_tournament, play_round, charity=False)
    before = {player.entry_id: player.total for player in settlement(tournament).players}
    tournament_admin = admin.site._registry[Tournament]
    request = rf.post("/admin/")
    request.user = admin_user
    form_class = tournament_admin.get_form(request, tournament, change=True)
    data = {key: value for key, value in model_to_dict(tournament).items() if value is not None}

    too_much = form_class({**data, "stake_cents": 1_000_001}, instance=tournament)
    assert not too_much.is_valid() and "stake_cents" in too_much.errors

    tripled = tournament.stake_cents * 3
    form = form_class({**data, "stake_cents": tripled}, instance=tournament)
    assert form.is_valid(), form.errors
    with django_capture_on_commit_callbacks(execute=True) as announced:
        tournament_admin.save_model(request, form.save(commit=False), form, change=True)
    assert len(announced) == 2  # the stake's change, then the repricing it set off
    assert Tournament.objects.get(pk=tournament.pk).stake_cents == tripled
    assert {p.entry_id: p.total for p in settlement(tournament).players} == {
        entry: euros * 3 for entry, euros in before.items()}

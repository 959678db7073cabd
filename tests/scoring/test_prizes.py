"""Entry fees and the prize list: paid by final rank (shared ranks split the prizes of the places they
cover), set by the director with validation, and shown in the settlement PDF, Excel and on the page."""

from __future__ import annotations

import io
from decimal import Decimal as D

import pytest
from django.urls import reverse
from django.utils import translation
from events import play_rounds
from hypothesis import given
from hypothesis import strategies as st
from openpyxl import load_workbook
from pdf_tools import pdf_text

from language import ServiceError
from paper.registry import get_exporter
from scoring.selectors import prizes, settlement, standings
from scoring.settlement import prize_money
from tournament import services
from tournament.forms import PrizesForm

# --- the pure rule -------------------------------------------------------------------------------


def paid(prize_list, ranked):
    return {prize.who: prize.amount for prize in prize_money([D(p) for p in prize_list], ranked)}


def test_prizes_go_by_rank_and_stop_where_the_list_ends():
    ranked = [("a", 1), ("b", 2), ("c", 3), ("d", 4)]
    assert paid(["100", "60", "40"], ranked) == {"a": D("100"), "b": D("60"), "c": D("40")}
    assert [p.rank for p in prize_money([D(100), D(60)], ranked)] == [1, 2]


def test_a_shared_rank_splits_the_prizes_of_the_places_it_covers():
    # b and c share rank 2: places 2 and 3 (60 + 40) in halves; d is 4th
    ranked = [("a", 1), ("b", 2), ("c", 2), ("d", 4)]
    result = prize_money([D(100), D(60), D(40), D(10)], ranked)
    assert {p.who: p.amount for p in result} == {"a": D(100), "b": D(50), "c": D(50), "d": D(10)}
    assert [p.places for p in result if p.shared] == [(2, 3), (2, 3)]


def test_cents_that_do_not_split_go_to_the_first_in_standings_order():
    ranked = [("x", 1), ("y", 1), ("z", 1)]
    assert paid(["100", "0", "0"], ranked) == {"x": D("33.34"), "y": D("33.33"), "z": D("33.33")}


def test_a_tie_reaching_past_the_list_shares_what_its_places_carry():
    # three share rank 2, only places 2 and 3 have a prize: 30 + 15 in thirds
    ranked = [("a", 1), ("b", 2), ("c", 2), ("d", 2)]
    assert paid(["50", "30", "15"], ranked) == {"a": D(50), "b": D(15), "c": D(15), "d": D(15)}


def test_unranked_players_and_places_without_a_prize_get_nothing():
    ranked = [("a", 1), ("b", 2), ("absent", None)]
    assert paid(["10", "0", "5"], ranked) == {"a": D(10)}
    assert prize_money([], ranked) == []


@given(st.lists(st.integers(0, 50_000), max_size=8), st.lists(st.integers(1, 4), min_size=1, max_size=10))
def test_the_prizes_paid_are_exactly_the_prizes_of_the_places_taken(prize_cents, group_sizes):
    ranked, rank = [], 1
    for group, size in enumerate(group_sizes):
        ranked += [(f"{group}-{i}", rank) for i in range(size)]
        rank += size
    prize_list = [D(c).scaleb(-2) for c in prize_cents]
    result = prize_money(prize_list, ranked)
    places = len(ranked)
    assert sum((p.amount for p in result), D(0)) == sum(prize_list[:places], D(0))
    assert all(p.amount > 0 and p.amount == p.amount.quantize(D("0.01")) for p in result)
    # a better rank never gets less than a worse one when the list falls with the rank
    if prize_list == sorted(prize_list, reverse=True):
        amounts = [p.amount for p in sorted(result, key=lambda p: p.rank)]
        assert all(a >= b - D("0.01") for a, b in zip(amounts, amounts[1:], strict=False))


# --- the director's form and the service -----------------------------------------------------------


@pytest.mark.parametrize(("text", "cents"), [
    ("1. 100\n2. 60\n3. 40", [10000, 6000, 4000]),
    ("100\n60,50 €\n€ 40.25", [10000, 6050, 4025]),
    ("1: 100; 2) 50", [10000, 5000]),
    ("", []),
])
def test_the_prize_list_is_read_line_by_line(text, cents):
    form = PrizesForm({"entry_fee": "15,00", "prizes": text})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["prizes"] == cents
    assert form.cleaned_data["entry_fee"] == 1500


@pytest.mark.parametrize("text", ["1. 100\n3. 40", "-50", "1.000", "hundert", "1. 100\n2. 10,555"])
def test_a_prize_list_that_does_not_read_is_refused(text):
    form = PrizesForm({"entry_fee": "10", "prizes": text})
    assert not form.is_valid()
    assert "prizes" in form.errors


def test_a_negative_entry_fee_is_refused():
    assert "entry_fee" in PrizesForm({"entry_fee": "-5", "prizes": ""}).errors


def test_prizes_above_the_fees_need_the_directors_word(make_tournament):
    tournament = make_tournament(players=9, seat=False)  # nine checked in: 9 x 10 € = 90 €
    with pytest.raises(ServiceError) as refused:
        services.set_prizes(tournament=tournament, entry_fee_cents=1000, prizes_cents=[6000, 4000])
    assert "100,00 €" in refused.value.message("de") and "90,00 €" in refused.value.message("de")
    tournament.refresh_from_db()
    assert tournament.prizes_cents == [] and tournament.entry_fee_cents == 0  # nothing stored
    services.set_prizes(tournament=tournament, entry_fee_cents=1000, prizes_cents=[6000, 3000])
    services.set_prizes(tournament=tournament, entry_fee_cents=1000, prizes_cents=[6000, 4000, 0], over_fees_ok=True)
    tournament.refresh_from_db()
    assert tournament.prizes_cents == [6000, 4000]  # trailing places without a prize dropped


def test_a_no_show_pays_no_fee_and_a_withdrawn_player_did(make_tournament, play_round):
    tournament = make_tournament(players=9)
    play_round(tournament.round_set.get(number=1), hands=2)
    entries = list(tournament.entries.order_by("pk"))
    services.withdraw(entry=entries[0], after_round=1)
    services.set_checked_in(entry=entries[0], checked_in=False)  # left after round 1, sat at a table
    from tournament.models import Player

    services.enter_player(tournament=tournament, player=Player.objects.create(name="Nie Gekommen"))
    tournament = services.set_prizes(tournament=tournament, entry_fee_cents=1000, prizes_cents=[])
    assert prizes(tournament).payers == 9 and prizes(tournament).fees_total == D("90.00")


@pytest.mark.parametrize("cents", [[-100], [100_000_001]])
def test_the_service_refuses_negative_or_absurd_amounts(make_tournament, cents):
    tournament = make_tournament(players=9, seat=False)
    with pytest.raises(ServiceError):
        services.set_prizes(tournament=tournament, entry_fee_cents=0, prizes_cents=cents, over_fees_ok=True)


def test_the_director_sets_fee_and_prizes_on_the_page(client, director, make_tournament):
    tournament = make_tournament(players=9, seat=False)
    url = reverse("tournament:prizes", args=[tournament.slug])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="de")
    assert page.status_code == 200 and "Nenngeld" in page.content.decode()
    refused = client.post(url, {"entry_fee": "10", "prizes": "1. 80\n2. 40"}, HTTP_ACCEPT_LANGUAGE="de")
    assert refused.status_code == 422
    assert "bitte bestätigen" in refused.content.decode()
    bad = client.post(url, {"entry_fee": "10", "prizes": "1. 80\n5. 40"}, HTTP_ACCEPT_LANGUAGE="de")
    assert bad.status_code == 422 and "Zeile 2" in bad.content.decode()
    saved = client.post(url, {"entry_fee": "10", "prizes": "1. 80\n2. 40", "over_fees_ok": "on"})
    assert saved.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.entry_fee_cents, tournament.prizes_cents) == (1000, [8000, 4000])
    again = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "1. 80,00\n2. 40,00" in again  # the form shows the list as it reads it
    assert "9 × 10,00 € = 90,00 €" in again


def test_the_prize_page_is_for_directors_only(client, make_tournament):
    tournament = make_tournament(players=9, seat=False)
    response = client.get(reverse("tournament:prizes", args=[tournament.slug]))
    assert response.status_code in (302, 403)


# --- in the settlement ---------------------------------------------------------------------------------


@pytest.fixture
def prize_event(make_tournament, play_round):
    tournament = make_tournament(players=13, slug="preise")
    play_rounds(tournament, play_round, 2)
    return services.set_prizes(tournament=tournament, entry_fee_cents=1500, prizes_cents=[9000, 6000, 3000, 1000])


def test_the_settlement_pays_the_prizes_by_the_standings(prize_event):
    money = settlement(prize_event)
    ranked = standings(prize_event)
    top = {row.player.entry_id: row.rank for row in ranked if row.rank is not None and row.rank <= 4}
    assert {line.entry_id for line in money.prizes.paid} == set(top)
    assert money.prizes.fees_total == D("195.00")  # 13 x 15 €
    assert money.prizes.prizes_total == D("190.00") and money.prizes.rest == D("5.00")
    # the points money of the tables stays as it was: zero-sum, prizes apart
    assert sum((player.total for player in money.players), D(0)) == 0


def test_the_settlement_pdf_and_excel_show_fees_and_prizes(prize_event):
    money = settlement(prize_event)
    with translation.override("de"):
        text = " ".join(pdf_text(get_exporter("settlement-pdf")(prize_event).render().content).split())
    assert "Nenngeld 13 × 15,00 € = 195,00 €" in text
    assert "Preise ausbezahlt 190,00 €" in text and "Rest 5,00 €" in text
    assert "Nenngeld und Preise" in text
    for line in money.prizes.paid:
        assert f"{line.rank_text} {line.name}" in text
    with translation.override("de"):
        book = load_workbook(io.BytesIO(get_exporter("settlement-xlsx")(prize_event).render().content))
    sheet = book["Nenngeld und Preise"]
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0][:2] == ("Nenngeld je Spieler", 15) and rows[2][:2] == ("Nenngeld eingenommen", 195)
    assert rows[3][:2] == ("Preise ausbezahlt", 190) and rows[4][:2] == ("Rest", 5)
    assert rows[5] == ("Rang", "Name", "Verein", "Preis")
    assert sum(D(str(row[3])) for row in rows[6:]) == D("190.00")
    assert [row[1] for row in rows[6:]] == [line.name for line in money.prizes.paid]


def test_without_fee_or_prizes_the_settlement_is_as_before(make_tournament, play_round):
    tournament = make_tournament(players=9, slug="ohne")
    play_rounds(tournament, play_round, 1)
    assert not settlement(tournament).prizes.any
    with translation.override("de"):
        book = load_workbook(io.BytesIO(get_exporter("settlement-xlsx")(tournament).render().content))
        text = pdf_text(get_exporter("settlement-pdf")(tournament).render().content)
    assert book.sheetnames == ["Tische", "Zahlungen", "Spieler"]
    assert "Nenngeld" not in text


def test_the_page_shows_each_players_table_money_and_prize(client, director, prize_event):
    money = settlement(prize_event)
    prize_of = money.prizes.by_entry()
    with translation.override("de"):
        html = client.get(reverse("tournament:prizes", args=[prize_event.slug]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "195,00 €" in html and "190,00 €" in html
    assert reverse("paper:export", args=[prize_event.slug, "settlement-pdf"]) in html
    for player in money.players:
        row = html[html.index(f"<td>{player.name}</td>"):]
        row = row[:row.index("</tr>")]
        together = player.total + prize_of.get(player.entry_id, 0)
        assert "<strong>" + f"{together:.2f}".replace(".", ",") + "</strong>" in row  # below 1.000 €: no grouping


def test_the_admin_shows_fee_and_prizes_but_leaves_them_to_the_prize_page(client, director, make_tournament):
    tournament = services.set_prizes(tournament=make_tournament(players=9, seat=False), entry_fee_cents=1000,
                                     prizes_cents=[5000])
    html = client.get(reverse("admin:tournament_tournament_change", args=[tournament.pk])).content.decode()
    assert 'name="prizes_cents"' not in html and 'name="entry_fee_cents"' not in html
    assert "[5000]" in html

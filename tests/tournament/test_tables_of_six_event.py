"""A tournament that allows tables of six, from the director's form to the sheets: six and eleven
players sit down without a bye, a table of six plays 24 hands (everyone plays 16, as at four), the
scorer's page and API name both who sit out, the score sheet greys both, and a paper sheet that gives
a hand to the player opposite the dealer is refused in words."""

from __future__ import annotations

import io
import random
from collections import Counter

import pytest
from django.urls import reverse
from openpyxl import Workbook
from pdf_tools import pdf_pages

from language import ServiceError
from paper import columns
from paper.registry import get_exporter
from rules.engine.sampling import random_hand
from rules.rulesets import BUILTIN
from scoring.models import HandScore
from scoring.seats import sitting_out
from scoring.services import store_hand
from tournament import rounds
from tournament.models import Bye, Tournament


def workbook(rows: list[dict]) -> bytes:
    """A typed-in score sheet: the Hands sheet with these rows ({header: value})."""
    book = Workbook()
    sheet = book.active
    sheet.title = "Hands"
    sheet.append(columns.HANDS)
    for row in rows:
        sheet.append([row.get(name) for name in columns.HANDS])
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


@pytest.fixture
def six(make_tournament):
    return make_tournament("tirol", players=6, slug="sechs", tables_of_six=True)


def _table(tournament, number=1, round_number=1):
    return tournament.round_set.get(number=round_number).tables.get(number=number)


def test_six_players_sit_at_one_table_of_six_that_plays_24_hands_16_each(six):
    table = _table(six)
    assert table.seats.count() == 6 and table.hands_planned == 24
    assert not Bye.objects.filter(round__tournament=six).exists()
    rng = random.Random(1)
    for number in range(1, 25):
        store_hand(table=table, number=number, data=random_hand(six.ruleset, rng), idempotency_key=f"h{number}")
    played = Counter(HandScore.objects.filter(hand__table=table).values_list("entry_id", flat=True))
    assert sorted(played.values()) == [16] * 6


def test_without_the_option_six_players_are_a_five_and_a_bye(make_tournament):
    tournament = make_tournament("tirol", players=6, slug="ohne")
    assert tournament.tables_of_six is False  # no seed rule set seats six (rules/rulesets/byes.py)
    assert Bye.objects.filter(round__tournament=tournament).count() == 1
    assert _table(tournament).seats.count() == 5


def test_eleven_players_sit_at_a_six_and_a_five(make_tournament):
    tournament = make_tournament("tirol", players=11, slug="elf", tables_of_six=True)
    sizes = sorted(t.seats.count() for t in tournament.round_set.get(number=1).tables.all())
    assert sizes == [5, 6]
    assert sorted(t.hands_planned for t in tournament.round_set.get(number=1).tables.all()) == [20, 24]


def test_hands_at_six_follow_the_hands_at_four():
    assert Tournament(hands_at_four=20, hands_at_five=25).hands_for(6) == 30
    assert Tournament(hands_at_four=16, hands_at_five=20).hands_for(6) == 24


def test_a_paper_seating_of_six_is_refused_unless_the_tournament_allows_it(make_tournament):
    allowed = make_tournament("tirol", players=6, slug="papier-ja", seat=False, tables_of_six=True)
    ids = list(allowed.entries.values_list("pk", flat=True))
    rounds.seat_round_as_given(round=allowed.round_set.get(number=1), tables={1: ids})
    assert _table(allowed).seats.count() == 6
    refused = make_tournament("tirol", players=6, slug="papier-nein", seat=False)
    ids = list(refused.entries.values_list("pk", flat=True))
    with pytest.raises(ServiceError) as error:
        rounds.seat_round_as_given(round=refused.round_set.get(number=1), tables={1: ids})
    assert "Tisch 1 hat 6 Spieler; erlaubt sind 4 oder 5." in error.value.message_de


def test_the_scorer_page_and_api_name_both_who_sit_out(client, six):
    table = _table(six)
    names = [seat.entry.player.name for seat in table.seats.order_by("position")]
    out = sitting_out(1, 6, table.first_dealer)
    page = client.get(reverse("scoring:sheet", args=[table.token])).content.decode()
    assert f'id="dealer-name">{names[out[0]]}<' in page
    assert f'id="also-out-name">{names[out[1]]}<' in page
    state = client.get(reverse("scoring:api_state", args=[table.token])).json()
    assert state["next"]["sits_out"] == out[0] and state["next"]["sitting_out"] == out
    assert len(state["seats"]) == 6


def test_the_score_sheet_greys_both_who_sit_out(six):
    table = _table(six)
    store_hand(table=table, number=1, data={"contract": "dreier", "declarer": 0, "result": "won"}, idempotency_key="a")
    exporter = get_exporter("score-sheets-pdf")(six, round=six.round_set.get(number=1), base_url="http://tarock.test")
    text = pdf_pages(exporter.render_bytes())[0]
    assert "24 Spiele – Sechsertisch" in text
    # Two empty, greyed cells a hand, played or still blank: 48 dashes for 24 hands.
    assert sum(1 for line in text.splitlines() if line.strip() == "–") == 48


def test_a_paper_hand_given_to_the_player_opposite_the_dealer_is_refused(six):
    from paper.imports.hands import import_hands

    table = _table(six)
    names = [seat.entry.player.name for seat in table.seats.order_by("position")]
    opposite = names[sitting_out(1, 6, table.first_dealer)[1]]
    rows = [{columns.ROUND: 1, columns.TABLE: 1, columns.HAND: 1, columns.CONTRACT: "dreier",
             columns.DECLARER: opposite, columns.RESULT: "won"}]
    report = import_hands(tournament=six, source=workbook(rows), filename="zettel.xlsx")
    assert not report.ok
    assert "sitzt in diesem Spiel aus (gegenüber dem Geber)" in report.problems[0].message_de
    assert "opposite the dealer" in report.problems[0].message_en


def test_the_directors_form_allows_tables_of_six(admin_client):
    response = admin_client.post(reverse("tournament:list"), {
        "name": "Wirtshaus", "slug": "wirtshaus", "date": "2026-12-05", "ruleset": "tirol", "tables_of_six": "on"})
    assert response.status_code == 302, response.content.decode()[:500]
    assert Tournament.objects.get(slug="wirtshaus").tables_of_six is True
    assert BUILTIN["tirol"].format.tables_of_six is False

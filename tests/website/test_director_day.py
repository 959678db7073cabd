"""The director's day without dead ends (issue 31): closing a round with hands missing ends in a decision on
that page (end the tables with a reason, or go back) instead of a refusal that leads back to the button."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.models import Round


@pytest.fixture
def event(make_tournament):
    return make_tournament("tirol", players=8, slug="tag")


def close_url(event) -> str:
    return reverse("tournament:round_action", args=[event.slug, 1, "close"])


def test_closing_with_missing_hands_offers_to_end_the_tables_with_a_reason(client, director, event, play_round):
    round = event.round_set.get(number=1)
    play_round(round, hands=3)
    first = client.post(close_url(event), HTTP_ACCEPT_LANGUAGE="de")
    html = first.content.decode()
    assert first.status_code == 200 and "An 2 Tischen fehlen noch Spiele" in html
    assert "Tische beenden und Runde abschließen" in html and 'name="reason"' in html
    assert "trotzdem abschließen" not in html  # the button that only led to a refusal
    assert reverse("tournament:round", args=[event.slug, 1]) in html  # back

    without_reason = client.post(close_url(event), {"unconfirmed_ok": "1", "reason": "  "}, HTTP_ACCEPT_LANGUAGE="de")
    assert without_reason.status_code == 422
    assert "braucht es eine Begründung" in without_reason.content.decode()
    assert Round.objects.get(pk=round.pk).status != Round.CLOSED

    done = client.post(close_url(event), {"unconfirmed_ok": "1", "reason": "Zeit abgelaufen"}, follow=True,
                       HTTP_ACCEPT_LANGUAGE="de")
    round.refresh_from_db()
    assert round.status == Round.CLOSED and all(table.ended_early for table in round.tables.all())
    page = done.content.decode()
    assert "Runde 1 ist abgeschlossen" in page and "Zeit abgelaufen" in page  # the reason in the round's log


def test_the_decision_page_speaks_english_on_an_english_page(client, director, event, play_round):
    play_round(event.round_set.get(number=1), hands=3)
    html = client.post(close_url(event), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "2 tables are still missing hands" in html and "End the tables and close the round" in html


@pytest.fixture
def finished(make_tournament, play_round):
    from tournament import rounds, services

    tournament = make_tournament("tirol", players=8, slug="fertig", rounds=1)
    services.set_prizes(tournament=tournament, entry_fee_cents=1000, prizes_cents=[3000, 2000, 1000])
    play_round(tournament.round_set.get(number=1))
    rounds.close_round(round=tournament.round_set.get(number=1))
    return tournament


def test_a_running_tournament_is_not_final_anywhere(client, event, play_round):
    play_round(event.round_set.get(number=1))
    from tournament import rounds

    rounds.close_round(round=event.round_set.get(number=1))
    for path in ("/turnier/tag/", "/turnier/tag/beamer/"):
        assert "Endstand" not in client.get(path, HTTP_ACCEPT_LANGUAGE="de").content.decode(), path
    page = client.get("/turnier/tag/siegerehrung/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Das Turnier läuft noch: Stand nach Runde 1, noch nicht der Endstand." in page


def test_a_finished_tournament_says_endstand_and_has_a_prize_giving(client, finished):
    for path in ("/turnier/fertig/", "/turnier/fertig/beamer/"):
        assert '<p class="as-of">Endstand</p>' in client.get(path, HTTP_ACCEPT_LANGUAGE="de").content.decode(), path
    page = client.get("/turnier/fertig/siegerehrung/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Siegerehrung" in page and "Endstand" in page and "läuft noch" not in page
    prizes = page.split("prize-giving")[1].split("</table>")[0]
    assert prizes.index("10,00") < prizes.index("20,00") < prizes.index("30,00")  # read out from the last prize up
    english = client.get("/turnier/fertig/siegerehrung/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Prize-giving" in english and "Final standings" in english


def test_the_directors_page_shows_the_final_state(client, director, finished, event, play_round):
    """Over: the director's page says "Endstand" with the final standings and the prize-giving's link;
    a tournament still running says neither."""
    page = client.get(reverse("tournament:detail", args=["fertig"]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    final = page.split('class="card final-state"')[1].split("</section>")[0]
    assert "Endstand" in final and reverse("tournament:prize_giving", args=["fertig"]) in final
    from scoring.selectors import standings

    ranked = [row for row in standings(finished) if row.rank is not None]
    assert [row.player.name for row in ranked] == [
        cell.split("<td>")[1].split(" <small>")[0].split("</td>")[0] for cell in final.split("<tr>")[2:]]
    english = client.get(reverse("tournament:detail", args=["fertig"]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "The tournament is over: every round is closed." in english
    running = client.get(reverse("tournament:detail", args=[event.slug]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "final-state" not in running


def test_the_round_board_and_its_protocol_show_pauses_leaves_and_corrections(client, director, make_tournament):
    from scoring import absences
    from scoring import services as scoring_services

    tournament = make_tournament("tirol", players=9, slug="brett")
    round = tournament.round_set.get(number=1)
    five = next(table for table in round.tables.all() if table.seats.count() == 5)
    names = {seat.position: seat.entry.player.name for seat in five.seats.select_related("entry__player")}
    dreier = {"contract": "dreier", "declarer": 1, "result": "won"}
    hands = scoring_services.record_hands(table=five, hands=[dreier, dreier])
    absences.pause_player(by="scorer", table=five, position=4)
    scoring_services.store_hand(table=five, number=3, data=dreier)
    absences.return_player(by="scorer", table=type(five).objects.get(pk=five.pk), position=4)
    absences.leave_table(by="scorer", table=type(five).objects.get(pk=five.pk), position=3)
    scoring_services.correct_hand(hand=hands[0], data={**dreier, "result": "lost"}, reason="Ergebnis vertauscht",
                                  expected_version=type(five).objects.get(pk=five.pk).version, director=True, user=director)
    scoring_services.book_correction(entry=tournament.entries.first(), round=round, points=-3, reason="zu spät",
                                     user=director)
    page = client.get(reverse("tournament:round", args=[tournament.slug, 1]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Pausen und Abgänge" in page
    assert f"{names[4]} hat pausiert (Spiel 3 bis vor Spiel 4)" in page
    assert f"{names[3]} hat den Tisch verlassen (ab Spiel 4)" in page
    log = page.split("Protokoll")[-1]
    assert f"Tisch {five.number}: Spiel 1 korrigiert – Begründung: Ergebnis vertauscht (leitung)" in log
    assert "-3 Punkte für" in log and "zu spät" in log and f"{names[3]} hat den Tisch verlassen" in log
    english = client.get(reverse("tournament:round", args=[tournament.slug, 1]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Pauses and departures" in english and f"Table {five.number}: hand 1 corrected" in english


@pytest.mark.parametrize(("language", "words"), [("de", "Tisch-Scorer"), ("en", "Table scorer")])
def test_the_protocol_names_a_scorers_correction_in_words(client, director, make_tournament, language, words):
    """A hand the table's scorer corrected is "(Tisch-Scorer)" in the protocol, not the stored code "(scorer)"."""
    from scoring import services as scoring_services

    tournament = make_tournament("tirol", players=8, slug="schreiber")
    table = tournament.round_set.get(number=1).tables.order_by("number").first()
    dreier = {"contract": "dreier", "declarer": 1, "result": "won"}
    (hand,) = scoring_services.record_hands(table=table, hands=[dreier])
    scoring_services.correct_hand(hand=hand, data={**dreier, "result": "lost"}, by=scoring_services.SCORER,
                                  expected_version=type(table).objects.get(pk=table.pk).version)

    page = client.get(reverse("tournament:round", args=[tournament.slug, 1]), HTTP_ACCEPT_LANGUAGE=language)

    log = page.content.decode().split({"de": "Protokoll", "en": "Log"}[language])[-1]
    assert f"({words})" in log and "(scorer)" not in log


def test_the_latest_closed_round_is_a_selectors_answer(event, play_round):
    from tournament import rounds, selectors

    assert selectors.last_closed_round_number(event) is None
    play_round(event.round_set.get(number=1))
    rounds.close_round(round=event.round_set.get(number=1))
    assert selectors.last_closed_round_number(event) == 1


def test_the_prize_giving_view_reads_selectors_and_filters_nothing_itself():
    """Views stay thin: the ranked rows are scoring.selectors.ranked_rows, the latest closed round a selector's."""
    from pathlib import Path

    source = (Path(__file__).resolve().parents[2] / "website/views/prize_giving.py").read_text(encoding="utf-8")
    assert "ranked_rows(" in source and "last_closed_round_number(" in source
    assert "rank is not None" not in source and "round_set" not in source

"""The director's and the scorer's pages in the hall: confirm steps, the round log in words, the
revision trail, link rotation, old table cards, check everyone in, withdraw, the player page."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse

from rules.engine.sampling import random_hand
from scoring import services as scoring_services
from tournament import rounds
from tournament.models import Round, RoundEvent, Table


@pytest.fixture
def event(make_tournament):
    return make_tournament("tirol", players=8, slug="venue")


def _round(event) -> Round:
    return event.round_set.get(number=1)


def _url(name, event, *args):
    return reverse(f"tournament:{name}", args=[event.slug, *args])


def test_rotating_one_link_kills_the_old_one_and_is_logged(client, director, event):
    table = _round(event).tables.order_by("number").first()
    other = _round(event).tables.order_by("number").last()
    old, other_old = table.token, other.token
    response = client.post(_url("rotate_links", event, 1), {"table": table.pk}, follow=True)
    table.refresh_from_db()
    other.refresh_from_db()
    assert table.token != old and other.token == other_old
    assert "Tischkarte neu drucken" in response.content.decode()
    gone = client.get(reverse("scoring:sheet", args=[old]))
    assert gone.status_code == 404
    assert "Diese Tischkarte gilt nicht mehr" in gone.content.decode()
    assert client.get(reverse("scoring:sheet", args=[table.token])).status_code == 200
    event_row = RoundEvent.objects.get(action="rotate")
    assert event_row.detail == {"tables": [table.number]} and event_row.user == director
    page = client.get(_url("round", event, 1), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert f"Neuer Scorer-Link für Tisch {table.number}" in page


def test_rotating_every_link_of_a_round_is_a_choice_of_its_own_with_a_confirmation(client, director, event):
    before = dict(_round(event).tables.values_list("pk", "token"))
    page = client.post(_url("rotate_links", event, 1), {"tables": "all"}, HTTP_ACCEPT_LANGUAGE="de")
    assert page.status_code == 200 and "Neue Scorer-Links für alle Tische?" in page.content.decode()
    assert 'name="confirmed" value="1"' in page.content.decode()
    assert dict(_round(event).tables.values_list("pk", "token")) == before  # asked, nothing changed yet
    client.post(_url("rotate_links", event, 1), {"tables": "all", "confirmed": "1"})
    after = dict(_round(event).tables.values_list("pk", "token"))
    assert before.keys() == after.keys() and not set(before.values()) & set(after.values())
    # The table cards PDF carries the new links.
    assert client.get(reverse("paper:round_export", args=[event.slug, 1, "table-cards-pdf"])).status_code == 200


@pytest.mark.parametrize("data", [{}, {"table": ""}, {"table": "", "confirmed": "1"}, {"tables": "some"}])
def test_an_empty_table_field_rotates_nothing(client, director, event, data):
    before = dict(_round(event).tables.values_list("pk", "token"))
    response = client.post(_url("rotate_links", event, 1), data, follow=True, HTTP_ACCEPT_LANGUAGE="de")
    assert dict(_round(event).tables.values_list("pk", "token")) == before
    assert not RoundEvent.objects.filter(action="rotate").exists()
    assert "Kein Tisch gewählt" in response.content.decode()
    client.cookies["django_language"] = "en"
    english = client.post(_url("rotate_links", event, 1), data, follow=True, HTTP_ACCEPT_LANGUAGE="en")
    assert "No table chosen" in english.content.decode()
    assert dict(_round(event).tables.values_list("pk", "token")) == before


def test_the_rotation_service_rotates_all_tables_only_when_told(event):
    with pytest.raises(Exception, match="Kein Tisch"):
        rounds.rotate_links(round=_round(event), tables=None)
    with pytest.raises(Exception, match="Kein Tisch"):
        rounds.rotate_links(round=_round(event), tables=[])
    assert len(rounds.rotate_links(round=_round(event), every_table=True)) == _round(event).tables.count()


@pytest.mark.parametrize("table", ["abc", "-1", "999999"])
def test_rotating_a_strange_table_is_never_a_500(client, director, event, table):
    response = client.post(_url("rotate_links", event, 1), {"table": table})
    assert response.status_code in (302, 404)


def test_rotation_service_refuses_a_table_of_another_round(event):
    other_round = event.round_set.get(number=2)
    with pytest.raises(Exception, match="Kein Tisch"):
        rounds.rotate_links(round=other_round, tables=list(_round(event).tables.all()))


def test_an_old_table_card_after_reseating_gets_a_friendly_404_in_both_languages(client, director, event):
    old = _round(event).tables.first().token
    client.post(_url("round_action", event, 1, "seat"))
    assert not Table.objects.filter(token=old).exists()
    german = client.get(reverse("scoring:sheet", args=[old]), HTTP_ACCEPT_LANGUAGE="de")
    assert german.status_code == 404 and "Diese Tischkarte gilt nicht mehr" in german.content.decode()
    client.cookies["django_language"] = "en"
    english = client.get(reverse("scoring:sheet", args=[old]), HTTP_ACCEPT_LANGUAGE="en")
    assert english.status_code == 404 and "This table card is no longer valid" in english.content.decode()
    nul = client.get("/t/%00abc/")
    assert nul.status_code == 404


def test_an_unknown_page_uses_the_site_404(client, db):
    response = client.get("/gibt-es-nicht/", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 404 and "Diese Seite gibt es nicht" in response.content.decode()


def test_reseat_asks_first(client, director, event):
    page = client.get(_url("round", event, 1)).content.decode()
    assert "Runde neu setzen? Die bisherige Sitzordnung" in page
    assert "Runde neu setzen? Die bisherige Sitzordnung" in client.get(_url("detail", event)).content.decode()


def test_closing_with_unconfirmed_tables_asks_and_lists_them(client, director, event, play_round):
    round = _round(event)
    play_round(round)
    first = round.tables.order_by("number").first()
    scoring_services.confirm_table(table=first, expected_version=first.version, names="alle")
    response = client.post(_url("round_action", event, 1, "close"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "noch nicht bestätigt" in html and "trotzdem abschließen" in html
    unconfirmed = [t.number for t in round.tables.exclude(pk=first.pk)]
    for number in unconfirmed:
        assert f"Tisch {number}</a>" in html
    assert f"Tisch {first.number}</a>" not in html
    round.refresh_from_db()
    assert round.status != Round.CLOSED
    client.post(_url("round_action", event, 1, "close"), {"unconfirmed_ok": "1"})
    round.refresh_from_db()
    assert round.status == Round.CLOSED
    log = client.get(_url("round", event, 1)).content.decode()
    assert "Runde abgeschlossen" in log and "Runde gesetzt" in log


def test_ending_a_table_needs_a_reason_and_the_log_says_it_in_words(client, director, event, play_round):
    round = _round(event)
    play_round(round, hands=2)
    table = round.tables.order_by("number").first()
    client.post(_url("end_table", event, 1, table.pk), {"reason": "   "})
    table.refresh_from_db()
    assert not table.ended_early
    client.post(_url("end_table", event, 1, table.pk), {"reason": "Zeit um"})
    table.refresh_from_db()
    assert table.ended_early
    german = client.get(_url("round", event, 1), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert f"Tisch {table.number} beendet nach 2 Spielen – Begründung: Zeit um" in german
    assert "end_table" not in german
    client.cookies["django_language"] = "en"
    english = client.get(_url("round", event, 1), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"Table {table.number} ended after 2 hands – Reason: Zeit um" in english
    assert "Round seated" in english


def test_check_everyone_in_and_withdraw_from_the_tournament_page(client, director, event):
    event.entries.update(checked_in=False)
    page = client.get(_url("detail", event)).content.decode()
    assert "alle anwesend" in page
    client.post(_url("check_in_all", event))
    assert not event.entries.filter(checked_in=False).exists()
    entry = event.entries.order_by("pk").first()
    assert _url("withdraw", event, entry.pk) in page
    client.post(_url("withdraw", event, entry.pk), {"after_round": "1"})
    entry.refresh_from_db()
    assert entry.withdrawn_after_round == 1
    client.post(_url("withdraw", event, entry.pk), {"after_round": "x"})
    entry.refresh_from_db()
    assert entry.withdrawn_after_round == 1
    client.post(_url("withdraw", event, entry.pk), {"after_round": ""})
    entry.refresh_from_db()
    assert entry.withdrawn_after_round is None


def test_the_director_sees_corrections_and_changes_after_confirmation(client, director, event, play_round):
    round = _round(event)
    play_round(round)
    table = round.tables.order_by("number").first()
    scoring_services.confirm_table(table=table, expected_version=table.version, names="alle")
    table.refresh_from_db()
    hand = table.hands.order_by("number").first()
    data = random_hand(event.ruleset, random.Random(99))
    scoring_services.correct_hand(hand=hand, data=data, expected_version=table.version, reason="Tippfehler",
                                  by="director:leitung", user=director, director=True)
    html = client.get(reverse("scoring:director_sheet", args=[table.pk]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert 'id="changed-since-confirmation"' in html and "Geändert nach der Bestätigung" in html
    assert "Tippfehler" in html and "Turnierleitung (leitung)" in html and "nach Bestätigung" in html
    assert event.ruleset.contract(data["contract"]).name in html
    # An unchanged confirmed table says nothing of the kind.
    other = round.tables.order_by("number").last()
    scoring_services.confirm_table(table=other, expected_version=other.version, names="alle")
    html = client.get(reverse("scoring:director_sheet", args=[other.pk])).content.decode()
    assert "changed-since-confirmation" not in html and 'id="revisions"' not in html


def test_a_confirmed_table_in_a_running_round_says_so(client, event, play_round):
    round = _round(event)
    play_round(round)
    table = round.tables.order_by("number").first()
    scoring_services.confirm_table(table=table, expected_version=table.version, names="alle")
    html = client.get(reverse("scoring:sheet", args=[table.token]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "bestätigt – die Runde läuft noch" in html
    assert "Die Runde ist nicht offen" not in html


def test_the_player_page_shows_contract_names(client, event, play_round):
    play_round(_round(event), hands=3)
    entry = event.entries.order_by("pk").first()
    html = client.get(_url("player", event, entry.pk), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    contracts = set(_round(event).tables.values_list("hands__contract", flat=True)) - {None}
    shown = [event.ruleset.contract(slug).name for slug in contracts if event.ruleset.contract(slug).name in html]
    assert shown
    for slug in contracts:
        if slug != event.ruleset.contract(slug).name:
            assert f'<td class="contract">{slug}</td>' not in html


@pytest.mark.parametrize("venue", ["", "Gasthof Post"])
def test_the_standings_line_leaves_out_a_venue_nobody_named(client, make_tournament, venue):
    import re

    tournament = make_tournament("tirol", players=8, slug=f"ort-{len(venue)}")
    tournament.venue = venue
    tournament.save(update_fields=["venue"])
    html = client.get(f"/turnier/{tournament.slug}/").content.decode()
    line = re.search(r'<p class="crumbs">(.*?)</p>', html, re.S).group(1)
    assert "·  ·" not in line and "· ·" not in line
    assert (venue in line) if venue else line.count("·") >= 2

"""Reopening a round closed with "Tische beenden und Runde abschließen" lets the tables that close ended play on
(issue 31): the phone takes the missing hands again. A table the director ended by itself stays ended."""

from __future__ import annotations

import json
import uuid

from django.test import Client
from django.urls import reverse

from tournament import rounds
from tournament.models import Round, RoundEvent, Table

DREIER = {"contract": "dreier", "declarer": 0, "result": "won"}


def _scorer_posts_a_hand(table: Table) -> int:
    body = {"number": table.hands_entered + 1, "key": uuid.uuid4().hex, "hand": DREIER}
    return Client(enforce_csrf_checks=True).post(reverse("scoring:api_hands", args=[table.token]),
                                                 data=json.dumps(body), content_type="application/json").status_code


def test_reopening_brings_back_the_tables_the_close_ended_and_the_phone_takes_a_hand(make_tournament, play_round,
                                                                                   director):
    tournament = make_tournament("tirol", players=12)
    round = tournament.round_set.get(number=1)
    play_round(round, seed=3, hands=2)
    tables = list(round.tables.order_by("number"))
    assert all(not table.is_complete for table in tables)
    rounds.end_table(table=tables[2], reason="Spieler musste gehen", user=director)  # the director's own decision

    rounds.end_tables_and_close(round=round, reason="Zeit ist um", user=director)
    assert [t.ended_early for t in round.tables.order_by("number")] == [True, True, True]
    assert _scorer_posts_a_hand(round.tables.get(number=1)) != 201  # ended: the phone is refused

    rounds.reopen_round(round=round, reason="Zu früh abgeschlossen", user=director)

    round.refresh_from_db()
    assert round.status == Round.RUNNING
    assert [t.ended_early for t in round.tables.order_by("number")] == [False, False, True]
    reopen = RoundEvent.objects.filter(round=round, action="reopen").get()
    assert reopen.detail == {"tables": [1, 2]} and reopen.reason == "Zu früh abgeschlossen"
    first = round.tables.get(number=1)
    assert _scorer_posts_a_hand(first) == 201
    first.refresh_from_db()
    assert first.hands_entered == 3
    assert _scorer_posts_a_hand(round.tables.get(number=3)) != 201  # ended by the director alone: stays so
    assert "Tische 1, 2 spielen weiter" in director_round_page(round, "de")
    english = director_round_page(round, "en")
    assert "Tables 1, 2 play on" in english and "spielen weiter" not in english


def director_round_page(round, language: str) -> str:
    from django.contrib.auth.models import User

    client = Client()
    client.force_login(User.objects.get(username="leitung"))
    return client.get(reverse("tournament:round", args=[round.tournament.slug, round.number]),
                      HTTP_ACCEPT_LANGUAGE=language).content.decode()


def test_a_second_close_and_reopen_brings_back_only_what_that_close_ended(make_tournament, play_round, director):
    tournament = make_tournament("tirol", players=12)
    round = tournament.round_set.get(number=1)
    play_round(round, seed=3, hands=2)
    rounds.end_tables_and_close(round=round, reason="Zeit ist um", user=director)
    rounds.reopen_round(round=round, reason="Irrtum", user=director)
    rounds.end_table(table=round.tables.get(number=2), reason="Spieler krank", user=director)
    rounds.end_tables_and_close(round=round, reason="Zeit ist wirklich um", user=director)

    rounds.reopen_round(round=round, reason="Nochmals Irrtum", user=director)

    assert [t.ended_early for t in round.tables.order_by("number")] == [False, True, False]
    assert RoundEvent.objects.filter(round=round, action="reopen").order_by("pk").last().detail == {"tables": [1, 3]}


def test_a_round_closed_complete_reopens_without_touching_its_tables(make_tournament, play_round, director):
    tournament = make_tournament("tirol", players=12)
    round = tournament.round_set.get(number=1)
    play_round(round, seed=3)
    rounds.close_round(round=round, user=director)
    versions = list(round.tables.order_by("number").values_list("version", flat=True))

    rounds.reopen_round(round=round, reason="Irrtum", user=director)

    assert list(round.tables.order_by("number").values_list("version", flat=True)) == versions
    assert RoundEvent.objects.get(round=round, action="reopen").detail == {}

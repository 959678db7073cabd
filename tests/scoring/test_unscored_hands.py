"""Hands that score nothing (or only a penalty) through the scorer's form, preview and API: an annulled
deal (every rule set), Hopfgarten's Rufer not played out and its talon-half penalty."""

from __future__ import annotations

import json
import uuid

import pytest
from django.urls import reverse

from scoring.forms import HandForm, ruleset_options
from scoring.models import Hand
from tournament.models import Table


def form_data(table, **fields):
    table.refresh_from_db()
    data = {"number": table.hands_entered + 1, "version": table.version, "idempotency_key": uuid.uuid4().hex,
            "kontra": 1}
    data.update(fields)
    return data


@pytest.fixture
def hopfgarten(make_tournament):
    tournament = make_tournament("hopfgarten", players=16)
    return tournament.round_set.get(number=1).tables.order_by("number").first()


@pytest.fixture
def tirol(make_tournament):
    tournament = make_tournament("tirol", players=16)
    return tournament.round_set.get(number=1).tables.order_by("number").first()


def fields_of(table) -> set[str]:
    return set(HandForm(ruleset=table.round.tournament.ruleset, players=["a", "b", "c", "d"]).fields)


def test_the_form_offers_only_what_the_rule_set_knows(client, hopfgarten, tirol):
    assert {"not_played", "talon_without_king"} <= fields_of(hopfgarten)
    assert not {"not_played", "talon_without_king"} & fields_of(tirol)
    for table in (hopfgarten, tirol):
        html = client.get(reverse("scoring:sheet", args=[table.token])).content.decode()
        assert 'value="annulled"' in html and "annulliert" in html
    hopf = client.get(reverse("scoring:sheet", args=[hopfgarten.token])).content.decode()
    assert 'name="not_played"' in hopf and 'name="talon_without_king"' in hopf
    assert "Talonhälfte ohne gerufenen König" in hopf
    plain = client.get(reverse("scoring:sheet", args=[tirol.token])).content.decode()
    assert 'name="not_played"' not in plain and 'name="talon_without_king"' not in plain
    # The page's script offers the boxes per contract: only Hopfgarten's Rufer may stay unplayed.
    options = ruleset_options(hopfgarten.round.tournament.ruleset)["contracts"]
    assert options["rufer"]["may_stay_unplayed"] and not options["dreier"]["may_stay_unplayed"]
    assert options["rufer"]["talon_penalty"] and options["annulled"]["kind"] == "annulled"


def test_english_labels(client, hopfgarten):
    html = client.get(reverse("scoring:sheet", args=[hopfgarten.token]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "annulled" in html and "not played (no further announcement)" in html
    assert "took the talon half without the called king (penalty)" in html


def test_an_annulled_deal_scores_nothing_and_counts_as_a_hand(client, tirol):
    url = reverse("scoring:sheet", args=[tirol.token])
    # Fields still filled in on the page (a result, a kontra) are not part of an annulled deal.
    response = client.post(url, form_data(tirol, contract="annulled", declarer=2, result="won", kontra=2))
    assert response.status_code == 302
    hand = Hand.objects.get(table=tirol)
    assert hand.data == {"contract": "annulled", "declarer": 2}
    assert [score.points for score in hand.scores.all()] == [0, 0, 0, 0]
    tirol.refresh_from_db()
    assert tirol.hands_entered == 1
    html = client.get(url).content.decode()
    assert f"Spiel 2 von {tirol.hands_planned}" in html and "annulliert" in html


def test_a_rufer_not_played_with_the_talon_penalty(client, hopfgarten):
    preview = client.post(reverse("scoring:preview", args=[hopfgarten.token]), form_data(
        hopfgarten, contract="rufer", declarer=0, partner="talon", not_played="on", talon_without_king="on",
        result="won")).content.decode()
    assert "nicht gespielt" in preview and "Talonhälfte ohne König" in preview
    assert not Hand.objects.exists()
    response = client.post(reverse("scoring:sheet", args=[hopfgarten.token]), form_data(
        hopfgarten, contract="rufer", declarer=0, partner="talon", not_played="on", talon_without_king="on",
        result="won"))
    assert response.status_code == 302
    hand = Hand.objects.get(table=hopfgarten)
    assert hand.data == {"contract": "rufer", "declarer": 0, "not_played": True, "talon_without_king": True}
    # The declarer pays a captured king's silent value (1) to each of the three others.
    assert hand.result["points"] == [-3, 1, 1, 1]
    hopfgarten.refresh_from_db()
    assert hopfgarten.hands_entered == 1  # dealt and bid: one of the rubber's 20 games


def test_the_penalty_needs_the_king_in_the_talon_and_not_played_needs_a_rufer(client, hopfgarten):
    url = reverse("scoring:sheet", args=[hopfgarten.token])
    refused = client.post(url, form_data(hopfgarten, contract="rufer", declarer=0, partner="2",
                                         talon_without_king="on", result="won"))
    assert refused.status_code == 422
    assert "gerufene König im Talon liegt" in refused.content.decode()
    refused = client.post(url, form_data(hopfgarten, contract="dreier", declarer=0, not_played="on"))
    assert refused.status_code == 422 and "wird immer ausgespielt" in refused.content.decode()
    assert not Hand.objects.exists()


def test_the_outbox_sends_them_through_the_api(client, hopfgarten):
    url = reverse("scoring:api_hands", args=[hopfgarten.token])
    fields = {"contract": "rufer", "declarer": "0", "partner": "talon", "not_played": "on"}
    response = client.post(url, data=json.dumps({"number": 1, "key": uuid.uuid4().hex, "form": fields}),
                           content_type="application/json")
    assert response.status_code == 201 and response.json()["points"] == [0, 0, 0, 0]
    response = client.post(url, data=json.dumps({"number": 2, "key": uuid.uuid4().hex,
                                                 "form": {"contract": "annulled"}}), content_type="application/json")
    assert response.status_code == 201
    assert [h.data for h in Hand.objects.filter(table=hopfgarten).order_by("number")] == [
        {"contract": "rufer", "declarer": 0, "not_played": True}, {"contract": "annulled", "declarer": 0}]
    assert Table.objects.get(pk=hopfgarten.pk).hands_entered == 2

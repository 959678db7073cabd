"""The table's secret link: hand entry through the real form, preview, undo, confirm, and its limits."""

import re
import uuid

import pytest
from django.urls import reverse

from scoring.models import Hand
from tournament.models import Round


@pytest.fixture
def tables(make_tournament):
    tournament = make_tournament("tirol", players=17)
    return list(tournament.round_set.get(number=1).tables.order_by("number"))


def form_data(table, **fields):
    table.refresh_from_db()
    data = {"number": table.hands.count() + 1, "version": table.version, "idempotency_key": uuid.uuid4().hex,
            "kontra": 1}
    data.update(fields)
    return data


def test_the_sheet_shows_who_deals_and_who_sits_out(client, tables):
    five = tables[0]
    names = [s.entry.player.name for s in five.seats.order_by("position")]
    html = client.get(reverse("scoring:sheet", args=[five.token])).content.decode()
    assert "Spiel 1 von 20" in html
    assert re.search(rf'Geber: <strong id="dealer-name">{names[0]}</strong><span id="sits-out"> \(sitzt aus\)</span>', html)
    assert f'Vorhand: <strong id="vorhand-name">{names[1]}</strong>' in html
    four = tables[1]
    html = client.get(reverse("scoring:sheet", args=[four.token])).content.decode()
    assert '<span id="sits-out" hidden>' in html


def test_a_plain_hand_is_saved_from_the_form(client, tables):
    table = tables[1]
    url = reverse("scoring:sheet", args=[table.token])
    response = client.post(url, form_data(table, contract="rufer", declarer=0, partner="2", result="won"))
    assert response.status_code == 302
    hand = Hand.objects.get(table=table)
    assert hand.data == {"contract": "rufer", "declarer": 0, "partner": 2, "result": "won"}
    assert "Spiel 1 gespeichert" in client.get(url).content.decode()


def test_a_double_tap_stores_the_hand_once(client, tables):
    table = tables[1]
    url = reverse("scoring:sheet", args=[table.token])
    data = form_data(table, contract="dreier", declarer=1, result="lost")
    client.post(url, data)
    client.post(url, data)
    assert Hand.objects.filter(table=table).count() == 1


def test_a_forbidden_hand_is_refused_in_the_pages_language_alone_and_nothing_is_saved(client, tables, settings):
    table = tables[1]
    url = reverse("scoring:sheet", args=[table.token])
    response = client.post(url, form_data(table, contract="sechserdreier", declarer=2, result="won"))
    assert response.status_code == 422
    html = response.content.decode()
    assert "Sechserdreier darf nur die Vorhand (Sitz 0) spielen" in html
    assert "Only Vorhand (seat 0) may play Sechserdreier" not in html  # one language per page
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    html = client.post(url, form_data(table, contract="sechserdreier", declarer=2, result="won")).content.decode()
    assert "Only Vorhand (seat 0) may play Sechserdreier" in html
    assert "Sechserdreier darf nur die Vorhand (Sitz 0) spielen" not in html
    assert not Hand.objects.exists()


def test_preview_shows_each_players_points_without_saving(client, tables):
    table = tables[1]
    url = reverse("scoring:preview", args=[table.token])
    html = client.post(url, form_data(table, contract="dreier", declarer=3, result="won", kontra=2)).content.decode()
    assert html.count('class="num') >= 4 and "15" in html and "30" in html  # points 15, cash 30 (kontra cash only)
    assert "Kontra" in html and "nur Geld" in html
    assert not Hand.objects.exists()
    html = client.post(url, form_data(table, contract="bettler", declarer=1)).content.decode()
    assert "Es fehlt das Ergebnis" in html and "The result is missing" not in html


def test_undo_and_edit_the_last_hand(client, tables):
    table = tables[1]
    url = reverse("scoring:sheet", args=[table.token])
    client.post(url, form_data(table, contract="dreier", declarer=1, result="won"))
    edit = reverse("scoring:edit_last", args=[table.token])
    assert client.get(edit).status_code == 200
    client.post(edit, form_data(table, number=1, contract="dreier", declarer=1, result="lost"))
    assert Hand.objects.get(table=table).data["result"] == "lost"
    table.refresh_from_db()
    client.post(reverse("scoring:undo", args=[table.token]), {"version": table.version})
    assert not Hand.objects.filter(table=table).exists()


def test_the_players_confirm_a_finished_sheet(client, tables, play_round):
    table = tables[1]
    play_round(table.round)
    table.refresh_from_db()
    html = client.get(reverse("scoring:sheet", args=[table.token])).content.decode()
    assert "bitte bestätigen" in html
    client.post(reverse("scoring:confirm", args=[table.token]), {"version": table.version, "names": "A, B, C, D"})
    table.refresh_from_db()
    assert table.confirmed_by == "A, B, C, D"
    response = client.post(reverse("scoring:undo", args=[table.token]), {"version": table.version}, follow=True)
    assert "Turnierleitung" in response.content.decode()
    assert table.hands.count() == 16


def test_a_link_writes_only_its_own_table_in_an_open_round(client, tables):
    own, other = tables[1], tables[2]
    client.post(reverse("scoring:sheet", args=[own.token]), form_data(own, contract="dreier", declarer=1, result="won"))
    assert Hand.objects.filter(table=own).count() == 1 and not Hand.objects.filter(table=other).exists()
    assert client.get("/t/not-a-token/").status_code == 404
    Round.objects.filter(pk=own.round_id).update(status=Round.CLOSED)
    response = client.post(reverse("scoring:sheet", args=[own.token]), form_data(own, contract="dreier", declarer=1, result="won"))
    assert response.status_code == 409 and Hand.objects.filter(table=own).count() == 1


def test_director_pages_need_a_login(client, tables):
    table = tables[0]
    for url in [reverse("tournament:list"), reverse("tournament:detail", args=[table.round.tournament.slug]),
                reverse("tournament:round", args=[table.round.tournament.slug, 1]),
                reverse("scoring:director_sheet", args=[table.pk])]:
        response = client.get(url)
        assert response.status_code == 302 and "/anmelden/" in response["Location"]
    response = client.post(reverse("tournament:round_action", args=[table.round.tournament.slug, 1, "close"]))
    assert response.status_code == 302
    table.round.refresh_from_db()
    assert table.round.status == Round.SEATED


def test_public_pages_write_nothing(client, tables):
    slug = tables[0].round.tournament.slug
    for url in [reverse("tournament:standings", args=[slug]), reverse("tournament:projector", args=[slug])]:
        assert client.get(url).status_code == 200
        assert client.post(url, {"anything": 1}).status_code == 405


def test_director_corrects_any_hand_with_a_reason(client, tables, director):
    table = tables[1]
    for _ in (1, 2):
        client.post(reverse("scoring:sheet", args=[table.token]), form_data(table, contract="dreier", declarer=1, result="won"))
    url = reverse("scoring:director_correct", args=[table.pk, 1])
    assert "Begründung" in client.get(url).content.decode()
    response = client.post(url, form_data(table, number=1, contract="dreier", declarer=2, result="won", reason="falscher Spieler"))
    assert response.status_code == 302
    assert table.hands.get(number=1).data["declarer"] == 2


def test_the_director_types_a_hand_from_a_paper_sheet_on_the_table_page(client, tables, director):
    """The director's table page ("ansehen") shows the hand form: "Speichern" stores the hand through
    the scorer's service, as the director's, even at a table the scorers can no longer write."""
    table = tables[1]
    url = reverse("scoring:director_sheet", args=[table.pk])
    page = client.get(url).content.decode()
    assert 'id="hand-form"' in page

    response = client.post(url, form_data(table, contract="rufer", declarer=0, partner="2", result="won"))

    assert response.status_code == 302 and response["Location"] == url
    hand = Hand.objects.get(table=table)
    assert hand.data == {"contract": "rufer", "declarer": 0, "partner": 2, "result": "won"}
    assert hand.entered_by == f"director:{director.get_username()}"
    assert "Spiel 1 gespeichert" in client.get(url).content.decode()
    refused = client.post(url, form_data(table, contract="sechserdreier", declarer=2, result="won"))
    assert refused.status_code == 422 and Hand.objects.filter(table=table).count() == 1
    table.round.status = Round.CLOSED
    table.round.save()
    client.post(url, form_data(table, contract="dreier", declarer=1, result="won"))
    assert Hand.objects.filter(table=table).count() == 2  # the director may, after the round closed


def test_card_points_left_in_the_hidden_field_after_switching_to_bettler_send_nothing(client, tables):
    """Typed 80 for a Dreier, then chose Bettler: the field is hidden, and the hand is stored as the
    Bettler the scorer sees, not refused over a field nobody can see."""
    table = tables[1]
    url = reverse("scoring:sheet", args=[table.token])
    response = client.post(url, form_data(table, contract="bettler", declarer=1, result="won", declarer_points="80"))
    assert response.status_code == 302, response.content.decode()[:500]
    assert Hand.objects.get(table=table).data == {"contract": "bettler", "declarer": 1, "result": "won"}

"""No malformed input gets a 500: every form, query parameter, upload and JSON body of the site,
filled with what hypothesis makes up, answers below 500 and stores no hand that was not valid.

Requests go through Django's test client with exceptions turned into responses, as a browser
would see them: a 500 here is a 500 in the hall.
"""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_budget import examples

from scoring.models import Hand
from tournament.models import Player

FUZZ = settings(max_examples=examples(25), deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
# Text a person or a broken client might send: numbers in words, negative, huge, odd bytes.
VALUES = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["", "-1", "0", "1", "2", "999999999999999999999", "1.5", "abc", "talon", "\x00", "%00", "null",
                     "true", "[]", "{}", "35+2", "  ", "=cmd|' /C calc'!A0", "ü" * 10, "yaml", "xls",
                     "ods", "csv", "xlsx", "json", "latex", "tsv"]),
    st.integers(min_value=-10**20, max_value=10**20).map(str),
)
HAND_FIELDS = ["number", "version", "idempotency_key", "contract", "declarer", "partner", "result", "declarer_points",
               "kontra", "renonce", "surrender", "kontra_0", "kontra_1", "card_points_0", "bonus_pagat",
               "bonus_pagat_kontra", "bonus_pagat_announced", "names", "reason"]


def form(draw_values) -> st.SearchStrategy[dict]:
    return st.dictionaries(st.sampled_from(draw_values), VALUES, max_size=len(draw_values))


def no_500(response) -> None:
    assert response.status_code < 500, (response.status_code, response.content[:300])


@pytest.fixture
def event(make_tournament, play_round):
    tournament = make_tournament("tirol", players=17, slug="fuzz")
    round1 = tournament.round_set.get(number=1)
    play_round(round1, hands=3)
    return tournament


@pytest.fixture
def anyone():
    return Client(raise_request_exception=False)


@pytest.fixture
def director(django_user_model):
    user = django_user_model.objects.create_superuser("leitung-fuzz", "l@example.invalid", "x")
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


@FUZZ
@given(data=form(HAND_FIELDS))
def test_the_scorer_pages_answer_any_form_without_a_500(event, anyone, data):
    table = event.round_set.get(number=1).tables.order_by("number").last()
    hands = Hand.objects.count()
    for name in ("sheet", "preview", "undo", "edit_last", "confirm"):
        no_500(anyone.post(reverse(f"scoring:{name}", args=[table.token]), data))
    valid = {c.slug for c in event.ruleset.contracts}
    if data.get("contract") not in valid:
        assert Hand.objects.count() <= hands  # an undo may remove one; nothing invalid is stored


@FUZZ
@given(body=st.one_of(VALUES, st.dictionaries(st.sampled_from(["number", "key", "hand"]),
                                              st.one_of(VALUES, st.integers(), st.none(), st.lists(VALUES),
                                                        st.dictionaries(st.sampled_from(["contract", "declarer"]),
                                                                        VALUES))).map(json.dumps)))
def test_the_scorer_api_answers_any_body_without_a_500(event, anyone, body):
    table = event.round_set.get(number=1).tables.order_by("number").last()
    hands = Hand.objects.count()
    response = anyone.post(reverse("scoring:api_hands", args=[table.token]), data=body, content_type="application/json")
    no_500(response)
    assert response.status_code in (200, 201, 400, 403, 409, 422) and "error" in response.json() or \
        response.status_code in (200, 201)
    if response.status_code not in (200, 201):
        assert Hand.objects.count() == hands


@FUZZ
@given(params=form(["q", "page", "per_page", "sort", "fragment", "_export"]))
def test_public_pages_answer_any_query_without_a_500(event, anyone, params):
    entry = event.entries.first()
    for url in (reverse("tournament:standings", args=[event.slug]), reverse("tournament:projector", args=[event.slug]),
                reverse("tournament:player", args=[event.slug, entry.pk]), reverse("tournament:home"),
                reverse("paper:public_export", args=[event.slug, "standings-pdf"])):
        no_500(anyone.get(url, params))


@FUZZ
@given(params=form(["page", "per_page", "sort", "_export"]), data=form(
    ["name", "club", "region", "notes", "checked_in", "allow_duplicate", "player", "text", "after_round", "reason",
     "slug", "date", "ruleset", "stake_cents", "rounds", "tables_of_five", "kontra_to_charity", "round"]))
def test_director_pages_answer_any_form_without_a_500(event, director, params, data):
    entry = event.entries.first()
    round1 = event.round_set.get(number=1)
    table = round1.tables.order_by("number").first()
    slug = event.slug
    for url in (reverse("tournament:list"), reverse("tournament:detail", args=[slug]),
                reverse("tournament:round", args=[slug, 1]), reverse("scoring:director_sheet", args=[table.pk])):
        no_500(director.get(url, params))
    posts = [reverse("tournament:list"), reverse("tournament:add_player", args=[slug]),
             reverse("tournament:enter_existing", args=[slug]), reverse("tournament:import_players", args=[slug]),
             reverse("tournament:check_in", args=[slug, entry.pk]), reverse("tournament:withdraw", args=[slug, entry.pk]),
             reverse("tournament:round_action", args=[slug, 2, "reopen"]),
             reverse("tournament:round_action", args=[slug, 3, "nonsense"]),
             reverse("scoring:director_correct", args=[table.pk, 1]), reverse("paper:import_hands", args=[slug])]
    for url in posts:
        no_500(director.post(url, data))


@pytest.mark.parametrize("content", [
    b"", b"Name\nAnna\nBernd\n", b"Anna\nBernd\n", b"\xff\xfe\x00garbage", b"PK\x03\x04broken",
    "Name;Verein\n=HYPERLINK(\"x\")\n".encode(), b"Name,Los\nAnna,abc\n", b"Name,anwesend\nAnna,vielleicht\n",
])
@pytest.mark.parametrize("filename", ["spieler.csv", "spieler.xlsx", "spieler.txt"])
def test_player_uploads_never_500(event, director, content, filename):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile(filename, content)
    response = director.post(reverse("tournament:import_players", args=[event.slug]), {"file": upload})
    no_500(response)


def test_a_one_column_list_of_names_imports(event, director):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("namen.csv", "Name\nZora Zeilinger\nYves Yilmaz\n".encode())
    director.post(reverse("tournament:import_players", args=[event.slug]), {"file": upload})
    assert Player.objects.filter(name__in=["Zora Zeilinger", "Yves Yilmaz"]).count() == 2


@pytest.mark.parametrize("content", [b"", b"{", b"[1, 2]", b"PK\x03\x04broken", b"\x00\x01", b'{"round": "x"}'])
def test_hand_uploads_never_500(event, director, content):
    from django.core.files.uploadedfile import SimpleUploadedFile

    hands = Hand.objects.count()
    response = director.post(reverse("paper:import_hands", args=[event.slug]),
                             {"file": SimpleUploadedFile("hands.json", content)})
    no_500(response)
    assert Hand.objects.count() == hands


def test_the_player_list_download_never_holds_a_formula(event, director):
    from tournament.players import enter_new_player

    for name in ('=HYPERLINK("http://x","klick")', "+1+2", "-3", "@SUM(A1)", "=cmd|' /C calc'!A0"):
        enter_new_player(tournament=event, name=name, allow_duplicate=True)
    csv = director.get(reverse("paper:list_export", args=[event.slug, "spieler-csv"])).content.decode()
    for line in csv.splitlines()[1:]:
        assert not line.startswith(("=", "+", "-", "@", '"=', '"+', '"-', '"@')), line
    assert "'=HYPERLINK" in csv and "'+1+2" in csv
    import io

    from openpyxl import load_workbook

    xlsx = director.get(reverse("paper:list_export", args=[event.slug, "spieler-xlsx"])).content
    sheet = load_workbook(io.BytesIO(xlsx)).active
    for row in sheet.iter_rows(min_row=2):
        for cell in row:
            assert cell.data_type != "f", cell.value
    for fmt in ("yaml", "ods", "xls", "json"):
        response = director.get(reverse("tournament:detail", args=[event.slug]), {"_export": fmt})
        assert response.status_code == 200 and response["Content-Type"].startswith("text/html")

"""Where the sheets come from: the director's pages, the public standings page, export_sheets."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from pdf_tools import pdf_text

from paper.exports import EXPORTERS

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(make_tournament, play_round):
    tournament = make_tournament("tirol", players=17, slug="druck")
    play_round(tournament.round_set.get(number=1), hands=3)
    return tournament


def test_the_director_downloads_every_sheet(client, director, played):
    for exporter in EXPORTERS:
        if exporter.per_round:
            url = reverse("paper:round_export", args=[played.slug, 1, exporter.identifier])
        else:
            url = reverse("paper:export", args=[played.slug, exporter.identifier])
        response = client.get(url)
        assert response.status_code == 200, (exporter.identifier, response.status_code)
        assert response["Content-Type"] == exporter.content_type
        assert f'filename="druck-{exporter(played, round=played.round_set.get(number=1)).filename()}"' in (
            response["Content-Disposition"])
        assert response.content[:4] in (b"%PDF", b"PK\x03\x04")


def test_the_table_cards_link_to_the_address_the_director_used(client, director, played):
    response = client.get(reverse("paper:round_export", args=[played.slug, 1, "table-cards-pdf"]))
    table = played.round_set.get(number=1).tables.get(number=1)
    assert f"http://testserver/t/{table.token}/" in pdf_text(response.content)


def test_an_undrawn_round_gets_a_message_not_a_broken_file(client, director, played):
    response = client.get(reverse("paper:round_export", args=[played.slug, 2, "table-cards-pdf"]), follow=True)
    assert response.redirect_chain[-1][0] == reverse("tournament:round", args=[played.slug, 2])
    assert "nicht ausgelost" in response.content.decode()


def test_unknown_sheets_and_the_wrong_scope_are_not_found(client, director, played):
    assert client.get(reverse("paper:export", args=[played.slug, "nonsense"])).status_code == 404
    assert client.get(reverse("paper:export", args=[played.slug, "table-cards-pdf"])).status_code == 404
    assert client.get(reverse("paper:round_export", args=[played.slug, 1, "standings-pdf"])).status_code == 404


def test_the_public_gets_the_standings_but_nothing_else(client, played):
    standings = client.get(reverse("paper:public_export", args=[played.slug, "standings-pdf"]))
    assert standings.status_code == 200 and standings.content.startswith(b"%PDF")
    assert client.get(reverse("paper:public_export", args=[played.slug, "settlement-pdf"])).status_code == 404
    director_url = reverse("paper:export", args=[played.slug, "settlement-pdf"])
    assert client.get(director_url).status_code == 302  # to the login
    page = client.get(reverse("tournament:standings", args=[played.slug])).content.decode()
    assert reverse("paper:public_export", args=[played.slug, "standings-pdf"]) in page


def test_the_director_pages_offer_the_sheets(client, director, played):
    detail = client.get(reverse("tournament:detail", args=[played.slug])).content.decode()
    for identifier in ("standings-pdf", "settlement-pdf", "settlement-xlsx", "tournament-xlsx"):
        assert reverse("paper:export", args=[played.slug, identifier]) in detail
    round_page = client.get(reverse("tournament:round", args=[played.slug, 1])).content.decode()
    for identifier in ("table-cards-pdf", "score-sheets-pdf", "blank-score-sheets-pdf", "seating-pdf"):
        assert reverse("paper:round_export", args=[played.slug, 1, identifier]) in round_page


def test_export_sheets_writes_every_file_of_the_event(played, tmp_path):
    call_command("export_sheets", played.slug, "--out", str(tmp_path / "archiv"), "--base-url", "https://cup.example.at/")
    written = sorted(path.name for path in (tmp_path / "archiv").iterdir())
    assert written == sorted([
        "tournament.xlsx", "standings.pdf", "settlement.pdf", "settlement.xlsx",
        "table-cards-round-1.pdf", "score-sheets-round-1.pdf", "seating-round-1.pdf",
    ])
    token = played.round_set.get(number=1).tables.get(number=2).token
    assert f"https://cup.example.at/t/{token}/" in pdf_text((tmp_path / "archiv" / "table-cards-round-1.pdf").read_bytes())


def test_export_sheets_refuses_an_unknown_tournament(tmp_path):
    with pytest.raises(CommandError, match="No tournament"):
        call_command("export_sheets", "gibts-nicht", "--out", str(tmp_path))

"""Where the sheets come from: the director's pages, the public standings page, export_sheets."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from pdf_tools import pdf_text, qr_codes, render_pages

from paper.registry import REGISTRY, ROUND, TOURNAMENT

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(make_tournament, play_round):
    tournament = make_tournament("tirol", players=17, slug="druck")
    play_round(tournament.round_set.get(number=1), hands=3)
    return tournament


def test_the_director_downloads_every_sheet(client, director, played):
    round1 = played.round_set.get(number=1)
    for scope, args, round in ((TOURNAMENT, [played.slug], None), (ROUND, [played.slug, 1], round1)):
        for export in REGISTRY.of(scope):
            for format in export.formats:
                exporter = export.make(format, played, round=round)
                url = reverse("paper:round_export" if round else "paper:export", args=[*args, exporter.identifier])
                response = client.get(url)
                assert response.status_code == 200, (exporter.identifier, response.status_code)
                assert response["Content-Type"] == exporter.content_type
                assert f'filename="druck-{exporter.filename()}"' in response["Content-Disposition"]
                assert response.content[:4] in (b"%PDF", b"PK\x03\x04")


def test_table_cards_printed_through_127_0_0_1_carry_site_url(client, director, played, settings):
    """The laptop's own browser (Host 127.0.0.1) prints QR codes the phones reach: SITE_URL's."""
    settings.SITE_URL = "http://192.168.1.20:8000"
    response = client.get(reverse("paper:round_export", args=[played.slug, 1, "table-cards-pdf"]),
                          HTTP_HOST="127.0.0.1:8000")
    assert response.status_code == 200
    tables = list(played.round_set.get(number=1).tables.order_by("number"))
    pictures = render_pages(response.content, dpi=150, first=1, last=len(tables))
    assert [qr_codes(picture) for picture in pictures] == [
        [f"http://192.168.1.20:8000/t/{table.token}/"] for table in tables]
    assert "127.0.0.1" not in pdf_text(response.content)
    bundle = client.get(reverse("paper:round_export", args=[played.slug, 1, "print-all-pdf"]), HTTP_HOST="127.0.0.1:8000")
    assert f"http://192.168.1.20:8000/t/{tables[0].token}/" in pdf_text(bundle.content)


def test_a_loopback_site_url_gives_way_to_the_lan_address_the_browser_used(client, director, played, settings):
    settings.SITE_URL = "http://127.0.0.1:8000"
    settings.ALLOWED_HOSTS = ["127.0.0.1", "192.168.1.20"]
    table = played.round_set.get(number=1).tables.get(number=1)
    through_lan = client.get(reverse("paper:round_export", args=[played.slug, 1, "table-cards-pdf"]),
                             HTTP_HOST="192.168.1.20:8000")
    assert f"http://192.168.1.20:8000/t/{table.token}/" in pdf_text(through_lan.content)
    through_loopback = client.get(reverse("paper:round_export", args=[played.slug, 1, "table-cards-pdf"]),
                                  HTTP_HOST="127.0.0.1:8000")
    assert f"http://127.0.0.1:8000/t/{table.token}/" in pdf_text(through_loopback.content)


def test_the_round_page_says_in_red_when_site_url_is_a_loopback(client, director, played, settings):
    url = reverse("tournament:round", args=[played.slug, 1])
    settings.SITE_URL = "http://127.0.0.1:8000"
    page = client.get(url).content.decode()
    assert 'class="site-url-warning"' in page and "SITE_URL ist http://127.0.0.1:8000" in page
    settings.SITE_URL = "http://localhost:8000"
    assert "SITE_URL ist http://localhost:8000" in client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    client.cookies["django_language"] = "en"
    assert "Warning: SITE_URL is http://localhost:8000, an address of this laptop only" in client.get(url).content.decode()
    del client.cookies["django_language"]
    settings.SITE_URL = "http://192.168.1.20:8000"
    assert "site-url-warning" not in client.get(url).content.decode()


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


@pytest.mark.parametrize("language, sheets", [(None, ["Rangliste", "Runden"]), ("en", ["Standings", "Rounds"])])
def test_export_sheets_writes_the_files_in_one_language(played, tmp_path, language, sheets):
    from openpyxl import load_workbook

    chosen = ["--language", language] if language else []  # by default the site's LANGUAGE_CODE (German)
    call_command("export_sheets", played.slug, "--out", str(tmp_path), "--only", "tournament-xlsx", *chosen)
    assert load_workbook(tmp_path / "tournament.xlsx", read_only=True).sheetnames[:2] == sheets


def test_export_sheets_refuses_an_unknown_tournament(tmp_path):
    with pytest.raises(CommandError, match="No tournament"):
        call_command("export_sheets", "gibts-nicht", "--out", str(tmp_path))


@pytest.mark.parametrize("lan, suggested", [(["192.168.1.20"], "SITE_URL=http://192.168.1.20:8261 starten"),
                                            ([], "SITE_URL=http://&lt;LAN-Adresse&gt;:8261 starten")])
def test_the_red_warning_suggests_the_lan_address_at_the_port_the_site_answers_on(
        client, director, played, settings, monkeypatch, lan, suggested):
    """Started with PORT=8261 the warning said "SITE_URL=http://:8000": a hard-coded port, and a placeholder in
    angle brackets the browser took for a tag (issue 31 review)."""
    monkeypatch.setattr("hall.net.lan_addresses", lambda: lan)
    settings.SITE_URL = "http://127.0.0.1:8261"
    page = client.get(reverse("tournament:round", args=[played.slug, 1]), HTTP_HOST="127.0.0.1:8261").content.decode()
    assert suggested in page and ":8000" not in page

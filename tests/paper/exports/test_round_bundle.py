"""The round's "print everything" PDF: the table cards, the score sheets and the seating list of the
round, each exactly as its own download, joined into one file with a bookmark per part."""

from __future__ import annotations

import io
import shutil
import subprocess

import pytest
from django.urls import reverse
from django.utils import translation
from pdf_tools import pdf_pages, qr_codes, render_pages
from pypdf import PdfReader

from language import ServiceError
from paper.exports.round_bundle import RoundBundlePdf
from paper.exports.score_sheets import ScoreSheetsPdf
from paper.exports.seating_list import SeatingPdf
from paper.exports.table_cards import TableCardsPdf
from paper.registry import REGISTRY, ROUND
from scoring.services import store_hand

BASE_URL = "https://tarock.example.at"


@pytest.fixture
def event(make_tournament):
    return make_tournament("tirol", players=13)  # two tables of four, one of five


def _pages(cls, event, round) -> list[str]:
    with translation.override("de"):
        return pdf_pages(cls(event, round=round, base_url=BASE_URL).render().content)


def test_the_bundle_is_the_three_sheets_in_order(event):
    round = event.round_set.get(number=1)
    store_hand(table=round.tables.order_by("number").first(), number=1,
                data={"contract": "rufer", "declarer": 0, "partner": 2, "result": "won"})
    with translation.override("de"):
        file = RoundBundlePdf(event, round=round, base_url=BASE_URL).render()
    assert file.content_type == "application/pdf" and file.filename == f"{event.slug}-print-all-round-1.pdf"
    parts = [_pages(cls, event, round) for cls in (TableCardsPdf, ScoreSheetsPdf, SeatingPdf)]
    combined = pdf_pages(file.content)
    # every page of every part, in the order cards, sheets, seating ("gedruckt …" minutes may differ)
    def strip(text: str) -> str:
        return "\n".join(line for line in text.splitlines() if "gedruckt" not in line)

    assert [strip(page) for page in combined] == [strip(page) for part in parts for page in part]
    assert len(combined) == 3 + 3 + len(parts[2]) and len(parts[0]) == 3
    reader = PdfReader(io.BytesIO(file.content))
    assert [item.title for item in reader.outline] == ["Tischkarten", "Schreibzettel", "Sitzplan"]
    starts = [reader.get_destination_page_number(item) for item in reader.outline]
    assert starts == [0, 3, 6]
    assert "Runde 1" in reader.metadata.title


def test_the_bundle_keeps_the_scorer_links_of_the_table_cards(event):
    round = event.round_set.get(number=1)
    content = RoundBundlePdf(event, round=round, base_url=BASE_URL).render().content
    tokens = sorted(round.tables.values_list("token", flat=True))
    found = sorted(code.rstrip("/").rsplit("/", 1)[-1] for page in render_pages(content, dpi=150, first=1, last=3)
                   for code in qr_codes(page))
    assert found == tokens


def test_pdftotext_reads_every_part(event):
    assert shutil.which("pdftotext"), "pdftotext missing: apt-get install poppler-utils"
    round = event.round_set.get(number=1)
    with translation.override("de"):
        content = RoundBundlePdf(event, round=round, base_url=BASE_URL).render().content
    text = subprocess.run(["pdftotext", "-layout", "-", "-"], input=content, capture_output=True, check=True).stdout.decode()
    assert text.count("Tischkarten – Runde 1") == 3 and "Schreibzettel – Runde 1" in text and "Sitzplan – Runde 1" in text
    for name in event.entries.values_list("player__name", flat=True):
        assert name in text


def test_a_round_not_drawn_is_refused_on_the_page(client, director, event):
    assert REGISTRY.get(ROUND, "print-all").builders == (RoundBundlePdf,)
    with pytest.raises(ServiceError):
        RoundBundlePdf(event, round=event.round_set.get(number=2)).render()
    response = client.get(reverse("paper:round_export", args=[event.slug, 2, "print-all-pdf"]), follow=True,
                          HTTP_ACCEPT_LANGUAGE="de")
    assert "Runde 2 ist noch nicht ausgelost." in response.content.decode()


def test_the_round_page_has_the_one_button(client, director, event):
    page = client.get(reverse("tournament:round", args=[event.slug, 1]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    url = reverse("paper:round_export", args=[event.slug, 1, "print-all-pdf"])
    assert page.count(f'href="{url}"') == 1 and "Alles für diese Runde drucken" in page
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"].startswith("inline")
    planned = client.get(reverse("tournament:round", args=[event.slug, 2]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert 'id="print-all"' not in planned  # round 2 is not drawn: nothing to print yet

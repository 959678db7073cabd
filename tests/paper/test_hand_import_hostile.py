"""A hostile hands file is a report of problems within a moment, never a 500 or a giant page
(paper/imports/hands/read.py, paper/cells.py)."""

from __future__ import annotations

import io
import json
import zipfile

import pytest
from django.urls import reverse
from openpyxl import Workbook

from paper import cells, columns
from paper.imports.hands import import_hands
from scoring.models import Hand


@pytest.fixture
def eight(make_tournament):
    return make_tournament("tirol", players=8, slug="acht")


@pytest.mark.parametrize(("content", "filename"), [
    (b"[" * 100_000, "zettel.json"),  # deeper than Python's stack
    (b'{"round": 1, "table": 1, "number": 1, "contract": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "z.jsonl"),
    (json.dumps({"round": 1, "table": 1, "number": 1, "contract": json.loads("[" * 500 + "]" * 500)}).encode(),
     "zettel.json"),  # parses, but nothing should ever walk it
])
def test_deeply_nested_json_is_a_sentence(eight, content, filename):
    report = import_hands(tournament=eight, source=content, filename=filename)
    assert not report.ok
    assert any("JSON" in problem.message_de for problem in report.problems)
    assert all("nested deeper" not in problem.message_de for problem in report.problems)
    assert Hand.objects.count() == 0


def test_deeply_nested_json_in_a_sheet_cell(eight):
    book = Workbook()
    book.active.append(columns.HANDS)
    row = {columns.ROUND: 1, columns.TABLE: 1, columns.HAND: 1, columns.DATA: "[" * 5000 + "]" * 5000}
    book.active.append([row.get(name) for name in columns.HANDS])
    buffer = io.BytesIO()
    book.save(buffer)
    report = import_hands(tournament=eight, source=buffer.getvalue(), filename="zettel.xlsx")
    assert not report.ok and "kein gültiges JSON" in report.problems[0].message_de
    assert "zu tief verschachtelt, höchstens 32 Ebenen" in report.problems[0].message_de
    assert "nested too deeply" in report.problems[0].message_en


def test_a_workbook_that_unpacks_to_too_much_is_refused(eight, monkeypatch):
    monkeypatch.setattr(cells, "MAX_UNPACKED", 1024 * 1024)
    book = Workbook()
    book.active.append(columns.HANDS)
    buffer = io.BytesIO()
    book.save(buffer)
    with zipfile.ZipFile(buffer, "a", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/padding.bin", b"\0" * (2 * 1024 * 1024))
    report = import_hands(tournament=eight, source=buffer.getvalue(), filename="zettel.xlsx")
    assert not report.ok and "entpackt" in report.problems[0].message_de


def test_more_lines_than_any_real_day_are_refused_as_a_whole(eight):
    lines = "\n".join(json.dumps({"round": 1, "table": 1, "number": n}) for n in range(1, cells.MAX_ROWS + 2))
    report = import_hands(tournament=eight, source=lines.encode(), filename="zettel.jsonl")
    assert not report.ok and len(report.problems) == 1
    assert str(cells.MAX_ROWS) in report.problems[0].message_de


def test_a_file_with_thousands_of_problems_lists_the_first_hundred(eight, director, client):
    from paper.imports.hands.report import MAX_SHOWN

    lines = "\n".join("kaputt" for _ in range(3000)).encode()
    report = import_hands(tournament=eight, source=lines, filename="zettel.jsonl")
    assert len(report.problems) == MAX_SHOWN and report.problems_hidden == 3000 - MAX_SHOWN
    assert "3000 Probleme" in report.message("de")
    upload = io.BytesIO(lines)
    upload.name = "zettel.jsonl"
    response = client.post(reverse("paper:import_hands", args=[eight.slug]), {"file": upload})
    assert response.status_code == 422
    assert f"… und {3000 - MAX_SHOWN} weitere." in response.content.decode()


def test_hands_are_written_in_batches_and_a_second_upload_adds_only_the_rest(eight, monkeypatch):
    """A write refused half-way (a tablet got there since the check) keeps the batches before; the
    report says how many hands are stored, and the same file again stores just the others."""
    import importlib
    import random

    from language import ServiceError, pure_pair
    from rules.engine.sampling import random_hand

    hands_write = importlib.import_module("paper.imports.hands.write")  # the package exports a function "write"
    rng = random.Random(7)
    items = [{"round": 1, "table": table, "number": number, **random_hand(eight.ruleset, rng)}
             for table in (1, 2) for number in range(1, 17)]
    lines = "\n".join(json.dumps(item) for item in items).encode()
    record = hands_write.store_hand

    def refuse_one(*, table, number, **kwargs):
        if (table.number, number) == (2, 5):  # the 21st hand: in the third batch of ten
            raise ServiceError(pure_pair("Inzwischen eingetragen.", "Entered meanwhile."))
        return record(table=table, number=number, **kwargs)

    monkeypatch.setattr(hands_write, "BATCH", 10)
    monkeypatch.setattr(hands_write, "store_hand", refuse_one)
    report = import_hands(tournament=eight, source=lines, filename="zettel.jsonl")
    assert not report.ok and report.hands_imported == 20 and Hand.objects.count() == 20
    assert "20 Spiele gespeichert" in report.message("de") and "20 hands" in report.message("en")
    assert report.problems[0].line == 21 and "Inzwischen" in report.problems[0].message_de

    monkeypatch.setattr(hands_write, "store_hand", record)
    again = import_hands(tournament=eight, source=lines, filename="zettel.jsonl")
    assert again.ok and again.hands_imported == 12 and again.hands_skipped == 20
    assert Hand.objects.count() == 32

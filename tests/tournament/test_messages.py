"""One way to say a thing in German and English (tournament/errors.py): the reader's language on a
page, both where the reader's language is unknown; no module joins a pair by hand."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.utils import translation

from tournament.errors import ServiceError, both, in_language

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once

ROOT = Path(__file__).resolve().parents[2]
# "… Satz. / English sentence …" written out in a string literal: a pair joined by hand.
HAND_JOINED = re.compile(r'"[^"\n]*[a-zäöüß.!)“] / [A-Z][a-z]+ [a-z][^"\n]*"')


def test_the_reader_gets_his_language_and_a_command_gets_both():
    with translation.override("en"):
        assert in_language("Tisch bestätigt.", "Table confirmed.") == "Table confirmed."
        assert ServiceError("Nein.", "No.").message() == "No."
    with translation.override("de"):
        assert in_language("Tisch bestätigt.", "Table confirmed.") == "Tisch bestätigt."
        assert ServiceError("Nein.", "No.").message() == "Nein."
    assert both("Nein.", "No.") == str(ServiceError("Nein.", "No.")) == "Nein. / No."


def test_no_module_joins_a_german_and_an_english_sentence_by_hand():
    joined = []
    for package in ("website", "tournament", "scoring", "paper", "cups", "hall", "rules"):
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" in path.parts or "rulesets" in path.parts:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                if HAND_JOINED.search(line):
                    joined.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not joined, joined

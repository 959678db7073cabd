"""One translation system on the Django side (language/): every sentence is a gettext msgid with its
English in a .po file; where an answer carries both languages, both come from the same msgid. No
module joins a pair by hand, and the .po files leave no sentence untranslated."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import translation
from django.utils.translation import gettext_lazy

from language import ByLanguage, Message, ServiceError, answer_pair, in_both, pure_pair
from tournament.errors import WrongHandNumber

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("website", "tournament", "scoring", "paper", "cups", "hall", "publishing", "signup", "language")
CATALOGUES = [ROOT / "locale/en/LC_MESSAGES/django.po", ROOT / "cups/locale/en/LC_MESSAGES/django.po",
              ROOT / "hall/locale/en/LC_MESSAGES/django.po"]
# "… Satz. / English sentence …" written out in a string literal: a pair joined by hand.
HAND_JOINED = re.compile(r'"[^"\n]*[a-zäöüß.!)“] / [A-Z][a-z]+ [a-z][^"\n]*"')
# The old pair helpers, gone from the Django side (rules/engine keeps its own pairs).
PAIR_CALLS = {"in_language", "both"}


def test_a_refusal_renders_german_and_english_from_one_msgid():
    error = ServiceError(gettext_lazy("Runde %(round)s ist nicht offen."), round=3)
    assert error.message_de == "Runde 3 ist nicht offen."
    assert error.message_en == "Round 3 is not open."
    assert str(error) == "Runde 3 ist nicht offen. / Round 3 is not open."
    with translation.override("en"):
        assert error.message() == "Round 3 is not open."
    with translation.override("de"):
        assert error.message() == "Runde 3 ist nicht offen."


def test_a_value_that_is_a_message_renders_in_the_same_language():
    said = Message(gettext_lazy("Feld „%(path)s“: %(problem)s; nichts wurde übernommen."), path="players",
                   problem=Message(gettext_lazy("mindestens %(limit)s"), limit=1))
    assert said.render("de") == "Feld „players“: mindestens 1; nichts wurde übernommen."
    assert said.render("en") == "Field “players”: at least 1; nothing was taken."
    euros = ByLanguage(lambda lang: "1,50 €" if lang == "de" else "€1.50")
    assert answer_pair(gettext_lazy("Mehr als %(most)s ist wohl ein Tippfehler."), most=euros) == {
        "de": "Mehr als 1,50 € ist wohl ein Tippfehler.", "en": "More than €1.50 is likely a typing slip."}
    assert in_both(pure_pair("Nein.", "No.")) == "Nein. / No."


def test_a_tournament_refusal_keeps_its_sentence():
    error = WrongHandNumber(5, 4)
    assert error.message_de == "Spiel 5 kann nicht eingetragen werden: eingetragen sind 3 Spiele, als nächstes kommt Spiel 4."
    assert error.message_en == "Hand 5 cannot be entered: 3 hands are in, the next one is hand 4."


@pytest.mark.django_db
def test_the_json_api_answer_carries_both_languages_from_one_msgid(client):
    answer = client.get("/api/publish/")
    data = json.loads(answer.content)
    assert answer.status_code == 405
    assert data["error_de"] == "Nur POST." and data["error_en"] == "POST only."
    assert data["error"] == "Nur POST. / POST only."


@pytest.mark.django_db
def test_a_command_says_german_and_english_from_one_msgid():
    with pytest.raises(CommandError) as refusal:
        call_command("standings", "no-such-event")
    assert str(refusal.value) == "Kein Turnier „no-such-event“. / No tournament “no-such-event”."


def _entries(path: Path):
    """(msgctxt, msgid, msgstrs, flags) of every entry of a .po file but its header."""
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        fields: dict[str, list[str]] = {}
        field, flags = None, ""
        for line in block.splitlines():
            match = re.match(r'^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d\])?) (".*")$', line)
            if match:
                field = match[1]
                fields[field] = [ast.literal_eval(match[2])]
            elif line.startswith('"') and field:
                fields[field].append(ast.literal_eval(line))
            elif line.startswith("#,"):
                flags = line
        text = {name: "".join(parts) for name, parts in fields.items()}
        if text.get("msgid"):
            yield text.get("msgctxt"), text["msgid"], [v for k, v in text.items() if k.startswith("msgstr")], flags


@pytest.mark.parametrize("catalogue", CATALOGUES, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_msgid_has_its_english(catalogue):
    untranslated = [(ctxt, msgid) for ctxt, msgid, msgstrs, flags in _entries(catalogue)
                    if "fuzzy" in flags or not all(msgstrs)]
    assert not untranslated, untranslated


def test_an_untranslated_msgid_is_caught(tmp_path):
    catalogue = tmp_path / "django.po"
    catalogue.write_text('msgid ""\nmsgstr ""\n\nmsgid "Ja"\nmsgstr ""\n\n#, fuzzy\nmsgid "Nein"\nmsgstr "No"\n',
                         encoding="utf-8")
    assert [msgid for _, msgid, msgstrs, flags in _entries(catalogue) if "fuzzy" in flags or not all(msgstrs)] == [
        "Ja", "Nein"]


def pairs_composed(source: str) -> list[int]:
    """Lines of ``source`` that compose a German/English pair: an old pair helper called, ServiceError
    given two sentences, the language helpers taken from tournament.errors."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module == "tournament.errors":
            if any(alias.name in PAIR_CALLS | {"ServiceError", "active_language"} for alias in node.names):
                found.append(node.lineno)
        elif isinstance(node, ast.Call):
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            texts = [arg for arg in node.args if isinstance(arg, (ast.Constant, ast.JoinedStr))]
            if name in PAIR_CALLS or (name == "ServiceError" and len(texts) >= 2):
                found.append(node.lineno)
    return found


def test_no_module_outside_the_engine_composes_a_pair():
    composed, joined = [], []
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" in path.parts or "rulesets" in path.parts:
                continue
            source = path.read_text(encoding="utf-8")
            composed += [f"{path.relative_to(ROOT)}:{line}" for line in pairs_composed(source)]
            joined += [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
                       for number, line in enumerate(source.splitlines(), start=1) if HAND_JOINED.search(line)]
    assert not composed, composed
    assert not joined, joined


@pytest.mark.parametrize("source", [
    'raise ServiceError("Nein.", "No.")',
    'message = in_language("Tisch bestätigt.", "Table confirmed.")',
    'print(both(f"Kein Turnier {slug}.", f"No tournament {slug}."))',
    "from tournament.errors import ServiceError",
])
def test_a_composed_pair_is_caught(source):
    assert pairs_composed(source)

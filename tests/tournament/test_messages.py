"""One translation system on the Django side (language/): every sentence is a gettext msgid with its
English in a .po file; where an answer carries both languages, both come from the same msgid. No
module joins a pair by hand, and the .po files leave no sentence untranslated."""

from __future__ import annotations

import ast
import json
import re
from itertools import pairwise
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import translation
from django.utils.translation import gettext_lazy
from po_catalogue import CATALOGUES
from po_catalogue import entries as _entries

from language import ByLanguage, Message, ServiceError, answer_pair, in_both, pure_pair
from tournament.errors import WrongHandNumber

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("website", "tournament", "scoring", "paper", "cups", "hall", "publishing", "signup", "language", "rules", "web",
            "players", "rating")
# The pure modules without Django keep their own pairs, as the engine does (tests/test_boundaries.py, PURE).
PURE = ("rules/engine", "rules/rulesets", "tournament/seating", "tournament/standings.py", "tournament/money.py",
        "tournament/ranks.py", "scoring/settlement.py", "scoring/seats.py", "cups/season.py")
# "… Satz. / English sentence …" written out in a string literal: a pair joined by hand.
HAND_JOINED = re.compile(r'"[^"\n]*[a-zäöüß.!)“] / [A-Z][a-z]+ [a-z][^"\n]*"')
# The old pair helpers, gone from the Django side (rules/engine keeps its own pairs).
PAIR_CALLS = {"in_language", "both"}
# A German sentence beside its English, as two arguments of one call or two items of a tuple
# (FileRefused("Die Datei …", "The file …"), NOT_A_FILE = ("Bitte …", "Please …")): a pair in
# disguise, whatever the class is called.
# A label and its English after " / " ("Datenbank / database: {}", "Kürzel des Cups / cup slug"), where the stop
# words below are too few to tell the halves apart: see _label_pair.
ONE_WORD = re.compile(r"[A-ZÄÖÜ][\wäöüß-]*")
GERMAN = re.compile(r"[äöüßÄÖÜ„]|(?i:\b(?:der|die|das|ist|nicht|kein|keine|eine?|und|nur|bitte|wurde|fehlt|gibt|hat|mehr|als)\b)")
ENGLISH = re.compile(r"(?i:\b(?:the|is|not|no|and|only|please|was|missing|there|has|more|than)\b)")


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
    one = WrongHandNumber(3, 2)  # one hand in: the singular (issue 31: "eingetragen sind 1 Spiele")
    assert one.message_de == "Spiel 3 kann nicht eingetragen werden: eingetragen ist 1 Spiel, als nächstes kommt Spiel 2."
    assert one.message_en == "Hand 3 cannot be entered: 1 hand is in, the next one is hand 2."


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



def differing_english(catalogues) -> list[tuple]:
    """(msgctxt, msgid, English, other English) said differently by two catalogues: Django reads the site's
    (LOCALE_PATHS) before an app's, so the app's sentence would silently never show."""
    said: dict[tuple, list[str]] = {}
    differing = []
    for catalogue in catalogues:
        for ctxt, msgid, msgstrs, _flags in _entries(catalogue):
            first = said.setdefault((ctxt, msgid), msgstrs)
            if first != msgstrs:
                differing.append((ctxt, msgid, first, msgstrs))
    return differing


def test_a_msgid_in_two_catalogues_says_the_same_in_english():
    assert not differing_english(CATALOGUES), "give each meaning a msgctxt of its own"


def test_a_msgid_two_catalogues_translate_differently_is_caught(tmp_path):
    site, app = tmp_path / "site.po", tmp_path / "app.po"
    site.write_text('msgid "Wertung"\nmsgstr "Scoring"\n', encoding="utf-8")
    app.write_text('msgid "Wertung"\nmsgstr "Scheme"\n\nmsgctxt "cup scheme"\nmsgid "Wertung"\nmsgstr "Scheme"\n',
                   encoding="utf-8")
    assert differing_english([site, app]) == [(None, "Wertung", ["Scoring"], ["Scheme"])]

def pairs_composed(source: str, *, holds_both: bool = False) -> list[int]:
    """Lines of ``source`` that compose a German/English pair: an old pair helper called, ServiceError
    given two sentences, the language helpers taken from tournament.errors, a German and an English
    literal side by side in either order (arguments, items, ``x if en else y``), a {"de": …, "en": …}
    dict or ``dict(de=…, en=…)`` of anything (unless ``holds_both``: a JSON answer's place), one literal
    holding "German … / English …" in either order or a label beside its English ("Datenbank / database"),
    or two values joined by " / " (an f-string, ``+``, ``" / ".join``) where the reader's language is known
    to gettext."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module == "tournament.errors":
            if any(alias.name in PAIR_CALLS | {"ServiceError", "active_language"} for alias in node.names):
                found.append(node.lineno)
        elif isinstance(node, ast.Call):
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            texts = [arg for arg in node.args if isinstance(arg, (ast.Constant, ast.JoinedStr))]
            in_context = name.startswith(("pgettext", "npgettext"))  # (context, msgid): the context is English
            if (name in PAIR_CALLS or (name == "ServiceError" and len(texts) >= 2)
                    or (not in_context and _side_by_side(node.args))
                    or (name == "dict" and not holds_both and {"de", "en"} <= {k.arg for k in node.keywords})
                    or (name == "join" and _text(node.func.value) == " / " and _asks_language(node))):
                found.append(node.lineno)
        elif isinstance(node, (ast.Tuple, ast.List)) and _side_by_side(node.elts):
            found.append(node.lineno)
        elif isinstance(node, ast.IfExp) and (_side_by_side([node.body, node.orelse]) or (
                _asks_language(node.test) and _one_german([node.body, node.orelse]))):
            found.append(node.lineno)
        elif isinstance(node, ast.Dict) and (_literal_pair(node) or (not holds_both and _keyed_by_language(node))):
            found.append(node.lineno)
        elif isinstance(node, (ast.Constant, ast.JoinedStr)) and _pair_in_one_text(node):
            found.append(node.lineno)
        elif (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and _text(node.right) == " / "
              and _asks_language(node)):
            found.append(node.lineno)
    return sorted(set(found))


LANGUAGE_NAMES = re.compile(r"^(?:en|de|english|german)$|lang")


def _asks_language(test) -> bool:
    """A condition on the reader's language: ``en``, ``lang == "de"``, ``get_language().startswith("en")``."""
    return any((isinstance(part, ast.Name) and LANGUAGE_NAMES.search(part.id))
               or (isinstance(part, ast.Attribute) and LANGUAGE_NAMES.search(part.attr))
               or (isinstance(part, ast.Constant) and part.value in ("en", "de")) for part in ast.walk(test))


def _literal_pair(node: ast.Dict) -> bool:
    """{"de": "Kein gültiges JSON.", "en": "Not valid JSON."}: both sentences written out, not rendered."""
    values = {_text(key): value for key, value in zip(node.keys, node.values, strict=True) if key is not None}
    return {"de", "en"} <= set(values) and _one_german([values["de"], values["en"]])


def _keyed_by_language(node: ast.Dict) -> bool:
    """{"de": said.render("de"), "en": said.render("en")}: both languages held side by side, whatever the values."""
    return {"de", "en"} <= {_text(key) for key in node.keys if key is not None}


def _one_german(nodes) -> bool:
    """Two literals, one German and the other not: the two languages of one sentence."""
    texts = [_text(node) for node in nodes]
    return all(texts) and sum(bool(GERMAN.search(text)) for text in texts) == 1


def _pair_in_one_text(node) -> bool:
    """A literal "Keine Datei / no file: {}" or "{} is not seated / {} ist nicht gesetzt", or an f-string
    joining two values with " / " ("{de} / {en}")."""
    if isinstance(node, ast.JoinedStr) and _asks_language(node):
        parts = node.values
        if any(isinstance(parts[i - 1], ast.FormattedValue) and _text(parts[i]) == " / "
               and isinstance(parts[i + 1], ast.FormattedValue) for i in range(1, len(parts) - 1)):
            return True
    text = _text(node)
    if not text or " / " not in text:
        return False
    if _label_pair(text):
        return True
    halves = text.split(" / ")
    return any(_german_beside_english(first, second) for first, second in pairwise(halves))


def _label_pair(text: str) -> bool:
    """A capitalised German label (one word, or a phrase with a German mark) and, after " / ", a lower-case
    English one with none: "Datenbank / database", "Saison, etwa 2026/27 (Vorgabe: die neueste) / season label"."""
    for match in re.finditer(" / ", text):
        left = re.split(r"[.!?;\n„“\"]\s*", text[:match.start()])[-1].strip()
        right = re.split(r"[.,;:(\n]", text[match.end():])[0]
        if (left[:1].isupper() and re.match(r"[a-z]", right) and not GERMAN.search(right)
                and (ONE_WORD.fullmatch(left) or GERMAN.search(left))):
            return True
    return False


def _text(node) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(part.value if isinstance(part, ast.Constant) else "{}" for part in node.values)
    return None


def _german_beside_english(first: str | None, second: str | None) -> bool:
    """One of two texts German and the other English, in either order."""
    if not first or not second:
        return False
    return any(GERMAN.search(de) and not ENGLISH.search(de) and ENGLISH.search(en) and not GERMAN.search(en)
               for de, en in ((first, second), (second, first)))


def _side_by_side(nodes) -> bool:
    """Two neighbouring string literals, one German and the other English (either first)."""
    return any(_german_beside_english(first, second) for first, second in pairwise(_text(node) for node in nodes))


# Where the pair is the point: in_both and answer_pair themselves (the one place "de / en" is joined), and
# hall/secret.py, read while the settings load, before gettext can open a catalogue (docs/architecture.md).
JOINS_ON_PURPOSE = ("language/__init__.py", "hall/secret.py")
# Where both languages legitimately stand side by side: the JSON answers (a program picks one), built from one msgid
# or, for the engine's problems, from the engine's own pair.
HOLDS_BOTH = ("web/json_answers.py", "scoring/api.py")


def test_no_module_outside_the_engine_composes_a_pair():
    composed, joined = [], []
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            where = path.relative_to(ROOT).as_posix()
            if ("migrations" in path.parts or where.startswith(PURE) or where in JOINS_ON_PURPOSE):
                continue
            source = path.read_text(encoding="utf-8")
            composed += [f"{path.relative_to(ROOT)}:{line}" for line in pairs_composed(source, holds_both=where in HOLDS_BOTH)]
            joined += [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
                       for number, line in enumerate(source.splitlines(), start=1) if HAND_JOINED.search(line)]
    assert not composed, composed
    assert not joined, joined


@pytest.mark.parametrize("source", [
    'raise ServiceError("Nein.", "No.")',
    'message = in_language("Tisch bestätigt.", "Table confirmed.")',
    'print(both(f"Kein Turnier {slug}.", f"No tournament {slug}."))',
    "from tournament.errors import ServiceError",
    'raise FileRefused(f"Die Datei hat mehr als {n} Zeilen.", f"The file has more than {n} rows.")',
    'add_problem(parsed, None, "Die Datei ist leer.", "The file is empty.")',
    'NOT_A_FILE = ("Bitte eine Excel-Datei hochladen.", "Please upload an Excel workbook.")',
    # The shapes issue 31 found still written: a choice by language, English first, a dict, a literal
    # holding both halves, two renderings joined by " / " as an f-string, a + or a join.
    'text = "Table confirmed." if en else "Tisch bestätigt."',
    'text = "Tisch bestätigt." if lang == "de" else "Table confirmed."',
    'NOT_A_FILE = ("Please upload an Excel workbook.", "Bitte eine Excel-Datei hochladen.")',
    'raise CommandError("No tournament here.", "Kein Turnier hier.")',
    'answer = {"de": "Kein gültiges JSON.", "en": "Not valid JSON."}',
    'raise CommandError(f"{slug}: {which} ist nicht gesetzt. / {slug}: {which_en} is not seated.")',
    'raise CommandError(f"Keine Datei / no file: {file}")',
    'print("Published: the copy is there / Veröffentlicht: die Kopie ist da")',
    'return f"{said.render(\'de\')} / {said.render(\'en\')}"',
    'return render(said, "de") + " / " + render(said, "en")',
    'return " / ".join(render(said, lang) for lang in LANGUAGES)',
    # Shapes the scan missed before: a label beside its English (no stop word tells them apart), a dict or a
    # dict() keyed by language whatever its values, outside the JSON answers that legitimately hold both.
    'self.stdout.write(f"Datenbank / database: {target} ({size} KB)")',
    'self.stdout.write(f"Tabellen / sheets: {folder}")',
    'parser.add_argument("cup", help="Kürzel des Cups / cup slug")',
    'parser.add_argument("--season", help="Saison, etwa 2026/27 (Vorgabe: die neueste) / season label")',
    'return {"de": problem.message_de, "en": problem.message_en}',
    'stored = {"en": said.render("en"), "de": said.render("de")}',
    'stored = dict(de=said.render("de"), en=said.render("en"))',
])
def test_a_composed_pair_is_caught(source):
    assert pairs_composed(source)


@pytest.mark.parametrize("source", [
    'messages.error(request, pgettext("the director\'s form", "Bitte den Namen angeben."))',
    'text = gettext("Kartenpunkte ") + " / ".join(str(p) for p in points)',
    'label = "Vorhand" if seat == 0 else "Hinterhand"',
    'line = f"{left} / {right}"',
    'region = CharField(_("Region / Cup"))',
    'NOT_A_FILE = gettext_lazy("Excel oder JSON / JSON Lines hochladen.")',
    '"""Met at least once / twice matters."""',
])
def test_what_is_no_pair_is_left_alone(source):
    """A msgid with its English context, points joined by " / ", two German words, two values, a label of two
    names, a docstring's alternatives: none is a sentence in two languages written by hand."""
    assert not pairs_composed(source)


def test_a_json_answer_may_hold_both_languages():
    """The JSON answers (HOLDS_BOTH) carry both languages for a program that picks one; elsewhere that is a pair."""
    source = 'problems = [{"de": problem.message_de, "en": problem.message_en} for problem in error.problems]'
    assert pairs_composed(source) and not pairs_composed(source, holds_both=True)

"""What a typed name means: the text half of "who a player is" (tournament/players.py has the rule).

- ``clean``: the text as stored: Unicode NFC, every run of white space (tabs, line breaks, no-break
  spaces) one space, no space at either end; control and format characters (NUL, escape, the
  right-to-left override U+202E, zero-width spaces) are refused, since nobody types them and they
  make two names that look alike compare different. The zero-width joiner and non-joiner stay:
  Persian and Indic names need them.
- ``fold``: the text as a reader compares it: NFKC (a full-width "Ｍ" is an "M"), case folded ("ß" is
  "ss"), the German umlauts written out ("Müller" is "Mueller", as German spells a name without the
  dots: a passport's machine line, a list typed on an English keyboard), and every other accent of the
  Combining Diacritical Marks block (U+0300–U+036F) dropped ("José" is "Jose", "Пётр" is "Петр"). The
  marks of other scripts (Devanagari vowel signs, Arabic and Hebrew points) are letters there and stay.
  "Muller" without the dots is therefore not "Müller": dropping them is a typing slip, which the
  typo-tolerant search (cups/players.py) finds, not a spelling the key may merge.
- ``sort_key``: alphabetical order as a German list sorts (DIN 5007-1: "Ärger" beside "Arger", not
  written out as for the key), any script.
- ``key``: a name or club as one key: the fold, then the Unicode TR39 confusable skeleton (disarm's
  ``skeleton_key``: a Cyrillic "А", a Greek "Α" or a full-width "Ａ" inside a Latin name is that Latin
  letter, while two Cyrillic names keep their own letters), hyphens as spaces, the words sorted
  ("Huber Anna" is "Anna Huber"). Every script keeps its letters: "Иван Петров" and "Пётр Иванов" have
  different keys.

The keys are stored (``Player.name_key``, ``SignUp.name_key``), so a change of what ``key`` returns
needs a data migration that computes them again (tournament/migrations/0014_name_key_any_script.py);
``KEY_SCHEMA`` is disarm's own counter for its key output and tests/tournament/test_players.py fails
when an upgrade of disarm moves it.
"""

from __future__ import annotations

import functools
import unicodedata

import disarm
from django.utils.translation import gettext_lazy, pgettext_lazy

from language import ServiceError

TEXT_MAX = 120  # a stored name, club or region (Player's and SignUp's columns, the forms, the hub's document)
KEY_MAX = 120  # the stored key's column (a key a little longer than its name is cut there)
KEY_SCHEMA = 10  # disarm.KEY_SCHEMA_VERSION the stored keys were made with

_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue"})
_KEPT_FORMAT = {"\u200c", "\u200d"}  # zero-width non-joiner and joiner: parts of Persian and Indic spelling


def _refused(character: str) -> bool:
    category = unicodedata.category(character)
    return category in ("Cc", "Cs", "Co") or (category == "Cf" and character not in _KEPT_FORMAT)


# A field as a refusal names it: capitalised at the start of the German sentence, lower case inside the English one.
NAME = pgettext_lazy("field in a sentence", "Name")
CLUB = pgettext_lazy("field in a sentence", "Verein")
REGION = pgettext_lazy("field in a sentence", "Region")


def clean(text: str, *, what=NAME) -> str:
    """``text`` as stored (see the module docstring); ``what`` names the field in the refusal."""
    cleaned = " ".join(unicodedata.normalize("NFC", text).split())
    bad = next((character for character in cleaned if _refused(character)), None)
    if bad is not None:
        shown = "".join(character for character in cleaned[:40] if not _refused(character))
        raise ServiceError(gettext_lazy("%(field)s „%(shown)s“ enthält ein unsichtbares Steuerzeichen (U+%(code)04X)."),
                           field=what, shown=shown, code=ord(bad))
    return cleaned


def _plain(text: str) -> str:
    """Width and case folded, the marks of the Combining Diacritical Marks block dropped."""
    decomposed = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", text).casefold())
    return unicodedata.normalize("NFC", "".join(c for c in decomposed if not "\u0300" <= c <= "\u036f"))


def fold(text: str) -> str:
    """``text`` case, width and accents folded, umlauts written out: the first step of ``key``."""
    return _plain(unicodedata.normalize("NFKC", text).casefold().translate(_UMLAUTS))


def sort_key(name: str) -> tuple[str, str]:
    """Alphabetical as on a German list (DIN 5007-1: "Ärger" with A), case ignored; the name breaks ties."""
    return _plain(name), name


@functools.lru_cache(maxsize=8192)  # a pure function of the text; an import of 3,000 players asked it 15,000 times
def key(text: str) -> str:
    """The key two spellings of one name (or one club) share; see the module docstring."""
    skeleton = disarm.skeleton_key(fold(text)).replace("-", " ")
    return " ".join(sorted(skeleton.split()))[:KEY_MAX]


"""What the site says to a person, in one translation system: every sentence is a gettext msgid (the
German sentence, as a German page shows it) and its English msgstr in a .po file (docs/architecture.md,
"Messages"). Adding a sentence touches one .po entry; nothing here knows a sentence.

- A page speaks the reader's language: ``gettext`` as Django has it.
- ``Message(gettext_lazy("Spiel %(number)s …"), number=3)``: a sentence not yet rendered, for whoever
  reads it later in either language (a refusal, a problem of an import). Its values may be messages
  themselves; they render in the same language.
- ``in_both(msg)``: "German / English", where the reader's language is unknown (commands, logs, the
  settings' start-up errors); ``answer_pair(msg)``: {"de": …, "en": …} for a JSON answer.
- ``ServiceError(msg)``: a refused write, shown either way.

The rules engine is pure Python without Django and keeps its own pairs (rules/engine/messages.py).
This package sits below every app (tests/test_boundaries.py) so that each may speak.
"""

from __future__ import annotations

from contextlib import nullcontext

from django.utils import translation
from django.utils.functional import Promise

LANGUAGES = ("de", "en")


def active_language() -> str:
    """"de" or "en": which language the current request reads."""
    return "en" if (translation.get_language() or "de").startswith("en") else "de"


class Message:
    """A msgid (gettext_lazy or ngettext_lazy) and its named values, rendered on demand in the active or
    a given language. Lazy ``%`` formatting renders at once in the active language, so the values wait
    here until a language is known."""

    def __init__(self, text, /, **params):
        self.text = text
        self.params = params

    def render(self, lang: str | None = None) -> str:
        with translation.override(lang) if lang in LANGUAGES else nullcontext():
            if not self.params:
                return str(self.text)
            # Numbers stay numbers for their format (%(code)04X); messages render in this language.
            values = {name: render(value) if isinstance(value, (Message, Promise)) else value
                      for name, value in self.params.items()}
            return str(self.text % values)

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        return f"Message({self.render('de')!r})"


class ByLanguage(Message):
    """A value that code writes per language (an amount in euros), or a sentence a pure module without
    Django wrote as its own pair (the rules engine, the seating draw): no msgid, rendered on demand."""

    def __init__(self, write):
        super().__init__(None)
        self.write = write

    def render(self, lang: str | None = None) -> str:
        return self.write(lang if lang in LANGUAGES else active_language())


def pure_pair(de: str, en: str) -> ByLanguage:
    """The German and English a pure module wrote, carried as one Message."""
    return ByLanguage(lambda lang: en if lang == "en" else de)


def message(text, /, **params) -> Message:
    """``text`` as a Message: a Message stays itself, a msgid takes its values."""
    return text if isinstance(text, Message) and not params else Message(text, **params)


def render(text, lang: str | None = None) -> str:
    """A Message, a lazy msgid or a plain value as text in ``lang`` (the active language when None)."""
    if isinstance(text, Message):
        return text.render(lang)
    if isinstance(text, Promise):
        with translation.override(lang) if lang in LANGUAGES else nullcontext():
            return str(text)
    return str(text)


def in_both(text, /, **params) -> str:
    """ "German / English" from one msgid, for a reader whose language is unknown."""
    said = message(text, **params)
    return f"{said.render('de')} / {said.render('en')}"


def answer_pair(text, /, **params) -> dict[str, str]:
    """{"de": …, "en": …} from one msgid, for a JSON answer."""
    said = message(text, **params)
    return {lang: said.render(lang) for lang in LANGUAGES}


class Said:
    """Whatever carries its sentence as ``said`` (a refusal, an import's problem, a publication's outcome):
    the German and the English both rendered from that one msgid, for callers that show them apart."""

    said: Message

    @property
    def message_de(self) -> str:
        return render(self.said, "de")

    @property
    def message_en(self) -> str:
        return render(self.said, "en")


class ServiceError(Said, Exception):
    """A write that was refused; nothing of it was stored. ``text``: a msgid (with its named values) or
    a Message, rendered in whichever language the reader has."""

    def __init__(self, text, /, **params):
        self.said = message(text, **params)
        super().__init__(self.said)

    def __str__(self) -> str:
        return in_both(self.said)

    def message(self, lang: str | None = None) -> str:
        return self.said.render(lang)

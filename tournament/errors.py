"""What the site says to a person: every sentence the code composes is written once as a pair, German
and English, never a stack trace.

- ``in_language(de, en)``: the reader's language (pages, flash messages, refusals on a page).
- ``both(de, en)``: "German / English", where the reader's language is unknown (commands, the JSON
  API, logs, the settings' start-up errors).
- ``ServiceError(de, en)``: a refused write, shown either way.

Fixed page text (templates, labels, column headers) goes through Django's gettext and the .po files;
the rules engine's problems carry their own pairs (rules/engine/messages.py: the engine is pure).
"""

from __future__ import annotations

from django.utils.translation import get_language


def active_language() -> str:
    """"de" or "en": which of the two sentences the current request should read."""
    return "en" if (get_language() or "de").startswith("en") else "de"


def in_language(de: str, en: str, lang: str | None = None) -> str:
    return en if (lang or active_language()) == "en" else de


def both(de: str, en: str) -> str:
    return f"{de} / {en}"


class ServiceError(Exception):
    """A write that was refused; nothing of it was stored."""

    def __init__(self, message_de: str, message_en: str):
        super().__init__(both(message_de, message_en))
        self.message_de = message_de
        self.message_en = message_en

    def message(self, lang: str | None = None) -> str:
        return in_language(self.message_de, self.message_en, lang)


class DuplicatePlayer(ServiceError):
    def __init__(self, name: str, candidates: list):
        names = ", ".join(str(c) for c in candidates)
        super().__init__(
            f"„{name}“ gibt es vielleicht schon: {names}. Bitte den vorhandenen Spieler wählen oder bewusst neu anlegen.",
            f"“{name}” may already exist: {names}. Pick the existing player or create a new one on purpose.",
        )
        self.candidates = candidates


class SimilarPlayer(DuplicatePlayer):
    """A newcomer whose name is close to a known one (a typo?): asked before he is added."""

    def __init__(self, name: str, candidates: list):
        names = ", ".join(str(c) for c in candidates)
        ServiceError.__init__(
            self,
            f"„{name}“ ist einem bekannten Namen sehr ähnlich: {names}. Ein Tippfehler? Bitte den vorhandenen "
            "Spieler wählen oder bewusst neu anlegen.",
            f"“{name}” is very close to a known name: {names}. A typo? Pick the existing player or create a "
            "new one on purpose.",
        )
        self.candidates = candidates


class StaleVersion(ServiceError):
    def __init__(self):
        super().__init__(
            "Inzwischen hat jemand anderer diesen Tisch geändert. "
            "Bitte neu laden und nochmals prüfen – nichts wurde gespeichert.",
            "Someone else changed this table in the meantime. Reload and check again – nothing was saved.",
        )


class WrongHandNumber(ServiceError):
    """A hand sent for a number that is not the table's next one (a second device got there first)."""

    def __init__(self, number: int, next_number: int):
        super().__init__(
            f"Spiel {number} kann nicht eingetragen werden: eingetragen sind {next_number - 1} Spiele, "
            f"als nächstes kommt Spiel {next_number}.",
            f"Hand {number} cannot be entered: {next_number - 1} hands are in, the next one is hand {next_number}.",
        )
        self.next_number = next_number


class NotWritable(ServiceError):
    """The table no longer takes writes from its scorer link (round not open, table confirmed or ended)."""

"""The tournament's own refusals: a player who may exist already, a table changed meanwhile, a hand
number that is not the next one, a table that takes no more writes. Each is a ServiceError (language/)
whose sentence is a gettext msgid."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext_lazy, ngettext_lazy

from language import ServiceError


class DuplicatePlayer(ServiceError):
    def __init__(self, name: str, candidates: list):
        super().__init__(gettext_lazy(
            "„%(name)s“ gibt es vielleicht schon: %(names)s. Bitte den vorhandenen Spieler wählen oder bewusst neu anlegen."),
            name=name, names=", ".join(str(c) for c in candidates))
        self.candidates = candidates


class SimilarPlayer(DuplicatePlayer):
    """A newcomer whose name is close to a known one (a typo?): asked before he is added."""

    def __init__(self, name: str, candidates: list):
        ServiceError.__init__(self, gettext_lazy(
            "„%(name)s“ ist einem bekannten Namen sehr ähnlich: %(names)s. Ein Tippfehler? Bitte den vorhandenen "
            "Spieler wählen oder bewusst neu anlegen."), name=name, names=", ".join(str(c) for c in candidates))
        self.candidates = candidates


class StaleVersion(ServiceError):
    def __init__(self):
        super().__init__(gettext_lazy(
            "Inzwischen hat jemand anderer diesen Tisch geändert. "
            "Bitte neu laden und nochmals prüfen – nichts wurde gespeichert."))


class WrongHandNumber(ServiceError):
    """A hand sent for a number that is not the table's next one (a second device got there first)."""

    def __init__(self, number: int, next_number: int):
        super().__init__(ngettext_lazy(
            "Spiel %(number)s kann nicht eingetragen werden: eingetragen ist %(entered)s Spiel, "
            "als nächstes kommt Spiel %(next)s.",
            "Spiel %(number)s kann nicht eingetragen werden: eingetragen sind %(entered)s Spiele, "
            "als nächstes kommt Spiel %(next)s.", "entered"), number=number, entered=next_number - 1, next=next_number)
        self.next_number = next_number


class NotWritable(ServiceError):
    """The table no longer takes writes from its scorer link (round not open, table confirmed or ended)."""


class CopyNotWritable(NotWritable, PermissionDenied):
    """A copy of a tournament run elsewhere (the cup's site's copy of a venue's) takes no write of its play from
    anyone: the venue is the source. A PermissionDenied too, so a view that lets it pass answers the site's 403
    (hall.views.forbidden draws it in the page's language)."""

    def __init__(self):
        super().__init__(gettext_lazy(
            "Dieses Turnier ist eine Kopie vom Turnierort: Spiele, Pausen, Korrekturen, Bestätigungen, Runden, "
            "Tische und Spieler ändert nur der Turnierort."))


def refuse_a_copy(tournament) -> None:
    """The one guard of every write that changes a tournament's play or its money (hands, pauses, rounds, entries,
    teams, withdrawals, check-ins, prizes, stake) and of the views that lead to them: refused for a copy
    (``is_copy``). The hub's own
    receiving code (publishing.hub.receive, scoring.copies, tournament.copies) writes a copy without it, and
    attaching a copy to a cup's season (cups.services.add_tournament) changes no play."""
    if tournament.is_copy:
        raise CopyNotWritable()

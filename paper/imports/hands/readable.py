"""From what a file says to the interchange format: names to hand seats, the readable columns
(Spielart, Spieler, Ergebnis, Kontra …) or the JSON of a hand to a hand the engine reads."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext_lazy

from language import Message, message
from paper import columns
from paper.cells import cell_text, whole_number, yes_no
from rules.engine.catalogue import KONTRA_NAMES
from rules.rulesets import contract_name as catalogue_name
from tournament.models import Entry, Tournament
from tournament.players import key as player_key

# --- names ------------------------------------------------------------------------------------------


def entry_keys(entry: Entry) -> set[str]:
    """How a player may be written: "Anna Berger" or "Anna Berger (Wörgl)", any case, accents, order."""
    return {player_key(entry.player.name), player_key(str(entry.player))}


class Names:
    def __init__(self, tournament: Tournament):
        self.entries: dict[int, Entry] = {}
        self.by_key: dict[str, list[Entry]] = defaultdict(list)
        for entry in tournament.entries.select_related("player"):
            self.entries[entry.pk] = entry
            for key in entry_keys(entry):
                self.by_key[key].append(entry)

    def find(self, name: str) -> tuple[Entry | None, Message | None]:
        found = self.by_key.get(player_key(name), [])
        if len(found) == 1:
            return found[0], None
        if not found:
            return None, Message(gettext_lazy("„%(name)s“ ist in diesem Turnier nicht angemeldet."), name=name)
        shown = ", ".join(str(entry.player) for entry in found)
        return None, Message(gettext_lazy(
            "„%(name)s“ ist nicht eindeutig (%(shown)s): bitte mit Verein schreiben, etwa „Name (Verein)“."),
            name=name, shown=shown)


# --- readable columns -> interchange hand -------------------------------------------------------------

WON = {"gewonnen", "won", "g", "w", "+", "ja", "yes"}
LOST = {"verloren", "lost", "v", "l", "-", "–", "nein", "no"}
TALON = {"", "-", "–", "talon", "könig im talon", "king in the talon", "allein", "alone", "null", "none"}
KONTRA_BY_NAME = {name.lower(): level for level, names in KONTRA_NAMES.items() for name in names}


class Refused(Exception):
    """A cell that cannot be read, with the sentence saying why (a msgid and its values, language/)."""

    def __init__(self, text, /, **params):
        self.said = message(text, **params)
        super().__init__(self.said)


def _seat_of(value: Any, column: str, players: list[Entry], sitting_out: Sequence[Entry]) -> int | None:
    """A hand seat 0..3 written as a number or as the name of one of the hand's four players.

    ``sitting_out``: who sits the hand out, the dealer first (at five the dealer, at six also the
    player opposite), so a name among them gets a message that says so."""
    if value is None or isinstance(value, bool):
        return None
    number = whole_number(value)
    if number is not None:
        if 0 <= number <= 3:
            return number
        raise Refused(gettext_lazy(
            "„%(column)s“: Sitz %(number)s gibt es nicht (Sitze 0 bis 3, 0 = Vorhand)."), column=column, number=number)
    text = cell_text(value)
    if not text:
        return None
    key = player_key(text)
    seats = [seat for seat, entry in enumerate(players) if key in entry_keys(entry)]
    if len(seats) == 1:
        return seats[0]
    if sitting_out and key in entry_keys(sitting_out[0]):
        raise Refused(gettext_lazy("„%(column)s“: %(text)s gibt in diesem Spiel und sitzt aus."), column=column, text=text)
    if any(key in entry_keys(entry) for entry in sitting_out[1:]):
        raise Refused(gettext_lazy(
            "„%(column)s“: %(text)s sitzt in diesem Spiel aus (gegenüber dem Geber)."), column=column, text=text)
    shown = ", ".join(f"{seat} = {entry.player.name}" for seat, entry in enumerate(players))
    raise Refused(gettext_lazy(
        "„%(column)s“: „%(text)s“ spielt in diesem Spiel nicht mit (%(shown)s)."), column=column, text=text, shown=shown)


def _json_cell(value: Any, column: str) -> Any:
    try:
        return json.loads(cell_text(value))
    except ValueError as error:
        raise Refused(gettext_lazy("„%(column)s“ ist kein gültiges JSON (%(error)s)."), column=column, error=error) from None


def _contract_slug(value: Any, tournament: Tournament) -> str | None:
    """A contract written by its slug or its name in either language (as the workbook writes it in German or
    English: "Dreier", "Three", the rule set's own name)."""
    text = cell_text(value)
    if not text:
        return None
    for contract in tournament.ruleset.contracts:
        names = (contract.slug, contract.name, contract.name_en, catalogue_name(contract.slug, "de"),
                 catalogue_name(contract.slug, "en"))
        if text.lower() in {name.lower() for name in names}:
            return contract.slug
    return text  # the engine names what is wrong with it


def hand_from_cells(cells: dict, tournament: Tournament, players: list[Entry], sitting_out: Sequence[Entry],
                ) -> tuple[dict, list[Message]]:
    """The interchange hand of the readable columns, and what could not be read."""
    hand: dict = {}
    problems: list[Message] = []

    def read(column: str, reader) -> None:
        try:
            value = reader(cells.get(column), column)
        except Refused as refused:
            problems.append(refused.said)
        else:
            if value is not None:
                hand[key_of[column]] = value

    def seat(value, column):
        return _seat_of(value, column, players, sitting_out)

    def partner(value, column):
        return None if cell_text(value).lower() in TALON else seat(value, column)

    def result(value, column):
        text = cell_text(value).lower()
        if not text:
            return None
        if text in WON:
            return "won"
        if text in LOST:
            return "lost"
        raise Refused(gettext_lazy(
            "„%(column)s“: „%(value)s“ – bitte gewonnen oder verloren."), column=column,
            value=cell_text(value))

    def points(value, column):
        number = whole_number(value)
        return str(number) if number is not None else (cell_text(value) or None)

    def kontra(value, column):
        text = cell_text(value)
        if not text:
            return None
        if text.startswith("{"):
            return _json_cell(text, column)
        number = whole_number(value)
        if number is not None:
            return number
        if text.lower() in KONTRA_BY_NAME:
            return KONTRA_BY_NAME[text.lower()]
        raise Refused(gettext_lazy(
            "„%(column)s“: „%(text)s“ ist keine Kontra-Stufe (1, 2, 4, 8 … oder ein JSON-Objekt)."), column=column, text=text)

    def bonuses(value, column):
        return _json_cell(value, column) if cell_text(value) else None

    def card_points(value, column):
        text = cell_text(value)
        if not text:
            return None
        if text.startswith("["):
            return _json_cell(text, column)
        return [part.strip() for part in text.replace(",", ";").split(";")]

    def surrender(value, column):
        answer = yes_no(value)
        if answer is True:
            return True
        if answer is False:
            return None
        raise Refused(gettext_lazy(
            "„%(column)s“: „%(value)s“ – bitte ja oder nein."), column=column, value=cell_text(value))

    key_of = {columns.CONTRACT: "contract", columns.DECLARER: "declarer", columns.PARTNER: "partner",
              columns.RESULT: "result", columns.DECLARER_POINTS: "declarer_points", columns.KONTRA: "kontra",
              columns.BONUSES: "bonuses", columns.CARD_POINTS: "card_points", columns.RENONCE: "renonce",
              columns.SURRENDER: "surrender"}
    contract = _contract_slug(cells.get(columns.CONTRACT), tournament)
    if contract is not None:
        hand["contract"] = contract
    read(columns.DECLARER, seat)
    read(columns.PARTNER, partner)
    read(columns.RESULT, result)
    read(columns.DECLARER_POINTS, points)
    read(columns.KONTRA, kontra)
    read(columns.BONUSES, bonuses)
    read(columns.CARD_POINTS, card_points)
    read(columns.RENONCE, seat)
    read(columns.SURRENDER, surrender)
    return hand, problems


def hand_from_json(raw: dict, players: list[Entry], sitting_out: Sequence[Entry]) -> tuple[dict, list[Message]]:
    """The JSON hand with names of players (declarer, partner, renonce) turned into seats."""
    hand, problems = dict(raw), []
    for key in ("declarer", "partner", "renonce"):
        value = hand.get(key)
        if isinstance(value, str) and value.strip() and not value.strip().isdigit():
            try:
                hand[key] = _seat_of(value, key, players, sitting_out)
            except Refused as refused:
                problems.append(refused.said)
    return hand, problems



"""Every problem a hand can have: a stable code and a sentence a scorer understands, German first."""

from __future__ import annotations

import re

from .types import Problem

MESSAGES: dict[str, tuple[str, str]] = {
    "not_an_object": (
        "Das Spiel ist kein JSON-Objekt.",
        "The hand is not a JSON object.",
    ),
    "contract_missing": (
        "Es fehlt das Spiel.",
        "The contract is missing.",
    ),
    "contract_unknown": (
        "Das Spiel {value} gibt es nicht.",
        "There is no contract called {value}.",
    ),
    "contract_not_offered": (
        "Das Spiel „{value}“ wird nach den Regeln {ruleset} nicht gespielt.",
        "The contract “{value}” is not played under the {ruleset} rules.",
    ),
    "field_invalid": (
        "Das Feld {field} hat einen ungültigen Wert ({value}).",
        "The field {field} has an invalid value ({value}).",
    ),
    "seat_invalid": (
        "{field} muss ein Sitzplatz 0 bis 3 sein, nicht {value}.",
        "{field} must be a seat from 0 to 3, not {value}.",
    ),
    "declarer_missing": (
        "Es fehlt der Spieler, der das Spiel spielt.",
        "The declarer is missing.",
    ),
    "vorhand_only": (
        "{contract} darf nur die Vorhand (Sitz 0) spielen, nicht Sitz {seat}.",
        "Only Vorhand (seat 0) may play {contract}, not seat {seat}.",
    ),
    "partner_not_allowed": (
        "Bei {contract} gibt es keinen Partner.",
        "{contract} has no partner.",
    ),
    "partner_required": (
        "Bei {contract} hat immer ein Mitspieler die gerufene Karte: bitte den Partner angeben.",
        "In {contract} the called card is always in a player's hand: enter the partner.",
    ),
    "own_king_forbidden": (
        "Den eigenen König zu rufen ist nach den Regeln {ruleset} nicht erlaubt.",
        "Calling one's own king is not allowed under the {ruleset} rules.",
    ),
    "result_invalid": (
        "Das Ergebnis muss gewonnen oder verloren sein, nicht {value}.",
        "The result must be “won” or “lost”, not {value}.",
    ),
    "result_missing": (
        "Es fehlt das Ergebnis: gewonnen oder verloren (oder die Punkte des Spielers).",
        "The result is missing: won or lost (or the declarer's card points).",
    ),
    "result_missing_negative": (
        "Es fehlt das Ergebnis: gewonnen oder verloren.",
        "The result is missing: won or lost.",
    ),
    "card_points_invalid": (
        "{field}: {value} sind keine Kartenpunkte; erlaubt ist „P“ oder „P+B“ mit B von 0 bis 2.",
        "{field}: {value} are not card points; use “P” or “P+B” with B from 0 to 2.",
    ),
    "card_points_out_of_range": (
        "{field}: {value} Punkte sind mehr als die {total} Punkte im Spiel.",
        "{field}: {value} is more than the {total} card points in the pack.",
    ),
    "bonus_opponents_need_kontra": (
        "{bonus} dürfen die Gegner erst ansagen, wenn das Spiel kontriert ist.",
        "The opponents may only bid {bonus} after a Kontra on the game.",
    ),
    "declarer_points_not_allowed": (
        "Kartenpunkte des Spielers gibt es nur bei Positivspielen.",
        "Declarer's card points only apply to positive contracts.",
    ),
    "declarer_points_contradict_result": (
        "Mit {points} Punkten ist das Spiel {actual}, nicht {given} (nötig sind {threshold}).",
        "With {points} card points the game is {actual_en}, not {given_en} ({threshold} needed).",
    ),
    "bonus_points_too_few": (
        "{bonus} braucht mindestens {need} Kartenpunkte; die {side_de} hat nur {have} (Kartenpunkte der Spielerpartei {points}).",
        "{bonus} needs at least {need} card points; the {side_en} have only {have} (declarer's card points {points}).",
    ),
    "bonus_points_reached": (
        "{bonus} ist als verloren eingetragen, doch die {side_de} hat {have} Kartenpunkte, ab {need} ist sie gemacht.",
        "{bonus} is entered as failed, yet the {side_en} have {have} card points; from {need} it is made.",
    ),
    "card_points_missing": (
        "Beim Trischaken braucht es die Kartenpunkte aller vier Spieler.",
        "Trischaken needs the card points of all four players.",
    ),
    "card_points_count": (
        "Es müssen genau vier Kartenpunkte sein, einer je Sitzplatz.",
        "There must be exactly four card point entries, one per seat.",
    ),
    "card_points_sum": (
        "Die Kartenpunkte ergeben zusammen {sum} statt {total}.",
        "The card points add up to {sum} instead of {total}.",
    ),
    "card_points_not_allowed": (
        "Kartenpunkte je Sitz gibt es nur beim Trischaken.",
        "Card points per seat only apply to Trischaken.",
    ),
    "kontra_invalid": (
        "{value} ist kein erlaubtes Kontra; erlaubt: {allowed}.",
        "{value} is not an allowed kontra multiplier; allowed: {allowed}.",
    ),
    "kontra_not_allowed": (
        "Bei {contract} gibt es kein Kontra.",
        "{contract} cannot be kontra'd.",
    ),
    "kontra_per_opponent_positive": (
        "Einzelkontras je Gegner gibt es nur bei Negativspielen; bei {contract} gilt ein Kontra für alle.",
        "Individual kontras per opponent only exist in negative contracts; in {contract} a kontra counts for all.",
    ),
    "kontra_by_declarer": (
        "Sitz {seat} ist der Spieler und kann nicht kontrieren.",
        "Seat {seat} is the declarer and cannot kontra.",
    ),
    "bonus_invalid": (
        "{field} ist keine gültige Prämie.",
        "{field} is not a valid bonus entry.",
    ),
    "bonus_unknown": (
        "Die Prämie „{value}“ gibt es nicht.",
        "There is no bonus called “{value}”.",
    ),
    "bonus_not_in_ruleset": (
        "Die Prämie „{value}“ wird nach den Regeln {ruleset} nicht gezählt.",
        "The bonus “{value}” does not score under the {ruleset} rules.",
    ),
    "bonus_not_allowed": (
        "Bei {contract} gibt es die Prämie {bonus} nicht.",
        "{contract} does not allow the bonus {bonus}.",
    ),
    "annulled_fields": (
        "Ein annulliertes Spiel hat nur den Vertrag „annulled“ (und wahlweise den Spieler), nicht: {fields}.",
        "An annulled deal has only the contract \"annulled\" (and optionally the declarer), not: {fields}.",
    ),
    "not_played_not_allowed": (
        "{contract} wird immer ausgespielt; „nicht gespielt“ gibt es nur bei einem Spiel, das ohne Ansage nicht gespielt wird.",
        "{contract} is always played out; \"not played\" exists only for a contract not played without an announcement.",
    ),
    "not_played_fields": (
        "{contract} wurde nicht gespielt: es gibt kein Ergebnis, keine Kontras, Prämien, Renonce oder Schleifen ({fields}).",
        "{contract} was not played: there is no result, kontra, bonus, renonce or surrender ({fields}).",
    ),
    "talon_without_king_not_offered": (
        "Eine Strafe für die Talonhälfte ohne gerufenen König kennt {ruleset} bei {contract} nicht.",
        "{ruleset} has no penalty for taking the talon half without the called king in {contract}.",
    ),
    "talon_without_king_needs_king_in_talon": (
        "Die Strafe für die Talonhälfte ohne König gibt es nur, wenn der gerufene König im Talon liegt "
        "(kein Partner, keine Renonce).",
        "The penalty for the talon half without the king applies only when the called king lies in the talon "
        "(no partner, no renonce).",
    ),
    "valat_silent_failed": (
        "Ein stiller {bonus}, der nicht gelingt, ist kein {bonus}: Eintrag weglassen "
        "(hat die andere Partei alle Stiche gemacht, ist es ihr {bonus}).",
        "A silent {bonus} that did not happen is no {bonus}: leave the line out "
        "(if the other side took every trick, it is their {bonus}).",
    ),
    "king_ultimo_king_in_talon": (
        "{bonus} ist unmöglich: der gerufene König liegt im Talon (kein Partner) "
        "und kann nicht im letzten Stich gespielt werden.",
        "{bonus} is impossible: the called king lies in the talon (no partner) and cannot be played to the last trick.",
    ),
    "bonus_needs_called_king": (
        "{bonus} gibt es nur in Spielen mit gerufenem König, nicht bei {contract}.",
        "{bonus} only exists in contracts with a called king, not in {contract}.",
    ),
    "bonus_must_be_announced": (
        "{bonus} zählt nur angesagt.",
        "{bonus} only scores when announced.",
    ),
    "bonus_cannot_be_announced": (
        "{bonus} kann nicht angesagt werden, es zählt nur still.",
        "{bonus} cannot be announced; it only scores silently.",
    ),
    "bonus_duplicate": (
        "Die Prämie {bonus} ist mehrmals eingetragen.",
        "The bonus {bonus} is entered more than once.",
    ),
    "bonus_kontra_needs_announcement": (
        "{bonus} wurde nicht angesagt und kann daher nicht kontriert sein.",
        "{bonus} was not announced, so it cannot have been kontra'd.",
    ),
    "bonus_kontra_not_allowed": (
        "{bonus} kann nicht kontriert werden.",
        "{bonus} cannot be kontra'd.",
    ),
    "bonus_cannot_fail": (
        "{bonus} ist eine Meldung und kann nicht verloren gehen.",
        "{bonus} is a declaration and cannot fail.",
    ),
    "bonus_excluded": (
        "{bonus} zählt nicht neben {other}.",
        "{bonus} does not score together with {other}.",
    ),
    "bird_required": (
        "{contract} braucht ein angesagtes Vogerl des Spielers ({birds}).",
        "{contract} needs a bird announced by the declarer's side ({birds}).",
    ),
    "announcement_required": (
        "{contract} wird nur mit einer zusätzlichen Ansage gespielt (10 Tarock zählt nicht).",
        "{contract} is only played with an additional announcement (10 Tarock does not count).",
    ),
    "valat_contradicts_result": (
        "Ein Valat der {side_de} passt nicht zum Ergebnis „{result}“.",
        "A Valat by the {side_en} contradicts the result “{result}”.",
    ),
    "renonce_not_offered": (
        "Die Regeln {ruleset} kennen keine Renonce-Wertung.",
        "The {ruleset} rules have no renonce scoring.",
    ),
    "surrender_not_allowed": (
        "{contract} kann nach den Regeln {ruleset} nicht geschleift (aufgegeben) werden.",
        "{contract} cannot be given up (schleifen) under the {ruleset} rules.",
    ),
    "surrender_needs_king_in_talon": (
        "Schleifen geht nur, wenn der gerufene König im Talon liegt (kein Partner).",
        "Giving up is only possible when the called king lies in the talon (no partner).",
    ),
    "surrender_with_renonce": (
        "Ein Spiel ist entweder geschleift oder hat eine Renonce, nicht beides.",
        "A hand is either given up or has a renonce, not both.",
    ),
    "surrender_contradicts_result": (
        "Ein geschleiftes Spiel ist verloren, nicht gewonnen.",
        "A hand that was given up is lost, not won.",
    ),
    "surrender_kontra": (
        "Gegen ein geschleiftes Spiel gibt es kein Kontra.",
        "A hand that was given up cannot be kontra'd.",
    ),
    "surrender_bonus": (
        "Bei einem geschleiften Spiel zählt nur das geplante Vogerl, nicht {bonus}.",
        "A hand that was given up only counts the planned bird, not {bonus}.",
    ),
    "without_bird_not_offered": (
        "„Ohne Vogel gespielt“ gibt es bei {contract} nach den Regeln {ruleset} nicht.",
        "\"Played without a bird\" does not exist for {contract} under the {ruleset} rules.",
    ),
    "without_bird_fields": (
        "{contract} ohne Vogel ist eine Renonce mit festem Preis: es gibt kein Ergebnis, keine Kartenpunkte, "
        "Kontras, Prämien oder Schleifen ({fields}).",
        "{contract} without a bird is a renonce with a fixed price: there is no result, card points, kontra, "
        "bonus or surrender ({fields}).",
    ),
    "bonus_beside_valat": (
        "{bonus} der {side_de} ist neben dem Valat der {valat_de} unmöglich: die {side_de} hat keinen Stich "
        "gemacht und hält höchstens Talonkarten.",
        "{bonus} of the {side_en} is impossible beside the Valat of the {valat_en}: the {side_en} took no trick "
        "and hold at most talon cards.",
    ),
    "bonus_cards_too_few": (
        "{bonus} der {side_de} braucht mindestens {need} Kartenpunkte, doch bei {known_de} hat sie höchstens {have}.",
        "{bonus} of the {side_en} needs at least {need} card points, yet with {known_en} they have at most {have}.",
    ),
    "hand_cards_impossible": (
        "Kartenpunkte, Ergebnis und Prämien passen nicht zusammen: keine Verteilung der 54 Karten ergibt sie.",
        "The card points, the result and the bonuses do not fit together: no deal of the 54 cards gives them.",
    ),
    "trischaken_points_impossible": (
        "{field}: {value} Kartenpunkte kann niemand haben: ohne Stich sind es 0, jeder Stich hat vier Karten "
        "und zählt mindestens 1+1.",
        "{field}: nobody can have {value} card points: without a trick it is 0, and each trick has four cards "
        "worth at least 1+1.",
    ),
    "trischaken_tricks_impossible": (
        "Die Kartenpunkte passen nicht zu zwölf Stichen und dem Talon, den der letzte Stich bekommt.",
        "The card points do not fit twelve tricks and the talon, which goes with the last trick.",
    ),
}


# What a person calls a field of the hand format: a scorer never reads "declarer_points" or
# "card_points[2]" (the field itself stays in Problem.field for programs).
FIELD_NAMES = {
    "declarer": ("Spieler", "declarer"),
    "partner": ("Partner", "partner"),
    "result": ("Ergebnis", "result"),
    "declarer_points": ("Kartenpunkte der Spielerpartei", "the declarer's card points"),
    "card_points": ("Kartenpunkte", "card points"),
    "kontra": ("Kontra", "kontra"),
    "surrender": ("Geschleift", "surrender"),
    "talon_without_king": ("König im Talon", "king in the talon"),
    "not_played": ("Nicht gespielt", "not played"),
    "without_bird": ("Ohne Vogel", "without a bird"),
    "bonuses": ("Prämien", "bonuses"),
}
_INDEXED = re.compile(r"([a-z_]+)\[([0-9]{1,3})\]")


def field_names(field: str) -> tuple[str, str]:
    """``field`` as a person reads it, in German and English ("card_points[2]" -> "Kartenpunkte Sitz 3")."""
    indexed = _INDEXED.fullmatch(field)
    if indexed and indexed.group(1) == "bonuses":
        number = int(indexed.group(2)) + 1
        return f"Prämie {number}", f"bonus {number}"
    if indexed and indexed.group(1) in FIELD_NAMES:  # card points and kontras by seat
        german, english = FIELD_NAMES[indexed.group(1)]
        number = int(indexed.group(2)) + 1
        return f"{german} Sitz {number}", f"{english} of seat {number}"
    return FIELD_NAMES.get(field, (field, field))


def problem(code: str, field: str = "", **params: object) -> Problem:
    german, english = MESSAGES[code]
    named_de, named_en = field_names(field)
    return Problem(code, german.format(field=named_de, **params), english.format(field=named_en, **params), field)

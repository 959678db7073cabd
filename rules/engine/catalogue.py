"""Game-wide vocabulary fixed by the hand interchange format (docs/sources/hand-format.md).

Rule sets choose from these slugs; they never invent their own. English names are for the
breakdown shown to English-speaking users; German display names belong to each rule set.
"""

from __future__ import annotations

SEATS = (0, 1, 2, 3)

DECLARER = "declarer"
OPPONENTS = "opponents"
SIDES = (DECLARER, OPPONENTS)

WON = "won"
LOST = "lost"

POSITIVE = "positive"
NEGATIVE = "negative"
TRISCHAKEN = "trischaken"
CONTRACT_KINDS = (POSITIVE, NEGATIVE, TRISCHAKEN)

CALL = "call"
ALONE = "alone"

CONTRACT_NAMES_EN = {
    "rufer": "Rufer (call a king)",
    "trischaken": "Trischaken",
    "sechserdreier": "Sechserdreier (six from the talon)",
    "piccolo": "Piccolo (exactly one trick)",
    "zwiccolo": "Zwiccolo (exactly two tricks)",
    "solorufer": "Solo-Rufer (call a king, no talon)",
    "besserrufer": "Besser-Rufer (call a king, announce a bird)",
    "bettler": "Bettler (no trick)",
    "farbendreier": "Farben-Dreier (colour game with talon)",
    "dreier": "Dreier (alone with talon)",
    "piccolo_ouvert": "Piccolo ouvert",
    "zwiccolo_ouvert": "Zwiccolo ouvert",
    "bettler_ouvert": "Bettler ouvert",
    "farbensolo": "Farben-Solo (colour game, no talon)",
    "solodreier": "Solo-Dreier (alone, no talon)",
    "pagatrufer": "Pagat-Rufer (call with Pagat)",
    "uhurufer": "Uhu-Rufer (call with Uhu)",
    "kakadurufer": "Kakadu-Rufer (call with Kakadu)",
    "solo": "Solo (alone, no talon)",
}
CONTRACT_SLUGS = tuple(CONTRACT_NAMES_EN)

# The families a contract belongs to (hand-format.md: "call a king with a named bird, alone with part
# of the talon, colour games, negative games with a trick target, open or half-open, Trischaken").
CALL_KING = "call_king"
CALL_KING_BIRD = "call_king_bird"
ALONE_GAME = "alone"
COLOUR = "colour"
FAMILIES = (CALL_KING, CALL_KING_BIRD, ALONE_GAME, COLOUR, NEGATIVE, TRISCHAKEN)
# Talon cards a declarer takes: none, one, three (half) or all six.
TALON_CARDS = {"none": 0, "one": 1, "half": 3, "whole": 6}
# How much of a negative game's hands is laid open: none, the declarer's only, or all after the first trick.
OPENNESS = ("closed", "half_open", "open")
# The trick target and openness the hand format's own negative slugs stand for.
NEGATIVE_TRICKS = {"bettler": 0, "piccolo": 1, "zwiccolo": 2, "bettler_ouvert": 0, "piccolo_ouvert": 1, "zwiccolo_ouvert": 2}
OUVERT_SLUGS = frozenset({"bettler_ouvert", "piccolo_ouvert", "zwiccolo_ouvert"})

BONUS_NAMES_EN = {
    "pagat": "Pagat ultimo (I wins the last trick)",
    "uhu": "Uhu (II wins the second-last trick)",
    "kakadu": "Kakadu (III wins the third-last trick)",
    "quapil": "Quapil (IIII wins the fourth-last trick)",
    "king_ultimo": "King ultimo",
    "trull": "Trull",
    "four_kings": "Four kings",
    "mondfang": "Mondfang (Mond captured)",
    "skuesfang": "Sküsfang (Sküs captured)",
    "king_captured": "Called king captured",
    "valat": "Valat (all tricks)",
    "sack": "1st Sack",
    "double_sack": "2nd Sack",
    "absolut": "Absolut",
    "ten_tarock": "10 Tarock",
}
BONUS_SLUGS = tuple(BONUS_NAMES_EN)

BIRDS = ("pagat", "uhu", "kakadu", "quapil")

# What a bonus rewards decides how some Valat rules treat it (Tirol, seed 000 section 5:
# "trick bonuses (birds, ultimo, Mondfang) score ..., but bonuses for material (Trull, four
# kings, Säcke) do not").
TRICK = "trick"
MATERIAL = "material"
DECLARATION = "declaration"
BONUS_KIND = {
    "pagat": TRICK,
    "uhu": TRICK,
    "kakadu": TRICK,
    "quapil": TRICK,
    "king_ultimo": TRICK,
    "mondfang": TRICK,
    "skuesfang": TRICK,
    "king_captured": TRICK,
    "valat": TRICK,
    "trull": MATERIAL,
    "four_kings": MATERIAL,
    "sack": MATERIAL,
    "double_sack": MATERIAL,
    "absolut": MATERIAL,
    "ten_tarock": DECLARATION,
}

# Bonuses that only exist where a king is called (they are about the called king).
CALLED_KING_BONUSES = frozenset({"king_ultimo", "king_captured"})

# Kontra multipliers the format knows: none, kontra, rekontra, subkontra and beyond.
KONTRA_MULTIPLIERS = (1, 2, 4, 8, 16, 32, 64)
KONTRA_NAMES = {
    1: ("kein Kontra", "no kontra"),
    2: ("Kontra", "kontra"),
    4: ("Rekontra", "rekontra"),
    8: ("Subkontra", "subkontra"),
    16: ("Hirschkontra", "hirschkontra"),
    32: ("Mordkontra", "mordkontra"),
    64: ("64-fach", "64-fold"),
}


def other_side(side: str) -> str:
    return OPPONENTS if side == DECLARER else DECLARER

# Contract slug every rule set accepts: a deal annulled after it was played (e.g. Hopfgarten: "If in
# one line a counting error occurs, which cannot be corrected, this game is annuled."); scores 0.
ANNULLED = "annulled"

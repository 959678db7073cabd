"""Golden hands for the Skill7 rule set (seed 002, docs/sources/002_ba3a7f9b6158db14.txt).

Every expectation below was computed by hand from the seed text, docs/sources/rule-notes.md,
docs/sources/hand-format.md and the documented interpretations of rules/rulesets/skill7.py,
never copied from the engine. Each row carries a short arithmetic comment and a `cite`.

Conventions used in the comments: one point is one game value (rule-notes.md: "the stake
(\"game value\") is 1 point; Rufer ×1, Solo and Farbensolo ×4"). "per" is what each member of
the declarer's side wins (negative: loses); in a Rufer declarer and partner get +per and each
opponent -per; in Solo / Farbensolo the declarer gets 3*per and each opponent -per. Kontras count
for the standings too, so points == cash in every row.
"""

from __future__ import annotations

import pytest
from golden_harness import bonus, check_coverage, check_golden, check_refused, err, lost, row, won  # noqa: F401

from rules.rulesets import get_ruleset

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once

RULES = get_ruleset("skill7")

TEAM = "002: The members of the winning team receive the value from the losing team."
SOLO_PAYS = "002: In Solo games, the player receives from every opponent, but must also pay every opponent accordingly."
RUFER = "002: Normal Rufer – Normal game value"
SOLO = "002: Solo/Farbensolo – Four times the game value"
STAKE = "rule-notes: Skill7: the stake (\"game value\") is 1 point; Rufer ×1, Solo and Farbensolo ×4"
THRESHOLD = "002: To win the game, a team must reach at least 45 points."
ABSOLUT = "002: Absolut for Rufer games – Normal game value (Still), two times the game value (bid)"
ABSOLUT_SOLO = ("002: Pagat for Solo games – two times the game value (Still), four times the game value (bid) "
                "| interpretation 'Absolut in Solo games'")
PAGAT = "002: Pagat for Rufer games – Normal game value (Still), two times the game value (bid)"
PAGAT_SOLO = "002: Pagat for Solo games – two times the game value (Still), four times the game value (bid)"
VALAT = "002: Valat for Rufer games – Six times the game value (Still), 12 times the game value (bid)"
VALAT_SOLO = "002: Valat for Solo/Farbensolo games – 12 times the game value (Still), 24 times the game value (bid)"
OVERRIDE = ("002: A Valat overrides all other additions, irrespective of whether they were bid or “Still”. "
            "Furthermore, the game itself will not be valued, but instead just the Valat and any Kontra.")
VALAT_KONTRA = "interpretation 'Kontra on a Valat': so a kontra on the game drops with it."
FAILED = "rule-notes: A bonus announced and failed costs its announced value"


HANDS = [
    # ---- Rufer (1): the game and kontras on it ---------------------------------------------
    # per = +1 (declarer 1, partner 3).
    row("rufer-won", won("rufer", 1, 3),
        [-1, 1, -1, 1], [-1, 1, -1, 1],
        RUFER + " | " + TEAM + " | " + STAKE),
    # per = -1 x kontra 2 = -2 (declarer 0, partner 2).
    row("rufer-lost-kontra", lost("rufer", 0, 2, kontra=2),
        [-2, 2, -2, 2], [-2, 2, -2, 2],
        "002: Kontra (to the game) | " + TEAM),
    # per = +1 x rekontra 4 = 4 (declarer 2, partner 3).
    row("rufer-won-rekontra", won("rufer", 2, 3, kontra=4),
        [-4, -4, 4, 4], [-4, -4, 4, 4],
        "002: Rekontra to the game"),
    # per = -1 x subkontra 8 = -8 (declarer 3, partner 0).
    row("rufer-lost-subkontra", lost("rufer", 3, 0, kontra=8),
        [-8, 8, 8, -8], [-8, 8, 8, -8],
        "002: Subkontra (to the game)"),
    # 45 card points, no result: won, per = +1 (declarer 0, partner 1).
    row("rufer-threshold-45-wins", {"contract": "rufer", "declarer": 0, "partner": 1, "declarer_points": "45"},
        [1, 1, -1, -1], [1, 1, -1, -1],
        THRESHOLD + " | interpretation 'Card points': the game needs 45."),
    # 44 card points: lost, per = -1.
    row("rufer-threshold-44-loses", {"contract": "rufer", "declarer": 0, "partner": 1, "declarer_points": "44"},
        [-1, -1, 1, 1], [-1, -1, 1, 1],
        THRESHOLD + " | interpretation 'Card points': the game needs 45."),

    # ---- Rufer premiums ----------------------------------------------------------------------
    # game +1, Absolut silent +1, Pagat silent +1: per = 3 (declarer 0, partner 3).
    row("rufer-absolut-and-pagat-still", won("rufer", 0, 3, bonuses=[bonus("absolut"), bonus("pagat")]),
        [3, -3, -3, 3], [3, -3, -3, 3],
        ABSOLUT + " | 002: Should a team reach this total without having bid Absolut, the game is won as a “Still”. | "
        + PAGAT + " | 002: The value of the game including all additions and “Still” premiums are calculated "
        "individually and then added together."),
    # game +1, Absolut bid and failed -2: per = -1 (declarer 1, partner 2).
    row("rufer-absolut-bid-failed", won("rufer", 1, 2, bonuses=[bonus("absolut", announced=True, made=False)]),
        [1, -1, -1, 1], [1, -1, -1, 1],
        ABSOLUT + " | 002: If the team does not reach this total, the Absolut is lost. | " + FAILED),
    # game -1 x the opponents' kontra 2 = -2 (they may bid Absolut only after a Kontra); their Absolut,
    # made, kontra 2 by the declarer's side: 2 x 2 = 4 to them. per = -6.
    row("rufer-opponents-absolut-kontra", lost("rufer", 0, 1, kontra=2, bonuses=[
            bonus("absolut", side="opponents", announced=True, kontra=2)]),
        [-6, -6, 6, 6], [-6, -6, 6, 6],
        ABSOLUT + " | 002: Kontra to Absolut (the oppnonent) | 002: An opponent may only bid “Absolut” after a “Kontra” has been bid"),
    # game +1; Pagat still lost (made false) -1 to opponents; Trull +1; Königstrull +1. per = 2
    # (declarer 2, partner 0).
    row("rufer-pagat-still-lost-trull-kings", won("rufer", 2, 0, bonuses=[
            bonus("pagat", made=False), bonus("trull"), bonus("four_kings")]),
        [2, -2, 2, -2], [2, -2, 2, -2],
        "002: If the holder of the Pagat has to concede in the last trick, the game is lost as a “Still”. | "
        "002: Trull in Rufer games – Normal game value | 002: Königstrull in Rufer games – Normal game value"),
    # game +1; Pagat bid, made, rekontra 4: 2 x 4 = 8. per = 9 (declarer 3, partner 1).
    row("rufer-pagat-bid-rekontra", won("rufer", 3, 1, bonuses=[bonus("pagat", announced=True, kontra=4)]),
        [-9, 9, -9, 9], [-9, 9, -9, 9],
        PAGAT + " | 002: Rekontra to Pagat"),
    # game -1; opponents bid Pagat and failed: +2 to declarer's side. per = 1 (declarer 0, partner 2).
    row("rufer-opponents-pagat-bid-failed", lost("rufer", 0, 2, bonuses=[
            bonus("pagat", side="opponents", announced=True, made=False)]),
        [1, -1, 1, -1], [1, -1, 1, -1],
        PAGAT + " | " + FAILED),
    # game +1 x kontra 2 = 2; Mondfang by the opponents -1. per = 1 (declarer 1, partner 0).
    row("rufer-mondfang-opponents", won("rufer", 1, 0, kontra=2, bonuses=[bonus("mondfang", side="opponents")]),
        [1, 1, -1, -1], [1, 1, -1, -1],
        "002: Mondfang in Rufer games – Normal game value | 002: Kontra (to the game)"),

    # ---- Solo (4): premiums doubled ----------------------------------------------------------
    # per = 4 (declarer 2): 12, -4 each.
    row("solo-won", won("solo", 2),
        [-4, -4, 12, -4], [-4, -4, 12, -4],
        SOLO + " | " + SOLO_PAYS),
    # per = -4 x kontra 2 = -8 (declarer 1).
    row("solo-lost-kontra", lost("solo", 1, kontra=2),
        [8, -24, 8, 8], [8, -24, 8, 8],
        SOLO + " | 002: Kontra (to the game)"),
    # game 4 + Absolut bid 2 x 2 = 4: per = 8 (declarer 0).
    row("solo-absolut-bid", won("solo", 0, bonuses=[bonus("absolut", announced=True)]),
        [24, -8, -8, -8], [24, -8, -8, -8],
        SOLO + " | " + ABSOLUT_SOLO),
    # game 4 + Pagat bid (4) x kontra 2 = 8: per = 12 (declarer 1).
    row("solo-pagat-bid-kontra", won("solo", 1, bonuses=[bonus("pagat", announced=True, kontra=2)]),
        [-12, 36, -12, -12], [-12, 36, -12, -12],
        PAGAT_SOLO + " | 002: Kontra to Pagat (the oppnonent)"),
    # game 4 + Trull 2: per = 6 (declarer 2).
    row("solo-trull", won("solo", 2, bonuses=[bonus("trull")]),
        [-6, -6, 18, -6], [-6, -6, 18, -6],
        "002: Trull in Solo games(this premium goes to a player who begins the game with all three Trullstücke) – "
        "Two times the game value"),
    # game -4, Mondfang by the opponents -2: per = -6 (declarer 3).
    row("solo-lost-mondfang", lost("solo", 3, bonuses=[bonus("mondfang", side="opponents")]),
        [6, 6, 6, -18], [6, 6, 6, -18],
        "002: Mondfang in Solo games (if the Mond is beaten by the Sküs during the game, the player of the Mond must "
        "pay the premium, even if the Sküs was played by his/her partner) – Two times the game value"),
    # game 4, Königstrull held by an opponent -2: per = 2 (declarer 0).
    row("solo-opponent-koenigstrull", won("solo", 0, bonuses=[bonus("four_kings", side="opponents")]),
        [6, -2, -2, -2], [6, -2, -2, -2],
        "002: Königstrull bei Solo/Suit Solo(this premium goes to a player who begins the game with every King) – "
        "Two times the game value"),

    # ---- Farbensolo (4) ----------------------------------------------------------------------
    # per = 4 (declarer 3).
    row("farbensolo-won", won("farbensolo", 3),
        [-4, -4, -4, 12], [-4, -4, -4, 12],
        SOLO + " | " + SOLO_PAYS),
    # game -4, Königstrull +2 (paid in Farbensolo): per = -2 (declarer 0).
    row("farbensolo-lost-koenigstrull", lost("farbensolo", 0, bonuses=[bonus("four_kings")]),
        [-6, 2, 2, 2], [-6, 2, 2, 2],
        "002: The premiums “Pagat”, “Trull” and “Mondfang” are not paid in “Farbesolo” games, but “Königstrull” is. "
        "| 002: Königstrull bei Solo/Suit Solo(this premium goes to a player who begins the game with every King) – "
        "Two times the game value"),
    # game 4 + Absolut still 1 x 2 = 2: per = 6 (declarer 1).
    row("farbensolo-absolut-still", won("farbensolo", 1, bonuses=[bonus("absolut")]),
        [-6, 18, -6, -6], [-6, 18, -6, -6],
        SOLO + " | " + ABSOLUT_SOLO),

    # ---- Valat: overrides the game and every other premium ----------------------------------
    # Rufer, Valat still by the declarer's side: only 6 per (declarer 0, partner 2).
    row("rufer-valat-still", won("rufer", 0, 2, bonuses=[bonus("valat")]),
        [6, -6, 6, -6], [6, -6, 6, -6],
        VALAT + " | " + OVERRIDE),
    # Rufer, Valat bid and made; game kontra 2, Trull still and Pagat bid are all void: only 12 per
    # (declarer 1, partner 3).
    row("rufer-valat-bid-overrides", won("rufer", 1, 3, kontra=2, bonuses=[
            bonus("trull"), bonus("pagat", announced=True), bonus("valat", announced=True)]),
        [-12, 12, -12, 12], [-12, 12, -12, 12],
        VALAT + " | " + OVERRIDE + " | " + VALAT_KONTRA),
    # Rufer won, but the bid Valat failed: only the Valat counts, 12 to the opponents; the game and
    # the still Pagat are void. per = -12 (declarer 0, partner 2).
    row("rufer-valat-bid-failed", won("rufer", 0, 2, bonuses=[bonus("pagat"), bonus("valat", announced=True, made=False)]),
        [-12, 12, -12, 12], [-12, 12, -12, 12],
        VALAT + " | " + OVERRIDE + " | " + FAILED),
    # Rufer, Valat bid, made, rekontra 4 (game kontra 2 dropped): 12 x 4 = 48 per (declarer 2, partner 1).
    row("rufer-valat-bid-rekontra", won("rufer", 2, 1, kontra=2, bonuses=[bonus("valat", announced=True, kontra=4)]),
        [-48, 48, 48, -48], [-48, 48, 48, -48],
        VALAT + " | 002: Rekontra to Valat | 002: the game itself will not be valued, but instead just the Valat and "
        "any Kontra. | " + VALAT_KONTRA),
    # Rufer lost, Valat still by the opponents: 6 to them (declarer 0, partner 3).
    row("rufer-valat-opponents", lost("rufer", 0, 3, bonuses=[bonus("valat", side="opponents")]),
        [-6, 6, 6, -6], [-6, 6, 6, -6],
        VALAT + " | " + OVERRIDE),
    # Solo, Valat still: 12 per (declarer 3), the game is not valued.
    row("solo-valat-still", won("solo", 3, bonuses=[bonus("valat")]),
        [-12, -12, -12, 36], [-12, -12, -12, 36],
        VALAT_SOLO + " | " + OVERRIDE),
    # Solo, Valat bid: 24 per (declarer 0); the Absolut still is void.
    row("solo-valat-bid", won("solo", 0, bonuses=[bonus("absolut"), bonus("valat", announced=True)]),
        [72, -24, -24, -24], [72, -24, -24, -24],
        VALAT_SOLO + " | " + OVERRIDE),
    # Farbensolo, Valat bid with kontra 2: 24 x 2 = 48 per (declarer 2).
    row("farbensolo-valat-bid-kontra", won("farbensolo", 2, bonuses=[bonus("valat", announced=True, kontra=2)]),
        [-48, -48, 144, -48], [-48, -48, 144, -48],
        VALAT_SOLO + " | 002: Kontra to Valat (the oppnonent) | " + OVERRIDE),
]


ERRORS = [
    # interpretation 'The partner in a Rufer': the partner must be entered.
    err("rufer-without-partner", won("rufer", 1), ["partner_required"]),
    # ... and calling one's own card is impossible.
    err("rufer-own-card", won("rufer", 1, 1), ["own_king_forbidden"]),
    # "The following games are possible": Rufer, Farbesolo, Solo.
    err("dreier-not-offered", won("dreier", 1), ["contract_not_offered"]),
    err("trischaken-not-offered", {"contract": "trischaken", "card_points": ["20", "20", "20", "28"]},
        ["contract_not_offered"]),
    # Solo: the declarer plays alone.
    err("solo-with-partner", won("solo", 1, 2), ["partner_not_allowed"]),
    # "There are further premiums that are automatic (they cannot be bid)"
    err("trull-bid", won("rufer", 0, 1, bonuses=[bonus("trull", announced=True)]), ["bonus_cannot_be_announced"]),
    # automatic premiums cannot be bid, so they cannot be kontra'd either.
    err("mondfang-kontra", won("rufer", 0, 1, bonuses=[bonus("mondfang", kontra=2)]),
        ["bonus_kontra_needs_announcement"]),
    # "The premiums “Pagat”, “Trull” and “Mondfang” are not paid in “Farbesolo” games"
    err("pagat-in-farbensolo", won("farbensolo", 2, bonuses=[bonus("pagat", announced=True)]), ["bonus_not_allowed"]),
    err("trull-in-farbensolo", won("farbensolo", 2, bonuses=[bonus("trull")]), ["bonus_not_allowed"]),
    # "The sum of all of the cards in the game is 88."
    err("declarer-points-89", {"contract": "rufer", "declarer": 0, "partner": 1, "declarer_points": "89"},
        ["card_points_out_of_range"]),
    # Kontra, Rekontra, Subkontra only.
    err("kontra-16", won("rufer", 0, 1, kontra=16), ["kontra_invalid"]),
    err("valat-kontra-16", won("rufer", 0, 1, bonuses=[bonus("valat", announced=True, kontra=16)]), ["kontra_invalid"]),
    # Skill7 has no King ultimo.
    err("king-ultimo-not-in-ruleset", won("rufer", 0, 1, bonuses=[bonus("king_ultimo")]), ["bonus_not_in_ruleset"]),
    # "To win a Valat, the team that bids Valat must win every trick": a made Valat cannot lose the game.
    err("valat-contradicts-result", lost("rufer", 0, 1, bonuses=[bonus("valat")]), ["valat_contradicts_result"]),
    # 45 wins: "lost" with 45 contradicts.
    err("points-contradict-result", lost("rufer", 0, 1, declarer_points="45"), ["declarer_points_contradict_result"]),
    # "An opponent may only bid “Absolut” after a “Kontra” has been bid": no kontra on the game, no Absolut of theirs.
    err("opponents-absolut-without-kontra", lost("rufer", 0, 1, bonuses=[bonus("absolut", side="opponents", announced=True)]),
        ["bonus_opponents_need_kontra"]),
    # No revoke scoring in the Skill7 rules.
    err("renonce-not-offered", won("rufer", 0, 1, renonce=3), ["renonce_not_offered"]),
]


@pytest.mark.parametrize("hand, points, cash, cite", HANDS)
def test_golden_skill7(hand, points, cash, cite):
    check_golden(RULES, hand, points, cash, cite)


@pytest.mark.parametrize("hand, codes", ERRORS)
def test_invalid_skill7(hand, codes):
    check_refused(RULES, hand, codes)


def test_every_contract_and_bonus_of_skill7_is_covered():
    check_coverage(RULES, HANDS)

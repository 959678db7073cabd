"""Golden hands for the pagat.com rule set (seed 001, docs/sources/001_8ac088c378144e85.txt).

Every expectation below was computed by hand from the seed text, docs/sources/rule-notes.md,
docs/sources/hand-format.md and the documented interpretations of rules/rulesets/pagat.py,
never copied from the engine. Each row carries a short arithmetic comment and a `cite`.

Conventions used in the comments: "per" is what each member of the declarer's side wins
(negative: loses); with a partner declarer and partner get +per, each opponent -per; a declarer
alone gets 3*per, each opponent -per. Kontras count for the standings too (rule-notes.md:
"standings points equal cash (kontras count)"), so points == cash in every row.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from golden_harness import bonus, check_coverage, check_golden, check_refused, err, lost, row, won  # noqa: F401

from rules.rulesets import get_ruleset

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once

RULES = get_ruleset("pagat")

# Frequently quoted sentences of seed 001 and the other binding texts.
TEAM = ("001: In contracts with two players on each side, each player on the losing team pays one "
        "of the players on the winning team the game score.")
ALONE = ("001: When one player plays against the other three, she is paid by (or pays) the score to "
         "each of them, so the value to declarer of such contracts is three times as much.")
SOLO_DOUBLE = "001: All bonuses score double the amounts given above if the contract is Solo or Solodreier."
ANNOUNCED = ("001: Most of these bonuses are worth double if you announce the intention to achieve them "
             "during the announcements phase (see summary table of bonuses), but in this case failure to "
             "achieve the bonus scores minus.")
KONTRA = ("001: a member of the defending side may double the score for the game or for any announced "
          "bonuses (independently of each other)")
KONTRA_64 = "001: by which time the original score for that feature has been multiplied by 64 (announcement and five doubles)."
SILENT_LOST = ("rule-notes: a silent bonus that one side attempted and lost (e.g. a Pagat caught in its trick) "
               "counts its silent value for the other side")
INDEPENDENT = "001: They are all scored independently of each other and of the game."
VALAT = "001: Valat4× game score8× game scorewin every trick"
PER_OPPONENT = "hand-format.md: In negative contracts each opponent doubles alone"
TRISCHAKEN = ("001: In Trischaken, the two players who take most card points in tricks pay one point to the "
              "two who take least.")
VIRGIN = "001: If any player takes no tricks they are paid 2 by all three others in addition to this"
MAYOR = ("001: if any player takes 36 or more points (known as Bürgermeister) they pay 2 to all three in "
         "addition")
THIRTY_SIX = "interpretation '36 points': the threshold is 35+2; the Bürgermeister's \"36 or more\" likewise."
SPLIT = ("ties (001 is silent; the engine's documented tie rule, seed 000): Players with the same card points split their victory points; "
         "if both middle players have the same number of points, then they pay and receive nothing")


F = Fraction

HANDS = [
    # ---- Rufer (1), Vorhand only -------------------------------------------------------
    # per = +1; declarer 0 and partner 2 win 1 each, seats 1 and 3 pay 1.
    row("rufer-won-partner", won("rufer", 0, 2),
        [1, -1, 1, -1], [1, -1, 1, -1],
        "001: Rufer1call a king; 3 cards from talon; take 36+ points | " + TEAM),
    # per = -1 x kontra 2 = -2; declarer 0 + partner 3 lose 2 each.
    row("rufer-lost-kontra", lost("rufer", 0, 3, kontra=2),
        [-2, 2, 2, -2], [-2, 2, 2, -2],
        KONTRA + " | " + TEAM),
    # Called king in the talon (partner null): declarer alone, per = +1 -> 3, -1, -1, -1.
    row("rufer-king-in-talon", won("rufer", 0, None),
        [3, -1, -1, -1], [3, -1, -1, -1],
        "001: You also play alone if the called king happens to be in the talon. | " + ALONE),
    # Own king (partner == declarer): alone; per = -1 -> -3, +1, +1, +1.
    row("rufer-own-king-lost", lost("rufer", 0, 0),
        [-3, 1, 1, 1], [-3, 1, 1, 1],
        "001: It is legal to call your own king. In this case you play on your own against the other 3 "
        "players in partnership | " + ALONE),
    # 35 points and 2 cards = 36 whole points: won; per = +1 (declarer 0, partner 1).
    row("rufer-threshold-35+2-wins", {"contract": "rufer", "declarer": 0, "partner": 1, "declarer_points": "35+2"},
        [1, 1, -1, -1], [1, 1, -1, -1],
        "001: In a positive contract, the declarer's side wins if they make at least 36 of the 70 points. | "
        + THIRTY_SIX),
    # 35 points and 1 card < 36: lost; per = -1.
    row("rufer-threshold-35+1-loses", {"contract": "rufer", "declarer": 0, "partner": 1, "declarer_points": "35+1"},
        [-1, -1, 1, 1], [-1, -1, 1, 1],
        "001: In a positive contract, the declarer's side wins if they make at least 36 of the 70 points. | "
        + THIRTY_SIX),
    # game kontra 64: per = 1 x 64 = 64 (declarer 0, partner 3).
    row("rufer-game-kontra-64", won("rufer", 0, 3, kontra=64),
        [64, -64, -64, 64], [64, -64, -64, 64],
        KONTRA_64),
    # game lost -1; Pagat announced, made, kontra 32: +2 x 32 = +64; per = 63 (declarer 0, partner 1).
    row("rufer-pagat-announced-kontra-32", lost("rufer", 0, 1, bonuses=[bonus("pagat", announced=True, kontra=32)]),
        [63, 63, -63, -63], [63, 63, -63, -63],
        "001: Pagat Ultimo*12win last trick with the I | " + KONTRA_64 + " | " + INDEPENDENT),
    # game +1; Pagat silent, lost (made false) -> opponents +1; King captured silent (opponents) -> opp +1;
    # King ultimo announced made +2; Kakadu silent made +3. per = 1 - 1 - 1 + 2 + 3 = 4 (declarer 0, partner 1).
    row("rufer-mixed-silent-and-announced", won("rufer", 0, 1, bonuses=[
            bonus("pagat", made=False), bonus("king_captured", side="opponents"),
            bonus("king_ultimo", announced=True), bonus("kakadu")]),
        [4, 4, -4, -4], [4, 4, -4, -4],
        "001: Called king captured1...by declarer's opponents | 001: King ultimo12win called king in last trick | "
        "001: Kakadu*36win 3rd last trick with III | " + SILENT_LOST),
    # game +1; Marabu (quapil) announced, failed, kontra 2: -8 x 2 = -16; Mondfang silent made +1.
    # per = 1 - 16 + 1 = -14 (declarer 0, partner 2).
    row("rufer-marabu-failed-kontra-mondfang", won("rufer", 0, 2, bonuses=[
            bonus("quapil", announced=True, made=False, kontra=2), bonus("mondfang")]),
        [-14, 14, -14, 14], [-14, 14, -14, 14],
        "001: Marabu*48win 4th last trick with IIII | 001: Mondfang1capture opponent's XXI | " + ANNOUNCED),
    # game +1; Trull announced by the opponents, made, kontra 2 (by declarer's side): opponents 2 x 2 = 4.
    # per = 1 - 4 = -3 (declarer 0, partner 3).
    row("rufer-opponents-trull-announced-kontra", won("rufer", 0, 3, bonuses=[
            bonus("trull", side="opponents", announced=True, kontra=2)]),
        [-3, 3, 3, -3], [-3, 3, 3, -3],
        "001: Trull12take S, XXI and I in tricks | " + KONTRA + " | 001: Solidarity of partnerships applies throughout."),
    # Valat silent by the declarer's side: 4 x game score 1 = 4, added to the game 1. per = 5 (decl 0, partner 3).
    row("rufer-valat-silent-additive", won("rufer", 0, 3, bonuses=[bonus("valat")]),
        [5, -5, -5, 5], [5, -5, -5, 5],
        VALAT + " | interpretation 'Valat': scored independently of the game and the other bonuses"),
    # Valat silent by the opponents (game lost): game -1, valat 4 x 1 to opponents: per = -5 (decl 0, partner 1).
    row("rufer-valat-opponents", lost("rufer", 0, 1, bonuses=[bonus("valat", side="opponents")]),
        [-5, -5, 5, 5], [-5, -5, 5, 5],
        VALAT + " | 001: Solidarity of partnerships applies throughout."),
    # Valat announced, made, kontra 2: 8 x 1 x 2 = 16, plus game 1: per = 17 (declarer 0, partner 2).
    row("rufer-valat-announced-kontra", won("rufer", 0, 2, bonuses=[bonus("valat", announced=True, kontra=2)]),
        [17, -17, 17, -17], [17, -17, 17, -17],
        VALAT + " | " + KONTRA),

    # ---- Trischaken (1) ------------------------------------------------------------------
    # 10 + 25+1 + 30+2 + 4 = 70. Most: seat 2, then seat 1 -> pay 1 each to seats 0 and 3.
    row("trischaken-normal", {"contract": "trischaken", "card_points": ["10", "25+1", "30+2", "4"]},
        [1, -1, -1, 1], [1, -1, -1, 1],
        TRISCHAKEN),
    # 30, 15, 15, 10: seat 0 pays 1, seat 3 gets 1; tied middle seats 1, 2 share (-1 + 1) / 2 = 0.
    row("trischaken-tied-middle", {"contract": "trischaken", "card_points": ["30", "15", "15", "10"]},
        [-1, 0, 0, 1], [-1, 0, 0, 1],
        TRISCHAKEN + " | " + SPLIT),
    # 20, 20, 20, 10: the three tied share (-1 - 1 + 1) / 3 = -1/3 each; seat 3 gets 1.
    row("trischaken-three-way-top-tie", {"contract": "trischaken", "card_points": ["20", "20", "20", "10"]},
        [F(-1, 3), F(-1, 3), F(-1, 3), 1], [F(-1, 3), F(-1, 3), F(-1, 3), 1],
        TRISCHAKEN + " | " + SPLIT),
    # 30, 25, 15, 0: pairs -1, -1, +1, +1; virgin seat 3 gets 2 from each other: +6 / -2 each.
    # -> -3, -3, -1, 7.
    row("trischaken-virgin", {"contract": "trischaken", "card_points": ["30", "25", "15", "0"]},
        [-3, -3, -1, 7], [-3, -3, -1, 7],
        TRISCHAKEN + " | " + VIRGIN),
    # 35+1, 34+2, 0, 0 (35+1 is no Bürgermeister). Pairs: -1, -1, +1, +1 (tied virgins share 1 + 1).
    # Virgin 2: +6, seats 0, 1, 3 -2; virgin 3: +6, seats 0, 1, 2 -2 -> 0: -4, 1: -4, 2: +4, 3: +4.
    # Total -5, -5, 5, 5.
    row("trischaken-two-virgins", {"contract": "trischaken", "card_points": ["35+1", "34+2", "0", "0"]},
        [-5, -5, 5, 5], [-5, -5, 5, 5],
        VIRGIN + " | " + THIRTY_SIX),
    # 35+2, 20+1, 10, 4: Bürgermeister seat 0 pays 2 to each (-6 / +2); pairs -1, -1, +1, +1.
    # -> -7, 1, 3, 3.
    row("trischaken-buergermeister-35+2", {"contract": "trischaken", "card_points": ["35+2", "20+1", "10", "4"]},
        [-7, 1, 3, 3], [-7, 1, 3, 3],
        MAYOR + " | " + THIRTY_SIX),
    # 40, 20, 10, 0: mayor seat 0: -6 / +2 each; virgin seat 3: +6 / -2 each; pairs -1, -1, +1, +1.
    # seat 0: -6 - 2 - 1 = -9; seat 1: 2 - 2 - 1 = -1; seat 2: 2 - 2 + 1 = 1; seat 3: 2 + 6 + 1 = 9.
    row("trischaken-buergermeister-and-virgin", {"contract": "trischaken", "card_points": ["40", "20", "10", "0"]},
        [-9, -1, 1, 9], [-9, -1, 1, 9],
        MAYOR + " | " + VIRGIN),

    # ---- Sechserdreier (+2, -4), Vorhand only ----------------------------------------------
    # won: per = 2, alone -> 6, -2, -2, -2.
    row("sechserdreier-won", won("sechserdreier", 0),
        [6, -2, -2, -2], [6, -2, -2, -2],
        "001: Sechserdreier+2, -4play alone; 6 cards from talon; take 36+ points | " + ALONE),
    # lost: game -4 (2 x loss doubling); 4 kings silent made +1 (not doubled by the loss). per = -3.
    row("sechserdreier-lost-four-kings", lost("sechserdreier", 0, bonuses=[bonus("four_kings")]),
        [-9, 3, 3, 3], [-9, 3, 3, 3],
        "001: Declarer scores two points if successful, but loses four if she fails to make the game. | "
        "001: 4 kings12take all 4 kings in tricks | 001: Scores for the game and bonuses are independent of each other"),
    # lost with kontra: 2 x 2 (lost) x 2 (kontra) = 8 per -> -24, 8, 8, 8.
    row("sechserdreier-lost-kontra", lost("sechserdreier", 0, kontra=2),
        [-24, 8, 8, 8], [-24, 8, 8, 8],
        "001: Declarer scores two points if successful, but loses four if she fails to make the game. | " + KONTRA),

    # ---- Negative contracts: each opponent separately --------------------------------------
    # Piccolo 2 won by seat 1, kontra 2 from every opponent: each opponent pays 4 -> declarer 12.
    row("piccolo-won-kontra-all", won("piccolo", 1, kontra=2),
        [-4, 12, -4, -4], [-4, 12, -4, -4],
        "001: Piccolo2play alone; win one trick exactly | " + PER_OPPONENT + "; an int there applies to every opponent"),
    # Zwiccolo 2 lost by seat 2: each opponent +2 -> declarer -6.
    row("zwiccolo-lost", lost("zwiccolo", 2),
        [2, 2, -6, 2], [2, 2, -6, 2],
        "001: Zwiccolo2play alone; win two tricks exactly | " + ALONE),
    # Bettel 3 lost by seat 1, only seat 2 kontras: seat 0 +3, seat 2 +6, seat 3 +3; declarer -12.
    row("bettel-lost-one-kontra", lost("bettler", 1, kontra={"2": 2}),
        [3, -12, 6, 3], [3, -12, 6, 3],
        "001: Bettel3play alone; lose every trick | " + PER_OPPONENT + ", e.g. {\"2\": 2}"),
    # Piccolo ouvert 5 won by seat 2; seat 0 rekontra-level 4, seat 3 kontra 2, seat 1 none:
    # seat 0 pays 20, seat 1 pays 5, seat 3 pays 10; declarer +35.
    row("piccolo-ouvert-won-mixed-kontras", won("piccolo_ouvert", 2, kontra={"0": 4, "3": 2}),
        [-20, -5, 35, -10], [-20, -5, 35, -10],
        "001: Piccolo Ouvert5play alone; win one trick; all cards exposed | " + PER_OPPONENT),
    # Bettel ouvert 6 lost by seat 3: -18, +6 each.
    row("bettel-ouvert-lost", lost("bettler_ouvert", 3),
        [6, 6, 6, -18], [6, 6, 6, -18],
        "001: Bettel Ouvert6play alone; lose every trick; all cards exposed | " + ALONE),

    # ---- Solo (slug solorufer, 2): bonuses doubled -------------------------------------------
    # game 2; Pagat announced made 2 x 2 (solo) = 4. per = 6 (declarer 1, partner 3).
    row("solo-pagat-announced", won("solorufer", 1, 3, bonuses=[bonus("pagat", announced=True)]),
        [-6, 6, -6, 6], [-6, 6, -6, 6],
        "001: Solo2call a king; 0 cards from talon; take 36+ points | " + SOLO_DOUBLE),
    # King in the talon: alone. game -2; Sküsfang silent by the opponents 2 x 2 = 4 to them. per = -6.
    row("solo-king-in-talon-skuesfang", lost("solorufer", 1, None, bonuses=[bonus("skuesfang", side="opponents")]),
        [6, -18, 6, 6], [6, -18, 6, 6],
        "001: If the king is in the talon the declarer is playing alone against all three players | "
        "001: Sküsfang2capture opponent's Sküs | " + SOLO_DOUBLE),
    # game 2 x subkontra 8 = 16 per (declarer 1, partner 2).
    row("solo-game-subkontra", won("solorufer", 1, 2, kontra=8),
        [-16, 16, 16, -16], [-16, 16, 16, -16],
        "001: After this either member of the side which originally made the announcement may say \"rekontra\" "
        "to that bonus, in which case the opponents can double again with \"subkontra\"."),
    # Valat silent: 4 x 2 (game score) x 2 (solo) = 16, plus game 2: per = 18 (declarer 2, partner 0).
    row("solo-valat-silent-doubled", won("solorufer", 2, 0, bonuses=[bonus("valat")]),
        [18, -18, 18, -18], [18, -18, 18, -18],
        VALAT + " | " + SOLO_DOUBLE + " | interpretation 'Valat'"),

    # ---- Besserrufer (1 + bird) --------------------------------------------------------------
    # game 1 + Pagat announced 2 = 3 per (declarer 2, partner 1).
    row("besserrufer-won-pagat", won("besserrufer", 2, 1, bonuses=[bonus("pagat", announced=True)]),
        [-3, 3, 3, -3], [-3, 3, 3, -3],
        "001: Besserrufer1+bonuslike rufer but must announce a bird"),
    # game -1 x rekontra 4 = -4; Uhu announced failed, kontra 2: -4 x 2 = -8. per = -12 (declarer 1, partner 0).
    row("besserrufer-lost-uhu-failed-rekontra", lost("besserrufer", 1, 0, kontra=4,
                                                     bonuses=[bonus("uhu", announced=True, made=False, kontra=2)]),
        [-12, -12, 12, 12], [-12, -12, 12, 12],
        "001: Uhu*24win 2nd last trick with II | " + ANNOUNCED + " | " + KONTRA),
    # King in the talon, given up with Uhu announced: the fixed 3 to each of three (not 1 + Uhu 4).
    row("besserrufer-surrender-uhu", {"contract": "besserrufer", "declarer": 3, "partner": None, "surrender": True,
                                      "bonuses": [bonus("uhu", announced=True)]},
        [3, 3, 3, -9], [3, 3, 3, -9],
        "001: she may choose to play on alone or to give up the hand for 3 points (equivalent losing the game (1) "
        "and the pagat (2) without kontras or extra bonuses). | interpretation 'Giving up'"),

    # ---- Farbendreier (3), Dreier (4), Farbensolo (6), Solodreier (8) ---------------------------
    # Farbendreier won by seat 1: 9, -3 each.
    row("farbendreier-won", won("farbendreier", 1),
        [-3, 9, -3, -3], [-3, 9, -3, -3],
        "001: Farbendreier3play alone; 3 cards from talon; tarocks don't win | " + ALONE),
    # Dreier 4 won; Trull announced made with kontra 2: 2 x 2 = 4; 4 kings silent by opponents: -1.
    # per = 4 + 4 - 1 = 7.
    row("dreier-trull-kontra-opponents-kings", won("dreier", 0, bonuses=[
            bonus("trull", announced=True, kontra=2), bonus("four_kings", side="opponents")]),
        [21, -7, -7, -7], [21, -7, -7, -7],
        "001: Dreier4play alone; 3 cards from talon; take 36+ points | 001: Trull12take S, XXI and I in tricks | "
        "001: 4 kings12take all 4 kings in tricks | " + KONTRA),
    # Dreier won, Valat announced and failed: +4 - 8 x 4 = -28 per -> -84 / +28.
    row("dreier-valat-announced-failed", won("dreier", 2, bonuses=[bonus("valat", announced=True, made=False)]),
        [28, 28, -84, 28], [28, 28, -84, 28],
        VALAT + " | " + ANNOUNCED),
    # Farbensolo 6 lost by seat 2: -18, +6 each (no loss doubling, no solo doubling of the game).
    row("farbensolo-lost", lost("farbensolo", 2),
        [6, 6, -18, 6], [6, 6, -18, 6],
        "001: Farbensolo6play alone; 0 cards from talon; tarocks don't win | " + ALONE),
    # Farbensolo with Valat silent: 6 + 4 x 6 = 30 per (Farbensolo is not Solo/Solodreier: no doubling).
    row("farbensolo-valat-silent", won("farbensolo", 0, bonuses=[bonus("valat")]),
        [90, -30, -30, -30], [90, -30, -30, -30],
        "001: In Farbensolo, all six cards of the talon go unseen to the opponents' tricks. The only bonus "
        "available is for making valat. | " + VALAT + " | " + SOLO_DOUBLE),
    # Solodreier 8 won, Trull silent 1 x 2 = 2: per = 10.
    row("solodreier-trull-silent", won("solodreier", 3, bonuses=[bonus("trull")]),
        [-10, -10, -10, 30], [-10, -10, -10, 30],
        "001: Solodreier8play alone; 0 cards from talon; take 36+ points | " + SOLO_DOUBLE),
    # Solodreier won, Valat announced failed: 8 - 8 x 8 x 2 = 8 - 128 = -120 per.
    row("solodreier-valat-announced-failed", won("solodreier", 1, bonuses=[bonus("valat", announced=True, made=False)]),
        [120, -360, 120, 120], [120, -360, 120, 120],
        VALAT + " | 001: These bonus scores are doubled in Solo and Solodreier, on top of any doubles for being "
        "announced beforehand and for kontras."),
]


ERRORS = [
    # "King ultimo12win called king in last trick": with the called king in the talon (partner null) it cannot be won.
    err("king-ultimo-king-in-talon", lost("solorufer", 1, None, bonuses=[bonus("king_ultimo", "opponents", made=True)]),
        ["king_ultimo_king_in_talon"]),
    # "The page has no revoke penalty" (interpretation 'Renonce').
    err("renonce-not-offered", won("rufer", 0, 1, renonce=2), ["renonce_not_offered"]),
    # "These are only available in positive contracts."
    err("bettel-with-bonus", won("bettler", 1, bonuses=[bonus("pagat")]), ["bonus_not_allowed"]),
    # "Bonuses except that for valat are not available in Farbensolo."
    err("farbensolo-with-trull", won("farbensolo", 2, bonuses=[bonus("trull")]), ["bonus_not_allowed"]),
    # interpretation 'Single-value bonuses': Mondfang scores silently only.
    err("mondfang-announced", won("rufer", 0, 1, bonuses=[bonus("mondfang", announced=True)]),
        ["bonus_cannot_be_announced"]),
    # multiplied by 64 at most.
    err("kontra-128", won("rufer", 0, 1, kontra=128), ["kontra_invalid"]),
    # "The first three are only available to Forehand"
    err("rufer-by-seat-1", won("rufer", 1, 2), ["vorhand_only"]),
    err("trischaken-by-seat-2", {"contract": "trischaken", "declarer": 2, "card_points": ["10", "20", "30", "10"]},
        ["vorhand_only"]),
    # "declarer is obliged to announce at least one of Pagat ultimo, Uhu, Kakadu or Marabu"
    err("besserrufer-without-bird", won("besserrufer", 1, 2), ["bird_required"]),
    # interpretation 'Absolut, Zwiccolo Ouvert and other variants'.
    err("zwiccolo-ouvert-not-offered", won("zwiccolo_ouvert", 1), ["contract_not_offered"]),
    err("absolut-not-in-ruleset", won("rufer", 0, 1, bonuses=[bonus("absolut")]), ["bonus_not_in_ruleset"]),
    # King ultimo is about the called king; a Dreier calls none.
    err("king-ultimo-in-dreier", won("dreier", 1, bonuses=[bonus("king_ultimo")]), ["bonus_needs_called_king"]),
    # "a member of the defending side may double ... any announced bonuses"
    err("kontra-on-silent-bonus", won("rufer", 0, 1, bonuses=[bonus("trull", kontra=2)]),
        ["bonus_kontra_needs_announcement"]),
    # "The total value of the pack comes to 70 card points."
    err("trischaken-sum-69", {"contract": "trischaken", "card_points": ["10", "20", "30", "9"]}, ["card_points_sum"]),
    # 35+2 wins (interpretation '36 points'), so "lost" contradicts it.
    err("points-contradict-result", lost("rufer", 0, 1, declarer_points="35+2"),
        ["declarer_points_contradict_result"]),
    # interpretation 'Giving up': only a Besserrufer with the called king in the talon.
    err("surrender-rufer", {"contract": "rufer", "declarer": 0, "surrender": True}, ["surrender_not_allowed"]),
    err("surrender-with-partner", {"contract": "besserrufer", "declarer": 1, "partner": 2, "surrender": True,
                                   "bonuses": [bonus("pagat", announced=True)]},
        ["surrender_needs_king_in_talon"]),
    # Per-opponent kontras exist only in negative contracts (hand-format.md).
    err("per-opponent-kontra-positive", won("dreier", 1, kontra={"2": 2}), ["kontra_per_opponent_positive"]),
]


@pytest.mark.parametrize("hand, points, cash, cite", HANDS)
def test_golden_pagat(hand, points, cash, cite):
    check_golden(RULES, hand, points, cash, cite)


@pytest.mark.parametrize("hand, codes", ERRORS)
def test_invalid_pagat(hand, codes):
    check_refused(RULES, hand, codes)


def test_every_contract_and_bonus_of_pagat_is_covered():
    check_coverage(RULES, HANDS)

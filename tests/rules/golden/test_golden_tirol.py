"""Golden hands for the Tiroler Tarockcup rules (rule set ``tirol``, seed 000 + rule-notes.md).

Every expectation is computed by hand from docs/sources/000_debe8f38cfb17d10.txt,
docs/sources/rule-notes.md and the documented interpretations in rules/rulesets/tirol.py; the
arithmetic is in the comment of each row. Seats 0..3, seat 0 = Vorhand. With a partner the
declarer and partner each get A, each opponent -A; alone the declarer gets 3A, each opponent -A.
Kontras multiply cash only ("kontras do not count towards tournament scoring").
"""

from fractions import Fraction

import pytest
from golden_harness import bonus, check_coverage, check_golden, check_refused, err, lost, row, won  # noqa: F401

from rules.rulesets import get_ruleset

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once

RULES = get_ruleset("tirol")


GOLDEN = [
    # A deal annulled after play (interpretation 'Annulled deal'): 0 for everyone; the declarer may be named.
    row("annulled", {"contract": "annulled", "declarer": 3}, [0, 0, 0, 0], [0, 0, 0, 0], "Every deal must be played."),
    row("annulled-declarer-null", {"contract": "annulled", "declarer": None}, [0, 0, 0, 0], [0, 0, 0, 0], "Every deal must be played."),
    # ---- Rufer -----------------------------------------------------------------------------
    # Rufer 1, team 0+2 won: 0 and 2 +1, 1 and 3 -1.
    row("rufer-team-won", {"contract": "rufer", "declarer": 0, "partner": 2, "result": "won"},
        [1, -1, 1, -1], [1, -1, 1, -1], "Rufer* 1"),
    # Rufer lost, team 0+1: game -1/+1; opponents' silent Pagat +1 to them: total [-2,-2,2,2].
    row("rufer-lost-opponents-silent-pagat",
        {"contract": "rufer", "declarer": 0, "partner": 1, "result": "lost",
         "bonuses": [bonus("pagat", "opponents")]},
        [-2, -2, 2, 2], [-2, -2, 2, 2],
        "The opposition can announce bonuses and score unannounced bonuses. / Pagat (I) 1 2"),
    # Called king in the talon (partner null): declarer alone 3×1, each opponent -1.
    row("rufer-king-in-talon-alone",
        {"contract": "rufer", "declarer": 0, "partner": None, "result": "won"},
        [3, -1, -1, -1], [3, -1, -1, -1],
        "hand-format: partner null = declarer plays alone because the called king lay in the talon"),
    # Schleifen: declarer pays the game (1) to each of the three others: [-3,1,1,1].
    row("rufer-surrender",
        {"contract": "rufer", "declarer": 0, "surrender": True},
        [-3, 1, 1, 1], [-3, 1, 1, 1],
        "The game may be given up only when the called king is in the talon. / interpretation 'Giving up (schleifen)'"),
    # Team 0+3 won: game [1,-1,-1,1]; King ultimo announced 2 for the team [2,-2,-2,2];
    # opponents' silent Mondfang 1 [-1,1,1,-1]. Total [2,-2,-2,2].
    row("rufer-king-ultimo-announced-mondfang-silent",
        {"contract": "rufer", "declarer": 0, "partner": 3, "result": "won",
         "bonuses": [bonus("king_ultimo", announced=True), bonus("mondfang", "opponents")]},
        [2, -2, -2, 2], [2, -2, -2, 2],
        "King ultimo 1 2 / Mondfang 1 2 / If the Mond is captured by the opponents, Mondfang is scored"),
    # Team 0+1 won: game [1,1,-1,-1]; silent King ultimo lost: 1 to opponents [-1,-1,1,1];
    # silent Pagat caught: 1 to opponents [-1,-1,1,1]. Total [-1,-1,1,1].
    row("rufer-silent-bonuses-lost",
        {"contract": "rufer", "declarer": 0, "partner": 1, "result": "won",
         "bonuses": [bonus("king_ultimo", made=False), bonus("pagat", made=False)]},
        [-1, -1, 1, 1], [-1, -1, 1, 1],
        "rule-notes: a silent bonus that one side attempted and lost counts its silent value for the other side"),
    # ---- Besserrufer -----------------------------------------------------------------------
    # Besserrufer 1 + bird; team 1+3 won: game [-1,1,-1,1]; Pagat announced 2 [-2,2,-2,2]. Total [-3,3,-3,3].
    row("besserrufer-pagat-won",
        {"contract": "besserrufer", "declarer": 1, "partner": 3, "result": "won",
         "bonuses": [bonus("pagat", announced=True)]},
        [-3, 3, -3, 3], [-3, 3, -3, 3], "Besserrufer 1 + bird / Pagat (I) 1 2"),
    # Team 0+3 won the game [1,-1,-1,1]; announced Kakadu failed: 6 to opponents [-6,6,6,-6]. Total [-5,5,5,-5].
    row("besserrufer-kakadu-announced-failed",
        {"contract": "besserrufer", "declarer": 0, "partner": 3, "result": "won",
         "bonuses": [bonus("kakadu", announced=True, made=False)]},
        [-5, 5, 5, -5], [-5, 5, 5, -5],
        "Kakadu/Maus (III) 3 6 / rule-notes: A bonus announced and failed costs its announced value"),
    # Besserrufer given up by seat 2 with the planned Uhu: pays 1 + 4 = 5 to each other: [5,5,-15,5].
    row("besserrufer-surrender-with-bird",
        {"contract": "besserrufer", "declarer": 2, "surrender": True,
         "bonuses": [bonus("uhu", announced=True)]},
        [5, 5, -15, 5], [5, 5, -15, 5],
        "The game may be given up only when the called king is in the talon. / interpretation 'Giving up': game plus the planned bird"),
    # ---- Solorufer -------------------------------------------------------------------------
    # Solorufer 2, team 1+2 won: game [-2,2,2,-2]; silent Uhu 2 ×2 (solo) = 4 [-4,4,4,-4]. Total [-6,6,6,-6].
    row("solorufer-silent-uhu-doubled",
        {"contract": "solorufer", "declarer": 1, "partner": 2, "result": "won",
         "bonuses": [bonus("uhu")]},
        [-6, 6, 6, -6], [-6, 6, 6, -6], "Solorufer 2 / All bonuses score double (including Valat)."),
    # Solorufer, king in talon, seat 1 alone lost with kontra: 3×2 = 6 lost [2,-6,2,2]; cash ×2 [4,-12,4,4].
    row("solorufer-alone-lost-kontra",
        {"contract": "solorufer", "declarer": 1, "partner": None, "result": "lost", "kontra": 2},
        [2, -6, 2, 2], [4, -12, 4, 4],
        "If the called king is in the talon, that half of the talon belongs to declarer. / kontras do not count towards tournament scoring"),
    # ---- Dreier ----------------------------------------------------------------------------
    # Dreier 5 alone won by seat 2: 3×5 = 15, each other -5; kontra ×2 cash only.
    row("dreier-won-kontra",
        {"contract": "dreier", "declarer": 2, "result": "won", "kontra": 2},
        [-5, -5, 15, -5], [-10, -10, 30, -10],
        "Dreier (Eigener, Auf) 5 / There are no doubled rounds and kontras do not count towards tournament scoring."),
    # Dreier seat 3 lost, rekontra: points [5,5,5,-15]; cash ×4 [20,20,20,-60].
    row("dreier-lost-rekontra",
        {"contract": "dreier", "declarer": 3, "result": "lost", "kontra": 4},
        [5, 5, 5, -15], [20, 20, 20, -60],
        "The game and the bonuses can be kontraed separately. / kontras do not count towards tournament scoring"),
    # Dreier seat 0 won, subkontra on the game: points [15,-5,-5,-5], cash ×8 [120,-40,-40,-40];
    # announced Trull 2 with kontra: points [6,-2,-2,-2], cash ×2 [12,-4,-4,-4].
    # Total points [21,-7,-7,-7], cash [132,-44,-44,-44].
    row("dreier-subkontra-game-kontra-trull",
        {"contract": "dreier", "declarer": 0, "result": "won", "kontra": 8,
         "bonuses": [bonus("trull", announced=True, kontra=2)]},
        [21, -7, -7, -7], [132, -44, -44, -44],
        "The game and the bonuses can be kontraed separately. / Trull 1 2"),
    # declarer_points "35+1" without result: below 35+2, lost: 3×5 paid [-15,5,5,5].
    row("dreier-35+1-loses",
        {"contract": "dreier", "declarer": 0, "declarer_points": "35+1"},
        [-15, 5, 5, 5], [-15, 5, 5, 5],
        "To win a deal, one needs 36 card-points (or 35 points and 2 cards, ...)"),
    # declarer_points "35+2": exactly the threshold, won: [15,-5,-5,-5].
    row("dreier-35+2-wins",
        {"contract": "dreier", "declarer": 0, "declarer_points": "35+2"},
        [15, -5, -5, -5], [15, -5, -5, -5],
        "or 35 points and 2 cards, in the more precise method of counting"),
    # ---- Sechserdreier ---------------------------------------------------------------------
    # Sechserdreier 4 won alone: [12,-4,-4,-4].
    row("sechserdreier-won",
        {"contract": "sechserdreier", "declarer": 0, "result": "won"},
        [12, -4, -4, -4], [12, -4, -4, -4], "Sechserdreier* 4"),
    # Lost: game 4 ×2 = 8 alone [-24,8,8,8]; silent Pagat made is not doubled: +1 alone [3,-1,-1,-1].
    # Total [-21,7,7,7].
    row("sechserdreier-lost-doubled-game-only",
        {"contract": "sechserdreier", "declarer": 0, "result": "lost", "bonuses": [bonus("pagat")]},
        [-21, 7, 7, 7], [-21, 7, 7, 7],
        "the points for going off are doubled (points for game only)"),
    # Lost with kontra: points [-24,8,8,8]; cash 4×2×2 = 16 each [-48,16,16,16].
    row("sechserdreier-lost-kontra",
        {"contract": "sechserdreier", "declarer": 0, "result": "lost", "kontra": 2},
        [-24, 8, 8, 8], [-48, 16, 16, 16],
        "the points for going off are doubled / kontras do not count towards tournament scoring"),
    # ---- Farbenspiele ----------------------------------------------------------------------
    # Farbendreier 5 seat 1 won [-5,15,-5,-5]; silent four kings 1 [-1,3,-1,-1]. Total [-6,18,-6,-6].
    row("farbendreier-four-kings-silent",
        {"contract": "farbendreier", "declarer": 1, "result": "won", "bonuses": [bonus("four_kings")]},
        [-6, 18, -6, -6], [-6, 18, -6, -6],
        "Farbendreier 5 / The only bonuses are Four Kings, Säcke and Valat. / Four kings 1 2"),
    # Farbendreier seat 3 lost [5,5,5,-15]; announced 2nd Sack failed: 2 to opponents [2,2,2,-6]. Total [7,7,7,-21].
    row("farbendreier-lost-double-sack-failed",
        {"contract": "farbendreier", "declarer": 3, "result": "lost",
         "bonuses": [bonus("double_sack", announced=True, made=False)]},
        [7, 7, 7, -21], [7, 7, 7, -21], "2nd Sack ($\\geq 55 + 2$) 2"),
    # Farbensolo 10 seat 2 won [-10,-10,30,-10]; announced 1st Sack 2 ×2 (solo) = 4 [-4,-4,12,-4].
    # Total [-14,-14,42,-14].
    row("farbensolo-sack-doubled",
        {"contract": "farbensolo", "declarer": 2, "result": "won",
         "bonuses": [bonus("sack", announced=True)]},
        [-14, -14, 42, -14], [-14, -14, 42, -14],
        "Farbensolo 10 / 1st Sack ($\\geq 45 + 2$) 2 / All bonuses score double"),
    # ---- Solodreier ------------------------------------------------------------------------
    # Solodreier 10 seat 1 won [-10,30,-10,-10]; announced Quapil 8 ×2 = 16 [-16,48,-16,-16].
    # Total [-26,78,-26,-26].
    row("solodreier-quapil-announced",
        {"contract": "solodreier", "declarer": 1, "result": "won",
         "bonuses": [bonus("quapil", announced=True)]},
        [-26, 78, -26, -26], [-26, 78, -26, -26],
        "Solodreier 10 / Quapil (IIII) 4 8 / All bonuses score double"),
    # Solodreier seat 2 lost: [10,10,-30,10]. Announced Kakadu made, 6 ×2 = 12 alone [-12,-12,36,-12],
    # rekontra on it: cash ×4 [-48,-48,144,-48]. Totals points [-2,-2,6,-2], cash [-38,-38,114,-38].
    row("solodreier-lost-kakadu-rekontra",
        {"contract": "solodreier", "declarer": 2, "result": "lost",
         "bonuses": [bonus("kakadu", announced=True, kontra=4)]},
        [-2, -2, 6, -2], [-38, -38, 114, -38],
        "Game and bonuses are scored separately. / The game and the bonuses can be kontraed separately."),
    # ---- Valat -----------------------------------------------------------------------------
    # Rufer team 0+2, announced Valat made: game 1 [1,-1,1,-1]; silent Pagat (trick bonus) 1 [1,-1,1,-1];
    # silent Trull (material) void; Valat 20 [20,-20,20,-20]. Total [22,-22,22,-22].
    row("valat-announced-trick-counts-material-void",
        {"contract": "rufer", "declarer": 0, "partner": 2, "result": "won",
         "bonuses": [bonus("valat", announced=True), bonus("pagat"), bonus("trull")]},
        [22, -22, 22, -22], [22, -22, 22, -22],
        "If Valat is achieved, then trick bonuses (birds, ultimo, Mondfang) score as bonuses (whether announced or silent), but bonuses for material (Trull, four kings, Säcke) do not."),
    # Solodreier seat 3 won with silent Valat: game 10 [-10,-10,-10,30]; silent Uhu 2×2=4 [-4,-4,-4,12];
    # announced four kings void (material); Valat 10 ×2 (solo) = 20 [-20,-20,-20,60]. Total [-34,-34,-34,102].
    row("valat-silent-solo-doubled",
        {"contract": "solodreier", "declarer": 3, "result": "won",
         "bonuses": [bonus("valat"), bonus("uhu"), bonus("four_kings", announced=True)]},
        [-34, -34, -34, 102], [-34, -34, -34, 102],
        "All bonuses score double (including Valat). / Valat 10 20 / rule-notes: material bonuses do not count"),
    # Dreier seat 1 won, announced Valat failed: game [-5,15,-5,-5]; silent Pagat made 1 [-1,3,-1,-1];
    # Valat 20 to opponents [20,-60,20,20]. Total [14,-42,14,14].
    row("valat-announced-failed",
        {"contract": "dreier", "declarer": 1, "result": "won",
         "bonuses": [bonus("valat", announced=True, made=False), bonus("pagat")]},
        [14, -42, 14, 14], [14, -42, 14, 14],
        "If an announced Valat goes off, game and all trick bonuses may still be scored."),
    # Rufer team 0+1, announced Valat with subkontra: game [1,1,-1,-1]; Valat 20 points [20,20,-20,-20],
    # cash ×8 = 160 [160,160,-160,-160]. Totals points [21,21,-21,-21], cash [161,161,-161,-161].
    row("valat-subkontra-cash-only",
        {"contract": "rufer", "declarer": 0, "partner": 1, "result": "won",
         "bonuses": [bonus("valat", announced=True, kontra=8)]},
        [21, 21, -21, -21], [161, 161, -161, -161],
        "The game and the bonuses can be kontraed separately. / kontras do not count towards tournament scoring"),
    # Rufer team 0+2 lost, opponents' silent Valat: game [-1,1,-1,1]; Valat 10 [-10,10,-10,10];
    # opponents' silent Trull void. Total [-11,11,-11,11].
    row("valat-by-opponents",
        {"contract": "rufer", "declarer": 0, "partner": 2, "result": "lost",
         "bonuses": [bonus("valat", "opponents"), bonus("trull", "opponents")]},
        [-11, 11, -11, 11], [-11, 11, -11, 11],
        "Valat is added to the score for game, just like other bonuses. / but bonuses for material ... do not"),
    # ---- Negative contracts ----------------------------------------------------------------
    # Piccolo 2 seat 1 won: 2 from each opponent [-2,6,-2,-2].
    row("piccolo-won",
        {"contract": "piccolo", "declarer": 1, "result": "won"},
        [-2, 6, -2, -2], [-2, 6, -2, -2], "Piccolo 2"),
    # Piccolo seat 1 lost, seat 2 kontra: points 2 to each [2,-6,2,2]; cash seat 2 gets 4 [2,-8,4,2].
    row("piccolo-lost-one-opponent-kontra",
        {"contract": "piccolo", "declarer": 1, "result": "lost", "kontra": {"2": 2}},
        [2, -6, 2, 2], [2, -8, 4, 2],
        "In negative contracts each opponent can kontra individually"),
    # Bettler 4 seat 3 won, all kontra (int): points [-4,-4,-4,12], cash ×2 [-8,-8,-8,24].
    row("bettler-won-kontra-all",
        {"contract": "bettler", "declarer": 3, "result": "won", "kontra": 2},
        [-4, -4, -4, 12], [-8, -8, -8, 24], "Bettler 4 / In negative contracts each opponent can kontra individually"),
    # Bettel ouvert 8 seat 2 lost; seat 0 rekontra, seat 3 kontra: points 8 each [8,8,-24,8];
    # cash seat0 32, seat1 8, seat3 16 → declarer -56.
    row("bettler-ouvert-lost-mixed-kontras",
        {"contract": "bettler_ouvert", "declarer": 2, "result": "lost", "kontra": {"0": 4, "3": 2}},
        [8, 8, -24, 8], [32, 8, -56, 16], "Bettel ouvert 8 / each opponent can kontra individually"),
    # Piccolo ouvert 8 seat 0 won: [24,-8,-8,-8].
    row("piccolo-ouvert-won",
        {"contract": "piccolo_ouvert", "declarer": 0, "result": "won"},
        [24, -8, -8, -8], [24, -8, -8, -8], "Piccolo ouvert 8"),
    # Zwiccolo ouvert 8 seat 1 lost: [8,-24,8,8].
    row("zwiccolo-ouvert-lost",
        {"contract": "zwiccolo_ouvert", "declarer": 1, "result": "lost"},
        [8, -24, 8, 8], [8, -24, 8, 8], "Zwiccolo ouvert 8"),
    # ---- Trischaken ------------------------------------------------------------------------
    # 10/25/20/15: seats 1 (25) and 2 (20) have the most, pay 2; seats 0 and 3 win 2.
    row("trischaken-normal",
        {"contract": "trischaken", "card_points": ["10", "25", "20", "15"]},
        [2, -2, -2, 2], [2, -2, -2, 2],
        "The two players with the most card-points pay the two others two points (2×2)."),
    # Seat 2 has 35+2: mayor pays 2 to each [2,2,-6,2].
    row("trischaken-mayor",
        {"contract": "trischaken", "card_points": ["10", "15", "35+2", "9+1"]},
        [2, 2, -6, 2], [2, 2, -6, 2],
        "A mayor (with at least 35 points and 2 cards) pays six points (3×2)"),
    # Seat 2 has 35+1: no mayor, normal case: seats 2 and 1 (15) pay 2, seats 0 (10+2) and 3 (9) win 2.
    row("trischaken-35+1-no-mayor",
        {"contract": "trischaken", "card_points": ["10+2", "15", "35+1", "9"]},
        [2, -2, -2, 2], [2, -2, -2, 2],
        "A mayor (with at least 35 points and 2 cards)"),
    # Vorhand alone has the most (30): pays 2 to each [-6,2,2,2].
    row("trischaken-vorhand-most",
        {"contract": "trischaken", "card_points": ["30", "20", "15", "5"]},
        [-6, 2, 2, 2], [-6, 2, 2, 2], "If Vorhand has the most points, he pays six (3×2)"),
    # Vorhand mayor (40): pays 4 to each [-12,4,4,4].
    row("trischaken-vorhand-mayor",
        {"contract": "trischaken", "card_points": ["40", "10", "10", "10"]},
        [-12, 4, 4, 4], [-12, 4, 4, 4], "and pays double if he is the mayor (3×4)"),
    # Seat 3 virgin: receives 2 from each [-2,-2,-2,6] (replaces the pair payment).
    row("trischaken-virgin",
        {"contract": "trischaken", "card_points": ["20", "30", "20", "0"]},
        [-2, -2, -2, 6], [-2, -2, -2, 6],
        "a virgin (no tricks) receives six points (3×2) / interpretation 'several special cases at once'"),
    # Seats 1 and 3 virgins share one virgin payment of 6: +3 each, seats 0 and 2 (35 each, no mayor,
    # Vorhand not strictly most) pay 3 each.
    row("trischaken-two-virgins",
        {"contract": "trischaken", "card_points": ["35", "0", "35", "0"]},
        [-3, 3, -3, 3], [-3, 3, -3, 3],
        "Players with the same card points split their victory points / interpretation: Several virgins share one virgin payment"),
    # 15/30/15/10: seat 1 pays 2, seat 3 wins 2; the tied middle seats 0 and 2 get nothing.
    row("trischaken-middle-tie",
        {"contract": "trischaken", "card_points": ["15", "30", "15", "10"]},
        [0, -2, 0, 2], [0, -2, 0, 2],
        "if both middle players have the same number of points, then they pay and receive nothing."),
    # 20/20/20/10: the three tied at the top share places 1-3: (-2 -2 +2)/3 = -2/3 each; seat 3 wins 2.
    row("trischaken-top-tie-fractions",
        {"contract": "trischaken", "card_points": ["20", "20", "20", "10"]},
        [Fraction(-2, 3)] * 3 + [2], [Fraction(-2, 3)] * 3 + [2],
        "Players with the same card points split their victory points"),
    # Revoke in Trischaken by seat 2: pays 4 to everyone else [4,4,-12,4].
    row("trischaken-renonce",
        {"contract": "trischaken", "renonce": 2},
        [4, 4, -12, 4], [4, 4, -12, 4],
        "If a revoke is committed the offender pays everyone else four victory points (3×4)."),
    # ---- Renonce in a normal contract -------------------------------------------------------
    # Rufer team 0+2, announced Pagat, game kontra; opponent seat 1 revokes.
    # Seats 0, 2 as winners: game 1 + Pagat 2 = 3 points (cash 1×2 + 2 = 4).
    # Seat 3 as winner: game 1 + failed Pagat 2 = 3 points (cash 4). Seat 1 pays 9 points, 12 cash.
    row("renonce-rufer-opponent",
        {"contract": "rufer", "declarer": 0, "partner": 2, "kontra": 2, "renonce": 1,
         "bonuses": [bonus("pagat", announced=True)]},
        [3, -9, 3, 3], [4, -12, 4, 4],
        "all players who have not committed a breach score as if they had wone the game and all announced bonuses. / interpretation 'Renonce': kontras given stay, in the cash"),
    # Dreier seat 1, opponent seat 3 revokes: declarer as winner 15, seats 0 and 2 as winners 5 each;
    # seat 3 pays 25.
    row("renonce-dreier-opponent",
        {"contract": "dreier", "declarer": 1, "renonce": 3},
        [5, 15, 5, -25], [5, 15, 5, -25],
        "interpretation 'Renonce': a revoking opponent therefore pays the declarer's threefold win and each other opponent's single one"),
    # Solodreier seat 2 revokes himself, announced Trull: each opponent as winner: game 10 + Trull 2×2 = 14;
    # declarer pays 42.
    row("renonce-solodreier-declarer",
        {"contract": "solodreier", "declarer": 2, "renonce": 2, "bonuses": [bonus("trull", announced=True)]},
        [14, 14, -42, 14], [14, 14, -42, 14],
        "all players who have not committed a breach score as if they had wone the game and all announced bonuses."),
]


ERRORS = [
    # Rufer is a Vorhand contract ("*Vorhand only").
    pytest.param({"contract": "rufer", "declarer": 2, "partner": 1, "result": "won"},
                 ["vorhand_only"], id="rufer-not-vorhand"),
    # "He may not call his own king."
    pytest.param({"contract": "solorufer", "declarer": 1, "partner": 1, "result": "won"},
                 ["own_king_forbidden"], id="own-king"),
    # "There are no bonuses in any negative contract."
    pytest.param({"contract": "bettler", "declarer": 1, "result": "won", "bonuses": [bonus("pagat")]},
                 ["bonus_not_allowed"], id="bonus-in-negative"),
    # Säcke have no silent value ("1st Sack ... 2" in the announced column only).
    pytest.param({"contract": "dreier", "declarer": 1, "result": "won", "bonuses": [bonus("sack")]},
                 ["bonus_must_be_announced"], id="sack-silent"),
    # "Trischaken: ... no kontras."
    pytest.param({"contract": "trischaken", "kontra": 2, "card_points": ["10", "25", "20", "15"]},
                 ["kontra_not_allowed"], id="kontra-in-trischaken"),
    # Card points must add up to 70.
    pytest.param({"contract": "trischaken", "card_points": ["10", "25", "20", "14"]},
                 ["card_points_sum"], id="card-points-not-70"),
    # "playing Besserrufer without the right bird"
    pytest.param({"contract": "besserrufer", "declarer": 1, "partner": 2, "result": "won"},
                 ["bird_required"], id="besserrufer-without-bird"),
    # The same bonus twice.
    pytest.param({"contract": "rufer", "declarer": 0, "partner": 1, "result": "won",
                  "bonuses": [bonus("trull"), bonus("trull", "opponents")]},
                 ["bonus_duplicate"], id="bonus-twice"),
    # King ultimo needs a called king; Sechserdreier calls none.
    pytest.param({"contract": "sechserdreier", "declarer": 0, "result": "won", "bonuses": [bonus("king_ultimo")]},
                 ["bonus_needs_called_king"], id="king-ultimo-without-called-king"),
    # "for king ultimo it's enough if partner wins the trick": with the called king in the talon
    # (partner null) nobody holds it; a King ultimo is impossible (else the declarer alone would score 3 + 6 = +9).
    pytest.param({"contract": "rufer", "declarer": 0, "partner": None, "result": "won",
                  "bonuses": [bonus("king_ultimo", announced=True)]},
                 ["king_ultimo_king_in_talon"], id="king-ultimo-king-in-talon"),
    # "If an announced Valat goes off, game and all trick bonuses may still be scored": only an announced
    # Valat can go off; a silent one marked lost on a lost game would give the opponents a Valat nobody made.
    pytest.param({"contract": "dreier", "declarer": 1, "result": "lost", "bonuses": [bonus("valat", made=False)]},
                 ["valat_silent_failed"], id="silent-valat-lost"),
    pytest.param({"contract": "dreier", "declarer": 1, "result": "won", "bonuses": [bonus("valat", made=False)]},
                 ["valat_silent_failed"], id="silent-valat-lost-on-won-game"),
    # Farbenspiele: "The only bonuses are Four Kings, Säcke and Valat."
    pytest.param({"contract": "farbendreier", "declarer": 1, "result": "won", "bonuses": [bonus("trull")]},
                 ["bonus_not_allowed"], id="trull-in-farbendreier"),
    # 35+1 is lost in Tirol; "won" contradicts it.
    pytest.param({"contract": "dreier", "declarer": 1, "result": "won", "declarer_points": "35+1"},
                 ["declarer_points_contradict_result"], id="35+1-marked-won"),
    # Giving up only "when the called king is in the talon": not in a Dreier.
    pytest.param({"contract": "dreier", "declarer": 1, "surrender": True},
                 ["surrender_not_allowed"], id="surrender-dreier"),
    # Zwiccolo (not ouvert) is not in the cup table.
    pytest.param({"contract": "zwiccolo", "declarer": 1, "result": "won"},
                 ["contract_not_offered"], id="zwiccolo-not-offered"),
    # Per-opponent kontra only in negative contracts ("in positive contracts each kontra counts for all").
    pytest.param({"contract": "dreier", "declarer": 1, "result": "won", "kontra": {"2": 2}},
                 ["kontra_per_opponent_positive"], id="per-opponent-kontra-positive"),
]


@pytest.mark.parametrize("hand, points, cash, cite", GOLDEN)
def test_golden_tirol(hand, points, cash, cite):
    check_golden(RULES, hand, points, cash, cite)


@pytest.mark.parametrize("hand, codes", ERRORS)
def test_invalid_tirol(hand, codes):
    check_refused(RULES, hand, codes)


def test_every_contract_and_bonus_of_tirol_is_covered():
    # `annulled` is accepted by every rule set without being one of its contracts.
    check_coverage(RULES, [param for param in GOLDEN if param.values[0]["contract"] != "annulled"])

"""Golden hands for the Hopfgarten tournament rules (rule set ``hopfgarten``, seed 003 + rule-notes.md).

Every expectation is computed by hand from docs/sources/003_e5d17c757ea69316.txt,
docs/sources/rule-notes.md and the documented interpretations in rules/rulesets/hopfgarten.py;
the arithmetic is in the comment of each row. Seats 0..3, seat 0 = Vorhand. With a partner the
declarer and partner each get A, each opponent -A; alone (king in the talon, or own king called)
the declarer gets 3A, each opponent -A. "All Kontras are counting for the score": kontras
multiply standings points and cash alike. Self-contained on purpose (--import-mode=importlib).
"""

import pytest
from golden_harness import bonus, check_coverage, check_golden, check_refused, err, lost, row, won  # noqa: F401

from rules.rulesets import get_ruleset

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once

RULES = get_ruleset("hopfgarten")


GOLDEN = [
    # ---- talon half without the called king, Rufer not played, annulled game ------------------
    # "If you take the half without the king, you have to pay a penalty equal to the score of a captured king":
    # Rufer alone won 3×1 [3,-1,-1,-1]; Pagat announced 3×2 [6,-2,-2,-2]; penalty Königfang 1 to each [-3,1,1,1].
    row("rufer-talon-half-without-king", {"contract": "rufer", "declarer": 0, "result": "won", "talon_without_king": True,
                                         "bonuses": [bonus("pagat", announced=True)]},
        [6, -2, -2, -2], [6, -2, -2, -2],
        "If you take the half without the king, you have to pay a penalty equal to the score of a captured king / Königfang 1 -"),
    # "isn't played out without additional announcements": nothing to score.
    row("rufer-not-played", {"contract": "rufer", "declarer": 0, "not_played": True},
        [0, 0, 0, 0], [0, 0, 0, 0], "Rufer 1 Only by the Forehand / isn't played out without additional announcements"),
    # "even if the "Rufer" isn't played": the penalty alone, [-3,1,1,1].
    row("rufer-not-played-talon-penalty", {"contract": "rufer", "declarer": 0, "not_played": True, "talon_without_king": True},
        [-3, 1, 1, 1], [-3, 1, 1, 1], "you have to pay a penalty equal to the score of a captured king, even if the \"Rufer\" isn't played"),
    # Pagat-Rufer given up (2 + Pagat 2 = 4 to each) and the half without the king taken (1 to each): 5 each.
    row("pagatrufer-surrender-talon-penalty", {"contract": "pagatrufer", "declarer": 2, "surrender": True, "talon_without_king": True,
                                              "bonuses": [bonus("pagat", announced=True)]},
        [5, 5, -15, 5], [5, 5, -15, 5],
        "you may surrender the game (\"schleifen\"). You may take either half of the talon. If you take the half without the king, ..."),
    # "If in one line a counting error occurs, which cannot be corrected, this game is annuled."
    row("annulled-counting-error", {"contract": "annulled"}, [0, 0, 0, 0], [0, 0, 0, 0],
        "If in one line a counting error occurs, which cannot be corrected, this game is annuled."),
    # ---- Rufer -----------------------------------------------------------------------------
    # Rufer 1 with announced Pagat, team 0+2 won: game [1,-1,1,-1]; Pagat 2 [2,-2,2,-2]. Total [3,-3,3,-3].
    row("rufer-with-announcement",
        {"contract": "rufer", "declarer": 0, "partner": 2, "result": "won",
         "bonuses": [bonus("pagat", announced=True)]},
        [3, -3, 3, -3], [3, -3, 3, -3],
        "Rufer 1 Only by the Forehand / isn't played out without additional announcements / Pagat 1 2"),
    # Own king called: alone. Game 3×1 [3,-1,-1,-1]; announced Trull 2 alone [6,-2,-2,-2]. Total [9,-3,-3,-3].
    row("rufer-own-king-alone",
        {"contract": "rufer", "declarer": 0, "partner": 0, "result": "won",
         "bonuses": [bonus("trull", announced=True)]},
        [9, -3, -3, -3], [9, -3, -3, -3],
        "It is allowed to call a king you hold in hand / rule-notes: Calling one's own king is allowed (declarer then plays alone)."),
    # King in the talon, alone won [3,-1,-1,-1]; announced Uhu failed: 4 alone to opponents [-12,4,4,4].
    # Total [-9,3,3,3].
    row("rufer-king-in-talon-uhu-failed",
        {"contract": "rufer", "declarer": 0, "partner": None, "result": "won",
         "bonuses": [bonus("uhu", announced=True, made=False)]},
        [-9, 3, 3, 3], [-9, 3, 3, 3],
        "Uhu (eagle-owl) 2 4 / rule-notes: A bonus announced and failed costs its announced value"),
    # Schleifen: pays the contract 1 to each other [-3,1,1,1].
    row("rufer-surrender",
        {"contract": "rufer", "declarer": 0, "surrender": True},
        [-3, 1, 1, 1], [-3, 1, 1, 1],
        "If the called king is to be found in the talon, you may surrender the game / interpretation 'Giving up (schleifen)'"),
    # Team 0+1 won [1,1,-1,-1]; announced Mondfang made, subkontra: 20×8 = 160 [160,160,-160,-160].
    # Total [161,161,-161,-161] in both ledgers.
    row("rufer-mondfang-announced-subkontra",
        {"contract": "rufer", "declarer": 0, "partner": 1, "result": "won",
         "bonuses": [bonus("mondfang", announced=True, kontra=8)]},
        [161, 161, -161, -161], [161, 161, -161, -161],
        "Mondfang 10 20 / A Rekontra or Subkontra doubles the points to four respectively eight times the original score. All Kontras are counting for the score."),
    # ---- Pagat-, Uhu-, Maus-Rufer ----------------------------------------------------------
    # Pagat 2 + 2, team 1+3 won: game [-2,2,-2,2]; Pagat 2 [-2,2,-2,2]. Total [-4,4,-4,4].
    row("pagatrufer-won",
        {"contract": "pagatrufer", "declarer": 1, "partner": 3, "result": "won",
         "bonuses": [bonus("pagat", announced=True)]},
        [-4, 4, -4, 4], [-4, 4, -4, 4], "Pagat 2 + 2 Rufer mit I"),
    # Uhu 2 + 4, team 2+0 lost: game [-2,2,-2,2]; Uhu failed 4 [-4,4,-4,4]. Total [-6,6,-6,6].
    row("uhurufer-lost-uhu-failed",
        {"contract": "uhurufer", "declarer": 2, "partner": 0, "result": "lost",
         "bonuses": [bonus("uhu", announced=True, made=False)]},
        [-6, 6, -6, 6], [-6, 6, -6, 6], "Uhu 2 + 4 Rufer mit II"),
    # Maus 2 + 6 given up by seat 3: pays 2 + 6 = 8 to each other [8,8,8,-24].
    row("kakadurufer-surrender",
        {"contract": "kakadurufer", "declarer": 3, "surrender": True,
         "bonuses": [bonus("kakadu", announced=True)]},
        [8, 8, 8, -24], [8, 8, 8, -24],
        "Maus 2 + 6 Rufer mit III / interpretation 'Giving up': with the bird of a Pagat-, Uhu- or Maus-Rufer"),
    # Maus-Rufer team 0+1 won, kontra on the game: 2×2 = 4 [4,4,-4,-4]; announced Maus with rekontra:
    # 6×4 = 24 [24,24,-24,-24]. Total [28,28,-28,-28] in both ledgers.
    row("kakadurufer-kontra-rekontra-count",
        {"contract": "kakadurufer", "declarer": 0, "partner": 1, "result": "won", "kontra": 2,
         "bonuses": [bonus("kakadu", announced=True, kontra=4)]},
        [28, 28, -28, -28], [28, 28, -28, -28],
        "All declarations may be doubled by saying \"Kontra\". ... All Kontras are counting for the score."),
    # ---- König Ultimo, Königfang ------------------------------------------------------------
    # Pagat-Rufer team 0+2 won: game [2,-2,2,-2]; Pagat 2 [2,-2,2,-2]; silent König Ultimo 2 [2,-2,2,-2].
    # Total [6,-6,6,-6].
    row("king-ultimo-silent-2",
        {"contract": "pagatrufer", "declarer": 0, "partner": 2, "result": "won",
         "bonuses": [bonus("pagat", announced=True), bonus("king_ultimo")]},
        [6, -6, 6, -6], [6, -6, 6, -6], "König Ultimo 2 3 Called king to the last trick"),
    # Uhu-Rufer team 1+2 won: game [-2,2,2,-2]; Uhu 4 [-4,4,4,-4]; announced König Ultimo failed 3
    # [3,-3,-3,3]. Total [-3,3,3,-3].
    row("king-ultimo-announced-3-failed",
        {"contract": "uhurufer", "declarer": 1, "partner": 2, "result": "won",
         "bonuses": [bonus("uhu", announced=True), bonus("king_ultimo", announced=True, made=False)]},
        [-3, 3, 3, -3], [-3, 3, 3, -3], "König Ultimo 2 3"),
    # Pagat-Rufer team 0+3 won: game [2,-2,-2,2]; Pagat [2,-2,-2,2]; Königfang by the opponents 1
    # [-1,1,1,-1]. Total [3,-3,-3,3].
    row("koenigfang",
        {"contract": "pagatrufer", "declarer": 0, "partner": 3, "result": "won",
         "bonuses": [bonus("pagat", announced=True), bonus("king_captured", "opponents")]},
        [3, -3, -3, 3], [3, -3, -3, 3], "Königfang 1 - Called king captured during the game"),
    # ---- Auf (Dreier) ----------------------------------------------------------------------
    # Auf 5 seat 2 won: 3×5 [-5,-5,15,-5].
    row("auf-won",
        {"contract": "dreier", "declarer": 2, "result": "won"},
        [-5, -5, 15, -5], [-5, -5, 15, -5], "Auf 5 Dreier mit Talon"),
    # Auf seat 1 lost with subkontra: 5×8 = 40 [40,-120,40,40] in both ledgers.
    row("auf-lost-subkontra",
        {"contract": "dreier", "declarer": 1, "result": "lost", "kontra": 8},
        [40, -120, 40, 40], [40, -120, 40, 40],
        "A \"Rekontra\" or \"Subkontra\" doubles the points to four respectively eight times the original score."),
    # Auf seat 2 won with rekontra: 5×4 = 20 [-20,-20,60,-20]; opponents' silent Mondfang 10 [10,10,-30,10].
    # Total [-10,-10,30,-10].
    row("auf-rekontra-mondfang-silent",
        {"contract": "dreier", "declarer": 2, "result": "won", "kontra": 4,
         "bonuses": [bonus("mondfang", "opponents")]},
        [-10, -10, 30, -10], [-10, -10, 30, -10],
        "Mondfang 10 20 Mond is captured by Sküs / All Kontras are counting for the score."),
    # Auf seat 1 won [-5,15,-5,-5]; opponents' silent Könige 1 [1,-3,1,1]. Total [-4,12,-4,-4].
    row("auf-four-kings-opponents",
        {"contract": "dreier", "declarer": 1, "result": "won", "bonuses": [bonus("four_kings", "opponents")]},
        [-4, 12, -4, -4], [-4, 12, -4, -4],
        "Könige (4 kings) 1 2 All four kings in the tricks (excluding the talon)"),
    # declarer_points "35+1" without result: won at Hopfgarten; seat 3 alone [-5,-5,-5,15].
    row("auf-35+1-wins",
        {"contract": "dreier", "declarer": 3, "declarer_points": "35+1"},
        [-5, -5, -5, 15], [-5, -5, -5, 15],
        "To win the contract it is necessary to achieve 35 points plus 1 card."),
    # declarer_points "35": lost; seat 0 alone [-15,5,5,5].
    row("auf-35-loses",
        {"contract": "dreier", "declarer": 0, "declarer_points": "35"},
        [-15, 5, 5, 5], [-15, 5, 5, 5],
        "To win the contract it is necessary to achieve 35 points plus 1 card."),
    # Auf seat 1 lost [5,-15,5,5]; 10 Tarock still for the declarer 1 alone [-1,3,-1,-1]. Total [4,-12,4,4].
    row("ten-tarock-game-lost",
        {"contract": "dreier", "declarer": 1, "result": "lost", "bonuses": [bonus("ten_tarock", announced=True)]},
        [4, -12, 4, 4], [4, -12, 4, 4],
        "This Announcement is always scored in favor of the declarer (and his partner), no matter if the contract is won or lost."),
    # ---- Durch -----------------------------------------------------------------------------
    # Rufer team 0+2, silent Durch: game 1×2 = 2 [2,-2,2,-2]; announced Trull 2×2 = 4 [4,-4,4,-4];
    # silent Pagat void; 10 Tarock 1 not multiplied [1,-1,1,-1]. Total [7,-7,7,-7].
    row("durch-silent",
        {"contract": "rufer", "declarer": 0, "partner": 2, "result": "won",
         "bonuses": [bonus("trull", announced=True), bonus("valat"), bonus("pagat"),
                     bonus("ten_tarock", announced=True)]},
        [7, -7, 7, -7], [7, -7, 7, -7],
        "Durch (slam) x 2 x 4 / Unannounced bonuses do not count. / It's never doubled, neither by Durch, nor by any Kontra."),
    # Auf seat 3, announced Durch: game 5×4 = 20 alone [-20,-20,-20,60]; announced Uhu 4×4 = 16
    # [-16,-16,-16,48]. Total [-36,-36,-36,108].
    row("durch-announced",
        {"contract": "dreier", "declarer": 3, "result": "won",
         "bonuses": [bonus("valat", announced=True), bonus("uhu", announced=True)]},
        [-36, -36, -36, 108], [-36, -36, -36, 108],
        "Durch (= slam): contract and announcements are always multiplied together (except \"10 Tarock\")."),
    # Auf seat 0 with enough points, but announced Durch failed: contract lost, 5×4 = 20 alone
    # [-60,20,20,20]; announced Pagat made 2×4 = 8 [24,-8,-8,-8]; silent Trull void. Total [-36,12,12,12].
    row("durch-announced-failed",
        {"contract": "dreier", "declarer": 0, "result": "won",
         "bonuses": [bonus("valat", announced=True, made=False), bonus("pagat", announced=True), bonus("trull")]},
        [-36, 12, 12, 12], [-36, 12, 12, 12],
        "If you loose the announcement, the contract is lost as well. Unannounced bonuses do not count. / interpretation 'Durch that fails'"),
    # Rufer team 0+1, announced Durch with kontra: game 1×4×2 = 8 [8,8,-8,-8]; announced König Ultimo
    # 3×4×2 = 24 [24,24,-24,-24]. Total [32,32,-32,-32] in both ledgers.
    row("durch-kontra",
        {"contract": "rufer", "declarer": 0, "partner": 1, "result": "won",
         "bonuses": [bonus("valat", announced=True, kontra=2), bonus("king_ultimo", announced=True)]},
        [32, 32, -32, -32], [32, 32, -32, -32],
        "interpretation 'Durch that fails': kontras on the Durch multiply the same lines / All Kontras are counting for the score."),
    # Pagat-Rufer team 0+2 lost, opponents' silent Durch: game 2×2 = 4 [-4,4,-4,4]; announced Pagat failed
    # 2×2 = 4 [-4,4,-4,4]. Total [-8,8,-8,8].
    row("durch-by-opponents",
        {"contract": "pagatrufer", "declarer": 0, "partner": 2, "result": "lost",
         "bonuses": [bonus("pagat", announced=True, made=False), bonus("valat", "opponents")]},
        [-8, 8, -8, 8], [-8, 8, -8, 8],
        "Contract and bonuses are scored separately, except with the announcement Durch (slam)."),
    # ---- Renonce (fixed_each) --------------------------------------------------------------
    # Rufer team 0+2, announced Pagat; seat 3 revokes: pays 1 + 2 = 3 to each other [3,3,3,-9].
    row("renonce-opponent",
        {"contract": "rufer", "declarer": 0, "partner": 2, "renonce": 3,
         "bonuses": [bonus("pagat", announced=True)]},
        [3, 3, 3, -9], [3, 3, 3, -9],
        "he has to pay the contract plus all announced bonuses to all regular players (even to partners)."),
    # Auf seat 2 revokes, announced Trull, game kontra: pays 5 + 2 = 7 (no kontra) to each [7,7,-21,7].
    row("renonce-declarer-kontra-ignored",
        {"contract": "dreier", "declarer": 2, "renonce": 2, "kontra": 2,
         "bonuses": [bonus("trull", announced=True)]},
        [7, 7, -21, 7], [7, 7, -21, 7],
        "interpretation 'Renonce price': without kontras, which the text does not name"),
    # Rufer team 0+1, announced Durch; partner seat 1 revokes: pays 1×4 = 4 to each, the declarer
    # included [4,-12,4,4].
    row("renonce-partner-durch",
        {"contract": "rufer", "declarer": 0, "partner": 1, "renonce": 1,
         "bonuses": [bonus("valat", announced=True)]},
        [4, -12, 4, 4], [4, -12, 4, 4],
        "to all regular players (even to partners) / interpretation 'Renonce price': a Durch multiplies it"),
    # ---- Fahren (Trischaken) ---------------------------------------------------------------
    # 10/25/20/15: seats 1 and 2 pay 3, seats 0 and 3 win 3.
    row("fahren-normal",
        {"contract": "trischaken", "card_points": ["10", "25", "20", "15"]},
        [3, -3, -3, 3], [3, -3, -3, 3],
        "The two players with more points pay the two players with fewer points 3 game points each."),
    # Seat 1 has 35+1: Bürgermeister pays 2 to each [2,-6,2,2].
    row("fahren-buergermeister-35+1",
        {"contract": "trischaken", "card_points": ["10+2", "35+1", "15", "9"]},
        [2, -6, 2, 2], [2, -6, 2, 2],
        "If one player takes 35 points + 1 card, he is called Bürgermeister and pays alone (3 x 2 pts.)."),
    # Declarer (Vorhand) alone has the most: pays 2 to each [-6,2,2,2].
    row("fahren-declarer-most",
        {"contract": "trischaken", "card_points": ["30", "20", "15", "5"]},
        [-6, 2, 2, 2], [-6, 2, 2, 2],
        "If the declarer has most of the card points, he pays alone as well (3 x 2 pts.)."),
    # Declarer Bürgermeister (40): pays 4 to each [-12,4,4,4].
    row("fahren-declarer-buergermeister",
        {"contract": "trischaken", "card_points": ["40", "10", "10", "10"]},
        [-12, 4, 4, 4], [-12, 4, 4, 4],
        "If the declarer becomes Bürgermeister, he pays double (3 x 4 pts.)."),
    # Seat 3 Jungfrau: wins 6, 2 from each [-2,-2,-2,6].
    row("fahren-jungfrau",
        {"contract": "trischaken", "card_points": ["20", "30", "20", "0"]},
        [-2, -2, -2, 6], [-2, -2, -2, 6],
        "If one player takes no tricks at all, he is called Jungfrau and wins alone (6 pts.)."),
    # Seats 1 and 3 Jungfrauen share: 3 each, paid by seats 0 and 2 (35 each: no Bürgermeister,
    # declarer not strictly most) [-3,3,-3,3].
    row("fahren-two-jungfrauen",
        {"contract": "trischaken", "card_points": ["35", "0", "35", "0"]},
        [-3, 3, -3, 3], [-3, 3, -3, 3],
        "If two players take no tricks at all, they have to share the score (3 pts. each)."),
    # 15/30/15/10: seat 1 pays 3, seat 3 wins 3, tied middle seats 0 and 2 annulled.
    row("fahren-middle-tie",
        {"contract": "trischaken", "card_points": ["15", "30", "15", "10"]},
        [0, -3, 0, 3], [0, -3, 0, 3],
        "If the two players in the middle are on a tie, their score is annuled."),
    # 20/20/20/10: declarer shares the top, so the normal case split: (-3 -3 +3)/3 = -1 each; seat 3 +3.
    row("fahren-top-tie-split",
        {"contract": "trischaken", "card_points": ["20", "20", "20", "10"]},
        [-1, -1, -1, 3], [-1, -1, -1, 3],
        "interpretation 'Fahren: several special cases at once': a shared top score is the normal case, split like the tied middle"),
    # Renonce in Fahren by seat 2: pays 2 to each [2,2,-6,2].
    row("fahren-renonce",
        {"contract": "trischaken", "renonce": 2},
        [2, 2, -6, 2], [2, 2, -6, 2],
        "If one player makes a Renonce, he pays three times two points (3 x 2 pts.)."),
]


ERRORS = [
    # The penalty needs the called king in the talon (partner null) ...
    pytest.param({"contract": "rufer", "declarer": 0, "partner": 2, "result": "won", "talon_without_king": True,
                  "bonuses": [bonus("pagat", announced=True)]},
                 ["talon_without_king_needs_king_in_talon"], id="talon-penalty-with-partner"),
    # ... and a contract with the called king's talon ("Auf" is a Dreier).
    pytest.param({"contract": "dreier", "declarer": 1, "result": "won", "talon_without_king": True},
                 ["talon_without_king_not_offered"], id="talon-penalty-in-auf"),
    # Only the Rufer "isn't played out without additional announcements".
    pytest.param({"contract": "pagatrufer", "declarer": 1, "not_played": True, "bonuses": [bonus("pagat", announced=True)]},
                 ["not_played_not_allowed"], id="pagatrufer-not-played"),
    pytest.param({"contract": "rufer", "declarer": 0, "not_played": True, "result": "won"},
                 ["not_played_fields"], id="not-played-with-result"),
    pytest.param({"contract": "annulled", "declarer": 1, "result": "won"}, ["annulled_fields"], id="annulled-with-result"),
    # "König Ultimo 2 3" needs the called king; lying in the talon (partner null) it cannot take the last trick.
    pytest.param({"contract": "rufer", "declarer": 0, "partner": None, "result": "won",
                  "bonuses": [bonus("king_ultimo", announced=True)]},
                 ["king_ultimo_king_in_talon"], id="king-ultimo-king-in-talon"),
    # Only an announced Durch can be lost ("If you loose the announcement, the contract is lost as well.").
    pytest.param({"contract": "dreier", "declarer": 1, "result": "lost", "bonuses": [bonus("valat", made=False)]},
                 ["valat_silent_failed"], id="silent-durch-lost"),
    # "Only by the Forehand"
    pytest.param({"contract": "rufer", "declarer": 1, "partner": 2, "result": "won",
                  "bonuses": [bonus("pagat", announced=True)]},
                 ["vorhand_only"], id="rufer-not-forehand"),
    # "The \"Rufer\" is only played with additional announcements (10 Tarocks do not count ...)"
    pytest.param({"contract": "rufer", "declarer": 0, "partner": 2, "result": "won",
                  "bonuses": [bonus("ten_tarock", announced=True)]},
                 ["announcement_required"], id="rufer-only-ten-tarock"),
    # "Pagat 2 + 2 Rufer mit I": the Pagat must be announced, an Uhu does not do.
    pytest.param({"contract": "pagatrufer", "declarer": 1, "partner": 2, "result": "won",
                  "bonuses": [bonus("uhu", announced=True)]},
                 ["bird_required"], id="pagatrufer-without-pagat"),
    # "Königfang 1 -": silent only.
    pytest.param({"contract": "uhurufer", "declarer": 1, "partner": 2, "result": "won",
                  "bonuses": [bonus("uhu", announced=True), bonus("king_captured", "opponents", announced=True)]},
                 ["bonus_cannot_be_announced"], id="koenigfang-announced"),
    # "10 Tarock - 1": announced only.
    pytest.param({"contract": "dreier", "declarer": 1, "result": "won", "bonuses": [bonus("ten_tarock")]},
                 ["bonus_must_be_announced"], id="ten-tarock-silent"),
    # "It's never doubled, neither by Durch, nor by any Kontra."
    pytest.param({"contract": "dreier", "declarer": 1, "result": "won",
                  "bonuses": [bonus("ten_tarock", announced=True, kontra=2)]},
                 ["bonus_kontra_not_allowed"], id="ten-tarock-kontra"),
    # "always scored in favor of the declarer": it cannot fail.
    pytest.param({"contract": "dreier", "declarer": 1, "result": "won",
                  "bonuses": [bonus("ten_tarock", announced=True, made=False)]},
                 ["bonus_cannot_fail"], id="ten-tarock-failed"),
    # "(is not applied with König Ultimo)"
    pytest.param({"contract": "pagatrufer", "declarer": 0, "partner": 2, "result": "won",
                  "bonuses": [bonus("pagat", announced=True), bonus("king_ultimo"), bonus("king_captured", "opponents")]},
                 ["bonus_excluded"], id="koenigfang-with-king-ultimo"),
    # König Ultimo is about the called king: no called king in an Auf.
    pytest.param({"contract": "dreier", "declarer": 1, "result": "won", "bonuses": [bonus("king_ultimo")]},
                 ["bonus_needs_called_king"], id="king-ultimo-in-auf"),
    # No Quapil/Wildsau in the Hopfgarten table.
    pytest.param({"contract": "dreier", "declarer": 1, "result": "won", "bonuses": [bonus("quapil")]},
                 ["bonus_not_in_ruleset"], id="quapil-unknown"),
    # "There is no Captured Mond and no Kontra." (Fahren)
    pytest.param({"contract": "trischaken", "kontra": 2, "card_points": ["10", "25", "20", "15"]},
                 ["kontra_not_allowed"], id="kontra-in-fahren"),
    # Card points must add up to 70.
    pytest.param({"contract": "trischaken", "card_points": ["10", "25", "20", "15+1"]},
                 ["card_points_sum"], id="card-points-not-70"),
    # "There are no negative games (except Fahren)"
    pytest.param({"contract": "bettler", "declarer": 1, "result": "won"},
                 ["contract_not_offered"], id="bettler-not-offered"),
    # 35+1 wins at Hopfgarten; "lost" contradicts it.
    pytest.param({"contract": "dreier", "declarer": 1, "result": "lost", "declarer_points": "35+1"},
                 ["declarer_points_contradict_result"], id="35+1-marked-lost"),
    # A Durch of the declarer's side contradicts a lost game.
    pytest.param({"contract": "dreier", "declarer": 1, "result": "lost", "bonuses": [bonus("valat")]},
                 ["valat_contradicts_result"], id="durch-with-lost-game"),
    # The same bonus twice.
    pytest.param({"contract": "dreier", "declarer": 1, "result": "won",
                  "bonuses": [bonus("trull"), bonus("trull", announced=True)]},
                 ["bonus_duplicate"], id="bonus-twice"),
]


@pytest.mark.parametrize("hand, points, cash, cite", GOLDEN)
def test_golden_hopfgarten(hand, points, cash, cite):
    check_golden(RULES, hand, points, cash, cite)


@pytest.mark.parametrize("hand, codes", ERRORS)
def test_invalid_hopfgarten(hand, codes):
    check_refused(RULES, hand, codes)


def test_every_contract_and_bonus_of_hopfgarten_is_covered():
    # `annulled` is accepted by every rule set without being one of its contracts.
    check_coverage(RULES, [param for param in GOLDEN if param.values[0]["contract"] != "annulled"])

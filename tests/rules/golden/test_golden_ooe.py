"""Golden hands for the Upper-Austrian rules (rule set ``ooe``, seed 004 + rule-notes.md).

Every expectation is computed by hand from docs/sources/004_d5f1829bbd610d50.txt (OCR text; the
quotes below keep its spelling), docs/sources/rule-notes.md and the documented interpretations in
rules/rulesets/ooe.py; the arithmetic is in the comment of each row. Seats 0..3, seat 0 = Vorhand.
With a partner the declarer and partner each get A, each opponent -A; alone the declarer gets 3A,
each opponent -A. Kontras multiply cash only ("kontras count only for cash, not for the standings").
"""

from fractions import Fraction

import pytest
from golden_harness import bonus, check_coverage, check_golden, check_refused, err, lost, row, won  # noqa: F401

from rules.rulesets import get_ruleset

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once

RULES = get_ruleset("ooe")


GOLDEN = [
    # ---- Rufer -----------------------------------------------------------------------------
    # Rufer (1), team 0+1 won: [1,1,-1,-1].
    row("rufer-team-won",
        {"contract": "rufer", "declarer": 0, "partner": 1, "result": "won"},
        [1, 1, -1, -1], [1, 1, -1, -1], "Rufer (1) / Das Spiel zahlt einen Punkt."),
    # Called king in the talon, plays alone: 3×1 [3,-1,-1,-1].
    row("rufer-king-in-talon-alone",
        {"contract": "rufer", "declarer": 0, "partner": None, "result": "won"},
        [3, -1, -1, -1], [3, -1, -1, -1],
        "Oder er nimmt eine Talonhalfte und spielt allein gegen die anderen drei."),
    # Schleifen: pays the game (1) to each of the three others [-3,1,1,1].
    row("rufer-surrender",
        {"contract": "rufer", "declarer": 0, "surrender": True},
        [-3, 1, 1, 1], [-3, 1, 1, 1],
        "Er kann das Spiel schleifen und das Spiel zahlen. Die Gegner kdnnen nicht kontrieren."),
    # declarer_points "35+1" without result: below 35 + 2 Blatt, lost: team 0+1 [-1,-1,1,1].
    row("rufer-35+1-loses",
        {"contract": "rufer", "declarer": 0, "partner": 1, "declarer_points": "35+1"},
        [-1, -1, 1, 1], [-1, -1, 1, 1],
        "Zum Gewinn eines Spiels werden mindestens 35 Punkte und zwei Blatt bendstigt."),
    # declarer_points "35+2": exactly 35 Punkte und zwei Blatt, won: Dreier seat 2 alone 3×4 [-4,-4,12,-4].
    row("dreier-35+2-wins",
        {"contract": "dreier", "declarer": 2, "declarer_points": "35+2"},
        [-4, -4, 12, -4], [-4, -4, 12, -4],
        "Das Spiel: Der Spieler bzw. der Spieler und sein Partner missen mindestens 35 Punkte und zwei Blatt in ihren Stichen haben"),
    # ---- Besser-Rufer ----------------------------------------------------------------------
    # Team 3+0 won: game [1,-1,-1,1]; announced Uhu 4 [4,-4,-4,4]. Total [5,-5,-5,5].
    row("besserrufer-uhu-won",
        {"contract": "besserrufer", "declarer": 3, "partner": 0, "result": "won",
         "bonuses": [bonus("uhu", announced=True)]},
        [5, -5, -5, 5], [5, -5, -5, 5], "Besser Rufer (1 plus Vogerl) / Uhu (2/4)"),
    # Given up with the planned Pagat: 1 + 2 = 3 to each of the others [3,3,-9,3].
    row("besserrufer-surrender-with-bird",
        {"contract": "besserrufer", "declarer": 2, "surrender": True,
         "bonuses": [bonus("pagat", announced=True)]},
        [3, 3, -9, 3], [3, 3, -9, 3],
        "kann das Spiel schleifen und das Spiel samt geplantem Vogerl zahlen."),
    # ---- Solo-Rufer ------------------------------------------------------------------------
    # Solo-Rufer (2), team 1+3 won: game [-2,2,-2,2]; announced König ultimo 2 ×2 = 4 [-4,4,-4,4].
    # Total [-6,6,-6,6].
    row("solorufer-king-ultimo-doubled",
        {"contract": "solorufer", "declarer": 1, "partner": 3, "result": "won",
         "bonuses": [bonus("king_ultimo", announced=True)]},
        [-6, 6, -6, 6], [-6, 6, -6, 6],
        "Spielziel ist, dass der Partner den Konig ultimo ansagt (vier Punkte). / Vogerl, Konig ultimo, Trull und alle Kdnige zahlen doppelt."),
    # King in the talon, seat 2 alone won, kontra void: 3×2 = 6 [-2,-2,6,-2] in both ledgers.
    row("solorufer-alone-kontra-void",
        {"contract": "solorufer", "declarer": 2, "partner": None, "result": "won", "kontra": 2},
        [-2, -2, 6, -2], [-2, -2, 6, -2],
        "Ein allfalliger Schuss der Gegner gilt in diesem Fall nicht."),
    # King in the talon, seat 2 alone lost: game [2,2,-6,2]; announced Uhu made, 4 ×2 = 8 alone
    # [-8,-8,24,-8], its kontra void too. Total [-6,-6,18,-6] in both ledgers.
    row("solorufer-alone-lost-bonus-kontra-void",
        {"contract": "solorufer", "declarer": 2, "partner": None, "result": "lost",
         "bonuses": [bonus("uhu", announced=True, kontra=2)]},
        [-6, -6, 18, -6], [-6, -6, 18, -6],
        "Ein allfalliger Schuss der Gegner gilt in diesem Fall nicht. / So bringt ein stiller Uhu z.B. vier Punkte."),
    # ---- Dreier ----------------------------------------------------------------------------
    # Dreier (4) seat 1 won, kontra: points 3×4 [-4,12,-4,-4], cash ×2 [-8,24,-8,-8].
    row("dreier-won-kontra",
        {"contract": "dreier", "declarer": 1, "result": "won", "kontra": 2},
        [-4, 12, -4, -4], [-8, 24, -8, -8],
        "Dreier (4) / In the Upper-Austrian cups kontras count only for cash, not for the standings."),
    # Dreier seat 3 lost with rekontra: points [4,4,4,-12], cash ×4 [16,16,16,-48];
    # announced Trull made with kontra: points [-2,-2,-2,6], cash ×2 [-4,-4,-4,12].
    # Totals points [2,2,2,-6], cash [12,12,12,-36].
    row("dreier-lost-rekontra-trull-kontra",
        {"contract": "dreier", "declarer": 3, "result": "lost", "kontra": 4,
         "bonuses": [bonus("trull", announced=True, kontra=2)]},
        [2, 2, 2, -6], [12, 12, 12, -36],
        "Recontra ... Subcontra. Dann geht's inzwischen 4 bzw. 8-fach. / Ein Kontra ist getrennt gegen das Spiel oder auch gegen einzelne Zusatzpramien moglich."),
    # ---- Sechser-Dreier --------------------------------------------------------------------
    # Sechser-Dreier (4) won alone [12,-4,-4,-4].
    row("sechserdreier-won",
        {"contract": "sechserdreier", "declarer": 0, "result": "won"},
        [12, -4, -4, -4], [12, -4, -4, -4], "Sechser-Dreier (4)"),
    # Lost with kontra: game 4×2 = 8 alone, points [-24,8,8,8], cash ×2 [-48,16,16,16];
    # silent four kings made, not doubled: [3,-1,-1,-1]. Totals points [-21,7,7,7], cash [-45,15,15,15].
    row("sechserdreier-lost-kontra",
        {"contract": "sechserdreier", "declarer": 0, "result": "lost", "kontra": 2,
         "bonuses": [bonus("four_kings")]},
        [-21, 7, 7, 7], [-45, 15, 15, 15],
        "Das Spiel zahlt vier Punkte, bei Verlust zahlt der Spieler doppelt. / Alle Konige (1/2)"),
    # ---- Farbenspiele ----------------------------------------------------------------------
    # Farben-Dreier (3) seat 2 won [-3,-3,9,-3]; announced four kings 2 [-2,-2,6,-2] with subkontra:
    # cash ×8 = 16 [-16,-16,48,-16]. Totals points [-5,-5,15,-5], cash [-19,-19,57,-19].
    row("farbendreier-four-kings-subkontra",
        {"contract": "farbendreier", "declarer": 2, "result": "won",
         "bonuses": [bonus("four_kings", announced=True, kontra=8)]},
        [-5, -5, 15, -5], [-19, -19, 57, -19],
        "Farben-Dreier (3) / An Zusatzpramien sind nur alle Konige und Valat mdglich."),
    # Farben-Solo (6) seat 1 lost [6,-18,6,6]; opponents' silent four kings 1 ×2 = 2 [2,-6,2,2].
    # Total [8,-24,8,8].
    row("farbensolo-lost-opponents-four-kings",
        {"contract": "farbensolo", "declarer": 1, "result": "lost",
         "bonuses": [bonus("four_kings", "opponents")]},
        [8, -24, 8, 8], [8, -24, 8, 8], "Farben-Solo (6) / Die Konige zahlen doppelt."),
    # ---- Solo-Dreier -----------------------------------------------------------------------
    # Solo-Dreier (8) seat 0 won [24,-8,-8,-8]; announced Kakadu 6 ×2 = 12 [36,-12,-12,-12];
    # silent Wildsau lost: 4 ×2 = 8 to opponents [-24,8,8,8]. Total [36,-12,-12,-12].
    row("solodreier-kakadu-announced-wildsau-lost",
        {"contract": "solodreier", "declarer": 0, "result": "won",
         "bonuses": [bonus("kakadu", announced=True), bonus("quapil", made=False)]},
        [36, -12, -12, -12], [36, -12, -12, -12],
        "Solo-Dreier (8) / Vogerl, Trull und Koénige zahlen doppelt. / Wildsau (4/8)"),
    # ---- Valat -----------------------------------------------------------------------------
    # Rufer team 0+2, silent Valat: 4×1 = 4 replaces the game [4,-4,4,-4]; silent Pagat void;
    # announced Trull 2 counts [2,-2,2,-2]. Total [6,-6,6,-6].
    row("valat-silent-only-announced-bonuses",
        {"contract": "rufer", "declarer": 0, "partner": 2, "result": "won",
         "bonuses": [bonus("valat"), bonus("pagat"), bonus("trull", announced=True)]},
        [6, -6, 6, -6], [6, -6, 6, -6],
        "Kommt es zum Valat, dann gelten Vogerl und andere Zusatzpramien (Trull etc.) nur, wenn sie angesagt wurden, still nicht."),
    # Dreier seat 1, announced Valat: 8×4 = 32 alone, points [-32,96,-32,-32]; rekontra on the Valat,
    # cash ×4 [-128,384,-128,-128].
    row("valat-announced-rekontra",
        {"contract": "dreier", "declarer": 1, "result": "won",
         "bonuses": [bonus("valat", announced=True, kontra=4)]},
        [-32, 96, -32, -32], [-128, 384, -128, -128],
        "bei angesagtem Valat der 8-fache. / Ein Kontra gegen die Valatansage ist moglich."),
    # Solo-Dreier seat 3, silent Valat: 4×8 = 32, not solo-doubled, alone [-32,-32,-32,96];
    # announced Uhu 4 ×2 = 8 [-8,-8,-8,24]. Total [-40,-40,-40,120].
    row("valat-solodreier-not-doubled",
        {"contract": "solodreier", "declarer": 3, "result": "won",
         "bonuses": [bonus("valat"), bonus("uhu", announced=True)]},
        [-40, -40, -40, 120], [-40, -40, -40, 120],
        "Der Valat bezieht sich ohnedies auf den hier héheren Spielwert (4 bzw. 8-fach)."),
    # Lost Sechser-Dreier, opponents' silent Valat: 4×4 ×2 (loss) = 32 per opponent [-96,32,32,32].
    row("valat-lost-sechserdreier-doubled",
        {"contract": "sechserdreier", "declarer": 0, "result": "lost",
         "bonuses": [bonus("valat", "opponents")]},
        [-96, 32, 32, 32], [-96, 32, 32, 32],
        "rule-notes: A lost Sechserdreier's doubling applies to a Valat too."),
    # Dreier seat 2 with 40 card points but announced Valat failed: 8×4 = 32 to opponents in place of
    # the game [32,32,-96,32]; silent Pagat made still counts for him [-1,-1,3,-1]. Total [31,31,-93,31].
    row("valat-announced-failed",
        {"contract": "dreier", "declarer": 2, "declarer_points": "40",
         "bonuses": [bonus("valat", announced=True, made=False), bonus("pagat")]},
        [31, 31, -93, 31], [31, 31, -93, 31],
        "Wird ein angesagter Valat verloren, dann ist damit auch das Spiel verloren, selbst wenn der Spieler 35 Punkte und zwei Blatt oder mehr hat. Vom Spieler gewonnene Zusatzpramien wie z.B. Vogerl zahlen aber schon fir ihn."),
    # Rufer team 0+3, announced Valat, subkontra on the game: 8×1 = 8 [8,-8,-8,8]; cash ×8 = 64.
    row("valat-game-subkontra-carries-over",
        {"contract": "rufer", "declarer": 0, "partner": 3, "result": "won", "kontra": 8,
         "bonuses": [bonus("valat", announced=True)]},
        [8, -8, -8, 8], [64, -64, -64, 64],
        "interpretation 'Kontras on a Valat': a kontra on the game carries over to it"),
    # ---- Negative contracts ----------------------------------------------------------------
    # Piccolo (2) seat 2 won [-2,-2,6,-2].
    row("piccolo-won",
        {"contract": "piccolo", "declarer": 2, "result": "won"},
        [-2, -2, 6, -2], [-2, -2, 6, -2], "Piccolo (2) / Der Piccolo zahlt zwei Punkte."),
    # Bettler (2) seat 1 lost, seat 2 kontra: points [2,-6,2,2], cash seat 2 gets 4 [2,-8,4,2].
    row("bettler-lost-one-kontra",
        {"contract": "bettler", "declarer": 1, "result": "lost", "kontra": {"2": 2}},
        [2, -6, 2, 2], [2, -8, 4, 2],
        "Bei den Negativspielen nur fir den jeweils Kontrierenden. Hier kann/muss jeder Gegner einzeln schiel3en."),
    # Piccolo ouvert (6) seat 3 won, all kontra (int): points [-6,-6,-6,18], cash [-12,-12,-12,36].
    row("piccolo-ouvert-won-kontra-all",
        {"contract": "piccolo_ouvert", "declarer": 3, "result": "won", "kontra": 2},
        [-6, -6, -6, 18], [-12, -12, -12, 36], "Piccolo ouvert (6)"),
    # Bettler ouvert (7) seat 0 lost; seat 1 kontra, seat 3 subkontra: points 7 each [-21,7,7,7];
    # cash 14 + 7 + 56 = 77.
    row("bettler-ouvert-lost-mixed-kontras",
        {"contract": "bettler_ouvert", "declarer": 0, "result": "lost", "kontra": {"1": 2, "3": 8}},
        [-21, 7, 7, 7], [-77, 14, 7, 56], "Bettler ouvert (7) / jeder Gegner einzeln"),
    # ---- Trischaken ------------------------------------------------------------------------
    # Seat 1 (30) has the most: pays 1 to each [1,-3,1,1].
    row("trischaken-normal",
        {"contract": "trischaken", "card_points": ["10", "30", "20", "10"]},
        [1, -3, 1, 1], [1, -3, 1, 1],
        "Der Spieler mit den meisten Punkten schuldet allen anderen Spielern je einen Punkt."),
    # Seat 2 has 35+2 ("doppelt"): pays 2 to each [2,2,-6,2].
    row("trischaken-doppelt",
        {"contract": "trischaken", "card_points": ["10", "15", "35+2", "9+1"]},
        [2, 2, -6, 2], [2, 2, -6, 2],
        "Hat er mehr als 35 Punkte und zwei Blatt (,hat er es doppelt') so je zwei Punkte. / interpretation 'Trischaken mayor'"),
    # Seat 2 has 35+1: not doppelt, pays 1 to each [1,1,-3,1].
    row("trischaken-35+1-single",
        {"contract": "trischaken", "card_points": ["10+2", "15", "35+1", "9"]},
        [1, 1, -3, 1], [1, 1, -3, 1], "Hat er mehr als 35 Punkte und zwei Blatt"),
    # Vorhand is the loser: 1 ×2 to each [-6,2,2,2].
    row("trischaken-vorhand-loser",
        {"contract": "trischaken", "card_points": ["30", "20", "15", "5"]},
        [-6, 2, 2, 2], [-6, 2, 2, 2],
        "Ist der Verlierer der Vorhandspieler, so verdoppeln sich die vorher genannten Betrége."),
    # Vorhand loser and doppelt: 2 ×2 = 4 to each [-12,4,4,4].
    row("trischaken-vorhand-doppelt",
        {"contract": "trischaken", "card_points": ["40", "10", "10", "10"]},
        [-12, 4, 4, 4], [-12, 4, 4, 4],
        "so je zwei Punkte. ... Ist der Verlierer der Vorhandspieler, so verdoppeln sich die vorher genannten Betrége."),
    # Seat 3 virgin: gets all three points from the loser seat 1 [0,-3,0,3].
    row("trischaken-virgin",
        {"contract": "trischaken", "card_points": ["20", "30", "20", "0"]},
        [0, -3, 0, 3], [0, -3, 0, 3],
        "Hat jemand keinen Stich, so erhalt er alle drei Punkte"),
    # Seat 3 virgin, loser seat 1 doppelt (40): virgin gets all six [0,-6,0,6].
    row("trischaken-virgin-doppelt",
        {"contract": "trischaken", "card_points": ["20", "40", "10", "0"]},
        [0, -6, 0, 6], [0, -6, 0, 6], "bzw. bei doppelt alle sechs."),
    # Two virgins (1, 3) get 3 each from the loser seat 2 (40, doppelt) [0,3,-6,3].
    row("trischaken-two-virgins",
        {"contract": "trischaken", "card_points": ["30", "0", "40", "0"]},
        [0, 3, -6, 3], [0, 3, -6, 3],
        "Haben zwei Spieler keinen Stich, so erhalten sie vom Verlierer je drei Punkte. / interpretation 'Trischaken ties'"),
    # Seat 2 takes every trick: owes 2 to each [2,2,-6,2].
    row("trischaken-all-tricks",
        {"contract": "trischaken", "card_points": ["0", "0", "70", "0"]},
        [2, 2, -6, 2], [2, 2, -6, 2],
        "Hat ein Spieler alle Stiche, so schuldet er jedem Spieler zwei Punkte."),
    # 15/30/15/10: a tie in the middle changes nothing here: seat 1 pays 1 to each [1,-3,1,1].
    row("trischaken-middle-tie",
        {"contract": "trischaken", "card_points": ["15", "30", "15", "10"]},
        [1, -3, 1, 1], [1, -3, 1, 1],
        "Der Spieler mit den meisten Punkten schuldet allen anderen Spielern je einen Punkt."),
    # 20/20/20/10: three tied for most split place 1 (-3) and two +1: (-3+1+1)/3 = -1/3 each; seat 3 +1.
    # Vorhand is not the sole loser, so no doubling.
    row("trischaken-top-tie-fractions",
        {"contract": "trischaken", "card_points": ["20", "20", "20", "10"]},
        [Fraction(-1, 3)] * 3 + [1], [Fraction(-1, 3)] * 3 + [1],
        "interpretation 'Trischaken ties and the Vorhand doubling': Equal card points split what their places pay"),
    # Revoke in Trischaken by seat 1: pays 2 to each [2,-6,2,2].
    row("trischaken-renonce",
        {"contract": "trischaken", "renonce": 1},
        [2, -6, 2, 2], [2, -6, 2, 2], "interpretation 'Renonce in Trischaken': the offender pays 2 to each other player"),
    # ---- Renonce ---------------------------------------------------------------------------
    # Rufer team 0+2, announced Uhu, silent Trull; partner seat 2 revokes. Seat 0 as winner: 1 + 4 = 5;
    # seats 1, 3 as winners: 1 + failed Uhu 4 = 5; silent Trull drops out. Seat 2 pays 15.
    row("renonce-rufer-partner",
        {"contract": "rufer", "declarer": 0, "partner": 2, "renonce": 2,
         "bonuses": [bonus("uhu", announced=True), bonus("trull")]},
        [5, 5, -15, 5], [5, 5, -15, 5],
        "Alle reguléaren Spieler bekommen die Punkte als hatten sie das Spiel gewonnen, inklusive der angesagten Zusatzpramien (Vogerl, Trull etc.). Dem Renonce begehenden Spieler werden diese Punkte als Minus angelastet."),
    # Dreier seat 1 revokes, announced Pagat: each opponent as winner 4 + 2 = 6; seat 1 pays 18.
    row("renonce-dreier-declarer",
        {"contract": "dreier", "declarer": 1, "renonce": 1, "bonuses": [bonus("pagat", announced=True)]},
        [6, -18, 6, 6], [6, -18, 6, 6],
        "Alle reguléaren Spieler bekommen die Punkte als hatten sie das Spiel gewonnen"),
    # Dreier seat 0, opponent seat 2 revokes: declarer as winner 12, seats 1 and 3 as winners 4 each;
    # seat 2 pays 20.
    row("renonce-dreier-opponent",
        {"contract": "dreier", "declarer": 0, "renonce": 2},
        [12, 4, -20, 4], [12, 4, -20, 4],
        "Dem Renonce begehenden Spieler werden diese Punkte als Minus angelastet."),
]


ERRORS = [
    # "das sind Trischaken, Rufer und Sechser-Dreier" (Vorhand contracts).
    pytest.param({"contract": "sechserdreier", "declarer": 1, "result": "won"},
                 ["vorhand_only"], id="sechserdreier-not-vorhand"),
    # "Es ist nicht erlaubt, einen Konig zu rufen, den man selbst in der Karte hat."
    pytest.param({"contract": "rufer", "declarer": 0, "partner": 0, "result": "won"},
                 ["own_king_forbidden"], id="own-king"),
    # "Es sind keine Zusatzpramien mdoglich." (negative contracts)
    pytest.param({"contract": "piccolo", "declarer": 2, "result": "won", "bonuses": [bonus("trull")]},
                 ["bonus_not_allowed"], id="bonus-in-negative"),
    # "Trischaken kann nicht kontriert werden."
    pytest.param({"contract": "trischaken", "kontra": {"1": 2}, "card_points": ["10", "30", "20", "10"]},
                 ["kontra_not_allowed"], id="kontra-in-trischaken"),
    # Card points must add up to 70 ("Jedes Kartenpaket enthalt insgesamt 70 Punkte.").
    pytest.param({"contract": "trischaken", "card_points": ["10", "30", "20", "10+1"]},
                 ["card_points_sum"], id="card-points-not-70"),
    # No Mondfang in the Upper-Austrian list of Zusatzprämien.
    pytest.param({"contract": "rufer", "declarer": 0, "partner": 1, "result": "won", "bonuses": [bonus("mondfang")]},
                 ["bonus_not_in_ruleset"], id="mondfang-unknown"),
    # Besser-Rufer: "Der Spieler muss das geplante Vogerl schon beim Rufen in der Karte haben." An
    # opponents' bird is not his.
    pytest.param({"contract": "besserrufer", "declarer": 1, "partner": 2, "result": "won",
                  "bonuses": [bonus("pagat", "opponents", announced=True)]},
                 ["bird_required"], id="besserrufer-bird-of-opponents"),
    # Farben-Solo: "An Zusatzpramien sind nur alle Konige und Valat mdglich."
    pytest.param({"contract": "farbensolo", "declarer": 1, "result": "won", "bonuses": [bonus("pagat")]},
                 ["bonus_not_allowed"], id="pagat-in-farbensolo"),
    # A silent bonus cannot have been kontra'd.
    pytest.param({"contract": "dreier", "declarer": 1, "result": "won", "bonuses": [bonus("trull", kontra=2)]},
                 ["bonus_kontra_needs_announcement"], id="kontra-on-silent-bonus"),
    # "Bei den Positivspielen gilt ein Kontra fur alle Partner."
    pytest.param({"contract": "dreier", "declarer": 1, "result": "won", "kontra": {"0": 2}},
                 ["kontra_per_opponent_positive"], id="per-opponent-kontra-positive"),
    # Schleifen: "Die Gegner kdnnen nicht kontrieren."
    pytest.param({"contract": "rufer", "declarer": 0, "surrender": True, "kontra": 2},
                 ["surrender_kontra"], id="surrender-with-kontra"),
    # Schleifen only "Wenn der gerufene Konig im Talon liegt".
    pytest.param({"contract": "rufer", "declarer": 0, "partner": 2, "surrender": True},
                 ["surrender_needs_king_in_talon"], id="surrender-with-partner"),
    # The same bonus twice.
    pytest.param({"contract": "dreier", "declarer": 1, "result": "won",
                  "bonuses": [bonus("pagat"), bonus("pagat", announced=True)]},
                 ["bonus_duplicate"], id="bonus-twice"),
    # Kontra levels stop at Subcontra (8-fach).
    pytest.param({"contract": "dreier", "declarer": 1, "result": "won", "kontra": 16},
                 ["kontra_invalid"], id="kontra-16"),
]


@pytest.mark.parametrize("hand, points, cash, cite", GOLDEN)
def test_golden_ooe(hand, points, cash, cite):
    check_golden(RULES, hand, points, cash, cite)


@pytest.mark.parametrize("hand, codes", ERRORS)
def test_invalid_ooe(hand, codes):
    check_refused(RULES, hand, codes)


def test_every_contract_and_bonus_of_ooe_is_covered():
    check_coverage(RULES, GOLDEN)

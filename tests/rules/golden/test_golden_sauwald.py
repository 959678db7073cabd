"""Golden hands for the TarockRunde Sauwald, Stand 2019 (rule set ``sauwald``, docs/sources/cup-rules.md §3).

Computed by hand from cup-rules.md (SWC:n = line n of ABAKUS Statistik/REGELN.js) and the
interpretations in rules/rulesets/sauwald.py. Seat 0 = Vorhand. With a partner each gets ±A, alone
the declarer 3A and each opponent -A. A kontra moves only money (SWC:170).
"""

from fractions import Fraction

import pytest
from golden_harness import bonus, check_coverage, check_golden, check_refused, lost, row, won

from rules.rulesets import get_ruleset

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once

RULES = get_ruleset("sauwald")


def trischaken(*points, **extra):
    return {"contract": "trischaken", "card_points": list(points), **extra}


GOLDEN = [
    # ---- Vorhandrufer (1), A-Rufer (1 + bird) ---------------------------------------------------
    row("vorhandrufer-won", won("rufer", 0, 1), [1, 1, -1, -1], [1, 1, -1, -1], "SWC:128 Vorhandrufer 1"),
    row("vorhandrufer-lost-kontra", lost("rufer", 0, 3, kontra=2), [-1, 1, 1, -1], [-2, 2, 2, -2],
        "SWC:170 a kontra does not affect the points"),
    row("vorhandrufer-alone", won("rufer", 0, None), [3, -1, -1, -1], [3, -1, -1, -1], "king in the talon, alone"),
    row("vorhandrufer-surrender", {"contract": "rufer", "declarer": 0, "surrender": True}, [-3, 1, 1, 1], [-3, 1, 1, 1],
        "SWC:169 schleifen: the Rufer scored as lost"),
    # Silent Pagat 1, silent König ultimo 1 of the opponents: 1 + 1 - 1 = 1 each.
    row("vorhandrufer-silent-bonuses", won("rufer", 0, 2, bonuses=[bonus("pagat"), bonus("king_ultimo", "opponents")]),
        [1, -1, 1, -1], [1, -1, 1, -1], "SWC:149–153 silent half"),
    # Announced König ultimo 2 failed, kontra'd: 1 - 2 = -1; cash 1 - 4 = -3.
    row("vorhandrufer-king-ultimo-failed", won("rufer", 0, 2, bonuses=[bonus("king_ultimo", announced=True, made=False, kontra=2)]),
        [-1, 1, -1, 1], [-3, 3, -3, 3], "SWC:153 König ultimo 1/2"),
    # Announced Valat made: 8 × 1 = 8 each, replacing the game.
    row("vorhandrufer-valat", won("rufer", 0, 1, bonuses=[bonus("valat", announced=True)]), [8, 8, -8, -8], [8, 8, -8, -8],
        "SWC:156 Valat 8-fach"),
    row("a-rufer-quapil", won("besserrufer", 2, 1, bonuses=[bonus("quapil", announced=True)]), [-9, 9, 9, -9], [-9, 9, 9, -9],
        "SWC:133 A-Rufer 1, SWC:152 Quapil 4/8"),
    row("a-rufer-lost-uhu-failed", lost("besserrufer", 1, 3, bonuses=[bonus("uhu", announced=True, made=False)]),
        [5, -5, 5, -5], [5, -5, 5, -5], "SWC:150 Uhu 2/4"),
    # Schleifen with the announced Kakadu: 1 + 6 = 7 to each of the three.
    row("a-rufer-surrender", {"contract": "besserrufer", "declarer": 3, "surrender": True,
                              "bonuses": [bonus("kakadu", announced=True)]},
        [7, 7, 7, -21], [7, 7, 7, -21], "SWC:169 A-Rufer + Ansage"),
    # hand-format.md: the A-Rufer's bird is entered only when announced or played for: without one, the game.
    row("a-rufer-no-bird-line", lost("besserrufer", 0, 2), [-1, 1, -1, 1], [-1, 1, -1, 1], "hand-format: A-Rufer"),
    # ---- Solorufer (2, bonuses double) ----------------------------------------------------------
    # Silent Trull 1 × 2 = 2: 2 + 2 = 4 each.
    row("solorufer-silent-trull", won("solorufer", 1, 3, bonuses=[bonus("trull")]), [-4, 4, -4, 4], [-4, 4, -4, 4],
        "SWC:206 solo games double"),
    row("solorufer-lost-kontra", lost("solorufer", 1, 3, kontra=2), [2, -2, 2, -2], [4, -4, 4, -4], "SWC:131 Solorufer 2"),
    # ---- Negative games -------------------------------------------------------------------------
    row("piccolo-won", won("piccolo", 1), [-2, 6, -2, -2], [-2, 6, -2, -2], "SWC:130 Piccolo 2"),
    row("piccolo-lost-kontra", lost("piccolo", 1, kontra={"0": 2}), [2, -6, 2, 2], [4, -8, 2, 2],
        "SWC:170 in negative games each doubles for himself"),
    row("bettel-won", won("bettler", 2), [-2, -2, 6, -2], [-2, -2, 6, -2], "SWC:131 Bettel 2"),
    row("bettel-lost", lost("bettler", 2), [2, 2, -6, 2], [2, 2, -6, 2], "SWC:131 Bettel 2"),
    row("piccolo-ouvert-won", won("piccolo_ouvert", 3), [-6, -6, -6, 18], [-6, -6, -6, 18], "SWC:137 Piccolo ouvert 6"),
    row("piccolo-ouvert-lost", lost("piccolo_ouvert", 3), [6, 6, 6, -18], [6, 6, 6, -18], "SWC:137 Piccolo ouvert 6"),
    row("bettel-ouvert-won", won("bettler_ouvert", 0), [21, -7, -7, -7], [21, -7, -7, -7], "SWC:138 Bettel ouvert 7"),
    row("bettel-ouvert-lost", lost("bettler_ouvert", 0, kontra=2), [-21, 7, 7, 7], [-42, 14, 14, 14], "SWC:138 Bettel ouvert 7"),
    # ---- Dreier (4), Sechserdreier (4), Farbensolo (5), Solodreier (8) ----------------------------
    row("dreier-won-four-kings", won("dreier", 2, bonuses=[bonus("four_kings", announced=True)]),
        [-6, -6, 18, -6], [-6, -6, 18, -6], "SWC:134 Dreier 4, SWC:155 4 Könige 1/2"),
    row("dreier-lost", lost("dreier", 2), [4, 4, -12, 4], [4, 4, -12, 4], "SWC:134 Dreier 4"),
    row("sechserdreier-won", won("sechserdreier", 0), [12, -4, -4, -4], [12, -4, -4, -4], "SWC:135 Sechserdreier 4"),
    # Lost: only the game doubles (8 × 3 = 24), the announced Pagat made is not: +6.
    row("sechserdreier-lost-pagat", lost("sechserdreier", 0, bonuses=[bonus("pagat", announced=True)]),
        [-18, 6, 6, 6], [-18, 6, 6, 6], "SWC:175 only the game doubled"),
    # The lost announced Valat in a Sechserdreier: 8 × 8 = 64 per opponent.
    row("sechserdreier-valat-lost", lost("sechserdreier", 0, bonuses=[bonus("valat", announced=True, made=False)]),
        [-192, 64, 64, 64], [-192, 64, 64, 64], "SWC:175 der verlorene Valat zählt 8 x 8"),
    # Farbensolo 5 (no talon), silent 4 Könige doubled: 15 + 6.
    row("farbensolo-kings", won("farbensolo", 1, bonuses=[bonus("four_kings")]), [-7, 21, -7, -7], [-7, 21, -7, -7],
        "SWC:136 Farbensolo 5; SWC:200, 206"),
    row("farbensolo-lost", lost("farbensolo", 1), [5, -15, 5, 5], [5, -15, 5, 5], "SWC:136 Farbensolo 5"),
    # Solodreier with a silent Valat 4 × 8 = 32 (never doubled), announced Uhu 4 × 2 = 8, silent Pagat void:
    # 96 + 24.
    row("solodreier-silent-valat", won("solodreier", 3, bonuses=[bonus("valat"), bonus("uhu", announced=True), bonus("pagat")]),
        [-40, -40, -40, 120], [-40, -40, -40, 120], "SWC:206 except the Valat; SWC:213"),
    # Lost, announced Kakadu made 6 × 2: -24 + 36.
    row("solodreier-lost-kakadu", lost("solodreier", 3, bonuses=[bonus("kakadu", announced=True)]),
        [-4, -4, -4, 12], [-4, -4, -4, 12], "SWC:139 Solodreier 8; SWC:206"),
    # Failed announced Valat: 8 × 4 = 32 to each opponent (-96); the silent Trull is not lost with it
    # (SWC:214): +1 × 3. Declarer -93, each opponent 32 - 1 = 31.
    row("dreier-valat-failed-trull", {"contract": "dreier", "declarer": 1, "result": "won",
                                      "bonuses": [bonus("valat", announced=True, made=False), bonus("trull")]},
        [31, -93, 31, 31], [31, -93, 31, 31], "SWC:213–214"),
    # ---- Renonce (SWC:220) ------------------------------------------------------------------------
    # Opponent seat 1 revokes in a Dreier with an announced Trull: the declarer as winner 12 + 6 = 18;
    # seats 2, 3 as if the opponents had won game (4) and the Trull (2): 6 each; seat 1 pays 30.
    row("renonce-opponent", {"contract": "dreier", "declarer": 0, "renonce": 1,
                             "bonuses": [bonus("trull", announced=True)]},
        [18, -30, 6, 6], [18, -30, 6, 6], "SWC:220 as if won, the offender pays"),
    # A-Rufer without a bird: a renonce of 3 to each (SWC:209), entered with the Pagat as its bird.
    row("renonce-a-rufer-without-bird", {"contract": "besserrufer", "declarer": 0, "partner": 3, "renonce": 0,
                                         "bonuses": [bonus("pagat", announced=True)]},
        [-9, 3, 3, 3], [-9, 3, 3, 3], "SWC:209 je drei Punkte an die Mitspieler"),
    # SWC:209: an A-Rufer played without a bird is a renonce, 3 to each other player; entered as `without_bird`
    # or as the declarer's renonce with no bird line (docs/decisions.md).
    row("a-rufer-without-bird", {"contract": "besserrufer", "declarer": 2, "partner": 0, "without_bird": True},
        [3, 3, -9, 3], [3, 3, -9, 3], "SWC:209 je drei Punkte an die Mitspieler"),
    row("a-rufer-renonce-no-bird-line", {"contract": "besserrufer", "declarer": 0, "partner": 3, "renonce": 0},
        [-9, 3, 3, 3], [-9, 3, 3, 3], "SWC:209 je drei Punkte an die Mitspieler"),
    # ---- Trischaken (SWC:182–187) -------------------------------------------------------------------
    row("trischaken-plain", trischaken("20", "30", "10", "10"), [1, -3, 1, 1], [1, -3, 1, 1], "SWC:184"),
    row("trischaken-vorhand-most", trischaken("30", "20", "10", "10"), [-6, 2, 2, 2], [-6, 2, 2, 2], "SWC:183 double"),
    row("trischaken-vorhand-tied", trischaken("25", "25", "10", "10"), [-6, 2, 2, 2], [-6, 2, 2, 2],
        "SWC:183 Vorhand tied pays double"),
    row("trischaken-36", trischaken("20", "35+2", "10", "4+1"), [2, -6, 2, 2], [2, -6, 2, 2], "SWC:183 ≥ 36 double"),
    row("trischaken-vorhand-36", trischaken("36", "14", "10", "10"), [-12, 4, 4, 4], [-12, 4, 4, 4], "SWC:183 four times"),
    row("trischaken-two-tied", trischaken("10", "25", "25", "10"), [2, -2, -2, 2], [2, -2, -2, 2], "SWC:184 je einen Punkt"),
    row("trischaken-three-tied", trischaken("10", "20", "20", "20"), [3, -1, -1, -1], [3, -1, -1, -1], "SWC:184"),
    row("trischaken-jungfrau", trischaken("20", "30", "20", "0"), [0, -3, 0, 3], [0, -3, 0, 3], "SWC:185"),
    row("trischaken-jungfrau-36", trischaken("20", "40", "10", "0"), [0, -6, 0, 6], [0, -6, 0, 6], "SWC:183, 185"),
    row("trischaken-tie-and-jungfrau", trischaken("10", "30", "30", "0"),
        [0, Fraction(-3, 2), Fraction(-3, 2), 3], [0, Fraction(-3, 2), Fraction(-3, 2), 3], "SWC:185 von den Verlierern"),
    row("trischaken-two-jungfrauen", trischaken("0", "40", "30", "0"), [3, -6, 0, 3], [3, -6, 0, 3], "SWC:186 3 each"),
    row("trischaken-two-jungfrauen-35-35", trischaken("0", "35", "35", "0"), [3, -3, -3, 3], [3, -3, -3, 3],
        "SWC:186 at 35 each still 3 each"),
    row("trischaken-two-jungfrauen-vorhand", trischaken("40", "30", "0", "0"), [-12, 0, 6, 6], [-12, 0, 6, 6],
        "SWC:183, 186 Vorhand pays double"),
    row("trischaken-all-tricks", trischaken("0", "70", "0", "0"), [2, -6, 2, 2], [2, -6, 2, 2], "SWC:186 gives 6"),
    row("trischaken-all-tricks-vorhand", trischaken("70", "0", "0", "0"), [-12, 4, 4, 4], [-12, 4, 4, 4],
        "SWC:186 Vorhand gives 12"),
    row("trischaken-renonce", {"contract": "trischaken", "renonce": 0}, [-9, 3, 3, 3], [-9, 3, 3, 3],
        "SWC:187 3 each, whoever played"),
    row("trischaken-renonce-other", {"contract": "trischaken", "renonce": 2}, [3, 3, -9, 3], [3, 3, -9, 3], "SWC:187"),
]

ERRORS = [
    pytest.param(won("farbendreier", 1), ["contract_not_offered"], id="no-farbendreier"),
    pytest.param(won("rufer", 2, 1), ["vorhand_only"], id="vorhandrufer-not-vorhand"),
    pytest.param(won("sechserdreier", 1), ["vorhand_only"], id="sechserdreier-not-vorhand"),
    pytest.param(won("rufer", 0, 0), ["own_king_forbidden"], id="own-king"),
    pytest.param(won("farbensolo", 1, bonuses=[bonus("trull", announced=True)]), ["bonus_not_allowed"],
                 id="trull-in-farbensolo"),
    pytest.param(won("dreier", 1, bonuses=[bonus("mondfang")]), ["bonus_not_in_ruleset"], id="no-captures"),
    pytest.param(trischaken("10", "30", "20", "10", kontra=2), ["kontra_not_allowed"], id="trischaken-kontra"),
]


@pytest.mark.parametrize("hand, points, cash, cite", GOLDEN)
def test_golden_sauwald(hand, points, cash, cite):
    check_golden(RULES, hand, points, cash, cite)


@pytest.mark.parametrize("hand, codes", ERRORS)
def test_invalid_sauwald(hand, codes):
    check_refused(RULES, hand, codes)


def test_every_contract_and_bonus_of_sauwald_is_covered():
    check_coverage(RULES, GOLDEN)

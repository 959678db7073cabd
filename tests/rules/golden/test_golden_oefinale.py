"""Golden hands for the Tarock-Österreich-Finale (rule set ``oefinale``, docs/sources/cup-rules.md §2).

Computed by hand from cup-rules.md (OEF = the ÖF-Turnierregeln 2021 page, [sec] = harbour-tarock's
quotes of ÖF21) and the interpretations in rules/rulesets/oefinale.py (silent = half, kontras only
in the cash, as the Upper-Austrian rules of the same author). Seat 0 = Vorhand. With a partner each
gets ±A, alone the declarer 3A and each opponent -A.
"""

import pytest
from golden_harness import bonus, check_coverage, check_golden, check_refused, lost, row, won

from rules.rulesets import get_ruleset

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once

RULES = get_ruleset("oefinale")


def trischaken(*points, **extra):
    return {"contract": "trischaken", "card_points": list(points), **extra}


GOLDEN = [
    # ÖF21 "Rufen" [sec §4.1/§4.5a/§7.7a]: losing the called king is not scored unless it was announced
    # ultimo. A won Rufer beside a silent König ultimo lost: the game alone, 1 each.
    row("rufer-silent-king-ultimo-lost", won("rufer", 0, 1, bonuses=[bonus("king_ultimo", made=False)]),
        [1, 1, -1, -1], [1, 1, -1, -1], "ÖF21 Rufen: not scored unless announced ultimo"),
    row("rufer-announced-king-ultimo-lost", won("rufer", 0, 1, bonuses=[bonus("king_ultimo", announced=True, made=False)]),
        [-1, -1, 1, 1], [-1, -1, 1, 1], "ÖF21 Rufen: announced ultimo, lost: 1 - 2"),
    # [sec §7.4, ÖF21 Valat]: beside a Valat only announced bonuses count, also a lost one; the failed Valat
    # loses the game. Dreier 4: 8 × 4 = 32 to each opponent, the silent Trull void.
    row("dreier-valat-failed-silent-trull", {"contract": "dreier", "declarer": 1,
                                             "bonuses": [bonus("valat", announced=True, made=False), bonus("trull")]},
        [32, -96, 32, 32], [32, -96, 32, 32], "[sec §7.4, ÖF21 Valat]"),
    # ÖF21 "Rufen": a Besserrufer without a bird pays "an alle 3 Spieler Spiel + Pagat (3 Punkte)".
    row("besserrufer-without-bird", {"contract": "besserrufer", "declarer": 0, "partner": 2, "without_bird": True},
        [-9, 3, 3, 3], [-9, 3, 3, 3], "ÖF21 Rufen: Spiel + Pagat (3 Punkte) an alle 3"),
    row("rufer-won", won("rufer", 0, 1), [1, 1, -1, -1], [1, 1, -1, -1], "OEF: Rufer 1"),
    row("rufer-lost-kontra", lost("rufer", 0, 2, kontra=2), [-1, 1, -1, 1], [-2, 2, -2, 2], "OEF: Rufer 1; kontra money only"),
    row("rufer-surrender", {"contract": "rufer", "declarer": 0, "surrender": True}, [-3, 1, 1, 1], [-3, 1, 1, 1],
        "interpretation: the game to each of three"),
    # Besserrufer given up with the planned Kakadu: "Spiel plus Ansager" 1 + 6 = 7 to each.
    row("besserrufer-surrender-kakadu", {"contract": "besserrufer", "declarer": 1, "surrender": True,
                                         "bonuses": [bonus("kakadu", announced=True)]},
        [7, -21, 7, 7], [7, -21, 7, 7], "[sec §4.5a, ÖF21 Rufen] 3, 5, 7 or 9 to each"),
    row("besserrufer-pagat", won("besserrufer", 0, 3, bonuses=[bonus("pagat", announced=True)]),
        [3, -3, -3, 3], [3, -3, -3, 3], "OEF: Besserrufer 1, Pagat 2"),
    row("besserrufer-lost-uhu-failed", lost("besserrufer", 0, 3, bonuses=[bonus("uhu", announced=True, made=False)]),
        [-5, 5, 5, -5], [-5, 5, 5, -5], "OEF: Uhu 4"),
    # Solorufer won, silent König ultimo 1 × 2 (solo): 2 + 2.
    row("solorufer-king-ultimo-silent", won("solorufer", 1, 2, bonuses=[bonus("king_ultimo")]),
        [-4, 4, 4, -4], [-4, 4, 4, -4], "OEF: Solorufer 2; interpretation: silent half, solo double"),
    row("solorufer-lost", lost("solorufer", 1, 2), [2, -2, -2, 2], [2, -2, -2, 2], "OEF: Solorufer 2"),
    row("piccolo-won", won("piccolo", 2), [-2, -2, 6, -2], [-2, -2, 6, -2], "OEF: Piccolo 2"),
    row("piccolo-lost-kontra", lost("piccolo", 2, kontra={"3": 2}), [2, 2, -6, 2], [2, 2, -8, 4], "OEF: Piccolo 2"),
    row("bettel-won", won("bettler", 3), [-2, -2, -2, 6], [-2, -2, -2, 6], "OEF: Bettel 2"),
    row("bettel-lost", lost("bettler", 3), [2, 2, 2, -6], [2, 2, 2, -6], "OEF: Bettel 2"),
    row("piccolo-ouvert-won", won("piccolo_ouvert", 0), [18, -6, -6, -6], [18, -6, -6, -6], "OEF: Piccolo ouvert 6"),
    row("bettel-ouvert-lost", lost("bettler_ouvert", 0), [-21, 7, 7, 7], [-21, 7, 7, 7], "OEF: Bettel ouvert 7"),
    # Farbendreier won with silent Vier Könige: 9 + 3.
    row("farbendreier-kings", won("farbendreier", 1, bonuses=[bonus("four_kings")]), [-4, 12, -4, -4], [-4, 12, -4, -4],
        "OEF: Farbendreier 3, Vier Könige 2"),
    row("farbendreier-lost", lost("farbendreier", 1), [3, -9, 3, 3], [3, -9, 3, 3], "OEF: Farbendreier 3"),
    # Farbensolo won, announced Vier Könige 2 × 2 (solo): 18 + 12.
    row("farbensolo-kings-announced", won("farbensolo", 2, bonuses=[bonus("four_kings", announced=True)]),
        [-10, -10, 30, -10], [-10, -10, 30, -10], "OEF: Farbensolo 6; [sec §5.1/§5.3, ÖF21 Ansagen]"),
    row("farbensolo-lost", lost("farbensolo", 2), [6, 6, -18, 6], [6, 6, -18, 6], "OEF: Farbensolo 6"),
    row("dreier-trull-announced", won("dreier", 3, bonuses=[bonus("trull", announced=True)]),
        [-6, -6, -6, 18], [-6, -6, -6, 18], "OEF: Dreier 4, Trull 2"),
    row("dreier-lost-quapil-silent", lost("dreier", 3, bonuses=[bonus("quapil")]),
        [0, 0, 0, 0], [0, 0, 0, 0], "OEF: Dreier 4; Quapil 8, silent half"),
    row("sechserdreier-won", won("sechserdreier", 0), [12, -4, -4, -4], [12, -4, -4, -4], "OEF: Sechserdreier 4"),
    # Lost: the game counts double: 8 × 3.
    row("sechserdreier-lost", lost("sechserdreier", 0), [-24, 8, 8, 8], [-24, 8, 8, 8],
        "[sec §7.2/§12.3, ÖF21 Vorhand] lost counts double"),
    # Announced Valat lost in a Sechserdreier: 8 × 8 = 64 per opponent.
    row("sechserdreier-valat-lost", lost("sechserdreier", 0, bonuses=[bonus("valat", announced=True, made=False)]),
        [-192, 64, 64, 64], [-192, 64, 64, 64], "[sec §7.4, ÖF21 Valat] 8 mal 8 Punkte"),
    row("solodreier-pagat-announced", won("solodreier", 2, bonuses=[bonus("pagat", announced=True)]),
        [-12, -12, 36, -12], [-12, -12, 36, -12], "OEF: Solodreier 8, Pagat 2, solo double"),
    row("solodreier-lost-kontra", lost("solodreier", 2, kontra=4), [8, 8, -24, 8], [32, 32, -96, 32], "OEF: Solodreier 8"),
    # Rufer with an announced Valat: 1 × 8 = 8 each, replacing the game.
    row("rufer-valat", won("rufer", 0, 3, bonuses=[bonus("valat", announced=True)]), [8, -8, -8, 8], [8, -8, -8, 8],
        "OEF: Valat mal 8"),
    # ---- Trischaken ([sec §7.6/§12.3]) ----------------------------------------------------------
    row("trischaken-loser", trischaken("20", "10", "30", "10"), [1, 1, -3, 1], [1, 1, -3, 1], "the loser pays 1 to each"),
    row("trischaken-mayor", trischaken("20", "10", "36", "4"), [2, 2, -6, 2], [2, 2, -6, 2], "2 to each with ≥ 35+2"),
    row("trischaken-trischaker", trischaken("40", "10", "10", "10"), [-12, 4, 4, 4], [-12, 4, 4, 4],
        "the Trischaker pays double (4 each with ≥ 35+2)"),
    row("trischaken-two-tied", trischaken("10", "25", "10", "25"), [2, -2, 2, -2], [2, -2, 2, -2], "two tied losers each lose 2"),
    row("trischaken-three-tied", trischaken("13", "19", "19", "19"), [3, -1, -1, -1], [3, -1, -1, -1],
        "three tied players each pay 1"),
    row("trischaken-renonce", {"contract": "trischaken", "renonce": 1}, [2, -6, 2, 2], [2, -6, 2, 2],
        "interpretation: as OÖ23"),
]

ERRORS = [
    pytest.param(won("sechserdreier", 1), ["vorhand_only"], id="sechserdreier-not-vorhand"),
    pytest.param(won("rufer", 0, 0), ["own_king_forbidden"], id="own-king"),
    pytest.param(won("farbensolo", 0, bonuses=[bonus("pagat")]), ["bonus_not_allowed"], id="pagat-in-farbensolo"),
    pytest.param(won("dreier", 0, bonuses=[bonus("mondfang")]), ["bonus_not_in_ruleset"], id="no-captures"),
    pytest.param(trischaken("10", "30", "20", "10", kontra=2), ["kontra_not_allowed"], id="trischaken-kontra"),
]


@pytest.mark.parametrize("hand, points, cash, cite", GOLDEN)
def test_golden_oefinale(hand, points, cash, cite):
    check_golden(RULES, hand, points, cash, cite)


@pytest.mark.parametrize("hand, codes", ERRORS)
def test_invalid_oefinale(hand, codes):
    check_refused(RULES, hand, codes)


def test_every_contract_and_bonus_of_oefinale_is_covered():
    check_coverage(RULES, GOLDEN)

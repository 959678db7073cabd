"""Golden hands for the Raiffeisen Tarockcup Austria (rule set ``raiffeisen``, docs/sources/cup-rules.md §1).

Every expectation is computed by hand from cup-rules.md (RTC = the tarockcup.at page, [sec] = the
Upper-Austrian rules 4/2023 as harbour-tarock quotes them, with its worked examples §7.6 and §7.10)
and the interpretations in rules/rulesets/raiffeisen.py; the arithmetic is in the comment of each
row. Seat 0 = Vorhand (the Trischaker). With a partner the declarer and partner each get A, each
opponent -A; alone the declarer gets 3A, each opponent -A. Kontras move only cash (RTC bullet 5).
"""

import pytest
from golden_harness import bonus, check_coverage, check_golden, check_refused, lost, row, won

from rules.rulesets import get_ruleset

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once

RULES = get_ruleset("raiffeisen")


def trischaken(*points, **extra):
    return {"contract": "trischaken", "card_points": list(points), **extra}


GOLDEN = [
    # ---- Rufer (1, Vorhand only) ------------------------------------------------------------
    row("rufer-won", won("rufer", 0, 2), [1, -1, 1, -1], [1, -1, 1, -1], "RTC table: Rufer 1"),
    row("rufer-lost", lost("rufer", 0, 3), [-1, 1, 1, -1], [-1, 1, 1, -1], "RTC table: Rufer 1"),
    # Kontra ×2, Rekontra ×4, Subkontra ×8 move only cash (RTC bullet 5).
    row("rufer-kontra", won("rufer", 0, 1, kontra=2), [1, 1, -1, -1], [2, 2, -2, -2], "RTC bullet 5: money only"),
    row("rufer-rekontra", lost("rufer", 0, 1, kontra=4), [-1, -1, 1, 1], [-4, -4, 4, 4], "RTC bullet 5: Rekontra ×4"),
    row("rufer-subkontra", won("rufer", 0, 1, kontra=8), [1, 1, -1, -1], [8, 8, -8, -8], "RTC bullet 5: Subkontra ×8"),
    # Called king in the talon, played on alone: 3 × 1, kontras count [sec §4.5a].
    row("rufer-alone", won("rufer", 0, None, kontra=2), [3, -1, -1, -1], [6, -2, -2, -2], "[sec §4.5a] alone 1 against 3"),
    # Schleifen: the game (1) to each of the three others.
    row("rufer-surrender", {"contract": "rufer", "declarer": 0, "surrender": True}, [-3, 1, 1, 1], [-3, 1, 1, 1],
        "[sec §4.5a, OÖ23 Allg. 7] game scored as lost, to each of three"),
    # declarer_points: 35+2 wins, 35+1 loses (36 = 35 points and 2 Blatt).
    row("rufer-35+2", {"contract": "rufer", "declarer": 0, "partner": 1, "declarer_points": "35+2"},
        [1, 1, -1, -1], [1, 1, -1, -1], "RTC bullet 3: 36 = 35 and 2 Blatt"),
    row("rufer-35+1", {"contract": "rufer", "declarer": 0, "partner": 1, "declarer_points": "35+1"},
        [-1, -1, 1, 1], [-1, -1, 1, 1], "RTC bullet 3: 36 = 35 and 2 Blatt"),
    # [sec §7.10] no. 1: Rufer won, silent Trull of the opponents, silent four kings of the declarer's side:
    # 1 - 1 + 1 = +1 each.
    row("rufer-silent-trull-and-kings", won("rufer", 0, 1, bonuses=[bonus("trull", "opponents"), bonus("four_kings")]),
        [1, 1, -1, -1], [1, 1, -1, -1], "[sec §7.10] no. 1"),
    # Silent König Ultimo 1; announced König Ultimo 2 failed and kontra'd: points 1 - 2 = -1, cash 1 - 4 = -3.
    row("rufer-king-ultimo-silent", won("rufer", 0, 2, bonuses=[bonus("king_ultimo")]), [2, -2, 2, -2], [2, -2, 2, -2],
        "silent = half of König Ultimo 2"),
    row("rufer-king-ultimo-announced-failed-kontra",
        won("rufer", 0, 2, bonuses=[bonus("king_ultimo", announced=True, made=False, kontra=2)]),
        [-1, 1, -1, 1], [-3, 3, -3, 3], "RTC table: König Ultimo 2; RTC bullet 5"),
    # [sec §7.10] no. 13: Rufer, Valat announced and made, kontra'd: 1 × 8 = 8 each; cash ×2 = 16.
    row("rufer-valat-announced-kontra", won("rufer", 0, 1, bonuses=[bonus("valat", announced=True, kontra=2)]),
        [8, 8, -8, -8], [16, 16, -16, -16], "[sec §7.10] no. 13; RTC table: Valat 8-fach"),
    # ---- A-Rufer (1 + the bird) ---------------------------------------------------------------
    # [sec §7.10] no. 2: Pagat announced and made, the Pagat kontra'd: points 1 + 2 = 3, cash 1 + 4 = 5.
    row("a-rufer-pagat-kontra", won("besserrufer", 0, 2, bonuses=[bonus("pagat", announced=True, kontra=2)]),
        [3, -3, 3, -3], [5, -5, 5, -5], "[sec §7.10] no. 2"),
    # [sec §7.10] no. 9: won, announced Uhu failed and kontra'd: points 1 - 4 = -3, cash 1 - 8 = -7.
    row("a-rufer-uhu-failed-kontra", won("besserrufer", 1, 3, bonuses=[bonus("uhu", announced=True, made=False, kontra=2)]),
        [3, -3, 3, -3], [7, -7, 7, -7], "[sec §7.10] no. 9"),
    # Lost with the announced Kakadu made: -1 + 6 = +5 each.
    row("a-rufer-lost-kakadu", lost("besserrufer", 2, 3, bonuses=[bonus("kakadu", announced=True)]),
        [-5, -5, 5, 5], [-5, -5, 5, 5], "RTC table: Kakadu 6"),
    # [sec §7.10] no. 16: giving up with the Uhu: 1 + 4 = 5 to each of the three.
    row("a-rufer-surrender-uhu", {"contract": "besserrufer", "declarer": 2, "surrender": True,
                                  "bonuses": [bonus("uhu", announced=True)]},
        [5, 5, -15, 5], [5, 5, -15, 5], "[sec §7.10] no. 16"),
    # Quapil announced made (8) in an A-Rufer won: 1 + 8 = 9 each.
    row("a-rufer-quapil", won("besserrufer", 3, 0, bonuses=[bonus("quapil", announced=True)]),
        [9, -9, -9, 9], [9, -9, -9, 9], "RTC table: Quapil (\"Vierer\") 8"),
    # OÖ23 Ansagen 4 [sec §3.7, §5.3]: the A-Rufer's bird must be announced, so it is always on the sheet.
    # Played without a bird: a renonce, 3 to each other player [sec §3.7], entered as `without_bird` or as the
    # declarer's renonce with no bird line; nothing else counts beside it.
    row("a-rufer-without-bird", {"contract": "besserrufer", "declarer": 1, "partner": 2, "without_bird": True},
        [3, -9, 3, 3], [3, -9, 3, 3], "[sec §3.7] 3 points to each other player"),
    row("a-rufer-renonce-no-bird-line", {"contract": "besserrufer", "declarer": 3, "partner": 0, "renonce": 3},
        [3, 3, 3, -9], [3, 3, 3, -9], "[sec §3.7] 3 points to each other player"),
    # ---- Solorufer (2, bonuses double) ---------------------------------------------------------
    # [sec §7.10] no. 7: lost, announced König Ultimo made: -2 + 2 × 2 = +2 each.
    row("solorufer-lost-king-ultimo", lost("solorufer", 0, 1, bonuses=[bonus("king_ultimo", announced=True)]),
        [2, 2, -2, -2], [2, 2, -2, -2], "[sec §7.10] no. 7"),
    # [sec §7.10] no. 8: called king in the talon, won, the kontra void: 3 × 2 = 6 in both ledgers.
    row("solorufer-alone-kontra-void", won("solorufer", 2, None, kontra=2), [-2, -2, 6, -2], [-2, -2, 6, -2],
        "[sec §7.10] no. 8; [sec §4.5b/§7.7c]"),
    # Won with a kontra on the game (partner 3): 2 each, cash 4.
    row("solorufer-kontra", won("solorufer", 1, 3, kontra=2), [-2, 2, -2, 2], [-4, 4, -4, 4], "RTC table: Solorufer 2"),
    # ---- Negative games (each opponent doubles alone) -----------------------------------------
    # [sec §7.10] no. 3: Piccolo won, one opponent doubled: points 3 × 2; cash 4 + 2 + 2.
    row("piccolo-won-kontra", {"contract": "piccolo", "declarer": 0, "result": "won", "kontra": {"1": 2}},
        [6, -2, -2, -2], [8, -4, -2, -2], "[sec §7.10] no. 3"),
    row("piccolo-lost", lost("piccolo", 3), [2, 2, 2, -6], [2, 2, 2, -6], "RTC table: Piccolo 2"),
    row("bettel-won", won("bettler", 1), [-2, 6, -2, -2], [-2, 6, -2, -2], "RTC table: Bettel 2"),
    row("bettel-lost-kontra", lost("bettler", 1, kontra={"2": 2}), [2, -6, 2, 2], [2, -8, 4, 2], "RTC table: Bettel 2"),
    row("piccolo-ouvert-won", won("piccolo_ouvert", 2), [-6, -6, 18, -6], [-6, -6, 18, -6], "RTC table: Piccolo ouvert 6"),
    row("piccolo-ouvert-lost", lost("piccolo_ouvert", 2), [6, 6, -18, 6], [6, 6, -18, 6], "RTC table: Piccolo ouvert 6"),
    # [sec §7.10] no. 15: Bettel ouvert lost, kontra by seat 1, rekontra against seat 2: 7 each; cash 14 + 28 + 7.
    row("bettel-ouvert-lost-kontras", {"contract": "bettler_ouvert", "declarer": 0, "result": "lost",
                                       "kontra": {"1": 2, "2": 4}},
        [-21, 7, 7, 7], [-49, 14, 28, 7], "[sec §7.10] no. 15"),
    row("bettel-ouvert-won", won("bettler_ouvert", 3), [-7, -7, -7, 21], [-7, -7, -7, 21], "RTC table: Bettel ouvert 7"),
    # ---- Dreier (4), Sechserdreier (4, lost double), Solodreier (8) --------------------------------
    # [sec §7.10] no. 4: silent Trull of the declarer, silent Pagat of the opponents: 12 + 3 - 3.
    row("dreier-silent-trull-pagat", won("dreier", 0, bonuses=[bonus("trull"), bonus("pagat", "opponents")]),
        [12, -4, -4, -4], [12, -4, -4, -4], "[sec §7.10] no. 4"),
    row("dreier-lost-kontra", lost("dreier", 1, kontra=2), [4, -12, 4, 4], [8, -24, 8, 8], "RTC table: Dreier 4"),
    # A silent Quapil tried and lost counts 4 for the opponents: 12 - 12 = 0.
    row("dreier-silent-quapil-lost", won("dreier", 2, bonuses=[bonus("quapil", made=False)]),
        [0, 0, 0, 0], [0, 0, 0, 0], "silent = half of Quapil 8; rule-notes: lost silent bonus"),
    # [sec §7.10] no. 10: silent Valat 4 × 4 = 16, announced Trull 2, silent Pagat void: 48 + 6.
    row("dreier-silent-valat", won("dreier", 0, bonuses=[bonus("valat"), bonus("trull", announced=True), bonus("pagat")]),
        [54, -18, -18, -18], [54, -18, -18, -18], "[sec §7.10] no. 10"),
    # [sec §7.10] no. 11: announced Valat failed (game won with 40), announced Pagat made: -96 + 6.
    row("dreier-valat-failed", {"contract": "dreier", "declarer": 0, "declarer_points": "40",
                                "bonuses": [bonus("valat", announced=True, made=False), bonus("pagat", announced=True)]},
        [-90, 30, 30, 30], [-90, 30, 30, 30], "[sec §7.10] no. 11"),
    # [sec §7.4] OÖ23 Ansagen 2: beside a Valat only announced bonuses count, silent ones not, also with a
    # lost Valat (harbour §5.5, worked example §7.10 no. 11). A Dreier's announced Valat failed, a silent Trull:
    # 8 × 4 = 32 to each opponent, the Trull void: -96. The failed Valat decides the hand: no result needed.
    row("dreier-valat-failed-silent-trull", {"contract": "dreier", "declarer": 0,
                                             "bonuses": [bonus("valat", announced=True, made=False), bonus("trull")]},
        [-96, 32, 32, 32], [-96, 32, 32, 32], "[sec §7.4] OÖ23 Ansagen 2: stille nicht, auch beim verlorenen Valat"),
    # The same beside the opponents' failed announced Valat: their silent Pagat is void too, the game's place
    # is taken by the Valat: 8 × 4 = 32 from each opponent.
    row("dreier-opponents-valat-failed-silent-pagat", {"contract": "dreier", "declarer": 2, "result": "won", "bonuses": [
        bonus("valat", "opponents", announced=True, made=False), bonus("pagat", "opponents")]},
        [-32, -32, 96, -32], [-32, -32, 96, -32], "[sec §7.4] OÖ23 Ansagen 2"),
    row("sechserdreier-won", won("sechserdreier", 0), [12, -4, -4, -4], [12, -4, -4, -4], "RTC table: Sechserdreier 4"),
    # [sec §7.10] no. 5: lost (double), announced Uhu made: -24 + 12.
    row("sechserdreier-lost-uhu", lost("sechserdreier", 0, bonuses=[bonus("uhu", announced=True)]),
        [-12, 4, 4, 4], [-12, 4, 4, 4], "[sec §7.10] no. 5"),
    # [sec §7.10] no. 6: lost with kontra: 8 × 3 = 24, cash ×2.
    row("sechserdreier-lost-kontra", lost("sechserdreier", 0, kontra=2), [-24, 8, 8, 8], [-48, 16, 16, 16],
        "[sec §7.10] no. 6"),
    # [sec §7.10] no. 12: the opponents' silent Valat, game kontra'd: 4 × 4 × 2 = 32 each.
    row("sechserdreier-opponents-valat", lost("sechserdreier", 0, kontra=2, bonuses=[bonus("valat", "opponents")]),
        [-96, 32, 32, 32], [-192, 64, 64, 64], "[sec §7.10] no. 12"),
    # Solodreier won, silent Kakadu 3 × 2 (solo) = 6: 24 + 18.
    row("solodreier-silent-kakadu", won("solodreier", 1, bonuses=[bonus("kakadu")]),
        [-14, 42, -14, -14], [-14, 42, -14, -14], "Solodreier 8; solo games double"),
    # Solodreier lost, announced Quapil made 8 × 2 = 16: -24 + 48.
    row("solodreier-lost-quapil", lost("solodreier", 1, bonuses=[bonus("quapil", announced=True)]),
        [-8, 24, -8, -8], [-8, 24, -8, -8], "Solodreier 8; solo games double"),
    # ---- Colour games ---------------------------------------------------------------------------
    # [sec §7.10] no. 14: Farbensolo won, silent four kings (doubled): 18 + 6.
    row("farbensolo-silent-kings", won("farbensolo", 0, bonuses=[bonus("four_kings")]),
        [24, -8, -8, -8], [24, -8, -8, -8], "[sec §7.10] no. 14"),
    row("farbensolo-lost", lost("farbensolo", 3), [6, 6, 6, -18], [6, 6, 6, -18], "Farbensolo 6 (RTC-old: 5)"),
    # Farbendreier won with announced Alle Könige: 9 + 6.
    row("farbendreier-kings-announced", won("farbendreier", 2, bonuses=[bonus("four_kings", announced=True)]),
        [-5, -5, 15, -5], [-5, -5, 15, -5], "RTC table: Farbendreier 3, Alle Könige 2"),
    row("farbendreier-lost", lost("farbendreier", 2), [3, 3, -9, 3], [3, 3, -9, 3], "RTC table: Farbendreier 3"),
    # ---- Renonce (as if won; OÖR25 B.4) -------------------------------------------------------
    row("renonce-dreier-declarer", {"contract": "dreier", "declarer": 1, "renonce": 1}, [4, -12, 4, 4], [4, -12, 4, 4],
        "[sec §7.9, OÖR25 B.4]"),
    row("renonce-dreier-opponent", {"contract": "dreier", "declarer": 0, "renonce": 2}, [12, 4, -20, 4], [12, 4, -20, 4],
        "[sec §7.9, OÖR25 B.4]"),
    # OÖR25 B.4: opponent revokes in a Sechserdreier with announced Uhu: +24, +12, +12, -48.
    row("renonce-sechserdreier-uhu", {"contract": "sechserdreier", "declarer": 0, "renonce": 3,
                                      "bonuses": [bonus("uhu", announced=True)]},
        [24, 12, 12, -48], [24, 12, 12, -48], "[sec §7.9, OÖR25 B.4]"),
    # A-Rufer without a bird: a renonce, 3 to each (OÖR25 B.4): entered with the Pagat as its bird, the game
    # (1) and the Pagat (2) go to everyone else.
    row("renonce-a-rufer-without-bird", {"contract": "besserrufer", "declarer": 1, "partner": 2, "renonce": 1,
                                         "bonuses": [bonus("pagat", announced=True)]},
        [3, -9, 3, 3], [3, -9, 3, 3], "[sec §3.7] 3 points to each other player"),
    # ---- Trischaken ([sec §7.6]; card points in thirds there, "P+B" here) -----------------------
    row("trischaken-jungfrau", trischaken("20", "30+1", "19+2", "0"), [0, -3, 0, 3], [0, -3, 0, 3], "[sec §7.6] Jungfrau D"),
    row("trischaken-vorhand-mayor", trischaken("36", "13+1", "13+1", "7+1"), [-12, 4, 4, 4], [-12, 4, 4, 4],
        "[sec §7.6] Trischaker Bürgermeister"),
    row("trischaken-two-tied", trischaken("12", "25", "25", "8"), [2, -2, -2, 2], [2, -2, -2, 2], "[sec §7.6] zwei Punktegleiche"),
    row("trischaken-two-jungfrauen-35+1", trischaken("0", "35+1", "34+2", "0"), [2, -4, 0, 2], [2, -4, 0, 2],
        "[sec §7.6] 35/1 : 34/2, 2 × 2 = 4"),
    row("trischaken-two-jungfrauen-35+2", trischaken("0", "35+2", "34+1", "0"), [3, -6, 0, 3], [3, -6, 0, 3],
        "[sec §7.6] 35/2 : 34/1"),
    row("trischaken-three-tied", trischaken("10", "20", "20", "20"), [3, -1, -1, -1], [3, -1, -1, -1],
        "[sec §7.6] drei Punktegleiche"),
    row("trischaken-vorhand-tied", trischaken("25", "25", "10", "10"), [-6, 2, 2, 2], [-6, 2, 2, 2],
        "[sec §7.6] Trischaker punktegleich"),
    row("trischaken-mayor", trischaken("16+2", "36+2", "10", "6+2"), [2, -6, 2, 2], [2, -6, 2, 2], "[sec §7.6] Bürgermeister B"),
    row("trischaken-35-35-jungfrauen", trischaken("0", "35", "35", "0"), [2, -2, -2, 2], [2, -2, -2, 2],
        "[sec §7.6] 35 : 35, zwei Jungfrauen"),
    row("trischaken-plain", trischaken("20", "30", "10", "10"), [1, -3, 1, 1], [1, -3, 1, 1], "loser pays 1 to each"),
    row("trischaken-vorhand-loser", trischaken("30", "20", "10", "10"), [-6, 2, 2, 2], [-6, 2, 2, 2], "Trischaker pays double"),
    # All tricks: the game (≥ 35+2) pays 2 to each, Vorhand 4.
    row("trischaken-all-tricks", trischaken("0", "70", "0", "0"), [2, -6, 2, 2], [2, -6, 2, 2], "all tricks"),
    row("trischaken-renonce", {"contract": "trischaken", "renonce": 2}, [2, 2, -6, 2], [2, 2, -6, 2],
        "[sec §7.9, OÖ23 Trischaken 4] 2 each"),
    row("trischaken-renonce-trischaker", {"contract": "trischaken", "renonce": 0}, [-12, 4, 4, 4], [-12, 4, 4, 4],
        "[sec §7.9, OÖ23 Trischaken 4] the Trischaker 4 each"),
]

ERRORS = [
    pytest.param(won("rufer", 1, 2), ["vorhand_only"], id="rufer-not-vorhand"),
    pytest.param(won("sechserdreier", 2), ["vorhand_only"], id="sechserdreier-not-vorhand"),
    pytest.param(trischaken("10", "30", "20", "10", declarer=1), ["vorhand_only"], id="trischaken-not-vorhand"),
    pytest.param(trischaken("10", "30", "20", "10", kontra=2), ["kontra_not_allowed"], id="trischaken-kontra"),
    pytest.param(won("rufer", 0, 0), ["own_king_forbidden"], id="own-king"),
    pytest.param(won("rufer", 0, 1, kontra=16), ["kontra_invalid"], id="kontra-16"),
    pytest.param(won("rufer", 0, 1, bonuses=[bonus("mondfang")]), ["bonus_not_in_ruleset"], id="no-captures"),
    pytest.param(won("farbensolo", 1, bonuses=[bonus("trull")]), ["bonus_not_allowed"], id="trull-in-farbensolo"),
    pytest.param(won("piccolo", 1, bonuses=[bonus("pagat")]), ["bonus_not_allowed"], id="bonus-in-piccolo"),
    pytest.param(won("zwiccolo", 1), ["contract_not_offered"], id="no-zwiccolo"),
    # OÖ23 Ansagen 4 [sec §3.7]: the A-Rufer's bird must be announced.
    pytest.param(won("besserrufer", 0, 1), ["bird_required"], id="a-rufer-no-bird"),
    pytest.param(lost("besserrufer", 0, 1, bonuses=[bonus("pagat")]), ["bird_required"], id="a-rufer-silent-bird"),
    pytest.param({"contract": "besserrufer", "declarer": 0, "partner": 1, "without_bird": True, "result": "lost"},
                 ["without_bird_fields"], id="a-rufer-without-bird-and-result"),
    pytest.param({"contract": "dreier", "declarer": 0, "without_bird": True}, ["without_bird_not_offered"],
                 id="dreier-without-bird"),
    # Plausibility: the three trull cards are 13 card points, the four kings 17+1.
    pytest.param({"contract": "dreier", "declarer": 0, "declarer_points": "12+2", "bonuses": [bonus("trull")]},
                 ["bonus_cards_too_few"], id="trull-with-12+2"),
    pytest.param({"contract": "dreier", "declarer": 0, "declarer_points": "17", "bonuses": [bonus("four_kings")]},
                 ["bonus_cards_too_few"], id="four-kings-with-17"),
    pytest.param({"contract": "dreier", "declarer": 0, "declarer_points": "60",
                  "bonuses": [bonus("trull", "opponents")]}, ["bonus_cards_too_few"], id="opponents-trull-at-60"),
    pytest.param({"contract": "dreier", "declarer": 0, "declarer_points": "30",
                  "bonuses": [bonus("trull"), bonus("four_kings")]}, ["hand_cards_impossible"], id="trull-and-kings-in-30"),
    # Beside a Valat the other side took no trick: no bird, no König ultimo; four kings are more than the
    # talon half it may hold.
    pytest.param(won("rufer", 0, 1, bonuses=[bonus("valat", announced=True), bonus("pagat", "opponents")]),
                 ["bonus_beside_valat"], id="valat-and-opponents-pagat"),
    pytest.param(won("dreier", 0, bonuses=[bonus("valat"), bonus("pagat", made=False)]),
                 ["bonus_beside_valat"], id="valat-and-pagat-caught"),
    pytest.param(won("rufer", 0, 1, bonuses=[bonus("valat"), bonus("four_kings", "opponents")]),
                 ["bonus_beside_valat"], id="valat-and-opponents-kings"),
    pytest.param(lost("dreier", 0, bonuses=[bonus("valat", "opponents"), bonus("trull")]),
                 ["bonus_beside_valat"], id="opponents-valat-and-declarer-trull"),
    # Trischaken: a player with a trick has four cards, at least 1+1.
    pytest.param(trischaken("0+1", "30", "20", "19+2"), ["trischaken_points_impossible"], id="trischaken-0+1"),
    pytest.param(trischaken("3", "30", "20", "17"), ["trischaken_points_impossible"], id="trischaken-3"),
]


@pytest.mark.parametrize("hand, points, cash, cite", GOLDEN)
def test_golden_raiffeisen(hand, points, cash, cite):
    check_golden(RULES, hand, points, cash, cite)


@pytest.mark.parametrize("hand, codes", ERRORS)
def test_invalid_raiffeisen(hand, codes):
    check_refused(RULES, hand, codes)


def test_every_contract_and_bonus_of_raiffeisen_is_covered():
    check_coverage(RULES, GOLDEN)

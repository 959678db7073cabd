"""Tiroler Tarockcup, cup rules 2019/2020 (seed 000, tarock.tirol), with rule-notes.md.

Every value cites the table row or sentence of docs/sources/000_debe8f38cfb17d10.txt it comes
from; tests/rules/test_citations.py checks each quote against the text.
"""

from rules.engine.cardpoints import thirds
from rules.engine.catalogue import CALL, NEGATIVE, POSITIVE, TRISCHAKEN
from rules.engine.plausibility import KINGS_THIRDS, TRULL_THIRDS
from rules.engine.ruleset import (
    BonusRule,
    Cite,
    ContractRule,
    Interpretation,
    RenonceRule,
    RuleSet,
    TournamentFormat,
    TrischakenRule,
    ValatRule,
)
from rules.rulesets.byes import WITH_FIVES, bye_interpretation
from rules.rulesets.citing import citing, note

seed = citing("000")


TRICK_BONUSES = frozenset({"pagat", "uhu", "kakadu", "quapil", "king_ultimo", "mondfang"})
MATERIAL_BONUSES = frozenset({"trull", "four_kings", "sack", "double_sack"})
ALL_BONUSES = TRICK_BONUSES | MATERIAL_BONUSES | {"valat"}
WITHOUT_CALLED_KING = ALL_BONUSES - {"king_ultimo"}
FARBENSPIEL_BONUSES = frozenset({"four_kings", "sack", "double_sack", "valat"})
BIRDS = frozenset({"pagat", "uhu", "kakadu", "quapil"})

SOLO = seed("All bonuses score double (including Valat).")
CLAIM = seed("If such a player would be subject to a further publicly verifiable loss of points, they and their "
             "partner may claim these points if they are not already accounted for.")
# The cup's 2020 wording of its tie-break, as its scoring app ABAKUS shows it (docs/sources/abakus-tirol.md).
ABAKUS_TIE_BREAK = Cite("abakus-tirol", "Tie-break (REGELN.js:113): level players are compared by their better round results, then by lot.")
FARBENSPIEL = seed("The only bonuses are Four Kings, Säcke and Valat.")
VORHAND = seed("*Vorhand only")
NO_KING_OWN = seed("He may not call his own king.")
GIVE_UP = seed("The game may be given up only when the called king is in the talon.")

CONTRACTS = (
    ContractRule("rufer", "Rufer", 1, POSITIVE, seed("Rufer* 1"), vorhand_only=True, partner=CALL,
                 talon="half", bonuses=ALL_BONUSES, surrender=True, notes=(VORHAND, GIVE_UP)),
    ContractRule("trischaken", "Trischaken", 2, TRISCHAKEN, seed("Trischaken* 2"), vorhand_only=True,
                 notes=(VORHAND, seed("Trischaken: any card may be led (with the partial exception of the pagat, see above); no kontras."))),
    ContractRule("piccolo", "Piccolo", 2, NEGATIVE, seed("Piccolo 2"),
                 notes=(seed("There are no bonuses in any negative contract."),)),
    ContractRule("solorufer", "Solorufer", 2, POSITIVE, seed("Solorufer 2"), partner=CALL, bonus_factor=2,
                 bonuses=ALL_BONUSES, notes=(SOLO,)),
    ContractRule("besserrufer", "Besserrufer", 1, POSITIVE, seed("Besserrufer 1 + bird"), partner=CALL,
                 talon="half", bonuses=ALL_BONUSES, required_birds=BIRDS, surrender=True,
                 notes=(seed("playing Besserrufer without the right bird"), GIVE_UP)),
    ContractRule("bettler", "Bettler", 4, NEGATIVE, seed("Bettler 4")),
    ContractRule("sechserdreier", "Sechserdreier", 4, POSITIVE, seed("Sechserdreier* 4"), vorhand_only=True,
                 talon="whole", loss_factor=2, bonuses=WITHOUT_CALLED_KING,
                 notes=(VORHAND, seed("the points for going off are doubled (points for game only)"))),
    ContractRule("farbendreier", "Farbendreier", 5, POSITIVE, seed("Farbendreier 5"), talon="half",
                 farbenspiel=True, bonuses=FARBENSPIEL_BONUSES, notes=(FARBENSPIEL,)),
    ContractRule("dreier", "Dreier", 5, POSITIVE, seed("Dreier (Eigener, Auf) 5"), talon="half",
                 bonuses=WITHOUT_CALLED_KING),
    ContractRule("zwiccolo_ouvert", "Zwiccolo ouvert", 8, NEGATIVE, seed("Zwiccolo ouvert 8")),
    ContractRule("piccolo_ouvert", "Piccolo ouvert", 8, NEGATIVE, seed("Piccolo ouvert 8")),
    ContractRule("bettler_ouvert", "Bettel ouvert", 8, NEGATIVE, seed("Bettel ouvert 8")),
    ContractRule("farbensolo", "Farbensolo", 10, POSITIVE, seed("Farbensolo 10"), farbenspiel=True,
                 bonus_factor=2, bonuses=FARBENSPIEL_BONUSES, notes=(FARBENSPIEL, SOLO)),
    ContractRule("solodreier", "Solodreier", 10, POSITIVE, seed("Solodreier 10"), bonus_factor=2,
                 bonuses=WITHOUT_CALLED_KING, notes=(SOLO,)),
)

BONUSES = (
    BonusRule("pagat", "Pagat", 1, 2, seed("Pagat (I) 1 2")),
    BonusRule("uhu", "Uhu", 2, 4, seed("Uhu (II) 2 4")),
    BonusRule("kakadu", "Kakadu", 3, 6, seed("Kakadu/Maus (III) 3 6")),
    BonusRule("quapil", "Quapil", 4, 8, seed("Quapil (IIII) 4 8")),
    BonusRule("king_ultimo", "König ultimo", 1, 2, seed("King ultimo 1 2")),
    BonusRule("mondfang", "Mondfang", 1, 2, seed("Mondfang 1 2"),
              notes=(seed("If the Mond is captured by the opponents, Mondfang is scored; no other captures score."),)),
    BonusRule("four_kings", "Vier Könige", 1, 2, seed("Four kings 1 2"), card_thirds=KINGS_THIRDS),
    BonusRule("trull", "Trull", 1, 2, seed("Trull 1 2"), card_thirds=TRULL_THIRDS),
    BonusRule("sack", "1. Sack", None, 2, seed("1st Sack ($\\geq 45 + 2$) 2"), min_card_points=thirds(45, 2)),
    BonusRule("double_sack", "2. Sack", None, 2, seed("2nd Sack ($\\geq 55 + 2$) 2"), min_card_points=thirds(55, 2)),
    BonusRule("valat", "Valat", 10, 20, seed("Valat 10 20"),
              notes=(note("The fixed Valat premium (10 / 20) is added like any bonus and doubled in the solo games"),)),
)

RULESET = RuleSet(
    slug="tirol",
    name="Tiroler Tarockcup",
    version=1,
    seed="000",
    description="Cup-Regeln des Tiroler Tarockcups, Saison 2019/2020 (tarock.tirol).",
    contracts=CONTRACTS,
    bonuses=BONUSES,
    win_threshold=107,
    total_card_points=70,
    kontra_levels=(1, 2, 4, 8),
    kontra_counts_for_standings=False,
    own_king_allowed=False,
    valat=ValatRule(
        "premium", seed("Valat is added to the score for game, just like other bonuses."),
        voids=frozenset({"material"}),
        notes=(seed("If Valat is achieved, then trick bonuses (birds, ultimo, Mondfang) score as bonuses (whether announced or silent), but bonuses for material (Trull, four kings, Säcke) do not."),
               seed("If an announced Valat goes off, game and all trick bonuses may still be scored.")),
    ),
    trischaken=TrischakenRule(
        "two_pairs", seed("The two players with the most card-points pay the two others two points (2×2)."),
        unit=2, alone_unit=2, virgin_unit=2, mayor_threshold=107, declarer_most_pays_alone=True,
        declarer_factor=2, extras="replace", virgins="share", renonce_unit=4,
        notes=(
            seed("A mayor (with at least 35 points and 2 cards) pays six points (3×2), a virgin (no tricks) receives six points (3×2)."),
            seed("If Vorhand has the most points, he pays six (3×2), and pays double if he is the mayor (3×4)."),
            seed("Players with the same card points split their victory points; if both middle players have the same number of points, then they pay and receive nothing."),
            seed("If a revoke is committed the offender pays everyone else four victory points (3×4)."),
            note("each of the two players with the most card points loses 2 and each of the other two wins 2"),
        ),
    ),
    renonce=RenonceRule(
        "as_winner", seed("all players who have not committed a breach score as if they had wone the game and all announced bonuses."),
        notes=(CLAIM,), claims_on_top=True,
    ),
    format=TournamentFormat(
        seed("Three rounds of 16 hands are normally played (20 at a table of five)."),
        rounds=3, hands_at_four=16, hands_at_five=20, tables_of_five=True,
        tie_breaks=("round_results", "lots"), stake_cents=10,
        direction="anticlockwise", direction_source=seed("Königrufen is played with 54 cards, with four players at a table and anticlockwise"),
        time_limit_source=seed("There is a time limit; the tournament director can end play at tables that are running late."),
        table_draw="seats_and_first_vorhand",
        table_draw_source=seed("The order of seating at a table is determined by drawing cards (tarock is first Vorhand)."),
        notes=(seed("Ten cents per point."),
               seed("In case of a tie, the following tie-breakers are used in order: the best round, and drawing lots.")),
    ),
    citations={
        "win_threshold": seed("or 35 points and 2 cards, in the more precise method of counting"),
        "total_card_points": Cite("001", "The total value of the pack comes to 70 card points."),
        "kontra_levels": seed("The game and the bonuses can be kontraed separately."),
        "kontra_counts_for_standings": seed("There are no doubled rounds and kontras do not count towards tournament scoring."),
        "own_king_allowed": NO_KING_OWN,
    },
    interpretations=(
        bye_interpretation(WITH_FIVES),
        Interpretation(
            "Tie-break: the better round results",
            "Players level on points are compared by their round results, best first: the best round, then (if level) "
            "the second best, then the third, and only then by lot (tie-break key `round_results`). Its first comparison "
            "is exactly \"the best round\"; going on to the next rounds before drawing lots follows the cup's own "
            "wording in its scoring app ABAKUS, the better round results and then lots (the 2020 text, "
            "docs/sources/abakus-tirol.md: REGELN.js line 113; rule set `tirol2020`).",
            ABAKUS_TIE_BREAK,
        ),
        Interpretation(
            "Revoke: points claimed beyond the hand",
            "The revoke is scored in the hand (`renonce`: everyone else as if they had won the game and their "
            "announced bonuses). Points a player could clearly show he would have made on top of that (a bonus "
            "plainly on the table when the revoke stopped play) are claimed from the offender: the director books "
            "them against that hand as one zero-sum booking, the claimant credited and the offender debited the same "
            "points (Punktekorrekturen, \"Renonce-Nachforderung\"). They count for the standings in the hand's round "
            "and are paid at the stake like the hand's points (the claimant is made whole: Tirol plays for 10 cents a "
            "point), in the money, the table's settlement and the sheet's totals; they show on the hand's line of the "
            "sheet, and the hand itself stays as scored.",
            CLAIM,
        ),
        Interpretation(
            "Annulled deal",
            "Every deal must be played, so there is no redeal to record; a deal that has to be annulled after play "
            "(a scoring error that cannot be put right) is entered with the contract `annulled` (accepted by every "
            "rule set): 0 for everyone, and it counts toward the round's hands since it was dealt and played.",
            seed("Every deal must be played."),
        ),
        Interpretation(
            "Silent Valat that did not happen",
            "A Valat is one side taking every trick. A silent (unannounced) Valat line marked lost (made: false) would hand the other side a Valat nobody made, so it is refused: leave it out, or, if the other side took every trick, enter their Valat (side opponents). Only an announced Valat can fail and be scored as failed.",
            seed("If an announced Valat goes off, game and all trick bonuses may still be scored."),
        ),
        Interpretation(
            "Kontra levels",
            "The cup text only says that game and bonuses can be kontra'd. We allow kontra, rekontra and "
            "subkontra (×2, ×4, ×8), the levels the Austrian rule texts name (seed 004: \"4 bzw. 8-fach\"); "
            "they only move cash here anyway, because kontras do not count for the standings.",
            Cite("004", "Dann geht’s inzwischen 4 bzw. 8-fach."),
        ),
        Interpretation(
            "Besserrufer's bird",
            "The contract is worth 1; the bird it requires is scored as an announced bonus of the declarer's "
            "side with its own announced value, as the hand format prescribes.",
            Cite("hand-format", "the contract value alone does not include it."),
        ),
        Interpretation(
            "Giving up (schleifen)",
            "The cup text allows giving up a Rufer or Besserrufer when the called king is in the talon but gives "
            "no price. We use the Upper-Austrian price: the declarer pays the game, plus the planned bird in a "
            "Besserrufer, to each of the three others, without kontras.",
            note("Schleifen (giving up when the called king is in the talon): the declarer pays the game, plus the planned bird in a Besser-Rufer, to each of the three others; no kontra."),
        ),
        Interpretation(
            "Trischaken: several special cases at once",
            "A mayor (or Vorhand with the most points) paying alone and a virgin receiving alone both replace the "
            "two-against-two payment; when both happen, both payments apply. Several virgins share one virgin "
            "payment (the cup's rule that equal card points split their victory points). Vorhand pays alone only "
            "with strictly the most points; a shared top score is the normal case, split.",
            seed("Players with the same card points split their victory points"),
        ),
        Interpretation(
            "Renonce",
            "Read literally: each player who did not revoke scores what they would score had their side won the "
            "game and every announced bonus (silent bonuses drop out; kontras given stay, in the cash). In a game "
            "played alone, a revoking opponent therefore pays the declarer's threefold win and each other "
            "opponent's single one.",
            seed("all players who have not committed a breach score as if they had wone the game and all announced bonuses."),
        ),
        Interpretation(
            "Valat and material bonuses",
            "Next to an achieved Valat, material bonuses (Trull, four kings, Säcke) do not count even when "
            "announced; the breakdown lists them with 0 and the reason.",
            seed("but bonuses for material (Trull, four kings, Säcke) do not."),
        ),
    ),
)

"""Königrufen as described on pagat.com (seed 001, a "typical" rule set), with rule-notes.md.

The seed's tables lost their column breaks ("Rufer1call a king"); the quotes keep them as they
stand so tests/rules/test_citations.py finds them verbatim.
"""

from rules.engine.catalogue import CALL, NEGATIVE, POSITIVE, TRISCHAKEN
from rules.engine.ruleset import (
    BonusRule,
    Cite,
    ContractRule,
    Interpretation,
    RuleSet,
    TournamentFormat,
    TrischakenRule,
    ValatRule,
)
from rules.rulesets.byes import WITH_FIVES, bye_interpretation
from rules.rulesets.citing import citing, note

seed = citing("001")


ALL_BONUSES = frozenset(
    {"trull", "four_kings", "king_captured", "mondfang", "skuesfang", "pagat", "uhu", "kakadu", "quapil",
     "king_ultimo", "valat"}
)
WITHOUT_CALLED_KING = ALL_BONUSES - {"king_ultimo", "king_captured"}
VALAT_ONLY = frozenset({"valat"})
BIRDS = frozenset({"pagat", "uhu", "kakadu", "quapil"})

FOREHAND = seed("The first three are only available to Forehand")
SOLO = seed("All bonuses score double the amounts given above if the contract is Solo or Solodreier.")
NO_NEGATIVE_BONUSES = seed("These are only available in positive contracts.")

CONTRACTS = (
    ContractRule("rufer", "Rufer", 1, POSITIVE, seed("Rufer1call a king; 3 cards from talon; take 36+ points"),
                 vorhand_only=True, partner=CALL, talon="half", bonuses=ALL_BONUSES, notes=(FOREHAND,)),
    ContractRule("trischaken", "Trischaken", 1, TRISCHAKEN, seed("Trischaken1avoid taking card points"),
                 vorhand_only=True, notes=(FOREHAND,)),
    ContractRule("sechserdreier", "Sechserdreier", 2, POSITIVE, seed("Sechserdreier+2, -4play alone; 6 cards from talon"),
                 vorhand_only=True, talon="whole", loss_factor=2, bonuses=WITHOUT_CALLED_KING,
                 notes=(FOREHAND, seed("Declarer scores two points if successful, but loses four if she fails to make the game."))),
    ContractRule("piccolo", "Piccolo", 2, NEGATIVE, seed("Piccolo2play alone; win one trick exactly"), notes=(NO_NEGATIVE_BONUSES,)),
    ContractRule("zwiccolo", "Zwiccolo", 2, NEGATIVE, seed("Zwiccolo2play alone; win two tricks exactly")),
    ContractRule("solorufer", "Solo", 2, POSITIVE, seed("Solo2call a king; 0 cards from talon; take 36+ points"),
                 partner=CALL, bonus_factor=2, bonuses=ALL_BONUSES, notes=(SOLO,)),
    ContractRule("bettler", "Bettel", 3, NEGATIVE, seed("Bettel3play alone; lose every trick")),
    ContractRule("besserrufer", "Besserrufer", 1, POSITIVE, seed("Besserrufer1+bonuslike rufer but must announce a bird"),
                 partner=CALL, talon="half", bonuses=ALL_BONUSES, required_birds=BIRDS, surrender=True, surrender_value=3,
                 notes=(seed("declarer is obliged to announce at least one of Pagat ultimo, Uhu, Kakadu or Marabu"),
                        seed("she may choose to play on alone or to give up the hand for 3 points (equivalent losing the game (1) and the pagat (2) without kontras or extra bonuses)."))),
    ContractRule("farbendreier", "Farbendreier", 3, POSITIVE, seed("Farbendreier3play alone; 3 cards from talon; tarocks don't win"),
                 talon="half", farbenspiel=True, bonuses=VALAT_ONLY,
                 notes=(seed("Farbendreier is similar to Farbensolo except that the talon is exposed"),)),
    ContractRule("dreier", "Dreier", 4, POSITIVE, seed("Dreier4play alone; 3 cards from talon; take 36+ points"),
                 talon="half", bonuses=WITHOUT_CALLED_KING),
    ContractRule("piccolo_ouvert", "Piccolo Ouvert", 5, NEGATIVE, seed("Piccolo Ouvert5play alone; win one trick; all cards exposed")),
    ContractRule("bettler_ouvert", "Bettel Ouvert", 6, NEGATIVE, seed("Bettel Ouvert6play alone; lose every trick; all cards exposed")),
    ContractRule("farbensolo", "Farbensolo", 6, POSITIVE, seed("Farbensolo6play alone; 0 cards from talon; tarocks don't win"),
                 farbenspiel=True, bonuses=VALAT_ONLY,
                 notes=(seed("Bonuses except that for valat are not available in Farbensolo."),)),
    ContractRule("solodreier", "Solodreier", 8, POSITIVE, seed("Solodreier8play alone; 0 cards from talon; take 36+ points"),
                 bonus_factor=2, bonuses=WITHOUT_CALLED_KING, notes=(SOLO,)),
)

BONUSES = (
    BonusRule("trull", "Trull", 1, 2, seed("Trull12take S, XXI and I in tricks")),
    BonusRule("four_kings", "4 Könige", 1, 2, seed("4 kings12take all 4 kings in tricks")),
    BonusRule("king_captured", "Königfang", 1, None, seed("Called king captured1...by declarer's opponents")),
    BonusRule("mondfang", "Mondfang", 1, None, seed("Mondfang1capture opponent's XXI")),
    BonusRule("skuesfang", "Sküsfang", 2, None, seed("Sküsfang2capture opponent's Sküs")),
    BonusRule("pagat", "Pagat ultimo", 1, 2, seed("Pagat Ultimo*12win last trick with the I")),
    BonusRule("uhu", "Uhu", 2, 4, seed("Uhu*24win 2nd last trick with II")),
    BonusRule("kakadu", "Kakadu", 3, 6, seed("Kakadu*36win 3rd last trick with III")),
    BonusRule("quapil", "Marabu", 4, 8, seed("Marabu*48win 4th last trick with IIII")),
    BonusRule("king_ultimo", "König ultimo", 1, 2, seed("King ultimo12win called king in last trick")),
    BonusRule("valat", "Valat", 4, 8, seed("Valat4× game score8× game scorewin every trick")),
)

RULESET = RuleSet(
    slug="pagat",
    name="pagat.com",
    version=1,
    seed="001",
    description="Königrufen nach pagat.com (typische Regeln, M. Macfadyen, K. Healey, J. McLeod).",
    contracts=CONTRACTS,
    bonuses=BONUSES,
    win_threshold=107,
    total_card_points=70,
    kontra_levels=(1, 2, 4, 8, 16, 32, 64),
    kontra_counts_for_standings=True,
    own_king_allowed=True,
    valat=ValatRule(
        "premium", seed("Valat4× game score8× game scorewin every trick"), per_game_value=True,
        notes=(seed("They are all scored independently of each other and of the game."),
               seed("so trull and four kings are made even if one of those cards was in the rejected half of the talon.")),
    ),
    trischaken=TrischakenRule(
        "two_pairs", seed("In Trischaken, the two players who take most card points in tricks pay one point to the two who take least."),
        unit=1, alone_unit=2, virgin_unit=2, mayor_threshold=107, declarer_most_pays_alone=False,
        declarer_factor=1, extras="add", virgins="each", renonce_unit=0,
        notes=(seed("If any player takes no tricks they are paid 2 by all three others in addition to this"),
               seed("if any player takes 36 or more points (known as Bürgermeister) they pay 2 to all three in addition")),
    ),
    renonce=None,
    format=TournamentFormat(
        note("Both are money games without a tournament mode: standings points equal cash (kontras count)."),
        rounds=3, hands_at_four=16, hands_at_five=20, tables_of_five=True,
        tie_breaks=("best_round", "lots"), stake_cents=10,
        direction="anticlockwise", direction_source=seed("The game is played anticlockwise. The first dealer is selected randomly, and the turn to deal rotates anticlockwise after each hand."),
        table_draw="first_dealer", table_draw_source=seed("The first dealer is selected randomly"),
    ),
    citations={
        "win_threshold": seed("the declarer's side wins if they make at least 36 of the 70 points."),
        "total_card_points": seed("The total value of the pack comes to 70 card points."),
        "kontra_levels": seed("by which time the original score for that feature has been multiplied by 64"),
        "kontra_counts_for_standings": note("Both are money games without a tournament mode: standings points equal cash (kontras count)."),
        "own_king_allowed": seed("It is legal to call your own king."),
    },
    interpretations=(
        bye_interpretation(WITH_FIVES),
        Interpretation(
            "Silent Valat that did not happen",
            "A Valat is one side taking every trick. A silent (unannounced) Valat line marked lost (made: false) would hand the other side a Valat nobody made, so it is refused: leave it out, or, if the other side took every trick, enter their Valat (side opponents). Only an announced Valat can fail and be scored as failed.",
            seed("Winning all the tricks."),
        ),
        Interpretation(
            "36 points",
            "pagat.com counts whole points: \"at least 36 of the 70\". In the precise counting in thirds that is "
            "35 points and 2 cards (the Tirol text says the two are the same), so the threshold is 35+2; "
            "the Bürgermeister's \"36 or more\" likewise.",
            Cite("000", "To win a deal, one needs 36 card-points (or 35 points and 2 cards"),
        ),
        Interpretation(
            "Kontra levels",
            "Kontra, rekontra, subkontra, hirschkontra and mordkontra; the text's top factor 64 is accepted too, "
            "since the hand format lists it.",
            seed("Some players allow the doubling to continue further with \"hirschkontra\" and \"mordkontra\""),
        ),
        Interpretation(
            "Valat",
            "Valat is one of the bonuses (4× / 8× the game score), scored independently of the game and the other "
            "bonuses, and like every bonus doubled in Solo and Solodreier.",
            seed("All bonuses score double the amounts given above if the contract is Solo or Solodreier."),
        ),
        Interpretation(
            "Farbendreier bonuses",
            "The text names only Valat for Farbensolo and calls Farbendreier \"similar to Farbensolo\"; both "
            "allow only the Valat.",
            seed("Farbendreier is similar to Farbensolo except that the talon is exposed"),
        ),
        Interpretation(
            "Single-value bonuses",
            "Called king captured (1), Mondfang (1) and Sküsfang (2) have one value in the table and score "
            "silently only.",
            seed("Sküsfang2capture opponent's Sküs"),
        ),
        Interpretation(
            "Giving up",
            "Only a Besserrufer with the called king in the talon can be given up (the text names no other), for "
            "the fixed 3 points the text names, paid to each of the three others whichever bird was announced "
            "(the announced bird is still entered; it does not change the price), without kontras.",
            seed("If the declarer in a Besser Rufer finds the called king in the talon"),
        ),
        Interpretation(
            "Renonce",
            "The page has no revoke penalty, so a revoke cannot be scored under these rules; a custom rule set "
            "derived from this one can add one.",
            note("Both are money games without a tournament mode"),
        ),
        Interpretation(
            "Absolut, Zwiccolo Ouvert and other variants",
            "The page lists Absolut, Besserdreier, Zwiccolo Ouvert, Driccolo and the bird-Rufer only as variants "
            "\"that may be encountered\"; they are not part of this rule set.",
            seed("Here are a few examples of additional contracts and bonuses that may be encountered."),
        ),
    ),
)

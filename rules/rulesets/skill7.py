"""Tarock at Skill7 (seed 002): a 40-card relative of Königrufen, with rule-notes.md.

The stake ("game value") is 1 point; Solo and Farbensolo are worth four times it and double
every premium; a Valat overrides the game and every other premium.
"""

from rules.engine.cardpoints import thirds
from rules.engine.catalogue import CALL, POSITIVE
from rules.engine.ruleset import (
    BonusRule,
    ContractRule,
    Interpretation,
    RuleSet,
    TournamentFormat,
    ValatRule,
)
from rules.rulesets.byes import WITH_FIVES, bye_interpretation
from rules.rulesets.citing import citing, note

seed = citing("002")


ALL_BONUSES = frozenset({"absolut", "pagat", "valat", "trull", "mondfang", "four_kings"})
FARBENSOLO_BONUSES = ALL_BONUSES - {"pagat", "trull", "mondfang"}
SOLO_DOUBLES = seed("Pagat for Solo games – two times the game value (Still), four times the game value (bid)")
STAKE = note("Skill7: the stake (\"game value\") is 1 point; Rufer ×1, Solo and Farbensolo ×4")

CONTRACTS = (
    ContractRule("rufer", "Rufer", 1, POSITIVE, seed("Normal Rufer – Normal game value"), partner=CALL,
                 bonuses=ALL_BONUSES, partner_required=True,
                 notes=(seed("Rufer (der Rufer ruft XX, XIX, XVII, XVII, XVI)"), STAKE)),
    ContractRule("farbensolo", "Farbensolo", 4, POSITIVE, seed("Solo/Farbensolo – Four times the game value"),
                 farbenspiel=True, bonus_factor=2, bonuses=FARBENSOLO_BONUSES,
                 notes=(seed("The premiums “Pagat”, “Trull” and “Mondfang” are not paid in “Farbesolo” games, but “Königstrull” is."),
                        SOLO_DOUBLES, STAKE)),
    ContractRule("solo", "Solo", 4, POSITIVE, seed("Solo/Farbensolo – Four times the game value"), bonus_factor=2,
                 bonuses=ALL_BONUSES, notes=(SOLO_DOUBLES, STAKE)),
)

BONUSES = (
    BonusRule("absolut", "Absolut", 1, 2, seed("Absolut for Rufer games – Normal game value (Still), two times the game value (bid)"),
              notes=(seed("In an Absolut game, the team that bid Absolut must reach 56 points to win."),
                     seed("An opponent may only bid “Absolut” after a “Kontra” has been bid")),
              opponents_need_kontra=True, min_card_points=thirds(56)),
    BonusRule("pagat", "Pagat", 1, 2, seed("Pagat for Rufer games – Normal game value (Still), two times the game value (bid)")),
    BonusRule("valat", "Valat", 6, 12, seed("Valat for Rufer games – Six times the game value (Still), 12 times the game value (bid)"),
              notes=(seed("Valat for Solo/Farbensolo games – 12 times the game value (Still), 24 times the game value (bid)"),)),
    BonusRule("trull", "Trull", 1, None, seed("Trull in Rufer games – Normal game value"),
              notes=(seed("There are further premiums that are automatic (they cannot be bid):"),)),
    BonusRule("mondfang", "Mondfang", 1, None, seed("Mondfang in Rufer games – Normal game value")),
    BonusRule("four_kings", "Königstrull", 1, None, seed("Königstrull in Rufer games – Normal game value")),
)

RULESET = RuleSet(
    slug="skill7",
    name="Skill7",
    version=1,
    seed="002",
    description="Tarock-Regeln der Online-Seite Skill7 (40 Karten, 10 je Spieler).",
    contracts=CONTRACTS,
    bonuses=BONUSES,
    win_threshold=135,
    total_card_points=88,
    kontra_levels=(1, 2, 4, 8),
    kontra_counts_for_standings=True,
    own_king_allowed=False,
    valat=ValatRule(
        "override", seed("A Valat overrides all other additions, irrespective of whether they were bid or “Still”."),
        notes=(seed("Furthermore, the game itself will not be valued, but instead just the Valat and any Kontra."),),
    ),
    trischaken=None,
    renonce=None,
    format=TournamentFormat(
        note("Both are money games without a tournament mode: standings points equal cash (kontras count)."),
        rounds=3, hands_at_four=16, hands_at_five=20, tables_of_five=True,
        tie_breaks=("best_round", "lots"), stake_cents=10,
        direction="clockwise", direction_source=seed("For each subsequent game, the next player (in a clockwise cycle) is the declarer."),
    ),
    citations={
        "win_threshold": seed("To win the game, a team must reach at least 45 points."),
        "total_card_points": seed("The sum of all of the cards in the game is 88."),
        "kontra_levels": seed("Subkontra (to the game)"),
        "kontra_counts_for_standings": note("Both are money games without a tournament mode: standings points equal cash (kontras count)."),
        "own_king_allowed": seed("Rufer (der Rufer ruft XX, XIX, XVII, XVII, XVI)"),
    },
    interpretations=(
        bye_interpretation(WITH_FIVES),
        Interpretation(
            "Silent Valat that did not happen",
            "A Valat is one side taking every trick. A silent (unannounced) Valat line marked lost (made: false) would hand the other side a Valat nobody made, so it is refused: leave it out, or, if the other side took every trick, enter their Valat (side opponents). Only an announced Valat can fail and be scored as failed.",
            seed("If the team wins every trick without having bid accordingly at the start of the game"),
        ),
        Interpretation(
            "Direction of play",
            "The site draws the direction of play at random for each table; the turn to declare then passes "
            "clockwise. A tournament needs one fixed order, so the rule set records the one the text names: clockwise.",
            seed("At the start of the game, the direction of play and the first declarer is selected randomly."),
        ),
        Interpretation(
            "The partner in a Rufer",
            "The Rufer calls a Tarock (XX, else XIX, …), not a king, and all 40 cards are dealt (10 each, no "
            "talon), so the called card is always in another player's hand: the partner must be entered, and "
            "calling one's own card is impossible.",
            seed("Each player begins the game with 10 cards."),
        ),
        Interpretation(
            "Card points",
            "Skill7 adds card values without counting in threes (88 in the pack), so card points are whole "
            "numbers here; the game needs 45.",
            seed("The sum of all of the cards in the game is 88."),
        ),
        Interpretation(
            "Absolut in Solo games",
            "The second Absolut line of the text says \"Pagat for Solo games\"; read as Absolut for Solo games, "
            "two / four times the game value, i.e. the Rufer values doubled like every premium in Solo games.",
            seed("Pagat for Solo games – two times the game value (Still), four times the game value (bid)"),
        ),
        Interpretation(
            "Trull in Farbensolo",
            "The list of rules that \"do not apply\" names the valuation of the Trull in Farbesolo; with the "
            "closing sentence, Pagat, Trull and Mondfang are not paid in Farbensolo, Königstrull is.",
            seed("The valuation of the “Trull”, also in “Farbesolo” games"),
        ),
        Interpretation(
            "Kontra on a Valat",
            "The Valat is valued with its own kontra (\"just the Valat and any Kontra\"); the game is not valued, "
            "so a kontra on the game drops with it.",
            seed("the game itself will not be valued, but instead just the Valat and any Kontra."),
        ),
        Interpretation(
            "Stake",
            "One point is one game value; the tournament's stake per point turns points into money.",
            STAKE,
        ),
    ),
)

"""TarockRunde Sauwald, Stand 2019 (SWC: ABAKUS Statistik/REGELN.js lines 121–230), as
docs/sources/cup-rules.md sets it out; SWC:n in a quote is line n of that file.
"""

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
from rules.rulesets.cups import DIRECTION, SEC, SOURCE, SWC, TOTAL_POINTS, cup
from rules.rulesets.ooe import ALONE_BONUSES, BIRDS, FARBEN_BONUSES, RUFER_BONUSES

VALUES = "Contracts (SWC:128–139; \"*\" = Vorhandspiel, SWC:159) - Values: … "
BONUS_VALUES = "Bonuses (SWC:149–156, 206–214) - Silent/announced: … "
TRISCHAKEN_SWC = "Trischaken (SWC:182–187) … "
CALLING = "Calling and surrender (SWC:169) … "
SOLO = cup("Silent counts half. In solo games everything counts double **except the Valat** (SWC:206).")
VORHAND = cup("The Sechserdreier must be announced at once. Every other game may also be announced later, and Vorhand may hold a game that was already bid (SWC:175–176).")
SURRENDER = cup(CALLING + "He is then scored the points of the normal Rufer or A-Rufer plus the announcement, as lost.")
FARBEN = cup("Farbensolo (SWC:198–201): … the only allowed announcements are the Valat and all kings;")
NEGATIVE_GAMES = cup("Negative games: Piccolo, Bettel, Piccolo ouvert and Bettel ouvert. … (SWC:192–193)")
KONTRA = "Kontra (SWC:170) "

CONTRACTS = (
    ContractRule("rufer", "Vorhandrufer", 1, POSITIVE, cup(VALUES + "Vorhandrufer* 1"), vorhand_only=True, partner=CALL,
                 talon="half", bonuses=RUFER_BONUSES, surrender=True, notes=(VORHAND, SURRENDER)),
    ContractRule("trischaken", "Trischaken", 1, TRISCHAKEN, cup(VALUES + "Trischaken* 1"), vorhand_only=True,
                 notes=(cup(KONTRA + "A kontra does not affect the points score. … Trischaken cannot be doubled."),)),
    ContractRule("piccolo", "Piccolo", 2, NEGATIVE, cup(VALUES + "Piccolo 2"), notes=(NEGATIVE_GAMES,)),
    ContractRule("bettler", "Bettel", 2, NEGATIVE, cup(VALUES + "Bettel 2"), notes=(NEGATIVE_GAMES,)),
    ContractRule("solorufer", "Solorufer", 2, POSITIVE, cup(VALUES + "Solorufer 2"), partner=CALL, bonus_factor=2,
                 bonuses=RUFER_BONUSES, notes=(SOLO,)),
    ContractRule("besserrufer", "A-Rufer", 1, POSITIVE, cup(VALUES + "A-Rufer 1"), partner=CALL, talon="half",
                 bonuses=RUFER_BONUSES, required_birds=BIRDS, bird_optional=True, surrender=True, no_bird_price=3,
                 notes=(cup("One of the four birds is required for an A-Rufer. Playing an A-Rufer without one (before the talon) is a renonce, **3 points to each other player** (SWC:209)."),
                        Cite("hand-format", "the bird is entered as a bonus only when it was announced or played for"),
                        SURRENDER)),
    ContractRule("dreier", "Dreier", 4, POSITIVE, cup(VALUES + "Dreier 4"), talon="half", bonuses=ALONE_BONUSES),
    ContractRule("sechserdreier", "Sechserdreier", 4, POSITIVE, cup(VALUES + "Sechserdreier* 4"), vorhand_only=True,
                 talon="whole", loss_factor=2, bonuses=ALONE_BONUSES,
                 notes=(VORHAND, cup("Sechserdreier lost Only the game is doubled, not the announcements (SWC:175)."))),
    ContractRule("farbensolo", "Farbensolo", 5, POSITIVE, cup(VALUES + "Farbensolo 5"), farbenspiel=True, bonus_factor=2,
                 bonuses=FARBEN_BONUSES, notes=(FARBEN, SOLO, cup("Contracts (SWC:128–139; \"*\" = Vorhandspiel, SWC:159) … **There is no Farbendreier.**"))),
    ContractRule("piccolo_ouvert", "Piccolo ouvert", 6, NEGATIVE, cup(VALUES + "Piccolo ouvert 6"), notes=(NEGATIVE_GAMES,)),
    ContractRule("bettler_ouvert", "Bettel ouvert", 7, NEGATIVE, cup(VALUES + "Bettel ouvert 7"), notes=(NEGATIVE_GAMES,)),
    ContractRule("solodreier", "Solodreier", 8, POSITIVE, cup(VALUES + "Solodreier 8"), bonus_factor=2,
                 bonuses=ALONE_BONUSES, notes=(SOLO, cup("In a Solodreier every announcement comes before \"ich liege\" (SWC:208)."))),
)

BONUSES = (
    BonusRule("pagat", "Pagat", 1, 2, cup(BONUS_VALUES + "Pagat 1/2"), notes=(SOLO,)),
    BonusRule("uhu", "Uhu", 2, 4, cup(BONUS_VALUES + "Uhu 2/4"), notes=(SOLO,)),
    BonusRule("kakadu", "Kakadu", 3, 6, cup(BONUS_VALUES + "Kakadu 3/6"), notes=(SOLO,)),
    BonusRule("quapil", "Quapil", 4, 8, cup(BONUS_VALUES + "Quapil 4/8"), notes=(SOLO,)),
    BonusRule("king_ultimo", "König ultimo", 1, 2, cup(BONUS_VALUES + "König ultimo 1/2"), notes=(SOLO,)),
    BonusRule("trull", "Trull", 1, 2, cup(BONUS_VALUES + "Trull 1/2"), notes=(SOLO,), card_thirds=TRULL_THIRDS),
    BonusRule("four_kings", "4 Könige", 1, 2, cup(BONUS_VALUES + "4 Könige 1/2"), notes=(SOLO,), card_thirds=KINGS_THIRDS),
    BonusRule("valat", "Valat", 4, 8, cup(BONUS_VALUES + "Valat 4×/8× the game value."), solo_doubling=False, notes=(SOLO,)),
)

RULESET = RuleSet(
    slug="sauwald",
    name="TarockRunde Sauwald",
    version=1,
    seed=SOURCE,
    description="TarockRunde Sauwald: Regelwerk Stand 2019 (Sepp Lang), wie es die Cup-App ABAKUS zeigt.",
    contracts=CONTRACTS,
    bonuses=BONUSES,
    win_threshold=107,
    total_card_points=70,
    kontra_levels=(1, 2, 4, 8),
    kontra_counts_for_standings=False,
    own_king_allowed=False,
    valat=ValatRule(
        "game_multiple", cup("Valat (SWC:156, 175, 213–214) - Announced = 8 × the game value, silent = 4 ×."),
        notes=(
            cup("Valat (SWC:156, 175, 213–214) … Only announced bonuses count beside a Valat."),
            cup("Valat (SWC:156, 175, 213–214) … The Valat concerns only the game: other announcements such as Trull are not lost just because the game is lost."),
            cup("Valat (SWC:156, 175, 213–214) … The lost announced Valat in a Sechserdreier counts 8 × 8."),
        ),
    ),
    trischaken=TrischakenRule(
        "most_pays", cup("Trischaken (SWC:182–187)"),
        unit=1, mayor_threshold=107, declarer_factor=2, virgins="each", renonce_unit=3, declarer_tied_pays=True,
        notes=(
            cup(TRISCHAKEN_SWC + "The loser is the player with the most points (183)."),
            cup(TRISCHAKEN_SWC + "Vorhand pays **double** if he has the most points **or is tied for the most**."),
            cup(TRISCHAKEN_SWC + "A loss with at least 36 points is also paid double."),
            cup(TRISCHAKEN_SWC + "Vorhand in that case (≥ 36) pays **four times**."),
            cup(TRISCHAKEN_SWC + "the loser pays each of the other three 1;"),
            cup(TRISCHAKEN_SWC + "the Jungfrau gets 3 from the loser and the other two get nothing;"),
            cup(TRISCHAKEN_SWC + "they get **3 each**;"),
            cup(TRISCHAKEN_SWC + "A player with **all tricks** gives 6 points; Vorhand gives 12 (186)."),
            cup(TRISCHAKEN_SWC + "Renonce (187): the three regular players get 3 each and the offender −9, whoever played the game."),
        ),
    ),
    renonce=RenonceRule(
        "as_winner", cup("Renonce (SWC:220–223) - Every regular player scores as if he had won the game and all announced bonuses;"),
        notes=(cup("Renonce (SWC:220–223) … The offender is entered with the sum as minus."),),
    ),
    format=TournamentFormat(
        cup("Rounds, hands per round, seating, time limits, byes, tables of five and tie-breaks are **not stated** in SWC:121–230."),
        rounds=3, hands_at_four=16, hands_at_five=20, tables_of_five=True,
        tie_breaks=("round_results", "lots"), stake_cents=10,
        direction="anticlockwise", direction_source=DIRECTION,
        table_draw="first_dealer", table_draw_source=cup("Procedure (SWC:166) … The highest card deals first."),
        notes=(cup("Procedure (SWC:166) - Money play, 1 point = 10 Cent, written plus and minus."),),
    ),
    citations={
        "win_threshold": cup("36 points = 35 points and 2 Blatt (SWC:167)."),
        "total_card_points": TOTAL_POINTS,
        "kontra_levels": cup(KONTRA + "… Rekontra and Subkontra are not named."),
        "kontra_counts_for_standings": cup(KONTRA + "A kontra does not affect the points score."),
        "own_king_allowed": cup(CALLING + "In Rufer, Solorufer and A-Rufer one may not call a king from one's own hand."),
    },
    references=(SWC, SEC),
    interpretations=(
        bye_interpretation(WITH_FIVES),
        Interpretation(
            "Trischaken: ties for the most",
            "\"die Verlierer geben an die Gewinner je einen Punkt ab\" is read as each loser paying each winner 1 "
            "(two tied: −2, −2, +2, +2; three tied: −1 each, +3), the Upper-Austrian rule of the same wording "
            "(4/2023: two tied lose 2 each). Vorhand tied for the most is the loser alone and pays double, 2 to "
            "each of the three others, the other tied player paying nothing: the text names only Vorhand's payment.",
            cup("**Two players tied for most, neither Vorhand** (SWC:184), \"geben die Verlierer an die Gewinner je einen Punkt ab\"."),
        ),
        Interpretation(
            "Trischaken: Jungfrauen and the doublings",
            "A Jungfrau gets 3 × what the loser pays each player: 3, 6 when the loser has 36 or is Vorhand, 12 when "
            "both, since the doublings apply to what the loser pays. Two Jungfrauen get 3 each (6 from Vorhand): "
            "their loser holds 35 or more of the 70 points in nearly every such hand, so the text's \"je drei "
            "Punkte\" is not doubled for 36. Tied losers share what the Jungfrauen get (two tied and one "
            "Jungfrau: 1,5 each). One player with every trick pays each of the three 2 (he has 36 or more), "
            "Vorhand 4: 6 and 12 in all, as the text says.",
            cup("**Tie for most plus a Jungfrau** (SWC:185). \"Von den Verlierern die drei Punkte\": how do the losers split 3, and does a doubling apply?"),
        ),
        Interpretation(
            "Solo games and silent bonuses",
            "The Solorufer, the Solodreier and the Farbensolo are solo games: their bonuses count double, the Valat "
            "never. A silent bonus tried and lost counts its silent value for the other side (rule-notes.md). "
            "Negative games carry no bonuses: the text gives them none to play for.",
            cup("Whether **Farbensolo** is one of the \"Solospiele\" whose bonuses double (SWC:206)."),
        ),
        Interpretation(
            "Failed announced Valat",
            "A failed announced Valat costs 8 × the game (×2 more in a lost Sechserdreier: 8 × 8) and takes the "
            "game's place; the other bonuses count as usual, silent ones included, because no Valat happened.",
            cup("**A failed announced Valat next to silent bonuses** (SWC:213, \"Beim Valat gelten nur die angesagten Ansagen\"): does this hold when no Valat happened?"),
        ),
        Interpretation(
            "Kontra levels",
            "Only Kontra is named; Rekontra and Subkontra (×4, ×8) are allowed as in the Upper-Austrian texts the "
            "Sauwald rules derive from. Kontras only move money.",
            Cite("004", "Dann geht’s inzwischen 4 bzw. 8-fach."),
        ),
        Interpretation(
            "Solorufer with the called king in the talon",
            "The text has no rule for it: the declarer plays alone (3 × the value) and the kontras stand.",
            cup("**Solorufer with the called king in the talon**. SWC has no rule (is the kontra void? which talon half?)."),
        ),
        Interpretation(
            "Vorhand passed on",
            "A Vorhand with all four kings and no game passes Vorhand to the next player. The hand format numbers "
            "seats from Vorhand, so the contracts only Vorhand may play (Vorhandrufer, Trischaken, Sechserdreier) "
            "are accepted from seat 0 only; such a rare hand by the player who took Vorhand over is booked by the "
            "director as a points correction with this rule as the reason.",
            cup("**Passing Vorhand** (SWC:177)."),
        ),
        Interpretation(
            "An A-Rufer without a bird",
            "Playing an A-Rufer without a bird is a renonce of 3 to each other player, the declarer paying 9. It is "
            "entered as `without_bird` (hand-format.md), or as the declarer's renonce with no bird line: the bird "
            "need not be announced here (SWC:209 asks only that it is held), so a revoking A-Rufer declarer with "
            "no bird on the sheet is read as having played without one. Nothing else is scored beside it.",
            cup("**A-Rufer without a bird = 3 to each** (SWC:209)."),
        ),
        Interpretation(
            "Tournament format",
            "The text states none; the cups' usual one applies: 3 rounds of 16 hands (20 at a table of five), ties "
            "broken by the best, then the second-best round, 10 cents a point (SWC:166).",
            cup("**Tournament format**: none in the text."),
        ),
    ),
)

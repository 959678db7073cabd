"""Raiffeisen Tarockcup Austria: its „Spielregeln“ on tarockcup.at (RTC), the Upper-Austrian rules of
4/2023 it plays (OÖ23, quoted section by section in harbour-tarock: [sec]), as docs/sources/cup-rules.md
sets them out. Values cite cup-rules.md at the place naming the primary source (rules/rulesets/cups.py).
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
from rules.rulesets.cups import DIRECTION, RTC, RTC_OLD, SEC, SOURCE, TOTAL_POINTS, cup
from rules.rulesets.ooe import ALONE_BONUSES, BIRDS, FARBEN_BONUSES, RUFER_BONUSES

VORHAND = cup("OÖ23 Vorhand 1: Trischaken and Rufer only when Vorhand says \"Vorhand\" and all pass")
SOLO = cup("Silent = half the announced value, and every bonus counts double in solo games [sec §5.1, OÖ23 Ansagen 1].")
NO_BONUS_NEGATIVE = cup("No bonuses in negative games [sec §5.1].")
FARBEN = cup("Colour games (Farbendreier, Farbensolo) allow only Alle Könige and Valat. [sec §5.1] supports this")
SURRENDER = cup("Game and announcement are then scored as lost [sec §4.5a, OÖ23 Allg. 7].")
KONTRA = "Kontra (RTC bullet 5) … "
KONTRA_VOID = cup("[sec §4.5b/§7.7c]: in a Solorufer whose called king lies in the talon, every kontra is void, won or lost.")
NO_BIRD = cup("Playing an A-Rufer without a bird is a renonce: 3 points to each other player [sec §3.7].")
BIRD_HELD = cup("The A-Rufer's bird must be the one held before the talon and must be announced [sec §3.7, §5.3, OÖ23 Ansagen 4].")

CONTRACTS = (
    ContractRule("trischaken", "Trischaken", 1, TRISCHAKEN, cup("Trischaken | 1 | yes [sec] | RTC table"),
                 vorhand_only=True, notes=(VORHAND, cup(KONTRA + "Trischaken cannot be doubled."))),
    ContractRule("rufer", "Rufer", 1, POSITIVE, cup("Rufer | 1 | yes [sec] | RTC table"), vorhand_only=True,
                 partner=CALL, talon="half", bonuses=RUFER_BONUSES, surrender=True, notes=(VORHAND, SURRENDER)),
    ContractRule("piccolo", "Piccolo", 2, NEGATIVE, cup("Piccolo | 2 | no | RTC table"), notes=(NO_BONUS_NEGATIVE,)),
    ContractRule("bettler", "Bettel", 2, NEGATIVE, cup("Bettel | 2 | no | RTC table"), notes=(NO_BONUS_NEGATIVE,)),
    ContractRule("solorufer", "Solorufer", 2, POSITIVE, cup("Solorufer | 2 | no | RTC table"), partner=CALL,
                 bonus_factor=2, bonuses=RUFER_BONUSES, kontra_void_when_alone=True, notes=(SOLO, KONTRA_VOID)),
    ContractRule("besserrufer", "A-Rufer", 1, POSITIVE,
                 cup("A-Rufer (= Besserrufer) | \"1+\" (game 1 plus the bird, scored as an announced bonus) | no | RTC table"),
                 partner=CALL, talon="half", bonuses=RUFER_BONUSES, required_birds=BIRDS, surrender=True,
                 no_bird_price=3, notes=(BIRD_HELD, NO_BIRD, SURRENDER)),
    ContractRule("farbendreier", "Farbendreier", 3, POSITIVE, cup("Farbendreier | 3 | no | RTC table"), talon="half",
                 farbenspiel=True, bonuses=FARBEN_BONUSES, notes=(FARBEN,)),
    ContractRule("sechserdreier", "Sechserdreier", 4, POSITIVE,
                 cup("Sechserdreier | 4 | yes, and only as Vorhand's first word [sec] | RTC table"),
                 vorhand_only=True, talon="whole", loss_factor=2, bonuses=ALONE_BONUSES),
    ContractRule("dreier", "Dreier", 4, POSITIVE, cup("Dreier | 4 | no | RTC table"), talon="half",
                 bonuses=ALONE_BONUSES),
    ContractRule("farbensolo", "Farbensolo", 6, POSITIVE, cup("Farbensolo | 6 (RTC-old: 5) | no | RTC table"),
                 farbenspiel=True, bonus_factor=2, bonuses=FARBEN_BONUSES, notes=(FARBEN, SOLO)),
    ContractRule("piccolo_ouvert", "Piccolo ouvert", 6, NEGATIVE, cup("Piccolo ouvert | 6 | no | RTC table"),
                 notes=(NO_BONUS_NEGATIVE,)),
    ContractRule("bettler_ouvert", "Bettel ouvert", 7, NEGATIVE, cup("Bettel ouvert | 7 | no | RTC table"),
                 notes=(NO_BONUS_NEGATIVE,)),
    ContractRule("solodreier", "Solodreier", 8, POSITIVE, cup("Solodreier | 8 | no | RTC table"), bonus_factor=2,
                 bonuses=ALONE_BONUSES, notes=(SOLO,)),
)

TABLE = "Announced values (RTC table \"Ansagen und Punktebewertung\"): … "

BONUSES = (
    BonusRule("pagat", "Pagat", 1, 2, cup(TABLE + "Pagat 2"), notes=(SOLO,)),
    BonusRule("uhu", "Uhu", 2, 4, cup(TABLE + "Uhu 4"), notes=(SOLO,)),
    BonusRule("kakadu", "Kakadu", 3, 6, cup(TABLE + "Kakadu 6"), notes=(SOLO,)),
    BonusRule("quapil", "Quapil", 4, 8, cup(TABLE + "Quapil (\"Vierer\") 8"), notes=(SOLO, cup("RTC-old has no Quapil."))),
    BonusRule("king_ultimo", "König Ultimo", 1, 2, cup(TABLE + "König Ultimo 2"), notes=(SOLO,)),
    BonusRule("trull", "Trull", 1, 2, cup(TABLE + "Trull 2"), notes=(SOLO,), card_thirds=TRULL_THIRDS),
    BonusRule("four_kings", "Alle Könige", 1, 2, cup(TABLE + "Alle Könige 2"), notes=(SOLO,), card_thirds=KINGS_THIRDS),
    BonusRule("valat", "Valat", 4, 8, cup("Announced Valat = 8 × the game value (RTC table). Silent Valat = 4 × [sec §7.4, OÖ23 Ansagen 2]."),
              solo_doubling=False),
)

THRESHOLD = cup("36 points = 35 points and 2 Blatt (RTC bullet 3).")
NO_STANDINGS = cup(KONTRA + "Kontras move only the money, never the standings points.")
TRISCHAKEN_SEC = "Trischaken [sec §7.6, OÖ23 Trischaken 1–4] … "
SEC_MODE = cup("[sec §8.1] (Mair's cup comparison) gives 3 rounds of 16 hands at four, ties broken by the best, then the second-best round")

RULESET = RuleSet(
    slug="raiffeisen",
    name="Raiffeisen Tarockcup Austria",
    version=1,
    seed=SOURCE,
    description="Raiffeisen Tarockcup Austria: Spielregeln (tarockcup.at), die oberösterreichischen Tarockregeln 4/2023.",
    contracts=CONTRACTS,
    bonuses=BONUSES,
    win_threshold=107,
    total_card_points=70,
    kontra_levels=(1, 2, 4, 8),
    kontra_counts_for_standings=False,
    own_king_allowed=False,
    valat=ValatRule(
        "game_multiple", cup("Announced Valat = 8 × the game value (RTC table)."),
        notes=(cup("Silent Valat = 4 × [sec §7.4, OÖ23 Ansagen 2]. … It is a multiple of the game and replaces the game line. Beside a Valat only announced bonuses count."),),
        announced_voids_silent=True,
    ),
    trischaken=TrischakenRule(
        "most_pays", cup("Trischaken [sec §7.6, OÖ23 Trischaken 1–4]"),
        unit=1, mayor_threshold=107, declarer_factor=2, virgins="share", renonce_unit=2,
        declarer_tied_pays=True, renonce_declarer_factor=2,
        notes=(
            cup(TRISCHAKEN_SEC + "The loser is the player with the most card points. He pays 1 to each other player. With \"das Spiel\" (≥ 35+2) he pays 2 to each."),
            cup(TRISCHAKEN_SEC + "If the Trischaker (Vorhand) is the loser, he pays double: 2 each, or 4 each with ≥ 35+2."),
            cup(TRISCHAKEN_SEC + "A single Jungfrau (no trick) receives the whole payout (3, or 6)."),
            cup(TRISCHAKEN_SEC + "The text's own example: 35/1 against 34/2 with two Jungfrauen, the loser pays 2 × 2 = 4."),
            cup(TRISCHAKEN_SEC + "Two players tied for most (not Vorhand): each loses 2 and the two others win 2."),
            cup(TRISCHAKEN_SEC + "Renonce: the offender pays 2 to each regular player. If the Trischaker revokes, he pays 4 to each [sec §7.9, OÖ23 Trischaken 4]."),
        ),
    ),
    renonce=RenonceRule(
        "as_winner", cup("Each regular player scores as if his side had won the game and every announced bonus. The offender pays the sum [sec §7.9, OÖ23 Renonce 5]."),
        notes=(cup("Worked examples from OÖR25 B.4 [sec]: a Dreier declarer who revokes pays −12 (opponents +4 each)."),),
    ),
    format=TournamentFormat(
        SEC_MODE, rounds=3, hands_at_four=16, hands_at_five=20, tables_of_five=True,
        tie_breaks=("round_results", "lots"), stake_cents=10,
        direction="anticlockwise", direction_source=DIRECTION,
        table_draw="first_dealer", table_draw_source=cup("First dealer: whoever cuts the highest card. … (RTC bullet 1)"),
        notes=(cup("Play is for money (RTC bullet 1). RTC-old: 1 point = 10 Cent"),),
    ),
    citations={
        "win_threshold": THRESHOLD,
        "total_card_points": TOTAL_POINTS,
        "kontra_levels": cup(KONTRA + "The only levels are Kontra (×2), Rekontra (×4) and Subkontra (×8)."),
        "kontra_counts_for_standings": NO_STANDINGS,
        "own_king_allowed": cup("A king in one's own hand may not be called. … (RTC bullet 6)"),
    },
    references=(RTC, RTC_OLD, SEC),
    interpretations=(
        bye_interpretation(WITH_FIVES),
        Interpretation(
            "Which text: tarockcup.at, not the older PDF",
            "The current page (RTC) is followed: Farbendreier 3, Farbensolo 6, Quapil 4/8 and the A-Rufer \"1+\". "
            "The older transcribed rules (RTC-old) have no Farbendreier, Farbensolo 5 and no Quapil; they are "
            "the Sauwald tariff (rule set `sauwald`).",
            cup("RTC-old has **no Farbendreier**, **Farbensolo 5** (RTC: 6), **no Quapil** and \"A-Rufer 1\" (RTC: \"1+\")."),
        ),
        Interpretation(
            "A lost Sechserdreier counts double",
            "Neither the readable part of the tarockcup.at page nor OÖ23 (as quoted) says what a lost Sechserdreier "
            "costs. Every other text of the Upper-Austrian school says the loss counts double: the Linzer Tarock "
            "Akademie's script of the same rules (seed 004, the `ooe` rule set) and the ÖF-Turnierregeln 2021 by "
            "the same author. No text says it is paid single, so the game (and a Valat in its place) counts "
            "double; the bonuses do not.",
            Cite("004", "Das Spiel zahlt vier Punkte, bei Verlust zahlt der Spieler doppelt."),
        ),
        Interpretation(
            "Trischaken: Vorhand tied for the most",
            "The Trischaker who shares the most points with another player loses alone and pays double (2 to each "
            "of the three others), as harbour-tarock reads OÖ23; the other tied player pays nothing.",
            cup("**Trischaken**: Vorhand tied for most, three-way ties (the ÖF21 rule is not in OÖ23), all tricks, and a Jungfrau next to tied losers."),
        ),
        Interpretation(
            "Trischaken: three tied, all tricks, and Jungfrauen beside tied losers",
            "Tied losers pay each other player 1 (two tied: 2 each to the two others, the ÖF21 rule for three "
            "tied: 1 each to the fourth). A Jungfrau takes what the losers pay; two Jungfrauen share it, a "
            "share that is no whole point rounded up, as the text's own example (35/1 against 34/2: 2 × 2 = 4) "
            "does. One player with every trick pays 2 to each (the game, ≥ 35+2), 4 as Vorhand.",
            cup(TRISCHAKEN_SEC + "The text's own example: 35/1 against 34/2 with two Jungfrauen, the loser pays 2 × 2 = 4."),
        ),
        Interpretation(
            "Silent bonuses, solo games and the Valat",
            "A silent bonus is worth half the announced value; a silent bonus tried and lost counts for the other "
            "side (rule-notes.md). Solo games whose bonuses double are the Solorufer, the Solodreier and the "
            "Farbensolo (the Upper-Austrian script says of the Farben-Solo: \"Die Konige zahlen doppelt\"). The "
            "Valat replaces the game and is never doubled as a bonus; a failed announced Valat costs 8 × the game "
            "and takes the game's place, and beside it, as beside a Valat made, only the announced bonuses count "
            "(OÖ23 \"Ansagen 2\", as harbour-tarock quotes it: silent ones not, also with a lost Valat). The Valat "
            "decides the hand: no separate won or lost is needed.",
            Cite("004", "Die Konige zahlen doppelt."),
        ),
        Interpretation(
            "Giving up (schleifen)",
            "With the called king in the talon, a Rufer or A-Rufer may be given up: the declarer pays the game, "
            "plus the announced bird in an A-Rufer, to each of the three others, without kontras "
            "(harbour-tarock's reading of OÖ23 by the parallel ÖF21 sentence).",
            cup("**Schleifen**. Harbour reads the OÖ23 price as paid to each of three (by the ÖF21 parallel); that is a reading."),
        ),
        Interpretation(
            "Kontra on single bonuses",
            "Bullet 5 speaks of kontras in general; each bonus may be kontra'd on its own (OÖ23: every line has its "
            "own factor), up to Subkontra. Kontras only move money.",
            cup("**Kontra on single bonuses**, and kontra on Valat/Trull, are not in bullet 5."),
        ),
        Interpretation(
            "The A-Rufer's bird",
            "The bird must be held and announced (OÖ23 Ansagen 4): an A-Rufer is entered with its announced bird "
            "and scores 1 plus the bird, as the table's \"1+\" says; one without a bird line is refused. Played "
            "without a bird it is a renonce of 3 to each other player: entered as `without_bird` (or as the "
            "declarer's renonce with no bird on the sheet), the declarer pays 9, the game and any announcement "
            "are not scored beside it.",
            NO_BIRD,
        ),
        Interpretation(
            "Tournament format",
            "The page as read gives no tournament format; the cups' comparison quoted by harbour-tarock gives "
            "3 rounds of 16 hands, ties broken by the best round, then the second-best; 20 hands at a table of "
            "five (4 Radl, as the other Upper-Austrian rule set); 10 cents a point.",
            SEC_MODE,
        ),
    ),
)

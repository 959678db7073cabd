"""Hopfgarten tournament rules (seed 003, Tyrol, 2018, English translation), with rule-notes.md."""

from rules.engine.catalogue import CALL, POSITIVE, TRISCHAKEN
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
from rules.rulesets.byes import bye_interpretation
from rules.rulesets.citing import citing, note

seed = citing("003")


RUFER_BONUSES = frozenset(
    {"pagat", "uhu", "kakadu", "trull", "four_kings", "king_ultimo", "king_captured", "mondfang", "valat", "ten_tarock"}
)
AUF_BONUSES = RUFER_BONUSES - {"king_ultimo", "king_captured"}
SURRENDER = seed("If the called king is to be found in the talon, you may surrender the game")
TALON_PENALTY = seed("If you take the half without the king, you have to pay a penalty equal to the score of a captured king, even if the \"Rufer\" isn't played (see above).")
NOT_PLAYED = seed("Rufer 1 Only by the Forehand / isn't played out without additional announcements")
FOREHAND = seed("Only by the Forehand")

CONTRACTS = (
    ContractRule("rufer", "Rufer", 1, POSITIVE, seed("Rufer 1 Only by the Forehand"), vorhand_only=True,
                 partner=CALL, talon="half", bonuses=RUFER_BONUSES, surrender=True, needs_announcement=True,
                 talon_king_penalty="king_captured", may_stay_unplayed=True,
                 notes=(seed("The \"Rufer\" is only played with additional announcements (10 Tarocks do not count as announcement in this rule)."),
                        SURRENDER, TALON_PENALTY, NOT_PLAYED)),
    ContractRule("trischaken", "Fahren", 2, TRISCHAKEN, seed("Fahren 2 / 3 Only by the Forehand"), vorhand_only=True,
                 notes=(seed("There is no Captured Mond and no Kontra."),)),
    ContractRule("pagatrufer", "Pagat", 2, POSITIVE, seed("Pagat 2 + 2 Rufer mit I"), partner=CALL, talon="half",
                 bonuses=RUFER_BONUSES, required_birds=frozenset({"pagat"}), surrender=True, talon_king_penalty="king_captured",
                 notes=(SURRENDER, TALON_PENALTY)),
    ContractRule("uhurufer", "Uhu", 2, POSITIVE, seed("Uhu 2 + 4 Rufer mit II"), partner=CALL, talon="half",
                 bonuses=RUFER_BONUSES, required_birds=frozenset({"uhu"}), surrender=True, talon_king_penalty="king_captured",
                 notes=(SURRENDER, TALON_PENALTY)),
    ContractRule("kakadurufer", "Maus", 2, POSITIVE, seed("Maus 2 + 6 Rufer mit III"), partner=CALL, talon="half",
                 bonuses=RUFER_BONUSES, required_birds=frozenset({"kakadu"}), surrender=True, talon_king_penalty="king_captured",
                 notes=(SURRENDER, TALON_PENALTY)),
    ContractRule("dreier", "Auf", 5, POSITIVE, seed("Auf 5 Dreier mit Talon"), talon="half", bonuses=AUF_BONUSES),
)

BONUSES = (
    BonusRule("pagat", "Pagat", 1, 2, seed("Pagat 1 2 I wins the last trick")),
    BonusRule("uhu", "Uhu", 2, 4, seed("Uhu (eagle-owl) 2 4")),
    BonusRule("kakadu", "Maus", 3, 6, seed("Maus (mouse) 3 6")),
    BonusRule("trull", "Trull", 1, 2, seed("Trull 1 2")),
    BonusRule("four_kings", "Könige", 1, 2, seed("Könige (4 kings) 1 2")),
    BonusRule("king_ultimo", "König Ultimo", 2, 3, seed("König Ultimo 2 3")),
    BonusRule("king_captured", "Königfang", 1, None, seed("Königfang 1 -"), excluded_by=frozenset({"king_ultimo"}),
              notes=(seed("Called king captured during the game (is not applied with König Ultimo)"),)),
    BonusRule("mondfang", "Mondfang", 10, 20, seed("Mondfang 10 20")),
    BonusRule("valat", "Durch", 2, 4, seed("Durch (slam) x 2 x 4")),
    BonusRule("ten_tarock", "10 Tarock", None, 1, seed("10 Tarock - 1"), kontra_allowed=False, can_fail=False,
              valat_exempt=True,
              notes=(seed("This Announcement is always scored in favor of the declarer (and his partner), no matter if the contract is won or lost."),
                     seed("It's never doubled, neither by Durch, nor by any Kontra."))),
)

RULESET = RuleSet(
    slug="hopfgarten",
    name="Hopfgarten",
    version=1,
    seed="003",
    description="Turnierregeln Hopfgarten (Tirol, 2018).",
    contracts=CONTRACTS,
    bonuses=BONUSES,
    win_threshold=106,
    total_card_points=70,
    kontra_levels=(1, 2, 4, 8),
    kontra_counts_for_standings=True,
    own_king_allowed=True,
    valat=ValatRule(
        "multiplier", seed("contract and announcements are always multiplied together (except \"10 Tarock\")."),
        notes=(seed("If you loose the announcement, the contract is lost as well. Unannounced bonuses do not count."),
               note("\"Durch\" is the `valat` bonus: it multiplies the contract and the announced bonuses (×2 silent, ×4 announced); unannounced bonuses then do not count; 10 Tarock is never multiplied.")),
    ),
    trischaken=TrischakenRule(
        "two_pairs", seed("The two players with more points pay the two players with fewer points 3 game points each."),
        unit=3, alone_unit=2, virgin_unit=2, mayor_threshold=106, declarer_most_pays_alone=True,
        declarer_factor=2, extras="replace", virgins="share", renonce_unit=2,
        notes=(
            seed("If the two players in the middle are on a tie, their score is annuled."),
            seed("If one player takes 35 points + 1 card, he is called Bürgermeister and pays alone (3 x 2 pts.)."),
            seed("If the declarer has most of the card points, he pays alone as well (3 x 2 pts.)."),
            seed("If the declarer becomes Bürgermeister, he pays double (3 x 4 pts.)."),
            seed("If one player takes no tricks at all, he is called Jungfrau and wins alone (6 pts.)."),
            seed("If two players take no tricks at all, they have to share the score (3 pts. each)."),
            seed("If one player makes a Renonce, he pays three times two points (3 x 2 pts.)."),
        ),
    ),
    renonce=RenonceRule(
        "fixed_each", seed("he has to pay the contract plus all announced bonuses to all regular players (even to partners)."),
    ),
    format=TournamentFormat(
        seed("There are three rubbers in advance (20 games each with a time limit of 1 hour and 45 minutes)."),
        rounds=3, hands_at_four=20, hands_at_five=20, tables_of_five=False,
        final_round_top=12, final_round_carry_percent=50,
        tie_breaks=("final_round", "best_round", "lots"), stake_cents=10,
        direction="clockwise", direction_source=seed("Dealt and played is clockwise."),
        table_draw="first_vorhand", table_draw_source=seed("The Player who draws the highest card is Forehand."),
        time_limit_minutes=105,
        time_limit_source=seed("There are three rubbers in advance (20 games each with a time limit of 1 hour and 45 minutes)."),
        final_time_limit_minutes=0, final_time_limit_source=seed("final rubber** (20 games, no time limit)"),
        late_entry=False, late_entry_source=seed("It's not possible to join later."),
        notes=(seed("There are only four players per table."),
               seed("The first 12 players are qualified for the final rubber (in case of a tie the best rubber counts)."),
               seed("The score of these three rounds is halved and taken to the final rubber"),
               seed("in case of a tie the better final rubber counts"),
               seed("1 point = € 0,10")),
    ),
    citations={
        "win_threshold": seed("To win the contract it is necessary to achieve 35 points plus 1 card."),
        "total_card_points": Cite("001", "The total value of the pack comes to 70 card points."),
        "kontra_levels": seed("doubles the points to four respectively eight times the original score."),
        "kontra_counts_for_standings": seed("All Kontras are counting for the score."),
        "own_king_allowed": seed("It is allowed to call a king you hold in hand"),
    },
    interpretations=(
        bye_interpretation('Only four sit at a table here ("There are only four players per table."), so every count that is no multiple of four leaves one to three players sitting out.'),
        Interpretation(
            "Talon half without the called king",
            "Entered as `\"talon_without_king\": true` on a hand whose called king lay in the talon (partner null), "
            "played, given up or not played: the declarer pays the silent value of Königfang (1) to each of the three "
            "others, without kontras and not multiplied by a Durch (the text names neither), on top of the hand's score.",
            TALON_PENALTY,
        ),
        Interpretation(
            "Rufer not played out",
            "A Rufer without a further announcement is not played: it is entered as `\"not_played\": true` (no result, "
            "kontra or bonus) and scores 0 for everyone, except the talon penalty above when it applies (\"even if the "
            "Rufer isn't played\"). It was dealt and bid, so it counts as one of the rubber's 20 games.",
            NOT_PLAYED,
        ),
        Interpretation(
            "Annulled game",
            "A game annulled after a counting error that cannot be corrected is entered with the contract `annulled` "
            "(accepted by every rule set): 0 for everyone, and it counts as one of the 20 games, since it was played. "
            "A deal annulled before play because a player has no Tarock and no king is dealt again by the same dealer "
            "and is not entered at all.",
            seed("If in one line a counting error occurs, which cannot be corrected, this game is annuled."),
        ),
        Interpretation(
            "Silent Durch that did not happen",
            "A Durch is one side taking every trick. A silent (unannounced) Durch line marked lost (made: false) would hand the other side a Durch nobody made, so it is refused: leave it out, or, if the other side took every trick, enter their Durch (side opponents). Only an announced Durch can fail and be scored as failed.",
            seed("If you loose the announcement, the contract is lost as well."),
        ),
        Interpretation(
            "Fahren values 2 / 3",
            "The table's \"2 / 3\" is read with section 4: 3 is what each of the two with the most points pays in "
            "the normal case, 2 the unit of the cases where one player pays or wins alone (3 × 2).",
            seed("Fahren 2 / 3"),
        ),
        Interpretation(
            "Fahren: several special cases at once",
            "A Bürgermeister (or the declarer with the most points) paying alone and a Jungfrau winning alone both "
            "replace the normal payment; when both happen, both apply. The declarer pays alone only with strictly "
            "the most points; a shared top score is the normal case, split like the tied middle.",
            seed("he is called Jungfrau and wins alone (6 pts.)."),
        ),
        Interpretation(
            "Durch that fails",
            "An announced Durch that fails loses the contract too: the contract (and every announced bonus) is "
            "multiplied by 4 and scored for the other side as it went; kontras on the Durch multiply the same lines.",
            seed("If you loose the announcement, the contract is lost as well."),
        ),
        Interpretation(
            "Renonce price",
            "\"the contract plus all announced bonuses\" is the amount one opponent would pay if the declarer's "
            "side had won everything announced (a Durch multiplies it), without kontras, which the text does not name.",
            seed("he has to pay the contract plus all announced bonuses to all regular players (even to partners)."),
        ),
        Interpretation(
            "Giving up (schleifen)",
            "The text allows surrender when the called king is in the talon but gives no price. As in the other "
            "Austrian rules, the declarer pays the contract (with the bird of a Pagat-, Uhu- or Maus-Rufer) to "
            "each of the three others, without kontras.",
            note("Schleifen (giving up when the called king is in the talon): the declarer pays the game, plus the planned bird in a Besser-Rufer, to each of the three others; no kontra."),
        ),
        Interpretation(
            "10 Tarock",
            "Scored for the side that declared it, whether the game is won or lost; it cannot fail and is never "
            "multiplied (no kontra, no Durch).",
            seed("It's never doubled, neither by Durch, nor by any Kontra."),
        ),
        Interpretation(
            "Final round tie-break",
            "Final standings: half the preliminary score plus the final rubber; ties go to the better final rubber, "
            "then the best preliminary rubber (`best_round`, the one the qualification uses: \"the best rubber "
            "counts\"), then lots, which the text does not name but a ranking needs as the last resort.",
            seed("The player with the highest score wins (in case of a tie the better final rubber counts)."),
        ),
    ),
)

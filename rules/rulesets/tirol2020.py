"""Tiroler Tarockcup, rules of 2020 (the cups' app ABAKUS, Statistik/REGELN.js, cup 55), the successor
of the 2019/20 text (seed 000, rule set ``tirol``). Only what the 2020 text changes differs from
``tirol``; each change cites docs/sources/abakus-tirol.md, which gives the facts with their line
of REGELN.js (its sentences may not be copied). Everything else keeps its seed-000 citation.
"""

from dataclasses import replace

from rules.engine.ruleset import BonusRule, Cite, Interpretation
from rules.rulesets.citing import citing
from rules.rulesets.tirol import ABAKUS_TIE_BREAK
from rules.rulesets.tirol import RULESET as BASE

SOURCE = "abakus-tirol"


abakus = citing(SOURCE)


SACKE = abakus("Säcke (REGELN.js:51–52): the 1st and the 2nd Sack are worth 1 silent and 2 announced.")
TIE_BREAK = ABAKUS_TIE_BREAK
CHANGES = (
    SACKE,
    abakus("Besserrufer (REGELN.js:23, 28): the table lists it twice, with the Pagat or Uhu (I, II) below the Bettler and with the Kakadu or Quapil (III, IIII) above the Dreier, both worth 1 (plus the bird)."),
    TIE_BREAK,
    abakus("Tables of five (REGELN.js:112): the 2020 text says three rounds of 16 hands and no longer mentions 20 hands at a table of five"),
)


def _bonus(rule: BonusRule) -> BonusRule:
    if rule.slug in ("sack", "double_sack"):
        return replace(rule, silent=1, source=SACKE)
    return rule



RULESET = replace(
    BASE,
    slug="tirol2020",
    name="Tiroler Tarockcup 2020",
    version=2,
    description="Cup-Regeln des Tiroler Tarockcups von 2020 (Markus Mair, tarock.tirol), wie sie die Cup-App ABAKUS zeigt; "
                "Nachfolger der Regeln 2019/2020 (`tirol`).",
    bonuses=tuple(_bonus(b) for b in BASE.bonuses),
    changes=CHANGES,
    interpretations=(
        *(item for item in BASE.interpretations if item.topic != "Tie-break: the better round results"),
        Interpretation(
            "Tie-break: the better round results",
            "Players level on points are compared by their round results, best first: the best round, then (if level) "
            "the second best, and so on, then by lot (tie-break key `round_results`), as the 2020 text says.",
            TIE_BREAK,
        ),
        Interpretation(
            "A silent Sack",
            "A Sack is now scored silent (1) as well as announced (2); like the announced one it needs the card points "
            "(1st Sack from 45 and 2 cards, 2nd Sack from 55 and 2 cards): a Sack the declarer's card points contradict "
            "is refused.",
            SACKE,
        ),
        Interpretation(
            "Hands at a table of five",
            "The 2020 text names only the 16 hands at a table of four; as in 2019/20 a table of five plays 20, so "
            "everyone plays 16 hands and the dealer sits out in turn.",
            Cite("000", "Three rounds of 16 hands are normally played (20 at a table of five)."),
        ),
        Interpretation(
            "Besserrufer's rank",
            "The 2020 table ranks a Besserrufer with Kakadu or Quapil above the Dreier; the site records the contract "
            "played, not the bidding, so the single contract `besserrufer` (1 plus its bird) covers both rows.",
            CHANGES[1],
        ),
    ),
)

"""How ABAKUS ranks a cup's season, decided per cup *and* season (docs/sources/season.md "Seasons imported
from ABAKUS"). Pure Python: cups/abakus.py reads the export, cups/abakus_import.py stores what this decides
on the season (cups/season_rules.py), so an imported season reads as the cup published it.

Sources (ahunu/ABAKUS, HEAD): ``Statistik/SAISON.js`` ``initSAISON`` picks ``bereSaisonFIX`` for cups 50,
52, 53, 55 and for 54 and 56 up to 2020/21, ``bereSaisonHEINE`` for every other cup and season;
``Statistik/statFunktionen.js`` ``getCupPunkte`` gives the cube to cup 55 up to 2019/20, the fixed points
to cups 50-60 up to 2019/20 and to cup 53 always, the Heine points to every other cup and season (so a
fixed-path season after 2019/20 sums Heine points); ``bereSaisonFIX`` counts ``parseInt(CUPS.TURNIER[cup])``
results and adds the final on top only when ``TURNIER`` has a fraction (6.5); ``bereSaisonHEINE`` counts
``floor(T/2)`` of T > 10 tournaments, else ``floor((T+1)/2)``, the final as any other, and shares a rank on
equal points. Negative final points: ``getCupPunkte``'s fixed branch for cup 54 up to 2016/17 and cup 56.
ABAKUS compares season labels as text ("2020/21" <= "2019/20" is false), and so does this module.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from cups.season import FINAL_NONE, FINAL_PLUS, TIE_ABAKUS_FIXED, TIE_ABAKUS_HEINE
from cups.season_rules import COUNT_BY_RULE, COUNT_FIXED

LAST_OLD_SEASON = "2019/20"  # the cube and the fixed points end with it (53 keeps fixed points)
LAST_FIXED_PATH_54_56 = "2020/21"
FIXED_PATH_CUPS = frozenset({50, 52, 53, 55})
PENALTY_CUP_54_UNTIL = "2016/17"


def scheme_for(cup: int, season: str) -> str:
    """The cup points ABAKUS's getCupPunkte gives a tournament of cup ``cup`` in season ``season``."""
    if cup == 55 and season <= LAST_OLD_SEASON:
        return "cube"
    if 50 <= cup <= 60 and season <= LAST_OLD_SEASON or cup == 53:
        return "fixed"
    return "heine"


def fixed_path(cup: int, season: str) -> bool:
    """Whether SAISON.js initSAISON ranks the season with bereSaisonFIX (else bereSaisonHEINE)."""
    return cup in FIXED_PATH_CUPS or cup in (54, 56) and season <= LAST_FIXED_PATH_54_56


def parse_turnier(value) -> Decimal | None:
    """``CUPS/<nr>/TURNIER`` as ABAKUS reads it (a number, or a text of one: 6, 6.5, "6.5"); None when it is
    none (missing, "Handy"), or outside 1..99."""
    if isinstance(value, bool) or value is None:
        return None
    try:
        number = Decimal(str(value).strip())
    except (InvalidOperation, ValueError):
        return None
    if not number.is_finite() or not 1 <= number < 100:
        return None
    return number


@dataclass(frozen=True)
class AbakusSeasonRules:
    scheme: str
    counting: str
    best_n: int | None
    final_mode: str
    final_penalties: bool
    tie_rule: str

    def fields(self) -> dict:
        """The Season fields that carry these rules (cups.models.Season, cups/season_rules.py). ABAKUS knows no
        qualification: the minimum and the qualifiers stay the cup's."""
        return {"scheme": self.scheme, "counting": self.counting, "best_n": self.best_n,
                "final_mode": self.final_mode, "final_penalties": self.final_penalties, "tie_rule": self.tie_rule}


def season_rules_for(cup: int, season: str, turnier: Decimal | None) -> AbakusSeasonRules:
    """ABAKUS's rules for one season; ``turnier`` from ``parse_turnier`` (needed on the fixed path: ABAKUS
    counts no result at all without it, so cups/abakus.py refuses such a file in words)."""
    scheme = scheme_for(cup, season)
    penalties = scheme == "fixed" and (cup == 54 and season <= PENALTY_CUP_54_UNTIL or cup == 56)
    if fixed_path(cup, season):
        if turnier is None:
            raise ValueError("the fixed path needs TURNIER")
        plus = turnier % 1 != 0
        return AbakusSeasonRules(scheme, COUNT_FIXED, int(turnier), FINAL_PLUS if plus else FINAL_NONE, penalties,
                                 TIE_ABAKUS_FIXED)
    return AbakusSeasonRules(scheme, COUNT_BY_RULE, None, FINAL_NONE, penalties, TIE_ABAKUS_HEINE)

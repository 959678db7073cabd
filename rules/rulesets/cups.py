"""What the three cup rule sets (raiffeisen, oefinale, sauwald) share: how they cite their sources.

Their texts may not be copied, so each value quotes docs/sources/cup-rules.md, the project's own
summary of them, at the place that names the primary source (the tag RTC, OEF, SWC:<line> or [sec]
with its section); ``references`` says where each tagged text is. tests/rules/test_citations.py
checks that every quote stands in cup-rules.md and names one of these tags.
"""

from __future__ import annotations

from rules.engine.ruleset import Cite
from rules.rulesets.citing import citing

SOURCE = "cup-rules"

RTC = Cite("RTC", "Raiffeisen Tarockcup Austria, „Spielregeln“: http://www.tarockcup.at/service/spielregeln/ "
                  "(tables „Spiele“ and „Ansagen und Punktebewertung“, Allgemeines bullets 1–6)")
RTC_OLD = Cite("RTC-old", "the older rules of the Raiffeisen Tarockcup, transcribed: "
                          "https://fr.doczz.net/doc/1603478/die-aktuellen-spielregeln-des-raiffeisen-tarockcup-austri...")
OEF = Cite("OEF", "ÖF-Turnierregeln 2021: https://tarockoesterreich.jimdofree.com/tarock-%C3%B6sterreich-finale/"
                  "%C3%B6f-turnierregeln-2021 (value table, „1) ALLGEMEIN“ bullets 1–8)")
SWC = Cite("SWC", "TarockRunde Sauwald, Stand 2019 (Sepp Lang): ahunu/ABAKUS Statistik/REGELN.js lines 121–230 "
                  "(pCup 53 and 34), https://github.com/ahunu/ABAKUS/blob/2597adfcc4a4ee397040666f34d0fe72e23aecdc/Statistik/REGELN.js; "
                  "SWC:n is line n")
SEC = Cite("[sec]", "smatkovi/harbour-tarock docs/koenigrufen.md (§ = its section), which quotes the "
                    "Upper-Austrian rules 4/2023 (OÖ23, F. Kienast) and the ÖF-Turnierregeln 2021 (ÖF21) "
                    "section by section: https://github.com/smatkovi/harbour-tarock/blob/"
                    "891f7ef422753cbfe5c5f37ec6a9db0a0058dfd9/docs/koenigrufen.md")

# A quote of cup-rules.md must name where its fact comes from.
TAGS = ("RTC", "OEF", "SWC", "[sec", "OÖ23", "ÖF21", "§")


# A fact as docs/sources/cup-rules.md states it (quoted verbatim; '…' joins parts in order).
cup = citing(SOURCE)


# Seat 0 is Vorhand and play goes anticlockwise in every hand (hand-format.md): none of the three
# texts as read names the direction, all three are Königrufen as played in Upper Austria.
DIRECTION = Cite("hand-format", "seats `0`..`3` in playing order (anticlockwise)")
TOTAL_POINTS = Cite("hand-format", "they must add up to 70")

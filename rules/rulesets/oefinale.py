"""Tarock-Österreich-Finale, ÖF-Turnierregeln 2021 (OEF), as docs/sources/cup-rules.md sets them out.

The ÖF text is by the author of the Upper-Austrian rules 4/2023 and, where it could be compared,
worded like them; it has the Raiffeisen cup's tariff. So this rule set is the `raiffeisen` one with
the ÖF's own citations, names and what the ÖF text says differently; where the readable part of the
ÖF page stops, the shared Upper-Austrian reading is taken and written down as an interpretation.
"""

from dataclasses import replace

from rules.engine.ruleset import BonusRule, Cite, ContractRule, Interpretation
from rules.rulesets.cups import OEF, RTC, SEC, cup
from rules.rulesets.raiffeisen import RULESET as BASE

VALUES = "Contracts (OEF table) - Values: … "
TABLE = "Announced values (OEF table \"Ansagen | Punkte\"): … "
ANSAGEN = "[sec §5.1/§5.3, ÖF21 Ansagen]: … "
RUFEN = "Calling and surrender [sec §4.1/§4.5a/§7.7a, ÖF21 Rufen] … "
TRISCHAKEN = "Trischaken [sec §7.6/§12.3] Harbour states that ÖF21 agrees with OÖ23 on these points: … "
FARBEN = cup(ANSAGEN + "In a Farbensolo only Vier Könige and Valat are possible.")
SURRENDER = cup(RUFEN + "Called king in the talon: the declarer may give up")
ALLGEMEIN = Cite("004", "das sind Trischaken, Rufer und Sechser-Dreier.")
KING_LOST = cup(RUFEN + "Losing the called king is not scored unless it was announced ultimo.")

# The ÖF value table's names; the slug and value are the Raiffeisen cup's (the same tariff).
NAMES = {"bettler": "Bettel", "besserrufer": "Besserrufer", "bettler_ouvert": "Bettel ouvert"}


def _contract(rule: ContractRule) -> ContractRule:
    name = NAMES.get(rule.slug, rule.name)
    notes: tuple[Cite, ...] = ()
    if rule.vorhand_only:
        notes += (ALLGEMEIN,)
    if rule.slug == "sechserdreier":
        notes += (cup("Lost, the game counts double: quoted \"Beim Verlust des Sechserdreiers zählt das Spiel doppelt\" [sec §7.2/§12.3, ÖF21 Vorhand]."),)
    if rule.slug == "farbensolo":
        notes += (FARBEN,)
    elif rule.farbenspiel:
        notes += rule.notes
    if rule.surrender:
        notes += (SURRENDER,)
    if rule.slug == "trischaken":
        notes += (cup(TRISCHAKEN + "the loser pays 1 to each;"),)
    # The ÖF's Besserrufer is entered with its announced bird (ÖF21 prices it "Spiel + Ansager"); the
    # hand format leaves the bird out only for the Raiffeisen cup's and Sauwald's A-Rufer.
    return replace(rule, name=name, source=cup(f"{VALUES}{name} {rule.value}"), notes=notes, bird_optional=False)


BONUS_NAMES = {"king_ultimo": ("König ultimo", "König_ultimo"), "four_kings": ("Vier Könige", "Vier Könige")}


def _bonus(rule: BonusRule) -> BonusRule:
    if rule.slug == "valat":
        return replace(rule, source=cup("Announced = 8 × the game value (OEF table), replacing the game."), notes=())
    name, in_table = BONUS_NAMES.get(rule.slug, (rule.name, rule.name))
    if rule.slug == "king_ultimo":
        # ÖF21 "Rufen": losing the called king is not scored unless it was announced ultimo; the ÖF's own
        # sentence beats rule-notes.md's general "a silent bonus lost counts for the other side".
        return replace(rule, name=name, source=cup(f"{TABLE}{in_table} {rule.announced}"), notes=(KING_LOST,),
                       silent_loss_scores=False)
    return replace(rule, name=name, source=cup(f"{TABLE}{in_table} {rule.announced}"), notes=())


NOT_READ = "the part of the ÖF page that could be read stops here; "

RULESET = replace(
    BASE,
    slug="oefinale",
    name="Tarock-Österreich-Finale",
    description="Tarock-Österreich-Finale: ÖF-Turnierregeln 2021 (Tarock Österreich).",
    contracts=tuple(_contract(c) for c in BASE.contracts),
    bonuses=tuple(_bonus(b) for b in BASE.bonuses),
    valat=replace(BASE.valat, source=cup("Announced = 8 × the game value (OEF table), replacing the game."), notes=(
        cup("[sec §7.4, ÖF21 Valat]: beside a Valat only announced bonuses count. A failed announced Valat loses the game."),
        cup("[sec §7.4, ÖF21 Valat]: … In a Sechserdreier a lost announced Valat counts \"8 mal 8 Punkte\" (64 per opponent)."),
    )),
    trischaken=replace(BASE.trischaken, source=cup("Trischaken [sec §7.6/§12.3]"), notes=(
        cup(TRISCHAKEN + "2 to each with ≥ 35+2;"),
        cup(TRISCHAKEN + "the Trischaker pays double (4 each with ≥ 35+2);"),
        cup(TRISCHAKEN + "two tied losers each lose 2;"),
        cup(TRISCHAKEN + "three tied players each pay 1 (ÖF21 explicit)."),
    )),
    renonce=replace(BASE.renonce, source=cup("Partners share each other's errors. Only a renonce is paid by the offender alone (OEF 1) bullet 7)."), notes=()),
    format=replace(
        BASE.format, source=cup("[sec §8.1] (Mair) gives 16 hands per round at four for the ÖF."),
        table_draw_source=cup("Dealing is as at RTC (OEF 1) bullet 1)."),
        notes=(cup("Dealing is as at RTC (OEF 1) bullet 1). … Play is for money (bullet 6)."),),
    ),
    citations={
        "win_threshold": cup("36 = 35 points and 2 Blatt (OEF 1) bullet 6)."),
        "total_card_points": BASE.citations["total_card_points"],
        "kontra_levels": cup("suggest the RTC wording (kontra affects only money)"),
        "kontra_counts_for_standings": cup("suggest the RTC wording (kontra affects only money)"),
        "own_king_allowed": cup(RUFEN + "Calling oneself is forbidden."),
    },
    references=(OEF, RTC, SEC),
    interpretations=(
        BASE.interpretations[0],
        Interpretation(
            "Kontra",
            NOT_READ + "section 2) KONTRIEREN opens with the words of the Raiffeisen page, whose bullets before it "
            "the ÖF text repeats. So kontras are read as there: they move only money, never the standings; in "
            "negative games each opponent doubles alone; Trischaken cannot be doubled; Kontra, Rekontra and "
            "Subkontra (×2, ×4, ×8), on the game and on each announcement.",
            cup("**Kontra** (section 2 unread): whether it counts for the points. No kontra hands were written."),
        ),
        Interpretation(
            "Silent values, the silent Valat and solo games",
            NOT_READ + "the table gives announced values only. As in the Upper-Austrian rules of the same author "
            "(4/2023) a silent bonus is worth half, a silent Valat 4 × the game; the Solorufer, Solodreier and "
            "Farbensolo double their bonuses (not the Valat), and a bonus announced for the other side is scored "
            "for the side that announced it.",
            cup("**Silent values, silent Valat, solo doubling**: unread. No silent-bonus or solo-bonus hands were written."),
        ),
        Interpretation(
            "Vorhand contracts",
            NOT_READ + "the Vorhand section is quoted only for the Sechserdreier. Trischaken, Rufer and "
            "Sechserdreier are Vorhand's, as every Upper-Austrian text has them (seed 004).",
            ALLGEMEIN,
        ),
        Interpretation(
            "Trischaken beyond what is quoted",
            "Jungfrauen, one player with every trick, Vorhand tied for the most and a renonce are scored as in the "
            "Upper-Austrian rules 4/2023 (rule set `raiffeisen`), which the ÖF text agrees with wherever the two "
            "were compared.",
            cup("**Trischaken**: Jungfrau rules, all tricks, renonce, Vorhand tied. Only the [sec] summary was used (FT1–FT6)."),
        ),
        Interpretation(
            "Giving up a Rufer, and the renonce",
            "Giving up a plain Rufer costs the game (1) to each of the three others, as the Besserrufer's price is "
            "the game plus the bird; a renonce is scored as in the Upper-Austrian rules: everyone else as if they "
            "had won the game and every announced bonus, the offender paying it all.",
            cup("**Schleifen of a plain Rufer** (only the Besserrufer prices 3/5/7/9 are quoted) and the **renonce amounts**."),
        ),
        Interpretation(
            "Tournament format",
            "The ÖF plays 16 hands a round at four (the cups' comparison quoted by harbour-tarock); rounds and "
            "tie-breaks are read as at the Raiffeisen cup, whose qualifiers play it: 3 rounds, ties broken by the "
            "best, then the second-best round, 20 hands at a table of five.",
            cup("**Tournament format and tie-breaks**: unread."),
        ),
        Interpretation(
            "A writing error",
            "A writing error on the sheet that cannot be cleared up voids that one hand, all four scoring 0: it is "
            "entered as the contract `annulled`.",
            cup("A writing error on the score sheet that cannot be cleared up voids that one hand: all four score 0 (bullet 8)."),
        ),
    ),
)

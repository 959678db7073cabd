"""Upper-Austrian Tarock rules, Königrufen (seed 004, Linzer Tarock Akademie, 01/25), with rule-notes.md.

Seed 004 is OCR text: the quotes below keep its spelling ("Konig", "zahlt") so that
tests/rules/test_citations.py finds them verbatim.
"""

from rules.engine.catalogue import CALL, NEGATIVE, POSITIVE, TRISCHAKEN
from rules.engine.ruleset import (
    BonusRule,
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

seed = citing("004")


BIRDS = frozenset({"pagat", "uhu", "kakadu", "quapil"})
RUFER_BONUSES = BIRDS | {"king_ultimo", "trull", "four_kings", "valat"}
ALONE_BONUSES = BIRDS | {"trull", "four_kings", "valat"}
FARBEN_BONUSES = frozenset({"four_kings", "valat"})

VORHAND = seed("das sind Trischaken, Rufer und Sechser-Dreier.")
SOLO = seed("wie Vogerl, Konig ultimo, Trull und alle Kénige zahlen hier doppelt.")
RUFER_EXTRAS = seed("Mogliche Zusatzprdmien sind Vogerl, Konig ultimo, Trull, alle Koénige und Valat.")
ALONE_EXTRAS = seed("Mdgliche Zusatzpramien sind VVogerl, Trull, alle Konige und Valat.")
FARBEN_EXTRAS = seed("Zusatzpramien sind nur alle Konige und Valat mdglich.")
NO_EXTRAS = seed("Es sind keine Zusatzpramien mdoglich.")

CONTRACTS = (
    ContractRule("trischaken", "Trischaken", 1, TRISCHAKEN, seed("Trischaken (1)"), vorhand_only=True,
                 notes=(VORHAND, seed("Ein Kontra ist beim Trischaken nicht mdglich."))),
    ContractRule("rufer", "Rufer", 1, POSITIVE, seed("Rufer (1)"), vorhand_only=True, partner=CALL, talon="half",
                 bonuses=RUFER_BONUSES, surrender=True,
                 notes=(VORHAND, RUFER_EXTRAS, seed("kann das Spiel schleifen und das Spiel zahlen."))),
    ContractRule("piccolo", "Piccolo", 2, NEGATIVE, seed("Piccolo (2)"), notes=(NO_EXTRAS,)),
    ContractRule("bettler", "Bettler", 2, NEGATIVE, seed("Bettler (2)"), notes=(NO_EXTRAS,)),
    ContractRule("solorufer", "Solo-Rufer", 2, POSITIVE, seed("Solo-Rufer (2)"), partner=CALL, bonus_factor=2,
                 bonuses=RUFER_BONUSES, kontra_void_when_alone=True,
                 notes=(SOLO, seed("Ein allfalliger Schuss der Gegner gilt in diesem Fall nicht."))),
    ContractRule("besserrufer", "Besser-Rufer", 1, POSITIVE, seed("Besser Rufer (1 plus Vogerl)"), partner=CALL,
                 talon="half", bonuses=RUFER_BONUSES, required_birds=BIRDS, surrender=True,
                 notes=(seed("Spielziel ist, dass der Spieler ein Vogerl macht."),
                        seed("kann das Spiel schleifen und das Spiel samt geplantem Vogerl zahlen."))),
    ContractRule("farbendreier", "Farben-Dreier", 3, POSITIVE, seed("Farben-Dreier (3)"), talon="half",
                 farbenspiel=True, bonuses=FARBEN_BONUSES, notes=(FARBEN_EXTRAS,)),
    ContractRule("sechserdreier", "Sechser-Dreier", 4, POSITIVE, seed("Sechser-Dreier (4)"), vorhand_only=True,
                 talon="whole", loss_factor=2, bonuses=ALONE_BONUSES,
                 notes=(VORHAND, seed("Das Spiel zahlt vier Punkte, bei Verlust zahlt der Spieler doppelt."))),
    ContractRule("dreier", "Dreier", 4, POSITIVE, seed("Dreier (4)"), talon="half", bonuses=ALONE_BONUSES,
                 notes=(ALONE_EXTRAS,)),
    ContractRule("farbensolo", "Farben-Solo", 6, POSITIVE, seed("Farben-Solo (6)"), farbenspiel=True,
                 bonus_factor=2, bonuses=FARBEN_BONUSES, notes=(FARBEN_EXTRAS, seed("Die Konige zahlen doppelt."))),
    ContractRule("piccolo_ouvert", "Piccolo ouvert", 6, NEGATIVE, seed("Piccolo ouvert (6)")),
    ContractRule("bettler_ouvert", "Bettler ouvert", 7, NEGATIVE, seed("Bettler ouvert (7)")),
    ContractRule("solodreier", "Solo-Dreier", 8, POSITIVE, seed("Solo-Dreier (8)"), bonus_factor=2,
                 bonuses=ALONE_BONUSES, notes=(seed("Vogerl, Trull und Koénige zahlen doppelt."),)),
)

BONUSES = (
    BonusRule("pagat", "Pagat", 1, 2, seed("Vogerl: Pagat (1/2)")),
    BonusRule("uhu", "Uhu", 2, 4, seed("Uhu (2/4)")),
    BonusRule("kakadu", "Kakadu", 3, 6, seed("Kakadu (3/6)")),
    BonusRule("quapil", "Wildsau", 4, 8, seed("Wildsau (4/8)")),
    BonusRule("king_ultimo", "König ultimo", 1, 2, seed("Konig ultimo (1/2)")),
    BonusRule("trull", "Trull", 1, 2, seed("Trull (1/2)")),
    BonusRule("four_kings", "Alle Könige", 1, 2, seed("Alle Konige (1/2)")),
    BonusRule("valat", "Valat", 4, 8, seed("Valat: bei stillem Valat gebuhrt der 4-fache Punktewert des Spiels, bei angesagtem Valat der 8-fache."),
              solo_doubling=False,
              notes=(seed("Der Valat bezieht sich ohnedies auf den hier héheren Spielwert"),)),
)

RULESET = RuleSet(
    slug="ooe",
    name="Oberösterreich",
    version=1,
    seed="004",
    description="Oberösterreichische Tarockregeln – Königrufen (Linzer Tarock Akademie, Skriptum 01/25).",
    contracts=CONTRACTS,
    bonuses=BONUSES,
    win_threshold=107,
    total_card_points=70,
    kontra_levels=(1, 2, 4, 8),
    kontra_counts_for_standings=False,
    own_king_allowed=False,
    valat=ValatRule(
        "game_multiple", seed("Valat: bei stillem Valat gebuhrt der 4-fache Punktewert des Spiels"),
        notes=(
            seed("Kommt es zum Valat, dann gelten Vogerl und andere Zusatzpramien (Trull etc.) nur, wenn sie angesagt wurden, still nicht."),
            seed("Wird ein angesagter Valat verloren, dann ist damit auch das Spiel verloren"),
            note("Valat: silent 4×, announced 8× the game value; it replaces the game, and next to a Valat only announced bonuses count. A lost Sechserdreier's doubling applies to a Valat too."),
        ),
    ),
    trischaken=TrischakenRule(
        "loser_pays", seed("Der Spielwert ist ein Punkt."),
        unit=1, mayor_threshold=107, declarer_factor=2, renonce_unit=2,
        notes=(
            seed("den meisten Punkten schuldet allen anderen Spielern je einen Punkt."),
            seed("Hat er mehr als 35 Punkte und zwei Blatt"),
            seed("Hat jemand keinen Stich, so erhalt er alle drei Punkte bzw. bei doppelt alle sechs."),
            seed("Haben zwei Spieler keinen Stich, so erhalten sie vom Verlierer je drei Punkte."),
            seed("Hat ein Spieler alle Stiche, so schuldet er jedem Spieler zwei Punkte."),
            seed("Ist der Verlierer der Vorhandspieler, so verdoppeln sich die vorher genannten Betrége."),
        ),
    ),
    renonce=RenonceRule(
        "as_winner", seed("Alle reguléaren Spieler bekommen die Punkte als hatten sie das Spiel gewonnen"),
        notes=(seed("Dem Renonce begehenden Spieler werden diese Punkte als Minus angelastet."),),
    ),
    format=TournamentFormat(
        note("In the Upper-Austrian cups kontras count only for cash, not for the standings."),
        rounds=3, hands_at_four=16, hands_at_five=20, tables_of_five=True,
        tie_breaks=("best_round", "lots"), stake_cents=10,
        direction="anticlockwise", direction_source=seed("Konigrufen wird gegen den Uhrzeigersinn gespielt."),
        table_draw="first_dealer",
        table_draw_source=seed("Am Beginn des Spiels hebt jeder Spieler eine Karte ab, die hochste Karte gibt das erste Spiel."),
        notes=(seed("den Punkt um 10 Cent zu spielen."),),
    ),
    citations={
        "win_threshold": seed("Zum Gewinn eines Spiels werden mindestens 35 Punkte und zwei Blatt"),
        "total_card_points": seed("Jedes Kartenpaket enthalt insgesamt 70 Punkte."),
        "kontra_levels": seed("Dann geht’s inzwischen 4 bzw. 8-fach."),
        "kontra_counts_for_standings": note("In the Upper-Austrian cups kontras count only for cash, not for the standings."),
        "own_king_allowed": seed("Es ist nicht erlaubt, einen Konig zu rufen, den man selbst in der Karte hat."),
    },
    interpretations=(
        bye_interpretation(WITH_FIVES),
        Interpretation(
            "Silent Valat that did not happen",
            "A Valat is one side taking every trick. A silent (unannounced) Valat line marked lost (made: false) would hand the other side a Valat nobody made, so it is refused: leave it out, or, if the other side took every trick, enter their Valat (side opponents). Only an announced Valat can fail and be scored as failed.",
            seed("Valat: Eine Spielpartei macht alle Stiche."),
        ),
        Interpretation(
            "Announced Valat that fails",
            "The failed announcement costs 8× the game value and, as the text says the game is lost with it, "
            "takes the game's place (no separate game line). Bonuses scored normally, silent ones included, "
            "because no Valat happened.",
            seed("Wird ein angesagter Valat verloren, dann ist damit auch das Spiel verloren"),
        ),
        Interpretation(
            "Kontras on a Valat",
            "The Valat replaces the game, so a kontra on the game carries over to it, and a kontra on the Valat "
            "announcement multiplies it further. Both only move cash (kontras do not count for the standings).",
            seed("Ein Kontra gegen die Valatansage ist moglich."),
        ),
        Interpretation(
            "Trischaken mayor (doppelt)",
            "\"mehr als 35 Punkte und zwei Blatt\" is read as the game threshold 35 points and 2 cards, which a "
            "player either reaches or not (card points come in thirds).",
            seed("Hat er mehr als 35 Punkte und zwei Blatt"),
        ),
        Interpretation(
            "Trischaken ties and the Vorhand doubling",
            "Equal card points split what their places pay (as the Tirol text says explicitly); the Vorhand "
            "doubling applies when Vorhand alone has the most points. Two virgins receive 3 each (×2 when the "
            "loser is Vorhand), as the text says, whether or not the loser is doppelt.",
            seed("Haben zwei Spieler keinen Stich, so erhalten sie vom Verlierer je drei Punkte."),
        ),
        Interpretation(
            "Renonce in Trischaken",
            "The text gives no Trischaken price; the offender pays 2 to each other player, the price of the "
            "worst ordinary Trischaken loss (doppelt), because a renonce is sanctioned \"sehr streng\".",
            seed("so wird das mit dem Spielverlust sehr streng sanktioniert."),
        ),
        Interpretation(
            "Renonce",
            "Read literally: each player who did not revoke scores what they would score had their side won the "
            "game and every announced bonus (silent bonuses drop out); the offender pays it all.",
            seed("inklusive der angesagten Zusatzpramien (Vogerl, Trull etc.)."),
        ),
        Interpretation(
            "Who deals first",
            "Each player cuts a card and the highest deals the first hand; the table records that first dealer "
            "(the scorer's page asks who it is), the deal then passing anticlockwise. pagat.com (seed 001) draws the "
            "first dealer at random instead; both come to the same entry: the first dealer as the table found it.",
            seed("Am Beginn des Spiels hebt jeder Spieler eine Karte ab, die hochste Karte gibt das erste Spiel."),
        ),
        Interpretation(
            "Tournament format",
            "The script describes the game, not a tournament. The cups' usual format applies: three rounds of 16 "
            "hands (20 at a table of five), tie-break best round, then lots, 10 cents a point.",
            seed("Eine gewisse Standardisierung des Konigrufens erfolgte durch die grof3en Tarockcups"),
        ),
    ),
)

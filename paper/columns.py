"""Column headers shared by what the workbook writes and what the import reads back.

The import reads sheets by these header names (German, as the workbook writes them), so a
tournament exported to tournament.xlsx can be imported into an empty site (players, seatings,
hands) and a director can type a paper sheet into the same layout.
"""

from __future__ import annotations

# Players sheet: one row per entry. The first four are what the player import reads (and also
# accepts in English: Name, Club, Region, Notes).
PLAYER_NUMBER = "Nr"
PLAYER_NAME = "Name"
PLAYER_CLUB = "Verein"
PLAYER_REGION = "Region"
PLAYER_NOTES = "Notizen"
PLAYER_LOT = "Los"
PLAYER_PRESENT = "anwesend"
PLAYER_WITHDRAWN = "ausgeschieden nach Runde"
PLAYERS = [PLAYER_NUMBER, PLAYER_NAME, PLAYER_CLUB, PLAYER_REGION, PLAYER_NOTES, PLAYER_LOT, PLAYER_PRESENT,
           PLAYER_WITHDRAWN]

# Tables sheet: one row per seat of each table of each round. "Platz" counts from 1; place 1
# deals the first hand (Seat.position 0), the deal then passes to place 2, 3 ...
ROUND = "Runde"
TABLE = "Tisch"
PLACE = "Platz"
TABLES = [ROUND, TABLE, PLACE, PLAYER_NUMBER, PLAYER_NAME, PLAYER_CLUB, "Spiele", "Punkte", "Geldpunkte", "Euro",
          "bestätigt"]

# Hands sheet: one row per hand. "Daten (JSON)" is the hand exactly as stored in the interchange
# format (hand-format.md); the columns before it show the same facts for people. Seats are the
# hand's seats: Sitz 0 is Vorhand (at a table of five the dealer sits out and is no seat).
HAND = "Spiel"
DEALER = "Geber"
CONTRACT = "Spielart"
CONTRACT_NAME = "Spiel (Name)"
DECLARER = "Spieler"
PARTNER = "Partner"
RESULT = "Ergebnis"
DECLARER_POINTS = "Augen"
KONTRA = "Kontra"
BONUSES = "Prämien (JSON)"
CARD_POINTS = "Kartenpunkte"
RENONCE = "Renonce"
SURRENDER = "geschleift"
DATA = "Daten (JSON)"
BOX = "Spendenkassa €"
ENTERED_BY = "eingetragen von"


def seat_columns(seat: int) -> list[str]:
    """Nr, Name, Punkte, Geldpunkte, Euro of hand seat 0..3."""
    return [f"Sitz {seat} Nr", f"Sitz {seat} Name", f"Sitz {seat} Punkte", f"Sitz {seat} Geldpunkte",
            f"Sitz {seat} Euro"]


HANDS = [ROUND, TABLE, HAND, DEALER, CONTRACT, CONTRACT_NAME, DECLARER, PARTNER, RESULT, DECLARER_POINTS, KONTRA,
         BONUSES, CARD_POINTS, RENONCE, SURRENDER, DATA,
         *(name for seat in range(4) for name in seat_columns(seat)), BOX, ENTERED_BY]

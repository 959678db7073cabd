"""Every read of hand rows, by topic: the standings, the Schreibzettel, the money, the workbook.

The tournament core (tournament/) never reads a hand; pages, sheets and exports that need hands
read them here, so one query shape and one arithmetic serve every page, PDF and workbook.
"""

from scoring.selectors.entered import ChangedHand, EnteredHand, changed_hands, entered_data, entered_hands, stored_hand
from scoring.selectors.money import MoneyOfHand, Prizes, Settlement, money_by_hand, prizes, settlement
from scoring.selectors.players import ContractRecord, PlayerDay, contract_record, declarer_hands, hand_totals, player_day
from scoring.selectors.round_notes import (
    RoundNotes,
    change_after_confirmation_said,
    changed_after_confirmation,
    round_notes,
    table_changed_after_confirmation,
)
from scoring.selectors.sheets import Sheet, SheetRow, build_sheet, round_sheets, table_sheet
from scoring.selectors.standings import (
    StandingsRows,
    final_ranking,
    money_label,
    player_hands,
    ranked_rows,
    renonce_hands,
    seating_ranking,
    standings,
    standings_document,
    standings_many,
    standings_table,
    tournament_corrections,
)
from scoring.selectors.teams import TeamRow, club_ranking, sub_ranking, team_standings
from scoring.selectors.workbook import WorkbookData, workbook_data

__all__ = [
    "ContractRecord", "contract_record", "EnteredHand", "entered_data", "entered_hands", "stored_hand", "hand_totals",
    "MoneyOfHand", "Settlement", "Sheet", "SheetRow", "StandingsRows", "WorkbookData", "build_sheet", "declarer_hands",
    "final_ranking", "ranked_rows", "money_by_hand", "money_label", "player_day", "PlayerDay", "player_hands", "prizes",
    "Prizes", "renonce_hands", "round_sheets", "seating_ranking", "settlement",
    "standings", "standings_document", "standings_many", "standings_table", "table_sheet", "tournament_corrections",
    "workbook_data", "TeamRow", "club_ranking", "sub_ranking", "team_standings", "RoundNotes", "round_notes",
    "changed_after_confirmation", "change_after_confirmation_said", "table_changed_after_confirmation",
    "ChangedHand", "changed_hands",
]

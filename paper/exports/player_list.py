"""The director's player list as .xlsx and .csv: the columns of the list on the tournament's page."""

from __future__ import annotations

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from paper.exports.base import TableExporter
from paper.exports.sheetdata import INTEGER_FORMAT, Column, SheetData
from tournament.selectors import player_list


class PlayerList(TableExporter):
    slug = "spieler"

    def table(self) -> SheetData:
        columns = [Column(_("Name"), 28), Column(_("Verein"), 24), Column(_("Region"), 16), Column(_("anwesend"), 10),
                   Column(_("ausgeschieden nach Runde"), 12, INTEGER_FORMAT), Column(_("Los"), 8, INTEGER_FORMAT)]
        # "ja"/"nein" in every language, as the list always had them: the player import reads both back.
        rows = [[entry.player.name, entry.player.club, entry.player.region or None,
                 "ja" if entry.checked_in else "nein", entry.withdrawn_after_round, entry.lot]
                for entry in player_list(self.tournament)]
        return SheetData(capfirst(_("Teilnahmen")), columns, rows)

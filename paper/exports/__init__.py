"""Everything a director prints or downloads, by identifier (see base.py for the interface).

    exporter = get_exporter("table-cards-pdf")(tournament, round=round, base_url=...)
    file = exporter.render()  # ExportFile(filename, content type, content)
"""

from __future__ import annotations

from paper.exports.base import Exporter, ExportFile
from paper.exports.round_bundle import RoundBundlePdf
from paper.exports.score_sheets import BlankScoreSheetsPdf, ScoreSheetsPdf
from paper.exports.seating_list import SeatingPdf
from paper.exports.settlement import SettlementPdf, SettlementXlsx
from paper.exports.standings import StandingsPdf, StandingsXlsx
from paper.exports.table_cards import TableCardsPdf
from paper.exports.workbook import TournamentWorkbook

# In the order the director's pages list them: before a round, then results.
EXPORTERS: tuple[type[Exporter], ...] = (
    TableCardsPdf, ScoreSheetsPdf, BlankScoreSheetsPdf, SeatingPdf, RoundBundlePdf,
    StandingsPdf, StandingsXlsx, SettlementPdf, SettlementXlsx, TournamentWorkbook,
)


def get_exporter(identifier: str) -> type[Exporter] | None:
    return next((cls for cls in EXPORTERS if cls.identifier == identifier), None)


__all__ = ["EXPORTERS", "ExportFile", "Exporter", "get_exporter"]

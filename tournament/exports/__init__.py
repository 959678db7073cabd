"""Everything a director prints or downloads, by identifier (see base.py for the interface).

    exporter = get_exporter("table-cards-pdf")(tournament, round=round, base_url=...)
    file = exporter.render()  # ExportFile(filename, content_type, content)
"""

from __future__ import annotations

from importlib import import_module

from tournament.exports.base import Exporter, ExportFile

# In the order the director's pages list them: before a round, then results.
EXPORTER_PATHS = [
    "tournament.exports.round_sheets.TableCardsPdf",
    "tournament.exports.round_sheets.ScoreSheetsPdf",
    "tournament.exports.round_sheets.BlankScoreSheetsPdf",
    "tournament.exports.round_sheets.SeatingPdf",
    "tournament.exports.results.StandingsPdf",
    "tournament.exports.results.StandingsXlsx",
    "tournament.exports.results.SettlementPdf",
    "tournament.exports.results.SettlementXlsx",
    "tournament.exports.workbook.TournamentWorkbook",
]


def exporters() -> list[type[Exporter]]:
    classes = []
    for path in EXPORTER_PATHS:
        module, name = path.rsplit(".", 1)
        classes.append(getattr(import_module(module), name))
    return classes


def get_exporter(identifier: str) -> type[Exporter] | None:
    return next((cls for cls in exporters() if cls.identifier == identifier), None)


__all__ = ["ExportFile", "Exporter", "exporters", "get_exporter"]

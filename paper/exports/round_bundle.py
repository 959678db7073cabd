"""One file to print before a round: the table cards, the score sheets and the seating list, in that
order, as one PDF (the director's "alles drucken" button on the round page).

Each part is rendered by its own exporter, exactly as its single download, and the pages are joined
with pypdf: every part keeps its page size, its header and its "Seite x von y", and the combined
file carries one bookmark per part so a viewer jumps to the score sheets directly.
"""

from __future__ import annotations

import io

from django.utils.translation import gettext as _
from pypdf import PdfReader, PdfWriter

from paper.exports.base import Exporter
from paper.exports.score_sheets import ScoreSheetsPdf
from paper.exports.seating_list import SeatingPdf
from paper.exports.table_cards import TableCardsPdf


class RoundBundlePdf(Exporter):
    slug = "print-all"
    formats = ("pdf",)
    PARTS = (TableCardsPdf, ScoreSheetsPdf, SeatingPdf)

    def render_bytes(self) -> bytes:
        writer = PdfWriter()
        for part in self.PARTS:
            exporter = part(self.tournament, round=self.round, base_url=self.base_url)
            # render_bytes raises the same ServiceError as the single sheet for a round not drawn yet.
            content = exporter.render_bytes()
            writer.append(PdfReader(io.BytesIO(content)), outline_item=str(part.sheet_name))
        writer.add_metadata({"/Title": f"{_('Alles für %(round)s') % {'round': self.round.label}} – {self.tournament.name}",
                             "/Creator": "Tarock-Turnier"})
        buffer = io.BytesIO()
        writer.write(buffer)
        return buffer.getvalue()

"""A QR code as inline SVG for the director's check-in list: the table cards' encoder (paper), one path."""

from __future__ import annotations

import itertools

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from paper.exports.table_cards import ScorerQrWidget

BORDER = 2  # modules of quiet zone


def qr_svg(value: str, size_px: int = 132, label: str = "") -> SafeString:
    code = ScorerQrWidget(value).qr
    code.make()
    count = code.getModuleCount()
    runs = []
    for row_number, row in enumerate(code.modules):
        column = 0
        for dark, run in itertools.groupby(row):
            length = sum(1 for _module in run)
            if dark:
                runs.append(f"M{column + BORDER} {row_number + BORDER}h{length}v1h-{length}z")
            column += length
    side = count + 2 * BORDER
    return mark_safe(  # noqa: S308 - numbers and an escaped label only
        f'<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" width="{size_px}" '
        f'height="{size_px}" role="img" aria-label="{escape(label)}" shape-rendering="crispEdges">'
        f'<rect width="{side}" height="{side}" fill="#fff"/><path fill="#000" d="{"".join(runs)}"/></svg>')

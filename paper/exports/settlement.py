"""The cash settlement on paper and in Excel.

- SettlementPdf: what a cup posts on its wall after the event: each table of each round with the
  players' cash points and euros and the fewest payments that settle it ("A zahlt B 1,20 €"), the
  charity box, then every player's euros per round. Two tables side by side, plain Table flowables:
  a 1,000-player event (750 tables) renders in a second or two.
- SettlementXlsx: the same for the treasurer: sheets Tische, Zahlungen, Spieler (and Spendenkassa).

Layout only: the numbers come from scoring.selectors.settlement (the one money selector).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Iterator
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Table, TableStyle

from paper.exports.base import ListExporter, provisional_note
from paper.exports.pdf import (
    FONT,
    FONT_BOLD,
    GRID,
    HEADER_BG,
    SHADE,
    PdfExporter,
    TextTable,
    WholeTable,
    fit_text,
    table_style,
)
from paper.exports.sheetdata import EURO_FORMAT, INTEGER_FORMAT, POINTS_FORMAT, Column, SheetData
from paper.formats import euro_text, number_text
from scoring.selectors import Settlement, settlement
from tournament.money import from_cents


def payment_text(payer: str, payee: str, amount: Decimal) -> str:
    return _("%(payer)s zahlt %(payee)s %(amount)s") % {"payer": payer, "payee": payee, "amount": euro_text(amount)}


def box_label() -> str:
    return _("Spendenkassa")


class SettlementPdf(PdfExporter):
    slug = "settlement"

    FONT_SIZE = 8
    GAP = 6 * mm

    def title(self) -> str:
        return _("Abrechnung")

    def story(self) -> list:
        t = self.tournament
        money = settlement(t, box_label=box_label())
        size = self.FONT_SIZE
        self.cell = ParagraphStyle("cell", parent=self.styles["small"], fontSize=size, leading=size + 1.5)
        self.pay = ParagraphStyle("pay", parent=self.cell, fontSize=size - 0.5, leading=size + 1)
        width = self.pagesize[0] - 2 * self.margin
        self.block_width = (width - self.GAP) / 2
        story: list = [self._summary(money, width)]
        heading = ParagraphStyle("round", parent=self.styles["heading"], keepWithNext=1)
        for number in money.round_numbers:
            tables = [table for table in money.tables if table.round_number == number]
            story.append(Paragraph(escape(t.round_label(number)), heading))
            for start in range(0, len(tables), 2):
                story.append(self._pair(tables[start:start + 2]))
        if money.players:
            story.append(Paragraph(escape(_("Spieler")), heading))
            story.append(self._players(money, width))
        if money.prizes.any:
            story.append(Paragraph(escape(_("Nenngeld und Preise")), heading))
            story.append(self._prizes(money, width))
        return story

    def _prizes(self, money: Settlement, width: float) -> Table:
        """Every prize paid, by rank ("3=": a shared rank splits the prizes of the places it covers)."""
        size = self.FONT_SIZE
        rank_w, euro_w = 14 * mm, 24 * mm
        name_w = (width - rank_w - euro_w) * 0.58
        club_w = width - rank_w - euro_w - name_w
        data: list[list] = [[_("Rang"), _("Name"), _("Verein"), _("Preis")]]
        for line in money.prizes.paid:
            data.append([line.rank_text, fit_text(line.name, name_w, self.cell, size),
                         fit_text(line.club, club_w, self.cell, size), euro_text(line.amount)])
        if not money.prizes.paid:
            data.append([_("keine Preise"), "", "", ""])
        data.append(["", _("Preise gesamt"), "", euro_text(money.prizes.prizes_total)])
        style = table_style(font_size=size) + [
            ("ALIGN", (0, 0), (0, -1), "RIGHT"), ("ALIGN", (3, 0), (3, -1), "RIGHT"),
            ("FONTNAME", (0, -1), (-1, -1), FONT_BOLD),
            ("TOPPADDING", (0, 0), (-1, -1), 1.2), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.2),
        ]
        return TextTable(data, colWidths=[rank_w, name_w, club_w, euro_w], repeatRows=1, style=TableStyle(style))

    def _summary(self, money: Settlement, width: float) -> Table:
        t = self.tournament
        stake = euro_text(from_cents(t.stake_cents))
        lines = [
            [_("Einsatz"), _("%(stake)s je Punkt") % {"stake": stake}],
            [_("Tische"), str(len(money.tables))],
            [_("Spiele"), str(sum(table.hands for table in money.tables))],
            [_("Zahlungen"), str(sum(len(table.payments) for table in money.tables))],
        ]
        if money.charity:
            lines.append([_("Spendenkassa gesamt"), euro_text(money.box_total)])
            lines.append(["", Paragraph(escape(_("Das Geld aus Kontras zahlt, wer es verloren hat, in die "
                                                 "Spendenkassa; wer es gewonnen hätte, bekommt es nicht.")), self.cell)])
        prizes = money.prizes
        if prizes.any:
            lines.append([_("Nenngeld"), _("%(n)s × %(fee)s = %(total)s") % {
                "n": prizes.payers, "fee": euro_text(prizes.entry_fee), "total": euro_text(prizes.fees_total)}])
            lines.append([_("Preise ausbezahlt"), euro_text(prizes.prizes_total)])
            lines.append([_("Zuschuss nötig") if prizes.rest < 0 else _("Rest"), euro_text(prizes.rest)])
        note = provisional_note(t)
        if note:
            lines.append(["", Paragraph(f"<b>{escape(note)}</b>", self.cell)])
        style = [("FONTNAME", (0, 0), (-1, -1), FONT), ("FONTSIZE", (0, 0), (-1, -1), 9),
                 ("FONTNAME", (0, 0), (0, -1), FONT_BOLD), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                 ("LEFTPADDING", (0, 0), (0, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 1),
                 ("BOTTOMPADDING", (0, 0), (-1, -1), 1)]
        if money.charity:
            style.append(("FONTNAME", (1, 4), (1, 4), FONT_BOLD))
        return TextTable(lines, colWidths=[40 * mm, width - 40 * mm], style=TableStyle(style), hAlign="LEFT")

    POINTS_W, EURO_W = 19 * mm, 17 * mm

    def _pair(self, tables: list) -> Table:
        """Two tables of a round side by side as one flat Table (nested tables cost twice the time)."""
        name_w = self.block_width - self.POINTS_W - self.EURO_W
        blocks = [self._block(table, name_w) for table in tables]
        height = max(len(rows) for rows, _style in blocks)
        data = [[] for _row in range(height)]
        style = [("FONTNAME", (0, 0), (-1, -1), FONT), ("FONTSIZE", (0, 0), (-1, -1), self.FONT_SIZE),
                 ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                 ("LEADING", (0, 0), (-1, -1), self.FONT_SIZE + 1),
                 ("TOPPADDING", (0, 0), (-1, -1), 0.8), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.4),
                 ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3)]
        for side, (rows, commands) in enumerate(blocks):
            offset = 4 * side
            for index in range(height):
                if side:
                    data[index].append("")  # the gap between the two
                data[index].extend(rows[index] if index < len(rows) else ["", "", ""])
            for command, (c0, r0), (c1, r1), *args in commands:
                style.append((command, (c0 + offset, r0), (c1 + offset, r1), *args))
        widths = [name_w, self.POINTS_W, self.EURO_W] + ([self.GAP, name_w, self.POINTS_W, self.EURO_W] if len(blocks) > 1
                                                          else [])
        return WholeTable(data, colWidths=widths, style=TableStyle(style), hAlign="LEFT", spaceAfter=2.5 * mm)

    def _block(self, table, name_w: float) -> tuple[list[list], list[tuple]]:
        """One table's rows (three columns) and its style commands, columns counted from 0."""
        size = self.FONT_SIZE
        title = _("%(round)s · Tisch %(n)s") % {"round": self.tournament.round_label(table.round_number),
                                                 "n": table.table_number}
        rows: list[list] = [[title, _("Geldpunkte"), "€"]]
        for line in table.lines:
            rows.append([fit_text(line.name, name_w, self.cell, size), number_text(line.cash_points, signed=True),
                         euro_text(line.euros, signed=True)])
        if self.tournament.kontra_to_charity:
            rows.append([box_label(), "", euro_text(table.box, signed=True)])
        lines_end = len(rows) - 1
        full = self.block_width
        for payment in table.payments:
            rows.append([fit_text(payment_text(payment.payer, payment.payee, payment.amount), full, self.pay, size - 0.5),
                         "", ""])
        if not table.payments:
            rows.append([_("keine Zahlungen") if table.hands else _("noch keine Spiele"), "", ""])
        commands = [
            ("ALIGN", (1, 0), (2, lines_end), "RIGHT"), ("FONTSIZE", (1, 0), (2, 0), size - 1),
            ("FONTNAME", (0, 0), (2, 0), FONT_BOLD), ("BACKGROUND", (0, 0), (2, 0), HEADER_BG),
            ("TEXTCOLOR", (0, 0), (2, 0), colors.white),
            ("BOX", (0, 0), (2, len(rows) - 1), 0.5, GRID), ("INNERGRID", (0, 0), (2, lines_end), 0.3, GRID),
            ("BACKGROUND", (0, lines_end + 1), (2, len(rows) - 1), SHADE),
            ("FONTSIZE", (0, lines_end + 1), (2, len(rows) - 1), size - 0.5),
        ]
        commands += [("SPAN", (0, row), (2, row)) for row in range(lines_end + 1, len(rows))]
        return rows, commands

    def _players(self, money: Settlement, width: float) -> Table:
        size = self.FONT_SIZE
        numbers = money.round_numbers
        euro_w = 19 * mm
        rest = width - euro_w * (len(numbers) + 1)
        name_w, club_w = rest * 0.58, rest * 0.42
        header = [_("Name"), _("Verein")] + [self.tournament.round_label(n) for n in numbers] + [_("Gesamt")]
        data: list[list] = [header]
        for player in money.players:
            line = [fit_text(player.name, name_w, self.cell, size), fit_text(player.club, club_w, self.cell, size)]
            line += [euro_text(player.rounds[n], signed=True) if n in player.rounds else "" for n in numbers]
            line.append(euro_text(player.total, signed=True))
            data.append(line)
        style = table_style(font_size=size) + [
            ("ALIGN", (2, 0), (-1, -1), "RIGHT"), ("FONTNAME", (-1, 1), (-1, -1), FONT_BOLD),
            ("TOPPADDING", (0, 0), (-1, -1), 1.2), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.2),
        ]
        return TextTable(data, colWidths=[name_w, club_w] + [euro_w] * (len(numbers) + 1), repeatRows=1,
                     style=TableStyle(style))


class SettlementXlsx(ListExporter):
    slug = "settlement"

    def sheets(self) -> Iterator[SheetData]:
        t = self.tournament
        money = settlement(t, box_label=box_label())
        numbers = money.round_numbers
        stake = from_cents(t.stake_cents)
        summary = [f"{t.name} – {t.date.strftime('%d.%m.%Y')}", _("Einsatz je Punkt"), stake]
        note = provisional_note(t)
        if note:
            summary.append(note)

        def tables():
            for table in money.tables:
                for line in table.lines:
                    yield [table.round_number, table.table_number, line.name, line.cash_points, line.euros]
                if money.charity:
                    yield [table.round_number, table.table_number, box_label(), None, table.box]

        yield SheetData(_("Tische"), [
            Column(_("Runde"), 8, INTEGER_FORMAT), Column(_("Tisch"), 8, INTEGER_FORMAT), Column(_("Spieler"), 28),
            Column(_("Geldpunkte"), 12, POINTS_FORMAT), Column(_("Euro"), 12, EURO_FORMAT),
        ], tables(), header_rows=[summary])

        def payments():
            for table in money.tables:
                for payment in table.payments:
                    yield [table.round_number, table.table_number, payment.payer, payment.payee,
                           payment.amount]

        yield SheetData(_("Zahlungen"), [
            Column(_("Runde"), 8, INTEGER_FORMAT), Column(_("Tisch"), 8, INTEGER_FORMAT), Column(_("zahlt"), 28),
            Column(_("an"), 28), Column(_("Betrag"), 12, EURO_FORMAT),
        ], payments())

        def players():
            for player in money.players:
                yield ([player.name, player.club]
                       + [player.rounds.get(n) for n in numbers] + [player.total])

        yield SheetData(_("Spieler"), [Column(_("Name"), 28), Column(_("Verein"), 24)]
                        + [Column(t.round_label(n), 12, EURO_FORMAT) for n in numbers]
                        + [Column(_("Gesamt"), 12, EURO_FORMAT)], players())

        prizes = money.prizes
        if prizes.any:
            yield SheetData(_("Nenngeld und Preise"), [
                Column(_("Rang"), 8), Column(_("Name"), 28), Column(_("Verein"), 24), Column(_("Preis"), 12, EURO_FORMAT),
            ], ([line.rank_text, line.name, line.club, line.amount] for line in prizes.paid), header_rows=[
                [_("Nenngeld je Spieler"), prizes.entry_fee], [_("zahlende Spieler"), prizes.payers],
                [_("Nenngeld eingenommen"), prizes.fees_total], [_("Preise ausbezahlt"), prizes.prizes_total],
                [_("Zuschuss nötig") if prizes.rest < 0 else _("Rest"), prizes.rest]])

        if money.charity:
            yield SheetData(box_label(), [
                Column(_("Runde"), 8, INTEGER_FORMAT), Column(_("Tisch"), 8, INTEGER_FORMAT),
                Column(_("Betrag"), 12, EURO_FORMAT),
            ], ([table.round_number, table.table_number, table.box] for table in money.tables),
                header_rows=[[_("Spendenkassa gesamt"), money.box_total]])

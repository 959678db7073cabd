"""The whole tournament as one workbook, for auditors and for moving an event to another site.

Sheets, named in the reader's language (the page it is downloaded from, or export_sheets --language):
Rangliste, Runden, Tische, Spiele, Abrechnung, Spieler, Korrekturen (points booked), Spielkorrekturen
(every hand changed, with why); in English Standings, Rounds, Tables, Hands, Settlement, Players,
Corrections, Hand corrections. The imports find the players, tables and hands under either name. A
hand's contract and result read in that language too ("Dreier", "gewonnen"; the JSON column keeps the
interchange format). Players, Tables and Hands use the German headers of columns.py (the import reads
them back by those names).
Everything is numbered by "Nr" (Players sheet: 1..n by name).

The Hands sheet holds every hand with each hand seat's Nr, points, cash points and euros; the
Standings' points per round and money, and the Settlement's euros per table, are Excel formulas
(SUMIFS over the Hands sheet), so anyone can check the site's arithmetic in Excel. Ranks and
tie-break values are values. With a final round the site's total (carried share of the
preliminary points, rounded, plus the final) is a value, next to formula columns for the final
and the preliminary sum, as the sheet's note says.

Every formula carries the site's own figure as its cached result (xlsx.CachedFormula), so a viewer
that does not calculate (a phone's preview, openpyxl with data_only=True) shows the totals; Excel
computes the formulas again on opening (fullCalcOnLoad) and must come to the same. The file is
streamed by paper/exports/xlsx.py: 15,000 hands build in well under 5 s.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Iterator

from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from language import active_language
from paper import columns as C
from paper.cells import json_cell, local
from paper.exports.base import ListExporter
from paper.exports.settlement import box_label
from paper.exports.sheetdata import EURO_FORMAT, INTEGER_FORMAT, POINTS_FORMAT, Column, SheetData
from paper.exports.xlsx import CachedFormula, a1
from rules.engine.catalogue import ANNULLED, CONTRACT_SLUGS
from rules.rulesets import contract_name as catalogue_name
from scoring.models import who_label
from scoring.selectors import WorkbookData, money_label, standings_table, workbook_data
from scoring.selectors.workbook import SeatRow
from tournament.money import from_cents

DATETIME_FORMAT = "DD.MM.YYYY HH:MM"
# The sheets' names, rendered when the workbook is built (in the reader's language).
STANDINGS = pgettext_lazy("workbook sheet", "Rangliste")
ROUNDS = pgettext_lazy("workbook sheet", "Runden")
TABLES = pgettext_lazy("workbook sheet", "Tische")
HANDS = pgettext_lazy("workbook sheet", "Spiele")
SETTLEMENT = pgettext_lazy("workbook sheet", "Abrechnung")
PLAYERS = pgettext_lazy("workbook sheet", "Spieler")
CORRECTIONS = pgettext_lazy("workbook sheet", "Korrekturen")
HAND_CHANGES = pgettext_lazy("workbook sheet", "Spielkorrekturen")


def sheet_ref(sheet) -> str:
    """A sheet as a formula names it (quoted where its name needs it)."""
    return a1.quote_sheetname(str(sheet))


class HandsRanges:
    """Absolute references to the columns of the Hands sheet (rows 2..last) for SUMIFS."""

    def __init__(self, hand_count: int):
        last = max(hand_count + 1, 2)
        self.ranges = {}
        for index, header in enumerate(C.HANDS, start=1):
            letter = a1.get_column_letter(index)
            self.ranges[header] = f"{sheet_ref(HANDS)}!${letter}$2:${letter}${last}"
        self.seats = [[self.ranges[header] for header in C.seat_columns(seat)] for seat in range(4)]

    def __call__(self, header: str) -> str:
        return self.ranges[header]

    def seat_sum(self, what: int, criteria: list[tuple[str, str]], nr: str) -> str:
        """The sum over the four hand seats of one player's column ``what`` (0 Nr, 1 Name, 2 Punkte,
        3 Geldpunkte, 4 Euro) where the Hands columns in ``criteria`` hold the values, without the "="."""
        conditions = "".join(f",{self.ranges[header]},{value}" for header, value in criteria)
        return "+".join(f"SUMIFS({seat[what]}{conditions},{seat[0]},{nr})" for seat in self.seats)


POINTS, CASH, EUROS = 2, 3, 4


class TournamentWorkbook(ListExporter):
    slug = "tournament"

    def sheets(self) -> Iterator[SheetData]:
        data = workbook_data(self.tournament)
        ranges = HandsRanges(data.hand_count)
        yield self.standings(data, ranges)
        yield self.rounds(data)
        yield self.tables(data)
        yield self.hands(data)
        yield self.settlement(data, ranges)
        yield self.players(data)
        yield self.corrections(data)
        yield self.hand_changes(data)

    # --- Standings ----------------------------------------------------------------------------

    def standings(self, data: WorkbookData, ranges: HandsRanges) -> SheetData:
        t = self.tournament
        table = standings_table(t)
        rows, extra = table.rows, table.columns
        labels = dict(extra)
        number_of = data.number_of
        preliminary = list(range(1, t.rounds + 1))
        final_number = t.rounds + 1 if t.has_final else None
        ties = [(key, label) for key, label in extra if key.startswith("tie_")]
        cash_label = money_label(t)
        columns = [Column(_("Rang"), 7), Column(C.PLAYER_NUMBER, 6, INTEGER_FORMAT), Column(_("Name"), 28),
                   Column(_("Verein"), 22)]
        columns += [Column(str(labels.get(f"round_{n}", n)), 9, POINTS_FORMAT) for n in preliminary]
        first_round_col = 5
        header_rows = []
        if t.has_final:
            columns += [Column(str(labels.get("final", _("Finale"))), 9, POINTS_FORMAT),
                        Column(_("Summe Vorrunden"), 11, POINTS_FORMAT),
                        Column(str(labels.get("carried", _("übernommen"))), 11, POINTS_FORMAT)]
            header_rows.append([_(
                "Punkte der Finalisten: der Wert der Website (%(percent)s %% der Vorrunden, auf 0,01 gerundet, plus "
                "Finale); nachprüfbar mit den Formeln in „Finale“ und „Summe Vorrunden“. Alle übrigen Punkte und "
                "das Geld sind Formeln über das Blatt Hands."
            ) % {"percent": t.final_round_carry_percent}])
        columns.append(Column(str(labels.get("total", _("Punkte"))), 10, POINTS_FORMAT))
        columns += [Column(str(label), 9, INTEGER_FORMAT if key == "tie_lots" else POINTS_FORMAT) for key, label in ties]
        columns.append(Column(str(cash_label), 13, EURO_FORMAT))
        first_row = len(header_rows) + 2

        first = a1.get_column_letter(first_round_col)
        last = a1.get_column_letter(first_round_col + len(preliminary) - 1)
        prelim_col = a1.get_column_letter(first_round_col + len(preliminary) + 1)  # "Summe Vorrunden" with a final
        seated = set(data.round_numbers)

        last_correction = max(len(data.corrections) + 1, 2)
        correction_rows = {key: f"{sheet_ref(CORRECTIONS)}!${letter}$2:${letter}${last_correction}"
                           for key, letter in (("nr", "A"), ("round", "C"), ("points", "D"))}

        def corrections(number: int, nr: str) -> str:
            """The points the director booked outside a hand for this player and round (the Corrections sheet)."""
            if not data.corrections:
                return ""
            return (f"+SUMIFS({correction_rows['points']},{correction_rows['nr']},{nr},"
                    f"{correction_rows['round']},{number})")

        def lines():
            for row_number, row in enumerate(rows, start=first_row):
                nr = f"$B{row_number}"
                line = [row["rank"], number_of.get(row["entry_id"]), row["name"], row["club"]]
                # A round not seated yet stays empty, as on the site (not a 0 that looks played).
                # The site's figures are the formulas' cached results (a round without hands: 0).
                points = {n: row[f"round_{n}"] or Decimal(0) for n in preliminary}
                line += [CachedFormula("=" + ranges.seat_sum(POINTS, [(C.ROUND, str(n))], nr) + corrections(n, nr),
                                       points[n])
                         if n in seated else None for n in preliminary]
                preliminary_sum = CachedFormula(f"=SUM({first}{row_number}:{last}{row_number})",
                                                sum((points[n] for n in preliminary if n in seated), Decimal(0)))
                if final_number is None:
                    line.append(preliminary_sum)
                else:
                    finalist = row.get("final") is not None
                    line.append(CachedFormula("=" + ranges.seat_sum(POINTS, [(C.ROUND, str(final_number))], nr)
                                              + corrections(final_number, nr), row["final"]) if finalist else None)
                    line.append(preliminary_sum)
                    line.append(row.get("carried"))
                    # The site's carry-over (rounded half-even to 0.01) stays a value; the rest a formula.
                    line.append(row["total"] if finalist else CachedFormula(f"={prelim_col}{row_number}", row["total"]))
                line += [None if row.get(key) in ("", None) else row[key] for key, _label in ties]
                line.append(CachedFormula("=" + ranges.seat_sum(EUROS, [], nr), row["cash"]))
                yield line

        return SheetData(str(STANDINGS), columns, lines(), header_rows=header_rows)

    # --- Rounds -------------------------------------------------------------------------------

    def rounds(self, data: WorkbookData) -> SheetData:
        columns = [Column(C.ROUND, 8, INTEGER_FORMAT), Column(_("Status"), 14), Column(_("Finalrunde"), 10),
                   Column(_("Tische"), 8, INTEGER_FORMAT), Column(_("Spiele"), 8, INTEGER_FORMAT),
                   Column(_("wiederholte Begegnungen"), 14, INTEGER_FORMAT), Column(_("Auslosung (Seed)"), 16),
                   Column(_("gesetzt"), 17, DATETIME_FORMAT), Column(_("abgeschlossen"), 17, DATETIME_FORMAT)]
        rows = ([r.number, r.status_label, r.is_final, r.tables, r.hands, r.repeats, r.seed or None,
                 local(r.seated_at), local(r.closed_at)] for r in data.rounds)
        return SheetData(str(ROUNDS), columns, rows)

    # --- Tables -------------------------------------------------------------------------------

    def tables(self, data: WorkbookData) -> SheetData:
        widths = {C.PLAYER_NAME: 28, C.PLAYER_CLUB: 22, "bestätigt": 17}
        formats = {C.ROUND: INTEGER_FORMAT, C.TABLE: INTEGER_FORMAT, C.PLACE: INTEGER_FORMAT,
                   C.PLAYER_NUMBER: INTEGER_FORMAT, "Spiele": INTEGER_FORMAT, "Punkte": POINTS_FORMAT,
                   "Geldpunkte": POINTS_FORMAT, "Euro": EURO_FORMAT, "bestätigt": DATETIME_FORMAT}
        columns = [Column(header, widths.get(header, 9), formats.get(header)) for header in C.TABLES]
        entries = {entry.entry_id: entry for entry in data.entries}

        def lines():
            for seat in data.seats:
                entry = entries[seat.entry_id]
                yield [seat.round_number, seat.table_number, seat.position + 1, entry.number, entry.name,
                       entry.club, seat.hands, seat.points, seat.cash, seat.euros, local(seat.confirmed_at)]

        return SheetData(str(TABLES), columns, lines())

    # --- Hands --------------------------------------------------------------------------------

    def hands(self, data: WorkbookData) -> SheetData:
        t = self.tournament
        ruleset = t.ruleset
        entries = {entry.entry_id: entry for entry in data.entries}
        table_entries: dict[int, dict[int, int]] = {}
        for seat in data.seats:
            table_entries.setdefault(seat.table_id, {})[seat.position] = seat.entry_id
        widths = {C.DEALER: 20, C.CONTRACT: 12, C.CONTRACT_NAME: 16, C.DECLARER: 20, C.PARTNER: 20, C.BONUSES: 30,
                  C.CARD_POINTS: 16, C.DATA: 60, C.BOX: 12, C.ENTERED_BY: 16}
        formats = {C.ROUND: INTEGER_FORMAT, C.TABLE: INTEGER_FORMAT, C.HAND: INTEGER_FORMAT, C.BOX: EURO_FORMAT}
        for seat in range(4):
            nr, name, points, cash, euros = C.seat_columns(seat)
            formats.update({nr: INTEGER_FORMAT, points: POINTS_FORMAT, cash: POINTS_FORMAT, euros: EURO_FORMAT})
            widths[name] = 20
        columns = [Column(header, widths.get(header, 9), formats.get(header)) for header in C.HANDS]
        contract_names: dict[str, tuple[str, str]] = {}
        english = active_language() == "en"
        results = {"won": _("gewonnen"), "lost": _("verloren")}

        def contract_words(slug: str) -> tuple[str, str]:
            """The contract as the reader calls it (Spielart) and as the rule set names it (Spiel (Name))."""
            if slug not in contract_names:
                contract = ruleset.contract(slug)
                own = (contract.name_en if english else contract.name) if contract is not None else None
                known = slug in CONTRACT_SLUGS or slug == ANNULLED
                shown = catalogue_name(slug, "en" if english else "de") if known or own is None else own
                contract_names[slug] = (shown, own or shown)
            return contract_names[slug]

        def name_at(by_seat: dict, hand_seat) -> str | None:
            score = by_seat.get(hand_seat) if isinstance(hand_seat, int) else None
            return entries[score.entry_id].name if score is not None else None

        def lines():
            for hand in data.hands():
                scores = data.scores.get(hand.hand_id, [])
                money = data.money.get(hand.hand_id)
                by_seat = {score.hand_seat: score for score in scores}

                facts = hand.data
                dealer_entry = table_entries.get(hand.table_id, {}).get(hand.dealer_position)
                kontra = facts.get("kontra")
                line = [
                    hand.round_number, hand.table_number, hand.number,
                    entries[dealer_entry].name if dealer_entry in entries else None,
                    *contract_words(hand.contract),
                    name_at(by_seat, facts.get("declarer", 0) if "declarer" in facts or hand.contract != "trischaken"
                            else None),
                    name_at(by_seat, facts.get("partner")),
                    results.get(facts.get("result"), facts.get("result")),
                    None if facts.get("declarer_points") is None else str(facts["declarer_points"]),
                    json_cell(kontra) if isinstance(kontra, dict) else kontra,
                    json_cell(facts["bonuses"]) if facts.get("bonuses") else None,
                    json_cell(facts["card_points"]) if facts.get("card_points") else None,
                    facts.get("renonce"),
                    bool(facts.get("surrender", False)),
                    json_cell(facts),
                ]
                euros = money.money.seats if money is not None else ()
                for seat in range(4):
                    score = by_seat.get(seat)
                    if score is None:
                        line += [None] * 5
                        continue
                    entry = entries[score.entry_id]
                    line += [entry.number, entry.name, score.points, score.cash,
                             euros[seat] if seat < len(euros) else None]
                line.append(money.money.box if money is not None else Decimal(0))
                line.append(who_label(hand.entered_by) if hand.entered_by else None)
                yield line

        return SheetData(str(HANDS), columns, lines())

    # --- Settlement ---------------------------------------------------------------------------

    def settlement(self, data: WorkbookData, ranges: HandsRanges) -> SheetData:
        """One row per player: in each round their table, cash points and euros (SUMIFS over Hands by
        round, table and Nr), and their total; the box and a zero check above the headers."""
        t = self.tournament
        numbers = data.round_numbers
        columns = [Column(C.PLAYER_NUMBER, 6, INTEGER_FORMAT), Column(C.PLAYER_NAME, 28), Column(C.PLAYER_CLUB, 22)]
        for n in numbers:
            label = t.round_label(n)
            columns += [Column(f"{label} {C.TABLE}", 9, INTEGER_FORMAT),
                        Column(f"{label} {_('Geldpunkte')}", 11, POINTS_FORMAT),
                        Column(f"{label} €", 11, EURO_FORMAT)]
        total_col = a1.get_column_letter(len(columns) + 1)
        columns.append(Column(_("Gesamt €"), 12, EURO_FORMAT))
        stake = from_cents(t.stake_cents)
        header_rows: list[list] = [[_("Einsatz je Punkt (€)"), stake]]
        # The cached results: the same sums the site makes from the stored euros of every hand.
        seat_of: dict[tuple[int, int], SeatRow] = {(seat.round_number, seat.entry_id): seat for seat in data.seats}
        round_of_table = {seat.table_id: seat.round_number for seat in data.seats}
        box_by_round: dict[int, Decimal] = {}
        for hand in data.money.values():
            number = round_of_table[hand.table_id]
            box_by_round[number] = box_by_round.get(number, Decimal(0)) + hand.money.box
        box_total = sum(box_by_round.values(), Decimal(0))
        players_total = sum((seat.euros for seat in data.seats), Decimal(0))
        if t.kontra_to_charity:
            box = [_("%(box)s gesamt (€)") % {"box": box_label()}, CachedFormula(f"=SUM({ranges(C.BOX)})", box_total)]
            for n in numbers:
                box += [t.round_label(n), CachedFormula(f"=SUMIFS({ranges(C.BOX)},{ranges(C.ROUND)},{n})",
                                                        box_by_round.get(n, Decimal(0)))]
            header_rows.append(box)
        first_row = len(header_rows) + 3  # the check line below, then the column headers
        last_row = first_row + max(len(data.entries), 1) - 1
        players_sum = f"SUM(${total_col}${first_row}:${total_col}${last_row})"
        check = (CachedFormula(f"=ROUND({players_sum}+SUM({ranges(C.BOX)}),2)", round(players_total + box_total, 2))
                 if t.kontra_to_charity else CachedFormula(f"=ROUND({players_sum},2)", round(players_total, 2)))
        header_rows.append([_("Summe aller Euro (muss 0 sein)"), check])

        def lines():
            for row_number, entry in enumerate(data.entries, start=first_row):
                line = [entry.number, entry.name, entry.club]
                euro_cells: list[str] = []
                euros = Decimal(0)
                for index, n in enumerate(numbers):
                    table = data.seated.get((n, entry.entry_id))
                    table_cell = f"${a1.get_column_letter(4 + 3 * index)}{row_number}"
                    if table is None:
                        line += [None, None, None]
                        continue
                    criteria = [(C.ROUND, str(n)), (C.TABLE, table_cell)]
                    seat = seat_of[(n, entry.entry_id)]
                    line += [table, CachedFormula("=" + ranges.seat_sum(CASH, criteria, f"$A{row_number}"), seat.cash),
                             CachedFormula("=" + ranges.seat_sum(EUROS, criteria, f"$A{row_number}"), seat.euros)]
                    euro_cells.append(f"{a1.get_column_letter(6 + 3 * index)}{row_number}")
                    euros += seat.euros
                line.append(CachedFormula(f"=SUM({','.join(euro_cells)})", euros) if euro_cells else 0)
                yield line

        return SheetData(str(SETTLEMENT), columns, lines(), header_rows=header_rows)

    # --- Players ------------------------------------------------------------------------------

    def players(self, data: WorkbookData) -> SheetData:
        widths = {C.PLAYER_NAME: 28, C.PLAYER_CLUB: 22, C.PLAYER_REGION: 16, C.PLAYER_NOTES: 30,
                  C.PLAYER_WITHDRAWN: 12}
        formats = {C.PLAYER_NUMBER: INTEGER_FORMAT, C.PLAYER_LOT: INTEGER_FORMAT, C.PLAYER_WITHDRAWN: INTEGER_FORMAT}
        columns = [Column(header, widths.get(header, 8), formats.get(header)) for header in C.PLAYERS]
        rows = ([e.number, e.name, e.club, e.region or None,
                 e.notes or None, e.lot, e.checked_in, e.withdrawn_after_round] for e in data.entries)
        return SheetData(str(PLAYERS), columns, rows)


    # --- Corrections ----------------------------------------------------------------------------

    def corrections(self, data: WorkbookData) -> SheetData:
        """Points the director booked outside a hand; the Standings' round formulas add them."""
        columns = [Column(C.PLAYER_NUMBER, 6, INTEGER_FORMAT), Column(C.PLAYER_NAME, 28), Column(C.ROUND, 8, INTEGER_FORMAT),
                   Column(_("Punkte"), 10, POINTS_FORMAT), Column(_("Begründung"), 48), Column(_("von"), 14),
                   Column(_("am"), 17)]
        number_of = data.number_of
        names = {entry.entry_id: entry.name for entry in data.entries}
        rows = ([number_of.get(c.entry_id), names.get(c.entry_id), c.round.number, c.points, c.reason,
                 c.booked_by or None, local(c.at)] for c in data.corrections)
        return SheetData(str(CORRECTIONS), columns, rows)

    # --- Hand corrections -----------------------------------------------------------------------

    def hand_changes(self, data: WorkbookData) -> SheetData:
        """Every hand corrected or removed after it was entered, with the entry before and after, who, when
        and why, and whether the players had confirmed the sheet already (the Hands sheet holds the hand as it is)."""
        columns = [Column(C.ROUND, 8, INTEGER_FORMAT), Column(C.TABLE, 8, INTEGER_FORMAT), Column(C.HAND, 8, INTEGER_FORMAT),
                   Column(_("was"), 12), Column(_("Begründung"), 40), Column(_("von"), 14),
                   Column(_("am"), 17, DATETIME_FORMAT), Column(_("nach Bestätigung"), 10), Column(_("vorher"), 40),
                   Column(_("nachher"), 40)]
        rows = ([change.round_number, change.table_number, change.number,
                 _("entfernt") if change.removed else _("korrigiert"), change.reason or None,
                 who_label(change.by) if change.by else None,
                 local(change.at), change.after_confirmation, *(None if data is None else json_cell(data)
                                                                for data in (change.before, change.after))]
                for change in data.hand_changes())
        return SheetData(str(HAND_CHANGES), columns, rows)

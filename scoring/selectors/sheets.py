"""Reads of the Schreibzettel: a table's hands with each position's points and running totals.

``table_sheet`` builds one table's sheet (four queries), ``round_sheets`` every table of a round at
once with each player's euros (five queries, for the printed score sheets); both go through ``build_sheet``.
Both carry the director's corrections for the table's players in that round.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal

from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from rules.engine.catalogue import ANNULLED, KONTRA_NAMES, SIDES
from rules.engine.ruleset import RuleSet
from scoring.models import Correction, Hand, who_label
from scoring.seats import LEFT, PAUSE, Absence, absences_of, deal
from scoring.selectors.money import MoneyOfHand, euros_by_table, money_by_hand
from scoring.settlement import claim_cents
from tournament.models import Round, Seat, Table
from tournament.money import from_cents
from tournament.selectors import seats_in_order

ZERO = Decimal("0")


def recorded_at(at: str | None) -> datetime | None:
    """An absence's stored time (ISO 8601) as a moment, None where the entry is older than the times."""
    return datetime.fromisoformat(at) if at else None


def absence_stamp(absence: Absence) -> str:
    """When and by whom a pause or leave was recorded, and its return, in the reader's language ("" for an
    entry stored before they were kept): the same words on the page, the round board and the printed sheet."""
    parts = []
    for at, by, words in ((absence.at, absence.by, _("eingetragen %(when)s von %(who)s")),
                          (absence.back_at, absence.back_by, _("zurück eingetragen %(when)s von %(who)s"))):
        moment = recorded_at(at)
        if moment is not None or by:
            when = timezone.localtime(moment).strftime("%d.%m. %H:%M") if moment is not None else "?"
            parts.append(words % {"when": when, "who": who_label(by) if by else "?"})
    return "; ".join(parts)


@dataclass
class SheetRow:
    number: int
    contract: str
    declarer: str
    dealer: int
    points: list[Decimal | None]
    totals: list[Decimal]
    hand: Hand
    # What decides the money of the hand beyond contract and declarer, to follow it on paper.
    partner: str = ""
    kontra: str = ""
    bonuses: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    away: list[int] = field(default_factory=list)  # positions paused or gone for this hand
    gone: list[int] = field(default_factory=list)  # of those, the ones who left the table (their own mark)

    @property
    def details(self) -> list[str]:
        """Partner, kontras, bonuses and special cases as short phrases, in that order."""
        return [text for text in (self.partner, self.kontra) if text] + self.bonuses + self.notes

    @property
    def cells(self):
        """(this hand's points or None for the dealer sitting out, running total) per position."""
        return list(zip(self.points, self.totals, strict=True))


@dataclass
class Sheet:
    table: Table
    seats: list[Seat]
    rows: list[SheetRow] = field(default_factory=list)
    totals: list[Decimal] = field(default_factory=list)
    cash_totals: list[Decimal] = field(default_factory=list)
    euros: list[Decimal] = field(default_factory=list)  # per position, from the money selector (round_sheets)
    corrections: list[Correction] = field(default_factory=list)  # points the director booked for these players
    next_number: int = 1
    next_dealer: int | None = None
    next_positions: list[int] = field(default_factory=list)
    next_out: list[int] = field(default_factory=list)  # positions sitting the next hand out, the dealer first
    next_absent: list[int] = field(default_factory=list)  # positions paused or gone for the next hand
    absences: tuple[Absence, ...] = ()  # who paused or left during the round (scoring/seats.py)

    @property
    def presence(self) -> list[tuple[Seat, str]]:
        """Each seat with "playing", "paused" or "left" for the next hand (the scorer's pause buttons)."""
        number = self.next_number
        state = {absence.position: absence.kind for absence in self.absences if absence.covers(number)}
        return [(seat, {PAUSE: "paused", LEFT: "left"}.get(state.get(position, ""), "playing"))
                for position, seat in enumerate(self.seats)]

    @property
    def can_pause(self) -> bool:
        """Whether one more can pause or leave: a table of five or six with five or more still here."""
        return len(self.seats) - len(self.next_absent) >= 5

    @property
    def absence_notes(self) -> list[str]:
        """Each pause and leave as a sentence in the reader's language with when and by whom it was recorded,
        for the page and the sheets."""
        notes = []
        for absence in self.absences:
            name = self.seats[absence.position].entry.player.name
            if absence.kind == LEFT:
                notes.append(_("%(name)s hat den Tisch verlassen (ab Spiel %(n)s nicht mehr dabei).")
                             % {"name": name, "n": absence.first_hand})
            elif absence.until_hand is None:
                notes.append(_("%(name)s pausiert ab Spiel %(n)s bis auf Weiteres.")
                             % {"name": name, "n": absence.first_hand})
            else:
                notes.append(_("%(name)s hat Spiel %(n)s bis %(m)s pausiert.")
                             % {"name": name, "n": absence.first_hand, "m": absence.until_hand - 1})
            if stamp := absence_stamp(absence):
                notes[-1] = f"{notes[-1].removesuffix('.')} ({stamp})."
        return notes

    @property
    def complete(self) -> bool:
        return self.table.is_complete


def table_sheet(table: Table) -> Sheet:
    """One table's Schreibzettel with its players' corrections in that round (four queries)."""
    seats = list(table.seats.select_related("entry__player").order_by("position"))
    hands = list(table.hands.prefetch_related("scores").order_by("number"))
    sheet = build_sheet(table, seats, hands, table.round.tournament.ruleset)
    sheet.corrections = list(Correction.objects.filter(round_id=table.round_id, entry__in=[s.entry_id for s in seats])
                             .select_related("entry__player").order_by("at", "id"))
    note_claims(sheet)
    return sheet


def round_sheets(round: Round) -> list[Sheet]:
    """Every table's Schreibzettel, as table_sheet builds it, with each player's euros at the table and
    corrections in the round, by table number (five queries).

    The hands are loaded without their stored engine result (``Hand.result``, the largest field and
    not shown on a sheet); reading it from a row's hand would cost a query per hand. Their score rows
    are read once, as plain values, for the points and the euros alike (money_by_hand).
    """
    hands = Hand.objects.defer("result").order_by("number")
    tables = round.tables.order_by("number").prefetch_related(seats_in_order(), Prefetch("hands", queryset=hands))
    ruleset = round.tournament.ruleset
    money = money_by_hand(round.tournament, round=round)
    euros = euros_by_table(money)
    corrections: dict[int, list[Correction]] = {}
    for correction in round.corrections.select_related("entry__player").order_by("at", "id"):
        corrections.setdefault(correction.entry_id, []).append(correction)
    sheets = []
    for table in tables:
        sheet = build_sheet(table, list(table.seats.all()), list(table.hands.all()), ruleset, money)
        sheet.euros = [euros.get((table.pk, seat.entry_id), ZERO) for seat in sheet.seats]
        sheet.corrections = [c for seat in sheet.seats for c in corrections.get(seat.entry_id, [])]
        note_claims(sheet, round.tournament.stake_cents)
        sheets.append(sheet)
    return sheets


def note_claims(sheet: Sheet, stake_cents: int | None = None) -> None:
    """A revoke claim booked against a hand (services.book_revoke_claim) shows on that hand's line too
    ("Nachforderung: A +3, B -3") and counts from that line on: in the running totals, the Total row and
    the cash, as in the standings, and (given the stake) in the euros at the table (scoring.settlement.claim_cents)."""
    claims: dict[int, list[Correction]] = {}
    for correction in sheet.corrections:
        if correction.hand_id is not None:
            claims.setdefault(correction.hand_id, []).append(correction)
    position_of = {seat.entry_id: seat.position for seat in sheet.seats}
    claimed = [ZERO] * len(sheet.seats)
    for row in sheet.rows:
        booked = sorted(claims.get(row.hand.pk, []), key=lambda c: (c.points < 0, c.pk))
        if booked:
            parts = ", ".join(f"{c.entry.player.name} {c.points:+.2f}".replace(".00", "") for c in booked)
            row.notes.append(f"{pgettext('sheet', 'Nachforderung')}: {parts}")
        for claim in booked:
            position = position_of[claim.entry_id]
            claimed[position] += claim.points
            sheet.totals[position] += claim.points
            sheet.cash_totals[position] += claim.points
            if stake_cents is not None and sheet.euros:
                sheet.euros[position] += from_cents(claim_cents(claim.points, stake_cents))
        if any(claimed):
            row.totals = [total + claim for total, claim in zip(row.totals, claimed, strict=True)]


def build_sheet(table: Table, seats: list[Seat], hands: list[Hand], ruleset: RuleSet,
                money: dict[int, MoneyOfHand] | None = None) -> Sheet:
    """A table's Sheet from its seats (position order) and hands (number order), each hand's shares
    from ``money`` (money_by_hand) when given, else from its prefetched scores."""
    size = len(seats)
    away = absences_of(table.absences)
    position_of = {seat.entry_id: seat.position for seat in seats}
    sheet = Sheet(table, seats, absences=away)
    running = [ZERO] * size
    cash = [ZERO] * size
    words = _words()
    for hand in hands:
        points: list[Decimal | None] = [None] * size
        shares = (zip(money[hand.pk].entries, money[hand.pk].points, money[hand.pk].cash, strict=True) if money is not None
                  else ((score.entry_id, score.points, score.cash) for score in hand.scores.all()))
        for entry_id, share, share_cash in shares:
            position = position_of[entry_id]
            points[position] = share
            running[position] += share
            cash[position] += share_cash
        dealt = deal(hand.number, size, table.first_dealer, away)
        positions = dealt.positions
        names = [seats[position].entry.player.name for position in positions]
        data = hand.data
        contract = ruleset.contract(hand.contract)
        name = contract.name if contract is not None else _("annulliert") if hand.contract == ANNULLED else hand.contract
        row = SheetRow(hand.number, name, names[data.get("declarer", 0)], hand.dealer_position, points, list(running), hand)
        row.away = dealt.absent
        row.gone = [absence.position for absence in away if absence.kind == LEFT and absence.covers(hand.number)]
        _describe(row, data, ruleset, names, words)
        sheet.rows.append(row)
    sheet.totals, sheet.cash_totals = running, cash
    sheet.next_number = len(hands) + 1
    if not sheet.complete:
        upcoming = deal(sheet.next_number, size, table.first_dealer, away)
        sheet.next_dealer, sheet.next_positions, sheet.next_out = upcoming.dealer, upcoming.positions, upcoming.out
        sheet.next_absent = upcoming.absent
    return sheet


def _kontra_name(level: int) -> str:
    german, english = KONTRA_NAMES.get(level, (f"×{level}", f"×{level}"))
    return english if (get_language() or "de").startswith("en") else german


def _words() -> dict[str, str]:
    """The phrases of ``_describe`` in the active language, looked up once per table: a lookup that
    misses every catalogue costs more than the rest of a row (a round's sheets ask 20,000 times)."""
    return {"partner": _("Partner %(name)s"), "talon": _("König im Talon"),
            "declarer": pgettext("the declarer's side", "Spieler"), "opponents": _("Gegner"),
            "announced": _("angesagt"), "silent": _("still"), "won": _("gewonnen"), "lost": _("verloren"),
            "not_played": _("nicht gespielt"), "talon_without_king": _("Strafe: Talonhälfte ohne König"),
            "surrender": _("geschleift"), "renonce": _("Renonce %(name)s")}


def _describe(row: SheetRow, data: dict, ruleset: RuleSet, names: list[str], words: dict[str, str]) -> None:
    """Fill the row's partner, kontras, bonuses and notes from the stored interchange hand (no query)."""
    contract = ruleset.contract(str(data.get("contract")))
    if contract is not None and contract.calls_partner:
        partner = data.get("partner")
        row.partner = (words["partner"] % {"name": names[partner]} if isinstance(partner, int)
                       else words["talon"])
    kontra = data.get("kontra", 1)
    if isinstance(kontra, dict):
        row.kontra = ", ".join(f"{_kontra_name(level)} {names[int(seat)]}" for seat, level in sorted(kontra.items()))
    elif kontra != 1:
        row.kontra = _kontra_name(kontra)
    for claim in data.get("bonuses", ()):
        rule = ruleset.bonus(claim["bonus"])
        side = claim.get("side")
        parts = [words[side] if side in SIDES else "", words["announced"] if claim.get("announced") else words["silent"],
                 words["won"] if claim.get("made", True) else words["lost"]]
        if claim.get("kontra", 1) != 1:
            parts.append(_kontra_name(claim["kontra"]))
        row.bonuses.append(f"{rule.name if rule else claim['bonus']} ({', '.join(p for p in parts if p)})")
    for flag in ("not_played", "talon_without_king", "surrender"):
        if data.get(flag):
            row.notes.append(words[flag])
    if isinstance(data.get("renonce"), int):
        row.notes.append(words["renonce"] % {"name": names[data["renonce"]]})

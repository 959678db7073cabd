"""Who deals and who plays a hand at a table: pure Python, no Django.

Table positions are the Platz numbers of the table card minus one, in the order the deal passes: the
card seats them in the rule set's direction of play (``format.direction``: Hopfgarten clockwise, the
others anticlockwise; paper.exports.table_cards), so "the next position" is the next player that way.
The first dealer is drawn at the table (all three cup texts say so; the scorer records it before the
first hand, Table.first_dealer, default Platz 1); the deal then passes to the next position each
hand. At a table of five the dealer sits out (hand-format.md, "Seats"); at a table of six two sit
out each hand, the dealer and the player opposite (three positions on), as the cups' app ABAKUS
rotates them (events.md), so each of the six sits out one hand in three.

Pausing and leaving (events.md, ABAKUS ``Pausierer1/2``): an ``Absence`` takes a position out of the
hands from ``first_hand`` on, until ``until_hand`` (he plays that hand again) or for the rest of the
round (``until_hand`` None: paused until further notice, or left the table). The deal then passes
over him to the next player present, and the table plays as a table of the players present: at a
five with one paused the dealer plays (a four), at a six with one paused the dealer sits out (a five).
Without absences every hand is dealt exactly as the plain rotation says.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

PAUSE, LEFT = "pause", "left"


@dataclass(frozen=True)
class Absence:
    position: int
    first_hand: int  # the first hand he does not play
    until_hand: int | None = None  # the hand he plays again; None: the rest of the round
    kind: str = PAUSE  # PAUSE or LEFT
    # When the pause or leave was recorded (ISO 8601 with its offset) and who recorded it (a who code:
    # "scorer", "director:<username>"; scoring.models.who_label says it); the same of the return that ended a
    # pause. Entries stored before these were kept have none of them.
    at: str | None = None
    by: str = ""
    back_at: str | None = None
    back_by: str = ""

    def covers(self, hand_number: int) -> bool:
        return self.first_hand <= hand_number and (self.until_hand is None or hand_number < self.until_hand)

    @classmethod
    def from_plain(cls, data: dict) -> Absence:
        return cls(int(data["position"]), int(data["first_hand"]),
                   None if data.get("until_hand") is None else int(data["until_hand"]), str(data.get("kind", PAUSE)),
                   data.get("at") or None, str(data.get("by") or ""), data.get("back_at") or None,
                   str(data.get("back_by") or ""))

    def to_plain(self) -> dict:
        """The stored shape: the four keys every entry has, then when and who where known."""
        plain: dict = {"position": self.position, "first_hand": self.first_hand, "until_hand": self.until_hand,
                       "kind": self.kind}
        for name in ("at", "by", "back_at", "back_by"):
            if getattr(self, name):
                plain[name] = getattr(self, name)
        return plain


def absences_of(plain: Iterable[dict] | None) -> tuple[Absence, ...]:
    """A table's stored absences (Table.absences, plain dicts) as Absence records."""
    return tuple(Absence.from_plain(item) for item in plain or ())


@dataclass(frozen=True)
class Deal:
    dealer: int
    out: list[int]  # positions present that sit the hand out: none at four, the dealer at five, ...
    positions: list[int]  # positions of hand seats 0..3 (Vorhand first)
    absent: list[int]  # positions paused or gone for this hand


def present_positions(hand_number: int, table_size: int, absences: Sequence[Absence] = ()) -> list[int]:
    """Positions at the table for hand ``hand_number`` (not paused, not gone)."""
    away = {absence.position for absence in absences if absence.covers(hand_number)}
    return [position for position in range(table_size) if position not in away]


def _next_present(after: int, table_size: int, present: Sequence[int]) -> int:
    return next((after + step) % table_size for step in range(1, table_size + 1) if (after + step) % table_size in present)


def deal(hand_number: int, table_size: int, first_dealer: int = 0, absences: Sequence[Absence] = ()) -> Deal:
    """Who deals hand ``hand_number``, who sits it out and who plays it (seats 0..3)."""
    if not absences:
        dealer = (first_dealer + hand_number - 1) % table_size
        present = list(range(table_size))
    else:
        dealer = first_dealer
        present = present_positions(1, table_size, absences)
        if dealer not in present:
            dealer = _next_present(dealer, table_size, present)
        for number in range(2, hand_number + 1):  # the deal passes over whoever is away
            present = present_positions(number, table_size, absences)
            dealer = _next_present(dealer, table_size, present)
    order = sorted(present, key=lambda position: (position - dealer) % table_size)  # the dealer first
    out = [order[0], order[3 % len(order)]][:len(order) - 4]
    following = order[1:] + order[:1]
    return Deal(dealer, out, [position for position in following if position not in out][:4],
                [position for position in range(table_size) if position not in present])


def dealer_position(hand_number: int, table_size: int, first_dealer: int = 0, absences: Sequence[Absence] = ()) -> int:
    """The position that deals hand ``hand_number`` when ``first_dealer`` dealt the first hand."""
    return deal(hand_number, table_size, first_dealer, absences).dealer


def sitting_out(hand_number: int, table_size: int, first_dealer: int = 0, absences: Sequence[Absence] = ()) -> list[int]:
    """Table positions present that sit hand ``hand_number`` out: none at four, the dealer at five, the
    dealer and the position opposite at six (counted among those present)."""
    return deal(hand_number, table_size, first_dealer, absences).out


def active_positions(hand_number: int, table_size: int, first_dealer: int = 0,
                     absences: Sequence[Absence] = ()) -> list[int]:
    """Table positions of hand seats 0..3: Vorhand is the first playing position after the dealer,
    the others follow in the direction of play."""
    return deal(hand_number, table_size, first_dealer, absences).positions


def seat_entries(entries: list[int], hand_number: int, first_dealer: int = 0,
                 absences: Sequence[Absence] = ()) -> dict[int, int]:
    """Hand seat (0 = Vorhand) -> entry id, from the table's entry ids in position order."""
    positions = active_positions(hand_number, len(entries), first_dealer, absences)
    return {seat: entries[position] for seat, position in enumerate(positions)}

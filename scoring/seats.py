"""Who deals and who plays a hand at a table: pure Python, no Django.

Table positions are the Platz numbers of the table card minus one, in the order the deal passes: the
card seats them in the rule set's direction of play (``format.direction``: Hopfgarten clockwise, the
others anticlockwise; paper.exports.table_cards), so "the next position" is the next player that way.
The first dealer is drawn at the table (all three cup texts say so; the scorer records it before the
first hand, Table.first_dealer, default Platz 1); the deal then passes to the next position each
hand. At a table of five the dealer sits out (hand-format.md, "Seats").
"""

from __future__ import annotations


def dealer_position(hand_number: int, table_size: int, first_dealer: int = 0) -> int:
    """The position that deals hand ``hand_number`` when ``first_dealer`` dealt the first hand."""
    return (first_dealer + hand_number - 1) % table_size


def active_positions(hand_number: int, table_size: int, first_dealer: int = 0) -> list[int]:
    """Table positions of hand seats 0..3: Vorhand is the position after the dealer; at a table of
    five the dealer sits out."""
    dealer = dealer_position(hand_number, table_size, first_dealer)
    return [(dealer + 1 + seat) % table_size for seat in range(4)]


def seat_entries(entries: list[int], hand_number: int, first_dealer: int = 0) -> dict[int, int]:
    """Hand seat (0 = Vorhand) -> entry id, from the table's entry ids in position order."""
    positions = active_positions(hand_number, len(entries), first_dealer)
    return {seat: entries[position] for seat, position in enumerate(positions)}

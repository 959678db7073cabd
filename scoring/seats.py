"""Who deals and who plays a hand at a table: pure Python, no Django.

Table positions are the Platz numbers of the table card minus one, in the order the deal passes: the
card seats them in the rule set's direction of play (``format.direction``: Hopfgarten clockwise, the
others anticlockwise; paper.exports.table_cards), so "the next position" is the next player that way.
The first dealer is drawn at the table (all three cup texts say so; the scorer records it before the
first hand, Table.first_dealer, default Platz 1); the deal then passes to the next position each
hand. At a table of five the dealer sits out (hand-format.md, "Seats"); at a table of six two sit
out each hand, the dealer and the player opposite (three positions on), as the cups' app ABAKUS
rotates them (events.md), so each of the six sits out one hand in three.
"""

from __future__ import annotations


def dealer_position(hand_number: int, table_size: int, first_dealer: int = 0) -> int:
    """The position that deals hand ``hand_number`` when ``first_dealer`` dealt the first hand."""
    return (first_dealer + hand_number - 1) % table_size


def sitting_out(hand_number: int, table_size: int, first_dealer: int = 0) -> list[int]:
    """Table positions that sit hand ``hand_number`` out: none at four, the dealer at five, the
    dealer and the position opposite at six."""
    dealer = dealer_position(hand_number, table_size, first_dealer)
    return [dealer, (dealer + 3) % table_size][:table_size - 4]


def active_positions(hand_number: int, table_size: int, first_dealer: int = 0) -> list[int]:
    """Table positions of hand seats 0..3: Vorhand is the first playing position after the dealer,
    the others follow in the direction of play."""
    dealer = dealer_position(hand_number, table_size, first_dealer)
    out = sitting_out(hand_number, table_size, first_dealer)
    following = ((dealer + 1 + step) % table_size for step in range(table_size))
    return [position for position in following if position not in out][:4]


def seat_entries(entries: list[int], hand_number: int, first_dealer: int = 0) -> dict[int, int]:
    """Hand seat (0 = Vorhand) -> entry id, from the table's entry ids in position order."""
    positions = active_positions(hand_number, len(entries), first_dealer)
    return {seat: entries[position] for seat, position in enumerate(positions)}

"""Who deals and who plays a hand at a table: pure Python, no Django.

Table positions are the Platz numbers of the table card minus one, in the order the deal passes.
Position 0 deals the first hand; at a table of five the dealer sits out (hand-format.md, "Seats").
"""

from __future__ import annotations


def dealer_position(hand_number: int, table_size: int) -> int:
    """Position 0 deals the first hand; the deal passes to the next position each hand."""
    return (hand_number - 1) % table_size


def active_positions(hand_number: int, table_size: int) -> list[int]:
    """Table positions of hand seats 0..3: Vorhand is the position after the dealer; at a table of
    five the dealer sits out."""
    dealer = dealer_position(hand_number, table_size)
    return [(dealer + 1 + seat) % table_size for seat in range(4)]


def seat_entries(entries: list[int], hand_number: int) -> dict[int, int]:
    """Hand seat (0 = Vorhand) -> entry id, from the table's entry ids in position order."""
    return {seat: entries[position] for seat, position in enumerate(active_positions(hand_number, len(entries)))}

"""The one place cups/ reads how a tournament ranks its players: scoring.selectors.standings_many
(three queries for every tournament of a season together), kept to the players who played a hand."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from scoring.selectors import standings_many
from tournament.models import Entry, Tournament
from tournament.ranks import shared_ranks
from tournament.standings import Ranked

ZERO = Decimal("0")


@dataclass(frozen=True)
class FinalRow:
    """A ranked player of a tournament: only those who played at least one hand, ranks closed up among them."""

    rank: int
    shared: bool
    total: Decimal
    entry: Entry


def final_standings(tournaments: list[Tournament]) -> dict[int, list[FinalRow]]:
    """tournament pk -> its ranked players (four queries for all tournaments together: the standings'
    three and the entries).

    Players without any hand never played: they are absent, get no cup points and do not count in N;
    the ranks of the others close up (a shared rank stays shared)."""
    if not tournaments:
        return {}
    ranked = standings_many(tournaments)
    ids = [row.player.entry_id for rows in ranked.values() for row in rows]
    entries = Entry.objects.select_related("player").in_bulk(ids)
    return {pk: present_only(rows, entries) for pk, rows in ranked.items()}


def present_only(ranked: list[Ranked], entries: dict[int, Entry]) -> list[FinalRow]:
    """Drop the players who never played a hand and the substitutes (Springer: they are not ranked), and
    close up the ranks of the others."""
    kept = [r for r in ranked if (r.player.rounds or r.player.final is not None) and not r.player.substitute]
    return [FinalRow(place.rank, place.shared, r.total, entries[r.player.entry_id])
            for r, place in zip(kept, shared_ranks([r.rank for r in kept]), strict=True)]

"""Ranking players: totals over the rounds and the rule set's tie-break chain. Pure Python.

Each tie-break is a small named key (cf. Tabbycat's standings metrics); a rule set's chain is an
ordered tuple of their names (Tirol: best round, then lots — seed 000 section 7). When the whole
chain ties, the players share the rank. With a final round (Hopfgarten: the best 12, half the
preliminary points carried over — seed 003 section 6) finalists rank first by that total.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Callable

from rules.engine.types import slot_init
from tournament.ranks import shared_ranks

ZERO = Decimal("0")
# The most preliminary rounds a tournament has (the director's form, the publish schema); what pages list
# never goes past it, whatever a value stored past the forms says.
MAX_ROUNDS = 12


def preliminary_rounds(rounds: int) -> range:
    """The numbers of a tournament's preliminary rounds, as the pages list them."""
    return range(1, min(rounds, MAX_ROUNDS) + 1)


@slot_init  # a cold standings page builds 1,000 of them
@dataclass(frozen=True, slots=True)
class PlayerScores:
    entry_id: int
    name: str
    club: str
    lot: int | None
    rounds: dict[int, Decimal]
    euros: Decimal = ZERO  # what the player takes home: the stored euros of his hands, summed with the points
    final: Decimal | None = None
    withdrawn_after_round: int | None = None
    seated: bool = False  # has a place at a table (or a bye) in some round
    byes: int = 0  # rounds sat out because the count fitted no tables
    team_id: int | None = None  # the tournament's team he plays for, if any
    substitute: bool = False  # a Springer seated instead of a bye: plays, is not ranked

    @property
    def took_part(self) -> bool:
        """Played a hand or sits at a table: only then is a player ranked (a no-show is not 0 points;
        a player whose table has not entered its first hand yet is)."""
        return bool(self.rounds) or self.final is not None or self.seated


ABSENT, WITHDRAWN, RANKED, SUBSTITUTE = "absent", "withdrawn", "ranked", "substitute"
SHARED = "shared"


@dataclass(frozen=True)
class Ranked:
    rank: int | None  # None: never played a hand (listed last, unranked)
    shared: bool
    player: PlayerScores
    total: Decimal
    preliminary: Decimal
    carried: Decimal | None
    tie_values: dict[str, object] = field(default_factory=dict)  # by tie-break key, as shown (a lot as drawn)
    # Level on points with a neighbour: the key of the tie-break that separated them (SHARED: none did).
    decided_by: str | None = None

    @property
    def finalist(self) -> bool:
        return self.player.final is not None

    @property
    def status(self) -> str:
        if self.player.substitute:
            return SUBSTITUTE
        if self.rank is None:
            return ABSENT
        return WITHDRAWN if self.player.withdrawn_after_round is not None else RANKED


@dataclass(frozen=True)
class TieBreak:
    """One link of a tie-break chain: the value shown for a player, its German and English column
    label, and the value that ranks (higher first; the lot ranks by its negative: lot 1 wins)."""

    key: str
    label_de: str
    label_en: str
    value: Callable[[PlayerScores], Any]
    ranks_by: Callable[[PlayerScores], Any] | None = None  # when the shown value does not rank as it is

    def label(self, lang: str) -> str:
        return self.label_en if lang == "en" else self.label_de

    @property
    def sorts_by(self) -> Callable[[PlayerScores], Any]:
        """What ranks a player: the shown value unless the tie-break ranks by another."""
        return self.ranks_by or self.value


NO_LOT = 10**9  # a player without a lot (none drawn yet) comes last


def round_results(player: PlayerScores) -> tuple[Decimal, ...]:
    """The round scores best first: compared as a tuple, the best rounds decide, then the second best …"""
    return tuple(sorted(player.rounds.values(), reverse=True))


TIE_BREAKS: dict[str, TieBreak] = {tie.key: tie for tie in (
    TieBreak("best_round", "beste Runde", "best round", lambda p: max(p.rounds.values(), default=ZERO)),
    # Shown as the best round (a column of numbers); ranks by all rounds, best first (Tirol: "die besseren
    # Rundenergebnisse"). Players with fewer rounds are padded with nothing: a missing round never beats a played one.
    TieBreak("round_results", "Rundenergebnisse", "round results", lambda p: max(p.rounds.values(), default=ZERO),
             ranks_by=round_results),
    TieBreak("final_round", "Finalrunde", "final round", lambda p: p.final if p.final is not None else ZERO),
    TieBreak("lots", "Los", "lot", lambda p: p.lot, ranks_by=lambda p: -(p.lot if p.lot is not None else NO_LOT)),
)}


def chain_for(tie_breaks: tuple[str, ...] | list[str], *, with_final: bool) -> list[TieBreak]:
    """The tie-breaks that apply: "final_round" only among finalists."""
    return [TIE_BREAKS[key] for key in tie_breaks if with_final or key != "final_round"]


def rank(players: list[PlayerScores], *, tie_breaks: tuple[str, ...] | list[str], carry_percent: int | None = None
         ) -> list[Ranked]:
    """Rank ``players``; finalists (those with a final score) first by carried preliminary points
    plus the final, then everyone else who played by preliminary points. Ties follow ``tie_breaks``.
    Substitutes (Springer) who played follow the ranked, unranked with their points; players who never
    took part (no hand, no seat) come last, unranked (rank None), by name."""
    finalists = [p for p in players if p.final is not None and not p.substitute]
    others = [p for p in players if p.final is None and p.took_part and not p.substitute]
    substitutes = sorted((p for p in players if p.substitute and p.took_part), key=lambda p: (p.name, p.entry_id))
    absent = sorted((p for p in players if not p.took_part), key=lambda p: (p.name, p.entry_id))
    ranked: list[Ranked] = []
    for group, in_final in ((finalists, True), (others, False)):
        chain = chain_for(tie_breaks, with_final=in_final)
        # Looked up once per group, not per player: a standings page ranks 1,000 players cold.
        sort_values = [tie.sorts_by for tie in chain]
        shown = [(tie.key, tie.value) for tie in chain]
        rows = []
        for player in group:
            preliminary = sum(player.rounds.values(), ZERO)
            carried = None
            total = preliminary
            if player.final is not None:
                carried = (preliminary * Decimal(carry_percent or 0) / 100).quantize(Decimal("0.01"))
                total = carried + player.final
            key = (total, *[value(player) for value in sort_values])
            rows.append((key, preliminary, carried, player))
        rows.sort(key=lambda row: (row[3].name, row[3].entry_id))  # within a shared rank: by name
        rows.sort(key=lambda row: row[0], reverse=True)
        places = shared_ranks([row[0] for row in rows], start=len(ranked) + 1)  # finalists' ranks come first
        last = len(rows) - 1
        for index, ((key, preliminary, carried, player), place) in enumerate(zip(rows, places, strict=True)):
            values = {name: value(player) for name, value in shown}
            # Against the player above on the same points, else the one below (the first of a level group).
            if index > 0 and rows[index - 1][0][0] == key[0]:
                decided = _decider(chain, key, rows[index - 1][0])
            elif index < last and rows[index + 1][0][0] == key[0]:
                decided = _decider(chain, key, rows[index + 1][0])
            else:
                decided = None
            ranked.append(Ranked(place.rank, place.shared, player, key[0], preliminary, carried, values,
                                 decided))
    ranked += [Ranked(None, False, player, sum(player.rounds.values(), ZERO), sum(player.rounds.values(), ZERO), None, {})
               for player in substitutes]
    ranked += [Ranked(None, False, player, ZERO, ZERO, None, {}) for player in absent]
    return ranked


def _decider(chain: list[TieBreak], key: tuple, other: tuple) -> str:
    """The first tie-break on which two sort keys with the same total differ (SHARED if none does)."""
    for tie, mine, theirs in zip(chain, key[1:], other[1:], strict=True):
        if mine != theirs:
            return tie.key
    return SHARED

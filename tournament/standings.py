"""Ranking players: totals over the rounds and the rule set's tie-break chain. Pure Python.

Each tie-break is a small named key (cf. Tabbycat's standings metrics); a rule set's chain is an
ordered tuple of their names (Tirol: best round, then lots — seed 000 section 7). When the whole
chain ties, the players share the rank. With a final round (Hopfgarten: the best 12, half the
preliminary points carried over — seed 003 section 6) finalists rank first by that total.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Callable

ZERO = Decimal("0")


@dataclass(frozen=True)
class PlayerScores:
    entry_id: int
    name: str
    club: str
    lot: int | None
    rounds: dict[int, Decimal]
    cash: Decimal = ZERO
    final: Decimal | None = None


@dataclass(frozen=True)
class Ranked:
    rank: int
    shared: bool
    player: PlayerScores
    total: Decimal
    preliminary: Decimal
    carried: Decimal | None
    tie_values: dict[str, object] = field(default_factory=dict)

    @property
    def finalist(self) -> bool:
        return self.player.final is not None


def best_round(player: PlayerScores) -> Decimal:
    return max(player.rounds.values(), default=ZERO)


def final_round(player: PlayerScores) -> Decimal:
    return player.final if player.final is not None else ZERO


def lots(player: PlayerScores) -> int:
    # Lot 1 is the best draw; a player without a lot (none drawn yet) comes last.
    return -(player.lot if player.lot is not None else 10**9)


TIE_BREAKS: dict[str, Callable[[PlayerScores], object]] = {
    "best_round": best_round,
    "final_round": final_round,
    "lots": lots,
}
LABELS = {"best_round": ("beste Runde", "best round"), "final_round": ("Finalrunde", "final round"),
          "lots": ("Los", "lot")}


def rank(players: list[PlayerScores], *, tie_breaks: tuple[str, ...] | list[str], carry_percent: int | None = None
         ) -> list[Ranked]:
    """Rank ``players``; finalists (those with a final score) first by carried preliminary points
    plus the final, then everyone else by preliminary points. Ties follow ``tie_breaks``."""
    finalists = [p for p in players if p.final is not None]
    others = [p for p in players if p.final is None]
    ranked: list[Ranked] = []
    for group, in_final in ((finalists, True), (others, False)):
        chain = [name for name in tie_breaks if in_final or name != "final_round"]
        rows = []
        for player in group:
            preliminary = sum(player.rounds.values(), ZERO)
            carried = (preliminary * Decimal(carry_percent or 0) / 100).quantize(Decimal("0.01")) if in_final else None
            total = carried + player.final if in_final else preliminary  # type: ignore[operator]
            values = {name: TIE_BREAKS[name](player) for name in chain}
            rows.append((total, preliminary, carried, values, player))
        rows.sort(key=lambda row: (row[4].name, row[4].entry_id))  # within a shared rank: by name
        rows.sort(key=lambda row: (row[0], *(row[3][name] for name in chain)), reverse=True)
        previous_key = None
        for index, (total, preliminary, carried, values, player) in enumerate(rows):
            key = (total, *(values[name] for name in chain))
            number = len(ranked) + 1 if key != previous_key else ranked[-1].rank
            shared = key == previous_key or (index + 1 < len(rows) and key == (rows[index + 1][0], *(
                rows[index + 1][3][name] for name in chain)))
            ranked.append(Ranked(number, shared, player, total, preliminary, carried, values))
            previous_key = key
    return ranked

"""What a hand's entered facts come to: the engine's result, the points, the cash and the euros under its
tournament's rules and money. The one place a stored hand's numbers come from: scoring's services store
them (one hand, a sheet, a copy of a whole tournament), nothing else computes them."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from rules.engine import read_hand, score_hand
from rules.engine.kontra import kontra_cash
from rules.engine.rounding import equal_hundredths, hundredths
from scoring.models import Hand, HandScore
from scoring.settlement import hand_money
from tournament.models import Table


@dataclass(frozen=True)
class ScoredHand:
    """What a hand's entered facts come to under its tournament's rules and money: everything stored
    with it but the seats' entries."""

    data: dict  # as the engine read it
    contract: str
    result: dict  # the engine's result with its breakdown
    points: tuple[Decimal, ...]
    cash: tuple[Decimal, ...]
    kontra_cash: tuple[Decimal, ...]
    euros: tuple[Decimal, ...]
    box_euros: Decimal


def scored_hand(tournament, data: dict) -> ScoredHand:
    """Validate and score ``data`` (raises InvalidHand): the one place a stored hand's numbers come from."""
    ruleset = tournament.ruleset
    parsed = read_hand(data, ruleset)
    result = score_hand(parsed, ruleset)
    # Points: equal results read equal (a Trischaken split); cash: every cent as close as it can be.
    points, cash = equal_hundredths(result.points), hundredths(result.cash)
    kontra = hundredths(kontra_cash(parsed, ruleset, result))
    money = hand_money(cash, kontra, tournament.stake_cents, charity=tournament.kontra_to_charity)
    return ScoredHand(parsed.to_dict(), parsed.contract, result.to_dict(breakdown=True), points, cash, kontra,
                      money.seats, money.box)


def score_rows(hand: Hand, table: Table, data: dict, entries_by_seat: dict[int, int]) -> tuple[dict, list[HandScore]]:
    """Validate and score ``data`` into ``hand`` and its score rows (raises InvalidHand before anything is written)."""
    scored = scored_hand(table.round.tournament, data)
    scores = [
        HandScore(hand=hand, round_id=table.round_id, entry_id=entries_by_seat[seat], hand_seat=seat, points=scored.points[seat],
                  cash=scored.cash[seat], kontra_cash=scored.kontra_cash[seat], euros=scored.euros[seat])
        for seat in range(4)
    ]
    hand.box_euros = scored.box_euros
    hand.data, hand.contract, hand.result = scored.data, scored.contract, scored.result
    return hand.data, scores

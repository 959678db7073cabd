"""A player's "Quoten" as ABAKUS shows them (issue 33.4): per rule set, each contract played and won by role,
Trischaken, and the bonuses his side announced and made, all from the stored hands and the engine's stored points
(a hand counts as won for a player whose stored points are above zero; nothing is scored again). One query."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from scoring.models import HandScore
from scoring.selectors.players import ContractRecord

TRISCHAKEN = "trischaken"


@dataclass
class BonusRecord:
    bonus: str
    announced: int = 0  # announced by the player's side
    announced_made: int = 0
    silent_made: int = 0  # made by the player's side without announcing it


@dataclass
class RuleSetQuotas:
    ruleset: str
    hands: int = 0
    contracts: list[ContractRecord] = field(default_factory=list)  # Trischaken apart, most played first
    trischaken: int = 0
    trischaken_won: int = 0
    bonuses: list[BonusRecord] = field(default_factory=list)


def _side(seat: int, data: dict) -> str:
    return "declarer" if seat in (data.get("declarer"), data.get("partner")) else "opponents"


def player_quotas(player_id: int) -> list[RuleSetQuotas]:
    """Every hand ``player_id`` played on this site, by rule set (the most played first)."""
    tallies: dict[str, dict[str, Counter]] = {}
    bonuses: dict[str, dict[str, BonusRecord]] = {}
    trischaken: Counter = Counter()
    rows = HandScore.objects.filter(entry__player_id=player_id).values_list(
        "hand_seat", "points", "hand__contract", "hand__data", "entry__tournament__ruleset_slug")
    for seat, points, contract, data, ruleset in rows.iterator():
        data = data if isinstance(data, dict) else {}
        counts = tallies.setdefault(ruleset, {})
        if contract == TRISCHAKEN:
            trischaken[ruleset] += 1
            trischaken[(ruleset, "won")] += points > 0
            counts.setdefault(TRISCHAKEN, Counter())  # the rule set's hands include it
            continue
        role = "declared" if data.get("declarer") == seat else "partnered" if data.get("partner") == seat else "against"
        tally = counts.setdefault(contract, Counter())
        tally[role] += 1
        tally[f"{role}_won"] += points > 0
        ours = _side(seat, data)
        for claim in data.get("bonuses") or ():
            if not isinstance(claim, dict) or claim.get("side") != ours:
                continue
            record = bonuses.setdefault(ruleset, {}).setdefault(claim.get("bonus", ""), BonusRecord(claim.get("bonus", "")))
            made = claim.get("made", True)
            if claim.get("announced"):
                record.announced += 1
                record.announced_made += bool(made)
            elif made:
                record.silent_made += 1
    found = []
    for ruleset, counts in tallies.items():
        contracts = sorted((ContractRecord(c, **t) for c, t in counts.items() if c != TRISCHAKEN),
                           key=lambda r: (-r.hands, r.contract))
        found.append(RuleSetQuotas(
            ruleset, sum(r.hands for r in contracts) + trischaken[ruleset], contracts, trischaken[ruleset],
            trischaken[(ruleset, "won")],
            sorted(bonuses.get(ruleset, {}).values(), key=lambda b: (-(b.announced + b.silent_made), b.bonus))))
    return sorted(found, key=lambda q: (-q.hands, q.ruleset))

"""A player's hands across tournaments: how often he declared each contract and how often he won it."""

from __future__ import annotations

from collections import Counter

from scoring.models import HandScore


def declarer_hands(entry_ids: list[int]) -> list[tuple[str, int, int]]:
    """(contract, hands as declarer, won) for the given entries, most played first (one query).

    The declarer is the hand seat named in the hand's data ("declarer"); a hand counts as won when
    the declarer's points for it are positive. Hands without a declarer (e.g. Trischaken) are left out."""
    if not entry_ids:
        return []
    played, won = Counter(), Counter()
    rows = HandScore.objects.filter(entry_id__in=entry_ids).values_list(
        "hand_seat", "points", "hand__contract", "hand__data")
    for seat, points, contract, data in rows.iterator():
        declarer = data.get("declarer") if isinstance(data, dict) else None
        if declarer is None or declarer != seat:
            continue
        played[contract] += 1
        if points > 0:
            won[contract] += 1
    return sorted(((c, n, won[c]) for c, n in played.items()), key=lambda item: (-item[1], item[0]))

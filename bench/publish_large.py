"""Publishing a very large tournament: is the hub linear in the document?

A venue's document for N players (3 rounds at tables of four, 16 hands each) is made without a venue
database: random valid hands (rules.engine.sampling, POOL distinct ones) with the points the engine gives them, exactly as
a venue's scoring stores them. The hub (a throwaway SQLite file, or DATABASE_URL) then takes it twice:
created, and replaced by a newer state. Printed: the document's size, the time to parse and check it,
to create the copy, to replace it, and whether the hub's standings have every player.

    .venv/bin/python bench/publish_large.py                 # 1,000, 3,000 and 10,000 players
    .venv/bin/python bench/publish_large.py --players 500
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import uuid
from datetime import date, datetime, timezone

from support.hub import throwaway_hub

# Distinct hands the event is drawn from: the hub scores each distinct hand once per tournament, so a
# small pool would flatter it. A real event repeats far more (a plain won Rufer is a third of all hands).
POOL = 5_000


def document(players: int, ruleset, slug: str) -> dict:
    from publishing.schema import FORMAT
    from rules.engine import read_hand, score_hand
    from rules.engine.rounding import equal_hundredths
    from rules.engine.sampling import random_hands

    rng = random.Random(players)
    pool = random_hands(ruleset, POOL, seed=players)
    points = [[str(p) for p in equal_hundredths(score_hand(read_hand(hand, ruleset), ruleset).points)]
              for hand in pool]
    moment = datetime(2026, 11, 26, 18, 0, tzinfo=timezone.utc).isoformat()
    rounds = []
    for number in (1, 2, 3):
        order = list(range(players))
        rng.shuffle(order)
        tables = []
        for t, start in enumerate(range(0, players, 4)):
            hands = []
            for h in range(16):
                pick = rng.randrange(len(pool))
                hands.append({"number": h + 1, "data": pool[pick], "points": points[pick], "created_at": moment})
            tables.append({"number": t + 1, "hands_planned": 16, "hands_entered": 16, "seats": order[start:start + 4],
                           "hands": hands})
        rounds.append({"number": number, "status": "closed", "seated_at": moment, "closed_at": moment,
                       "tables": tables})
    plain = ruleset.to_plain()
    return {
        "format": FORMAT, "incarnation": str(uuid.UUID(int=rng.getrandbits(128), version=4)), "sequence": 1,
        "sent_at": moment, "cup_final": False,
        "tournament": {"name": f"Großturnier {players}", "slug": slug, "date": str(date(2026, 11, 26)),
                       "ruleset_slug": ruleset.slug, "ruleset_version": ruleset.version, "ruleset_snapshot": plain,
                       "tie_breaks": list(ruleset.format.tie_breaks)},
        "players": [{"name": f"Spieler {n:05d}", "club": f"Verein {n % 97}"} for n in range(players)],
        "entries": [{"checked_in": True} for _ in range(players)],
        "rounds": rounds,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, action="append", help="players (repeat for several; multiple of 4)")
    sizes = parser.parse_args().players or [1000, 3000, 10000]
    token = throwaway_hub(prefix="bench-publish-large-", cup_slug="bench-large", keep_database_url=True)
    from publishing import document as codec
    from publishing.hub.receive import receive_tournament
    from rules.rulesets import BUILTIN
    from scoring.selectors import standings

    print(f"{'players':>8}{'hands':>8}{'MB':>7}{'parse s':>9}{'create s':>10}{'replace s':>11}  ranked")
    for players in sizes:
        made = document(players, BUILTIN["tirol"], f"gross-{players}")
        body = json.dumps(made).encode()
        hands = sum(len(t["hands"]) for r in made["rounds"] for t in r["tables"])
        started = time.perf_counter()
        codec.parse(body)
        parsed = time.perf_counter() - started
        started = time.perf_counter()
        received = receive_tournament(body=body, token=token())
        created = time.perf_counter() - started
        made["sequence"] += 1
        started = time.perf_counter()
        receive_tournament(body=json.dumps(made).encode(), token=token())
        replaced = time.perf_counter() - started
        ranked = len(standings(received.tournament))
        print(f"{players:>8}{hands:>8}{len(body) / 1e6:>7.1f}{parsed:>9.2f}{created:>10.2f}{replaced:>11.2f}  "
              f"{ranked}{'' if ranked == players else ' MISSING'}")
        if ranked != players:
            sys.exit(1)


if __name__ == "__main__":
    main()

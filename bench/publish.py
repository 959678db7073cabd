"""Publishing: the size of a whole tournament's document and the hub's time to take it.

For 53 and 200 players (three rounds played by seed_demo into a throwaway SQLite file): the
document's size, the venue's time to build it, the hub's time to create its copy and to replace it
with a newer one (one transaction each, every hand scored again), and whether the hub's standings
equal the venue's. The whole event must fit MAX_UPLOAD_MB (10 MB) with room to spare.

    make bench            (or: .venv/bin/python bench/publish.py)
"""

from __future__ import annotations

import json
import os
import sys
import time

from support.hub import throwaway_hub

PLAYERS = (53, 200)


def main() -> None:
    token = throwaway_hub(prefix="bench-publish-", cup_slug="bench")
    from django.core.management import call_command

    from publishing import document as codec
    from publishing.hub.receive import receive_tournament
    from scoring.copies import remove_hands
    from scoring.selectors import standings_document
    from tournament.copies import _clear
    from tournament.models import Tournament

    print(f"{'players':>8}{'hands':>7}{'MB':>7}{'build s':>9}{'create s':>10}{'replace s':>11}  same standings")
    for players in PLAYERS:
        slug = f"bench-{players}"
        call_command("seed_demo", players=players, slug=slug, stdout=open(os.devnull, "w"))
        venue = Tournament.objects.get(slug=slug)
        started = time.perf_counter()
        body = codec.as_bytes(codec.build(venue))
        built = time.perf_counter() - started
        document, expected = json.loads(body), standings_document(venue)
        hands = sum(len(t["hands"]) for r in document["rounds"] for t in r["tables"])
        remove_hands(tournament=venue)
        _clear(venue)
        venue.delete()
        started = time.perf_counter()
        received = receive_tournament(body=body, token=token())
        created = time.perf_counter() - started
        document["sequence"] += 1
        started = time.perf_counter()
        receive_tournament(body=json.dumps(document), token=token())
        replaced = time.perf_counter() - started
        same = standings_document(Tournament.objects.get(pk=received.tournament.pk)) == expected
        print(f"{players:>8}{hands:>7}{len(body) / 1e6:>7.2f}{built:>9.2f}{created:>10.2f}{replaced:>11.2f}  "
              f"{'yes' if same else 'NO'}")
        if not same:
            sys.exit(1)


if __name__ == "__main__":
    main()

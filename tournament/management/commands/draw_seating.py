"""draw_seating: dry-run a seating draw, without touching the database.

    python manage.py draw_seating --players N --rounds R [--seed S] [--no-five] [--six]

Prints one JSON object, {"rounds": [[[1, 5, 9, 13], [2, 6, 10, 14, 17], ...], ...], "repeats": K}: players
numbered 1..N, round -> table -> players in seat order (five-tables first), K the repeated meetings.
Directors use it to plan; it is also how the algorithm is checked from outside. Without --seed a random
seed is drawn and printed to stderr, so the draw can be repeated. A player count that cannot be seated
exits with status 1 and the German and English message (with the nearest counts that work) on stderr.
"""

from __future__ import annotations

import json
import secrets

from django.core.management.base import BaseCommand, CommandError

from tournament.seating import SeatingImpossible, draw


def parse_seed(text: str) -> int | str:
    """'42' -> 42 (as `draw(..., seed=42)` from Python), anything else stays a string seed."""
    try:
        number = int(text)
    except ValueError:
        return text
    return number if str(number) == text else text


class Command(BaseCommand):
    help = "Dry-run a seating draw (no database) and print it as JSON."
    # Pure computation: no system checks, no migrations check, no database.
    requires_system_checks: list = []
    requires_migrations_checks = False

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, required=True, help="number of players, numbered 1..N")
        parser.add_argument("--rounds", type=int, required=True, help="number of rounds to plan together")
        parser.add_argument("--seed", help="seed of the draw (an integer or any text); default: a random one, printed to stderr")
        parser.add_argument("--six", action="store_true",
                            help="allow tables of six (two sit out each hand) where fours and fives cannot seat everyone")
        parser.add_argument("--no-five", action="store_true",
                            help="tables of four only (e.g. Hopfgarten): N must be a multiple of 4")

    def handle(self, *args, **options):
        players, rounds = options["players"], options["rounds"]
        if rounds < 1:
            raise CommandError("--rounds must be at least 1")
        if players < 0:
            raise CommandError("--players must not be negative")
        if options["seed"] is None:
            seed: int | str = secrets.randbelow(10**9)
            self.stderr.write(f"seed {seed} (repeat this draw with --seed {seed})")
        else:
            seed = parse_seed(options["seed"])
        try:
            result = draw(list(range(1, players + 1)), rounds, seed, allow_five=not options["no_five"],
                          allow_six=options["six"])
        except SeatingImpossible as error:
            self.stderr.write(error.message_de)
            self.stderr.write(error.message_en)
            raise SystemExit(1) from None
        self.stdout.write(json.dumps({"rounds": [[list(table) for table in round_] for round_ in result.rounds],
                                      "repeats": result.repeats}))

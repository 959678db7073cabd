"""draw_seating: dry-run a seating draw, without touching the database.

    python manage.py draw_seating --players N --rounds R [--seed S] [--no-five] [--six]

Prints one JSON object, {"rounds": [[[1, 5, 9, 13], [2, 6, 10, 14, 17], ...], ...], "repeats": K}: players
numbered 1..N, round -> table -> players in seat order (five-tables first), K the repeated meetings.
Directors use it to plan; it is also how the algorithm is checked from outside. Without --seed a random
seed is drawn and printed to stderr, so the draw can be repeated.

A count that fits no tables (7 or 11 players with tables of four and five, 18 with fours only) is seated
as the site seats it (tournament/rounds.py): each round the fewest players sit out, those with the fewest
byes so far first (tournament.seating.byes.choose_byes), and the rest are drawn for the rounds still to
come with the rounds before as history; the object then also has "byes": round -> players sitting out.
Fewer than four players exit with status 1 and the German and English message on stderr.
"""

from __future__ import annotations

import json
import secrets

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext_lazy

from language import in_both
from tournament.seating import SeatingImpossible, draw, quality
from tournament.seating.byes import bye_count, choose_byes


def parse_seed(text: str) -> int | str:
    """'42' -> 42 (as `draw(..., seed=42)` from Python), anything else stays a string seed."""
    try:
        number = int(text)
    except ValueError:
        return text
    return number if str(number) == text else text


class Command(BaseCommand):
    # A terminal's language is unknown: the help in both, from the msgids (argparse takes no lazy text).
    help = in_both(gettext_lazy("Eine Auslosung zur Probe (ohne Datenbank) als JSON ausgeben."))
    # Pure computation: no system checks, no migrations check, no database.
    requires_system_checks: list = []
    requires_migrations_checks = False

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, required=True,
                            help=in_both(gettext_lazy("Anzahl der Spieler, nummeriert 1..N")))
        parser.add_argument("--rounds", type=int, required=True,
                            help=in_both(gettext_lazy("Anzahl der Runden, die zusammen geplant werden")))
        parser.add_argument("--seed", help=in_both(gettext_lazy(
            "Startwert der Auslosung (eine ganze Zahl oder beliebiger Text); Vorgabe: ein zufälliger, auf stderr "
            "ausgegeben")))
        parser.add_argument("--six", action="store_true", help=in_both(gettext_lazy(
            "Sechsertische erlauben (zwei setzen jedes Spiel aus), wo Vierer- und Fünfertische nicht alle setzen können")))
        parser.add_argument("--no-five", action="store_true",
                            help=in_both(gettext_lazy("nur Vierertische (etwa Hopfgarten): N muss ein Vielfaches von 4 sein")))

    def handle(self, *args, **options):
        players, rounds = options["players"], options["rounds"]
        if rounds < 1:
            raise CommandError(in_both(gettext_lazy("--rounds muss mindestens 1 sein.")))
        if players < 0:
            raise CommandError(in_both(gettext_lazy("--players darf nicht negativ sein.")))
        if options["seed"] is None:
            seed: int | str = secrets.randbelow(10**9)
            self.stderr.write(in_both(gettext_lazy("Startwert %(seed)s (diese Auslosung mit --seed %(seed)s wiederholen)"),
                                      seed=seed))
        else:
            seed = parse_seed(options["seed"])
        sizes = {"allow_five": not options["no_five"], "allow_six": options["six"]}
        people = list(range(1, players + 1))
        try:
            if bye_count(players, **sizes):
                planned, byes = with_byes(people, rounds, seed, **sizes)
                repeats = quality(planned)[0]
            else:
                result = draw(people, rounds, seed, **sizes)
                planned, byes, repeats = result.rounds, None, result.repeats
        except SeatingImpossible as error:
            self.stderr.write(error.message_de)
            self.stderr.write(error.message_en)
            raise SystemExit(1) from None
        output = {"rounds": [[list(table) for table in round_] for round_ in planned], "repeats": repeats}
        if byes is not None:
            output["byes"] = byes
        self.stdout.write(json.dumps(output))


def with_byes(people: list[int], rounds: int, seed: int | str, **sizes) -> tuple[list, list[list[int]]]:
    """Round by round as the site seats a count that fits no tables: the byes first (rotating), then the
    others drawn for the rounds still to come with the rounds so far as history, the first of them kept."""
    planned: list = []
    byes: list[list[int]] = []
    byes_so_far: dict[int, int] = {}
    for number in range(rounds):
        out, seated = choose_byes(people, byes_so_far, seed, **sizes)
        for player in out:
            byes_so_far[player] = byes_so_far.get(player, 0) + 1
        planned.append(draw(seated, rounds - number, seed, **sizes, history=planned).rounds[0])
        byes.append(sorted(out))
    return planned, byes

"""manage.py rating [--rebuild]: recompute the Österreich-Rangliste from the stored ranks (a publish does it by
itself); ``--rebuild`` first takes the ranks of every finished cup tournament on this site again."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from rating import services


class Command(BaseCommand):
    help = "Österreich-Rangliste neu berechnen / recompute the rating list"

    def add_arguments(self, parser):
        parser.add_argument("--rebuild", action="store_true",
                            help="Ränge aller fertigen Cup-Turniere neu übernehmen / take every finished cup tournament again")

    def handle(self, *args, rebuild: bool, **options):
        run = services.rebuild() if rebuild else services.recompute()
        self.stdout.write(f"{run.events} Turniere, {run.players} Spieler, {run.seconds:.2f} s; "
                          f"Stand {run.as_of or '–'} {run.as_of_event}".rstrip())

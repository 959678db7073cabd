"""manage.py rating [--rebuild]: recompute the Österreich-Rangliste from the stored ranks (a publish does it by
itself); ``--rebuild`` first takes the ranks of every finished cup tournament on this site again."""

from __future__ import annotations

from django.core.management.base import BaseCommand
from django.utils.translation import gettext

from rating import services


class Command(BaseCommand):

    def add_arguments(self, parser):
        # argparse formats only text, no lazy translation: the help in the command's language, as it starts.
        parser.description = gettext("Österreich-Rangliste neu berechnen")
        parser.add_argument("--rebuild", action="store_true",
                            help=gettext("Ränge aller fertigen Cup-Turniere neu übernehmen"))

    def handle(self, *args, rebuild: bool, **options):
        run = services.rebuild() if rebuild else services.recompute()
        self.stdout.write(f"{run.events} Turniere, {run.players} Spieler, {run.seconds:.2f} s; "
                          f"Stand {run.as_of or '–'} {run.as_of_event}".rstrip())

"""manage.py rating [--rebuild]: recompute the Österreich-Rangliste from the stored ranks (a publish does it by
itself); ``--rebuild`` first takes the ranks of every finished cup tournament on this site again."""

from __future__ import annotations

from django.core.management.base import BaseCommand
from django.utils.translation import gettext_lazy

from language import in_both
from rating import services


class Command(BaseCommand):
    # A terminal's language is unknown: the help in both, from the msgids (argparse takes no lazy text).
    help = in_both(gettext_lazy("Österreich-Rangliste neu berechnen"))

    def add_arguments(self, parser):
        parser.add_argument("--rebuild", action="store_true",
                            help=in_both(gettext_lazy("Ränge aller fertigen Cup-Turniere neu übernehmen")))

    def handle(self, *args, rebuild: bool, **options):
        run = services.rebuild() if rebuild else services.recompute()
        newest = f"{run.as_of or '–'} {run.as_of_event}".rstrip()  # a date and the tournament's own name
        self.stdout.write(in_both(gettext_lazy("%(events)s Turniere, %(players)s Spieler, %(seconds)s s; Stand %(newest)s"),
                                  events=run.events, players=run.players, seconds=f"{run.seconds:.2f}", newest=newest))

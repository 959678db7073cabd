"""On the venue laptop: send a whole tournament to the cup's site.

    python manage.py publish SLUG --to URL --token TOKEN [--new-state]

--new-state gives the tournament a new incarnation first, so the hub takes this laptop's state even where
it holds a later one (a database copied back by hand; `restore` does this by itself).

Exit status 0 when the hub took it (or already had this state), 1 with a sentence in German and
English when the token is wrong, the tournament belongs to another cup or the hub cannot be reached.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext_lazy

from language import in_both
from publishing.venue.client import publish
from tournament.models import Tournament
from tournament.services import renew_incarnations


class Command(BaseCommand):
    # A terminal's language is unknown: the help in both, from the msgids (argparse takes no lazy text).
    help = in_both(gettext_lazy("Ein Turnier auf der Seite des Cups (dem Hub) veröffentlichen."))

    def add_arguments(self, parser):
        parser.add_argument("slug", help=in_both(gettext_lazy("Kürzel des Turniers")))
        parser.add_argument("--to", required=True, dest="url",
                            help=in_both(gettext_lazy("die Adresse der Cup-Seite, etwa https://cup.example.at/")))
        parser.add_argument("--token", required=True,
                            help=in_both(gettext_lazy("das Token, das der Veranstalter des Cups diesem Spielort gab")))
        parser.add_argument("--new-state", action="store_true",
                            help=in_both(gettext_lazy("als neuen Stand veröffentlichen: ersetzt die Kopie am Hub, "
                                                      "auch wo jene neuer ist")))

    def handle(self, *args, slug: str, url: str, token: str, new_state: bool, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(in_both(gettext_lazy("Kein Turnier „%(slug)s“."), slug=slug))
        if new_state:
            renew_incarnations(tournament=tournament)
        outcome = publish(tournament, url, token)
        if not outcome.ok:
            raise CommandError(outcome.message)
        self.stdout.write(outcome.message)

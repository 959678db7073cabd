"""The standings of a tournament as JSON (docs/sources/season.md, "Interfaces"):

    python manage.py standings SLUG --json

{"tournament": SLUG, "participants": N, "rows": [{"rank": 1, "name": "…", "total": 108, "rounds": [76, 23, 9],
"status": "ranked"}, …]}; players who never played a hand come last with "rank": null, "status": "absent";
withdrawn players keep their rank with "status": "withdrawn".
"""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext_lazy

from language import in_both
from scoring.selectors import standings_document
from tournament.models import Tournament


class Command(BaseCommand):
    # A terminal's language is unknown: the help in both, from the msgids (argparse takes no lazy text).
    help = in_both(gettext_lazy("Den Stand eines Turniers als JSON ausgeben."))

    def add_arguments(self, parser):
        parser.add_argument("slug", help=in_both(gettext_lazy("Kürzel des Turniers")))
        parser.add_argument("--json", action="store_true",
                            help=in_both(gettext_lazy("JSON (das einzige Format; Skripte geben den Schalter an)")))

    def handle(self, *args, slug: str, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(in_both(gettext_lazy("Kein Turnier „%(slug)s“."), slug=slug))
        self.stdout.write(json.dumps(standings_document(tournament), ensure_ascii=False))

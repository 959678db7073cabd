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
    help = "Print a tournament's standings as JSON."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--json", action="store_true", help="JSON (the only format; the flag is what scripts pass)")

    def handle(self, *args, slug: str, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(in_both(gettext_lazy("Kein Turnier „%(slug)s“."), slug=slug))
        self.stdout.write(json.dumps(standings_document(tournament), ensure_ascii=False))

"""The scorer links of a round as JSON (scorer-api.md, "Links of a round"):

    python manage.py table_links SLUG [--round N] [--base-url URL]

prints [{"table": 1, "url": "http://…/t/<token>/", "players": ["…", …]}, …] for the round (default:
the newest open one) and exits 1 with a message when there is none. The address is --base-url, or
SITE_URL: the one the phones in the hall reach.
"""

from __future__ import annotations

import json

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.urls import reverse
from django.utils.translation import gettext_lazy

from language import in_both
from tournament.models import Round, Tournament
from tournament.selectors import round_tables


class Command(BaseCommand):
    # A terminal's language is unknown: the help in both, from the msgids (argparse takes no lazy text).
    help = in_both(gettext_lazy("Den Schreiber-Link jedes Tisches einer Runde als JSON ausgeben."))

    def add_arguments(self, parser):
        parser.add_argument("slug", help=in_both(gettext_lazy("Kürzel des Turniers")))
        parser.add_argument("--round", type=int, dest="round_number",
                            help=in_both(gettext_lazy("Nummer der Runde (Vorgabe: die neueste offene)")))
        parser.add_argument("--base-url", default="",
                            help=in_both(gettext_lazy("die Adresse der Seite für die Handys (Vorgabe: SITE_URL)")))

    def handle(self, *args, slug: str, round_number: int | None, base_url: str, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(in_both(gettext_lazy("Kein Turnier „%(slug)s“."), slug=slug))
        rounds = tournament.round_set.exclude(status=Round.PLANNED)
        if round_number is not None:
            round = rounds.filter(number=round_number).first()
        else:
            round = rounds.filter(status__in=[Round.SEATED, Round.RUNNING]).order_by("-number").first()
        if round is None and round_number:
            raise CommandError(in_both(gettext_lazy("%(slug)s: Runde %(round)s ist nicht gesetzt."),
                                       slug=slug, round=round_number))
        if round is None:
            raise CommandError(in_both(gettext_lazy("%(slug)s: keine offene Runde ist gesetzt."), slug=slug))
        base = (base_url or settings.SITE_URL).rstrip("/")
        links = [
            {"table": seated.table.number, "url": base + reverse("scoring:sheet", args=[seated.table.token]),
             "players": [seat.entry.player.name for seat in seated.seats]}
            for seated in round_tables(round)
        ]
        self.stdout.write(json.dumps(links, ensure_ascii=False))

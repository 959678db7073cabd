"""export_sheets: every sheet of a tournament into a folder, for archiving and scripted use.

    python manage.py export_sheets SLUG --out DIR [--base-url https://turnier.example.at]

Writes tournament.xlsx, standings.pdf, settlement.pdf, settlement.xlsx and, for every round that
has been drawn, table-cards-round-N.pdf, score-sheets-round-N.pdf and seating-round-N.pdf. The
table cards' QR codes point to --base-url (default: the SITE_URL setting).
"""

from __future__ import annotations

import time
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext_lazy

from language import ServiceError, in_both
from paper.exports import get_exporter
from tournament.models import Tournament

TOURNAMENT_SHEETS = ["tournament-xlsx", "standings-pdf", "settlement-pdf", "settlement-xlsx"]
ROUND_SHEETS = ["table-cards-pdf", "score-sheets-pdf", "seating-pdf"]


class Command(BaseCommand):
    help = "Write all PDF and Excel sheets of a tournament into a folder."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--out", required=True, type=Path, help="folder to write into (created if missing)")
        parser.add_argument("--base-url", default="", help="site address for the scorer links (default SITE_URL)")

    def handle(self, *args, slug: str, out: Path, base_url: str, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(in_both(gettext_lazy("Kein Turnier „%(slug)s“."), slug=slug))
        out.mkdir(parents=True, exist_ok=True)
        jobs = [(identifier, None) for identifier in TOURNAMENT_SHEETS]
        for round in tournament.round_set.order_by("number"):
            if not round.tables.exists():
                self.stdout.write(f"Runde {round.number}: noch nicht ausgelost, übersprungen / not drawn yet, skipped")
                continue
            jobs += [(identifier, round) for identifier in ROUND_SHEETS]
        for identifier, round in jobs:
            exporter = get_exporter(identifier)(tournament, round=round, base_url=base_url)
            started = time.perf_counter()
            try:
                content = exporter.render().content
            except ServiceError as error:
                raise CommandError(error.message()) from None
            path = out / exporter.filename()
            path.write_bytes(content)
            self.stdout.write(f"{path}  {len(content) / 1024:.0f} KB  {time.perf_counter() - started:.2f} s")

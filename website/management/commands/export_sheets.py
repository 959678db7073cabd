"""export_sheets: the files of a tournament or a season into a folder, for archiving and scripted use.

    python manage.py export_sheets SLUG --out DIR [--base-url https://turnier.example.at] [--only ID ...] [--language en]
    python manage.py export_sheets --season CUP[/SEASON] --out DIR [--only ID ...] [--language en]

What it writes is the registry's (paper/registry.py): for a tournament every tournament and list
file in the formats the registry archives (tournament.xlsx, standings.pdf, settlement.pdf,
settlement.xlsx) and, for every round that has been drawn, the round's (table-cards-round-N.pdf,
score-sheets-round-N.pdf, seating-round-N.pdf); for a season its sheets, whole and for each
sub-ranking of the cup. ``--only`` writes just the files named (any the registry offers for that
subject, archived or not: ``--only spieler-csv``). The table cards' QR codes point to --base-url
(default: the SITE_URL setting). The files speak one language: --language (de or en), by default the
site's LANGUAGE_CODE. It lives in website, the layer that sees both paper and cups.
"""

from __future__ import annotations

import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation
from django.utils.translation import gettext_lazy

from cups.models import Cup, Season, SubRanking
from cups.selectors import UnknownScheme, find_season
from language import LANGUAGES, Message, ServiceError, in_both
from paper.registry import LIST, REGISTRY, ROUND, SEASON, TOURNAMENT
from tournament.models import Tournament


class Command(BaseCommand):
    # A terminal's language is unknown: the help in both, from the msgids (argparse takes no lazy text).
    help = in_both(gettext_lazy("Die PDF-, Excel- und CSV-Dateien eines Turniers oder einer Saison in einen Ordner "
                                "schreiben."))

    def add_arguments(self, parser):
        parser.add_argument("slug", nargs="?", help=in_both(gettext_lazy("Kürzel des Turniers")))
        parser.add_argument("--season", help=in_both(gettext_lazy(
            "CUP oder CUP/SAISON (Vorgabe: die neueste Saison des Cups) statt eines Turniers")))
        parser.add_argument("--out", required=True, type=Path,
                            help=in_both(gettext_lazy("Ordner, in den geschrieben wird (angelegt, wenn er fehlt)")))
        parser.add_argument("--base-url", default="",
                            help=in_both(gettext_lazy("Adresse der Seite für die Schreiber-Links (Vorgabe: SITE_URL)")))
        parser.add_argument("--only", action="append", default=[], metavar="ID", help=in_both(gettext_lazy(
            "nur diese Datei schreiben (etwa standings-xlsx, spieler-csv); mehrfach möglich")))
        parser.add_argument("--language", choices=LANGUAGES, default=settings.LANGUAGE_CODE, help=in_both(gettext_lazy(
            "die Sprache der Dateien: Blattnamen, Überschriften, Wörter (Vorgabe: LANGUAGE_CODE)")))

    def handle(self, *args, language: str, **options):
        with translation.override(language):
            self.write_files(**options)

    def write_files(self, *, slug: str | None, season: str | None, out: Path, base_url: str, only: list[str],
                    **options):
        if (slug is None) == (season is None):
            raise CommandError(in_both(gettext_lazy("Ein Turnier (SLUG) oder --season CUP/SAISON angeben.")))
        if season is not None:
            subject, jobs = self.season_jobs(season)
        else:
            subject, jobs = self.tournament_jobs(slug)
        jobs = self.chosen(jobs, only)
        out.mkdir(parents=True, exist_ok=True)
        for export, format, options in jobs:
            started = time.perf_counter()
            try:
                exporter = export.make(format, subject, base_url=base_url, **options)
                content = exporter.render().content
            except (ServiceError, UnknownScheme) as error:
                raise CommandError(error.message() if isinstance(error, ServiceError) else str(error)) from None
            path = out / exporter.filename()
            path.write_bytes(content)
            self.stdout.write(f"{path}  {len(content) / 1024:.0f} KB  {time.perf_counter() - started:.2f} s")

    def tournament_jobs(self, slug: str):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(in_both(gettext_lazy("Kein Turnier „%(slug)s“."), slug=slug))
        jobs = [(export, None) for export in REGISTRY.of(TOURNAMENT) + REGISTRY.of(LIST)]
        for round in tournament.round_set.order_by("number"):
            if not round.tables.exists():
                self.stdout.write(in_both(gettext_lazy("Runde %(round)s: noch nicht ausgelost, übersprungen"),
                                          round=round.number))
                continue
            jobs += [(export, {"round": round}) for export in REGISTRY.of(ROUND)]
        return tournament, jobs

    def season_jobs(self, name: str):
        cup, _slash, label = name.partition("/")
        try:
            found = find_season(cup, label or None)
        except (Cup.DoesNotExist, Season.DoesNotExist):
            raise CommandError(in_both(gettext_lazy("Keine Saison „%(name)s“."), name=name)) from None
        subs = [None, *SubRanking.objects.filter(cup=found.cup).order_by("slug")]
        return found, [(export, {"sub": sub}) for sub in subs for export in REGISTRY.of(SEASON)]

    @staticmethod
    def chosen(jobs, only: list[str]) -> list:
        """Every archived format of each job, or with --only the formats named (refusing a name nobody offers)."""
        offered = {export.identifier(format) for export, _options in jobs for format in export.formats}
        unknown = sorted(set(only) - offered)
        if unknown:
            raise CommandError(in_both(Message(gettext_lazy("Keine solche Datei: %(unknown)s. Es gibt: %(offered)s."),
                                               unknown=", ".join(unknown), offered=", ".join(sorted(offered)))))
        return [(export, format, options or {}) for export, options in jobs
                for format in (export.formats if only else export.archived)
                if not only or export.identifier(format) in only]

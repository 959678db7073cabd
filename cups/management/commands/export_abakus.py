"""manage.py export_abakus CUP [CUP …] [--out FILE]: the cups' imported seasons in ABAKUS's own structure
(cups/abakus_export.py), so a cup can keep ABAKUS running while it tries the site; import_abakus reads it."""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext_lazy

from cups.abakus_export import export_abakus
from cups.models import Cup
from language import in_both


class Command(BaseCommand):
    # argparse formats only text, no lazy translation: both languages from one msgid, as import_abakus says them.
    help = in_both(gettext_lazy("Saisonen von Cups als ABAKUS-Export (JSON)"))

    def add_arguments(self, parser):
        parser.add_argument("cups", nargs="+", metavar="CUP", help=in_both(gettext_lazy("Kürzel oder ABAKUS-Nummer")))
        parser.add_argument("--out", help=in_both(gettext_lazy("Datei statt der Standardausgabe")))

    def handle(self, *args, cups: list[str], out: str | None, **options):
        found = []
        for wanted in cups:
            cup = (Cup.objects.filter(slug=wanted).first()
                   or (Cup.objects.filter(abakus_number=f"{int(wanted):03d}").first() if wanted.isdigit() else None))
            if cup is None:
                raise CommandError(in_both(gettext_lazy("Unbekannter Cup „%(cup)s“."), cup=wanted))
            found.append(cup)
        text = json.dumps(export_abakus(found), ensure_ascii=False, indent=1) + "\n"
        if out:
            Path(out).write_text(text, encoding="utf-8")
        else:
            self.stdout.write(text, ending="")

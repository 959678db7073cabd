"""On the cup's site (the hub): a token that lets a venue publish into one cup, or the end of one.

    python manage.py publish_token --cup CUP [--name NAME]   # prints the new token once
    python manage.py publish_token --revoke TOKEN             # the whole token or its first part
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext_lazy

from cups.models import Cup
from language import ServiceError, in_both
from publishing.hub.tokens import create_token, revoke_token


class Command(BaseCommand):
    # A terminal's language is unknown: the help in both, from the msgids (argparse takes no lazy text).
    help = in_both(gettext_lazy("Ein Token anlegen, das Turniere in die Saisonen eines Cups veröffentlichen darf, "
                                "oder eines widerrufen."))

    def add_arguments(self, parser):
        parser.add_argument("--cup", help=in_both(gettext_lazy("Kürzel des Cups")))
        parser.add_argument("--name", default="", help=in_both(gettext_lazy("wer es bekommt, etwa der Spielort")))
        parser.add_argument("--revoke", metavar="TOKEN", help=in_both(gettext_lazy("dieses Token beenden")))

    def handle(self, *args, cup=None, name="", revoke=None, **options):
        if revoke:
            try:
                row = revoke_token(token=revoke)
            except ServiceError as error:
                raise CommandError(str(error)) from error
            self.stdout.write(in_both(gettext_lazy("Widerrufen: %(row)s"), row=row))
            return
        if not cup:
            raise CommandError(in_both(gettext_lazy("--cup CUP oder --revoke TOKEN angeben.")))
        found = Cup.objects.filter(slug=cup).first()
        if found is None:
            raise CommandError(in_both(gettext_lazy("Kein Cup „%(cup)s“."), cup=cup))
        _row, token = create_token(cup=found, name=name)
        self.stdout.write(token)

"""lan_banner: print where the site can be reached in the hall (used by `make serve` and `make run`)."""

from django.conf import settings
from django.core.management.base import BaseCommand
from django.utils.translation import gettext_lazy

from hall.net import banner
from language import in_both


class Command(BaseCommand):
    # A terminal's language is unknown: the help in both, from the msgids (argparse takes no lazy text).
    help = in_both(gettext_lazy("Die LAN-Adressen ausgeben, die Handys nutzen können, und vor einer "
                                "unerreichbaren SITE_URL warnen."))

    def add_arguments(self, parser):
        parser.add_argument("--host", default="0.0.0.0", help=in_both(gettext_lazy("Adresse, auf der der Server lauscht")))
        parser.add_argument("--port", default="8000", help=in_both(gettext_lazy("Port des Servers")))

    def handle(self, *args, host: str, port: str, **options):
        for line in banner(host, port, settings.SITE_URL):
            self.stdout.write(line)

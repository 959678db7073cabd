"""lan_banner: print where the site can be reached in the hall (used by `make serve` and `make run`)."""

from django.conf import settings
from django.core.management.base import BaseCommand

from hall.net import banner


class Command(BaseCommand):
    help = "Print the LAN addresses phones can use and warn about an unreachable SITE_URL."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="0.0.0.0")
        parser.add_argument("--port", default="8000")

    def handle(self, *args, host: str, port: str, **options):
        for line in banner(host, port, settings.SITE_URL):
            self.stdout.write(line)

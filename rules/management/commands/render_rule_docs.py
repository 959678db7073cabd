"""Write docs/rules/<slug>.md for every seed rule set from the rule-set data."""

from django.core.management.base import BaseCommand
from django.utils.translation import gettext_lazy

from language import in_both
from rules.docs import write_all
from rules.rulesets import BUILTIN


class Command(BaseCommand):
    # A terminal's language is unknown: the help in both, from the msgids (argparse takes no lazy text).
    help = in_both(gettext_lazy("docs/rules/<slug>.md (Tariftabellen, Zitate, Auslegungen) aus den Daten der "
                                "Regelsätze schreiben."))
    requires_system_checks: list = []

    def handle(self, *args, **options):
        for path in write_all(list(BUILTIN.values())):
            self.stdout.write(in_both(gettext_lazy("geschrieben: %(path)s"), path=path))

"""Write docs/rules/<slug>.md for every seed rule set from the rule-set data."""

from django.core.management.base import BaseCommand

from rules.docs import write_all
from rules.rulesets import BUILTIN


class Command(BaseCommand):
    help = "Render docs/rules/<slug>.md (tariff tables, citations, interpretations) from the rule-set data."
    requires_system_checks: list = []

    def handle(self, *args, **options):
        for path in write_all(list(BUILTIN.values())):
            self.stdout.write(f"wrote {path}")

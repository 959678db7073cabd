"""score_hands: score hands in the interchange format (docs/sources/hand-format.md).

    python manage.py score_hands --rules SLUG [FILE]      JSON Lines or one JSON array; '-' or none = stdin
                                                          (SLUG: a built-in rule set or a club's saved one)
    python manage.py score_hands --rules-file RULES.json [FILE]   a custom rule set (see rules/engine/custom.py)
    python manage.py score_hands --list-rules
    python manage.py score_hands --rules SLUG --list-contracts    one JSON line per contract the rule set offers

One JSON object per hand, in input order: {"points": [...], "cash": [...]}, or {"error": "..."} for an
invalid hand; the exit status is 1 if any hand was invalid. It writes nothing; it reads the database only to
find a club's saved rule set by a slug that is not built in (rules.rulesets.saved_versions).
"""

from __future__ import annotations

import json
import os
import sys

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext_lazy

from language import LANGUAGES, Message, in_both
from rules.engine import InvalidHand, score
from rules.engine.custom import RuleSetInvalid
from rules.engine.families import describe
from rules.rulesets import SLUGS, UnknownRuleSet, get_ruleset, load_custom

# The command's own sentence is a msgid; the engine's refusals keep the engine's pairs (error.message).
NOT_JSON = gettext_lazy("Diese Zeile ist kein gültiges JSON (%(error)s).")


class Command(BaseCommand):
    # A terminal's language is unknown: the help in both, from the msgids (argparse takes no lazy text).
    help = in_both(gettext_lazy("Spiele im Austauschformat für Spiele nach einem Regelsatz abrechnen."))
    # Scoring is pure: no system checks, no migrations check, no database.
    requires_system_checks: list = []
    requires_migrations_checks = False

    def add_arguments(self, parser):
        parser.add_argument("file", nargs="?", default="-",
                            help=in_both(gettext_lazy("Spiele als JSON Lines oder ein JSON-Array; '-' = Standardeingabe")))
        parser.add_argument("--rules", metavar="SLUG", help=in_both(gettext_lazy(
            "Regelsatz: %(slugs)s, oder das Kürzel eines gespeicherten Regelsatzes eines Vereins (seine neueste "
            "Fassung)"), slugs=", ".join(SLUGS)))
        parser.add_argument("--rules-file", metavar="FILE",
                            help=in_both(gettext_lazy("ein eigener Regelsatz (JSON), von einem von ihnen abgeleitet")))
        parser.add_argument("--list-rules", action="store_true",
                            help=in_both(gettext_lazy("die Kürzel der Regelsätze ausgeben, eines je Zeile")))
        parser.add_argument("--list-contracts", action="store_true", help=in_both(gettext_lazy(
            "die Spiele des Regelsatzes ausgeben, je eine JSON-Zeile (Kürzel, deutscher Name, Familie)")))
        parser.add_argument("--explain", action="store_true",
                            help=in_both(gettext_lazy("jedem Ergebnis die Aufschlüsselung beifügen")))
        parser.add_argument("--lang", choices=("de", "en", "both"), default="both",
                            help=in_both(gettext_lazy("Sprache der Fehlermeldungen")))

    def run_from_argv(self, argv):
        try:
            super().run_from_argv(argv)
        except BrokenPipeError:
            # The reader stopped early (`score_hands ... | head`): stop quietly as cat does, and point stdout at
            # /dev/null so the interpreter's last flush does not raise again.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise SystemExit(141) from None  # 128 + SIGPIPE, what a shell reports for cat

    def handle(self, *args, **options):
        if options["list_rules"]:
            self.stdout.write("\n".join(SLUGS))
            return
        ruleset = self._ruleset(options)
        if options["list_contracts"]:
            for contract in ruleset.contracts:
                self.stdout.write(json.dumps(describe(contract), ensure_ascii=False))
            return
        text = self._read(options["file"])
        failed = False
        for entry in parse_entries(text):
            if isinstance(entry, ValueError):
                said = Message(NOT_JSON, error=str(entry))
                line = {"error": said.render(options["lang"]) if options["lang"] in LANGUAGES else in_both(said)}
                failed = True
            else:
                try:
                    line = score(entry, ruleset).to_dict(breakdown=options["explain"])
                except InvalidHand as error:
                    line = {"error": error.message(options["lang"])}
                    failed = True
            self.stdout.write(json.dumps(line, ensure_ascii=False))
        if failed:
            raise SystemExit(1)

    def _ruleset(self, options):
        if options["rules_file"]:
            try:
                with open(options["rules_file"], encoding="utf-8") as handle:
                    return load_custom(json.load(handle))
            except (OSError, json.JSONDecodeError) as error:
                raise CommandError(in_both(gettext_lazy("Die Regelsatz-Datei lässt sich nicht lesen: %(error)s"),
                                           error=error)) from None
            except RuleSetInvalid as error:
                raise CommandError(in_both(gettext_lazy("Ungültiger eigener Regelsatz:%(problems)s"),
                                           problems="".join(f"\n- {problem}" for problem in error.problems))) from None
        if not options["rules"]:
            raise CommandError(in_both(gettext_lazy("Einen Regelsatz mit --rules (%(slugs)s) oder --rules-file angeben."),
                                       slugs=", ".join(SLUGS)))
        try:
            return get_ruleset(options["rules"])
        except UnknownRuleSet as error:
            raise CommandError(in_both(gettext_lazy("Unbekannter Regelsatz „%(slug)s“; bekannt: %(slugs)s"),
                                       slug=error.slug, slugs=", ".join(SLUGS))) from None
        except RuleSetInvalid as error:  # the newest saved version, refused today: never an older one instead
            raise CommandError(in_both(gettext_lazy("Ungültiger eigener Regelsatz:%(problems)s"),
                                       problems="".join(f"\n- {problem}" for problem in error.problems))) from None

    def _read(self, path: str) -> str:
        if path == "-":
            return sys.stdin.read()
        try:
            with open(path, encoding="utf-8") as handle:
                return handle.read()
        except OSError as error:
            raise CommandError(in_both(gettext_lazy("%(path)s lässt sich nicht lesen: %(error)s"),
                                       path=path, error=error)) from None


def parse_entries(text: str) -> list:
    """The hands of a JSON array, or one per non-empty line; a line that is not JSON becomes its ValueError."""
    stripped = text.strip()
    if stripped.startswith("["):
        try:
            return json.loads(stripped)
        except json.JSONDecodeError:
            # Not one array after all: read it line by line below, so each bad line gets its own error.
            return _lines(text)
    return _lines(text)


def _lines(text: str) -> list:
    entries: list = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            entries.append(json.loads(line))
        except json.JSONDecodeError as error:
            entries.append(ValueError(f"line {number}: {error.msg}"))
    return entries


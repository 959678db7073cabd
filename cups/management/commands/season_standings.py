"""manage.py season_standings CUP [--season LABEL] [--sub SLUG] [--json]: a cup's season ranking (default: the
newest season), or one of its sub-rankings (``--sub``, e.g. "out-of-vienna").

The JSON is the shape of docs/sources/season.md (Interfaces). Unknown cup or season: exit 1 with a sentence.
"""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext_lazy

from cups.models import Cup, Season, SubRanking
from cups.selectors import UnknownScheme, find_season, find_sub_ranking, season_standings
from language import in_both


class Command(BaseCommand):
    # A terminal's language is unknown: the help in both, from the msgids (argparse takes no lazy text).
    help = in_both(gettext_lazy("Saisonwertung eines Cups"))

    def add_arguments(self, parser):
        parser.add_argument("cup", help=in_both(gettext_lazy("Kürzel des Cups")))
        parser.add_argument("--season", help=in_both(gettext_lazy("Saison, etwa 2026/27 (Vorgabe: die neueste)")))
        parser.add_argument("--sub", help=in_both(gettext_lazy("Teilwertung (Kürzel)")))
        parser.add_argument("--json", action="store_true", help=in_both(gettext_lazy("JSON ausgeben")))

    def handle(self, *args, cup: str, season: str | None, json: bool, sub: str | None = None, **options):
        try:
            found = find_season(cup, season)
        except Cup.DoesNotExist:
            raise CommandError(in_both(gettext_lazy("Unbekannter Cup „%(cup)s“."), cup=cup)) from None
        except Season.DoesNotExist:
            if season:
                raise CommandError(in_both(gettext_lazy("Cup „%(cup)s“ hat keine Saison „%(season)s“."),
                                           cup=cup, season=season)) from None
            raise CommandError(in_both(gettext_lazy("Cup „%(cup)s“ hat noch keine Saison."), cup=cup)) from None
        ranking = None
        if sub:
            try:
                ranking = find_sub_ranking(found.cup, sub)
            except SubRanking.DoesNotExist:
                raise CommandError(in_both(gettext_lazy("Cup „%(cup)s“ hat keine Teilwertung „%(sub)s“."),
                                           cup=cup, sub=sub)) from None
        try:
            standings = season_standings(found, ranking)
        except UnknownScheme as err:
            raise CommandError(in_both(gettext_lazy("Unbekannte Wertung „%(scheme)s“."), scheme=str(err))) from None
        if json:
            self.stdout.write(_dumps(standings.as_json()))
            return
        self.stdout.write(f"{found.cup.name} {found.label}" + (f" · {ranking.name}" if ranking else ""))
        self.stdout.write(" ".join(standings.sentences()))  # the season page's sentences, in the active language
        for row in standings.rows:
            mark = "" if not standings.has_qualification else ("  Q" if standings.qualified(row) else "  -")
            self.stdout.write(f"{row.rank:>4}{'=' if row.shared else ' '} {row.player.name:<30} {row.points:>6}"
                              f"  ({row.participations}){mark}")


def _dumps(data) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)

"""manage.py season_standings CUP [--season LABEL] [--sub SLUG] [--json]: a cup's season ranking (default: the
newest season), or one of its sub-rankings (``--sub``, e.g. "out-of-vienna").

The JSON is the shape of docs/sources/season.md (Interfaces). Unknown cup or season: exit 1 with a sentence.
"""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from cups.models import Cup, Season, SubRanking
from cups.selectors import UnknownScheme, find_season, find_sub_ranking, season_standings


class Command(BaseCommand):
    help = "Saisonwertung eines Cups / a cup's season standings"

    def add_arguments(self, parser):
        parser.add_argument("cup", help="Kürzel des Cups / cup slug")
        parser.add_argument("--season", help="Saison, etwa 2026/27 (Vorgabe: die neueste) / season label")
        parser.add_argument("--sub", help="Teilwertung (Kürzel) / sub-ranking slug")
        parser.add_argument("--json", action="store_true", help="JSON ausgeben / print JSON")

    def handle(self, *args, cup: str, season: str | None, json: bool, sub: str | None = None, **options):
        try:
            found = find_season(cup, season)
        except Cup.DoesNotExist:
            raise CommandError(f"Unbekannter Cup „{cup}“ / unknown cup “{cup}”") from None
        except Season.DoesNotExist:
            what = f"„{season}“" if season else "(keine)"
            raise CommandError(f"Cup „{cup}“ hat keine Saison {what} / cup “{cup}” has no season "
                               f"{season or '(none)'}") from None
        ranking = None
        if sub:
            try:
                ranking = find_sub_ranking(found.cup, sub)
            except SubRanking.DoesNotExist:
                raise CommandError(f"Cup „{cup}“ hat keine Teilwertung „{sub}“ / cup “{cup}” has no sub-ranking "
                                   f"“{sub}”") from None
        try:
            standings = season_standings(found, ranking)
        except UnknownScheme as err:
            raise CommandError(f"Unbekannte Wertung „{err}“ / unknown scheme “{err}”") from None
        if json:
            self.stdout.write(_dumps(standings.as_json()))
            return
        self.stdout.write(f"{found.cup.name} {found.label} · {standings.scheme.name} · "
                          f"{standings.tournaments} Turniere, {standings.counted} gewertet"
                          + (f" · {ranking.name}" if ranking else ""))
        for row in standings.rows:
            mark = "" if not standings.has_qualification else ("  Q" if standings.qualified(row) else "  -")
            self.stdout.write(f"{row.rank:>4}{'=' if row.shared else ' '} {row.player.name:<30} {row.points:>6}"
                              f"  ({row.participations}){mark}")


def _dumps(data) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)

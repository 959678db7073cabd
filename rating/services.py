"""The only writes of the Österreich-Rangliste: a finished cup tournament's final ranks, the recomputation of
the whole list from them and from the cups' imported past results, and a cup's frame origins."""

from __future__ import annotations

import time
from collections import defaultdict

from django.utils.translation import gettext_lazy

from cups.adapters import final_standings
from cups.models import Cup, ImportedResult, SeasonTournament
from hall.csp import frame_origin
from language import ServiceError
from rating import compute
from rating.models import FrameOrigins, RatedPlacing, Rating, RatingCup, RatingRun
from tournament import live
from tournament.models import Round, Tournament

KEEP_RUNS = 20
_BAD_ORIGIN = gettext_lazy("Zeile %(line)s („%(text)s“) ist keine Website-Adresse wie https://www.tarockclub.at "
                           "(nur http oder https, ohne Pfad, ohne *).")


def is_rated(tournament: Tournament) -> bool:
    """A tournament of a cup season whose rounds are all closed: a copy published after round 1 of 3 is not."""
    if not SeasonTournament.objects.filter(tournament=tournament).exists():
        return False
    statuses = list(Round.objects.filter(tournament=tournament).values_list("status", flat=True))
    return bool(statuses) and all(status == Round.CLOSED for status in statuses)


@live.write_service(changes=live.NO_TOURNAMENT)  # the rating's own tables: no tournament page changes
def take_placings(*, tournament: Tournament) -> bool:
    """Store ``tournament``'s final ranks for the list (replacing earlier ones), or drop them when it is no
    longer a finished cup tournament. True when it is rated."""
    RatedPlacing.objects.filter(tournament=tournament).delete()
    if not is_rated(tournament):
        return False
    rows = final_standings([tournament]).get(tournament.pk, [])
    RatedPlacing.objects.bulk_create(RatedPlacing(entry=row.entry, tournament=tournament, rank=row.rank) for row in rows)
    return True


def rated_events() -> list[compute.Event]:
    """Every rated tournament as the computation takes it (two queries): the published ones' stored ranks and
    the cups' imported results of past tournaments (ABAKUS, season imports)."""
    grouped: dict[str, tuple[str, object, int | None, list]] = {}
    for pk, name, day, cup, player, rank in RatedPlacing.objects.values_list(
            "tournament_id", "tournament__name", "tournament__date", "tournament__cup_season__season__cup_id",
            "entry__player_id", "rank"):
        grouped.setdefault(f"t{pk}", (name, day, cup, []))[3].append((player, rank))
    for season, name, day, cup, player, rank in ImportedResult.objects.values_list(
            "season_id", "tournament_name", "date", "season__cup_id", "player_id", "rank"):
        grouped.setdefault(f"i{season}:{day.isoformat()}:{name}", (name, day, cup, []))[3].append((player, rank))
    return [compute.Event(key, name, day, cup, tuple(placings)) for key, (name, day, cup, placings) in grouped.items()]


@live.write_service(changes=live.NO_TOURNAMENT)
def recompute() -> RatingRun:
    """The whole list again from every rated tournament, oldest first; replaces the stored ratings."""
    started = time.perf_counter()
    events = rated_events()
    standings = compute.rate(events)
    Rating.objects.all().delete()
    Rating.objects.bulk_create((Rating(
        player_id=standing.player, rank=place, value=standing.value, mu=standing.mu, sigma=standing.sigma,
        tournaments=standing.tournaments, last_date=standing.steps[-1].date,
        history=[[s.date.isoformat(), s.name, s.rank, s.field, s.value] for s in standing.steps],
    ) for place, standing in compute.ranked(standings.values())), batch_size=500)
    cups: dict[int, set[int]] = defaultdict(set)
    for standing in standings.values():
        cups[standing.player].update(step.cup for step in standing.steps if step.cup is not None)
    RatingCup.objects.all().delete()
    RatingCup.objects.bulk_create((RatingCup(player_id=player, cup_id=cup) for player, ids in cups.items() for cup in ids),
                                  batch_size=1000)
    newest = compute.in_order(e for e in events if len(e.placings) > 1)[-1:] or [None]
    run = RatingRun.objects.create(
        as_of=newest[0].date if newest[0] else None, as_of_event=newest[0].name if newest[0] else "",
        method=compute.METHOD, events=sum(1 for e in events if len(e.placings) > 1), players=len(standings),
        seconds=round(time.perf_counter() - started, 3))
    RatingRun.objects.filter(pk__in=list(RatingRun.objects.values_list("pk", flat=True)[KEEP_RUNS:])).delete()
    return run


@live.write_service(changes=live.NO_TOURNAMENT)
def rebuild() -> RatingRun:
    """Take the ranks of every finished cup tournament on this site again, then recompute (``manage.py rating
    --rebuild``: a hub that hosted tournaments itself, or after a restore)."""
    for tournament in Tournament.objects.filter(cup_season__isnull=False):
        take_placings(tournament=tournament)
    return recompute()


@live.write_service(changes=live.NO_TOURNAMENT)
def set_frame_origins(*, cup: Cup, text: str) -> FrameOrigins:
    """The origins (one a line) that may frame ``cup``'s embeddable pages; every line is checked before any is
    stored, so a wildcard or a path is refused with the line it is on."""
    origins = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        origin = frame_origin(line)
        if origin is None:
            raise ServiceError(_BAD_ORIGIN, line=number, text=line.strip()[:80])
        if origin not in origins:
            origins.append(origin)
    saved, _created = FrameOrigins.objects.update_or_create(cup=cup, defaults={"origins": "\n".join(origins)})
    return saved



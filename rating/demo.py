"""The demo's history for the Österreich-Rangliste (``seed_demo --demo-cups``, what ``make run`` builds): two
earlier seasons of each demo cup as imported results (what a cup switching from ABAKUS brings along), with a few
guests from the other cups at every tournament, then the list computed. Ranks follow a hidden skill per player
plus luck, so the list has something to find. Run again, it adds nothing."""

from __future__ import annotations

import random
from datetime import date, timedelta

from cups.imports import import_season_results
from cups.models import Cup, ImportedResult
from cups.services import create_season
from rating import services
from tournament.models import Player

EARLIER = [("2024/25", date(2024, 9, 14)), ("2025/26", date(2025, 9, 13))]
PLACES = ["Frühjahrsturnier", "Herbstturnier", "Saisonfinale"]
GUESTS = 3


def _players_of(cup: Cup) -> list[Player]:
    return list(Player.objects.filter(entries__tournament__cup_season__season__cup=cup).distinct().order_by("pk"))


def seed_history(cup_slugs: list[str]) -> int:
    """Imported results of two earlier seasons for each of ``cup_slugs`` that has players; the list recomputed.
    Returns the number of results added."""
    cups = [cup for cup in Cup.objects.filter(slug__in=cup_slugs).order_by("slug")]
    pools = {cup.pk: _players_of(cup) for cup in cups}
    added = 0
    for index, cup in enumerate(cups):
        pool = pools[cup.pk]
        if len(pool) < 8 or ImportedResult.objects.filter(season__cup=cup).exists():
            continue
        own = {p.pk for p in pool}
        guests = list({p.pk: p for other in cups if other.pk != cup.pk for p in pools[other.pk] if p.pk not in own}.values())
        rng = random.Random(cup.slug)
        for label, start in EARLIER:
            if cup.seasons.filter(label=label).exists():  # played here already (website/demo_players.py's past season)
                continue
            season = create_season(cup=cup, label=label, ordering=0)  # older than the demo's current season
            lines = ["Turnier;Datum;Rang;Name;Verein;Punkte"]
            for number, place in enumerate(PLACES):
                # each cup on a Saturday of its own, so a guest never plays two tournaments on one day
                day = start + timedelta(weeks=12 * number, days=7 * index)
                field = rng.sample(pool, k=max(8, len(pool) * 3 // 4)) + rng.sample(guests, k=min(GUESTS, len(guests)))
                order = sorted(field, key=lambda p: -(_skill(p) + rng.gauss(0, 0.25)))
                lines += [f"{place} {cup.name} {label};{day:%d.%m.%Y};{rank};{p.name};{p.club};{(len(order) - rank) * 3}"
                          for rank, p in enumerate(order, start=1)]
                added += len(order)
            report = import_season_results(season=season, content="\n".join(lines).encode(), filename="demo.csv")
            if not report.ok:
                raise RuntimeError(report.message())
    services.rebuild()
    return added


def _skill(player: Player) -> float:
    """A demo player's hidden skill between 0 and 1, the same on every run (from the name)."""
    return sum(ord(c) for c in player.name) % 101 / 100

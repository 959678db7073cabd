"""The demo's coming tournament (`seed_demo --demo-cups`, what `make run` builds): open for sign-up two
weeks ahead, linked from /kalender/ by /turnier/<slug>/anmelden/, with a few sign-ups whose messages the
worker of `make run` prints and keeps for the director's page (no mail server needed)."""

from __future__ import annotations

from datetime import datetime, time, timedelta

from django.utils import timezone

from cups.models import Cup
from cups.services import create_season
from rules.rulesets import BUILTIN
from signup.services import set_registration, sign_up
from tournament import services
from tournament.models import Player, Tournament

SLUG = "adventturnier"
# A past season of the Tiroler Tarockcup (2025/26), so the demo's cup history has more than one season.
PAST_SEASON = [("tiroler-tarockcup-2025-1", "2025-10-11", "Innsbruck"), ("tiroler-tarockcup-2025-2", "2026-03-14", "Hall")]


def past_season() -> None:
    """The Tiroler Tarockcup's 2025/26 season, made before its tournaments and ordered before 2026/27 (made
    later, it would otherwise count as the cup's newest season)."""
    cup = Cup.objects.get(slug="tiroler-tarockcup")
    if not cup.seasons.filter(label="2025/26").exists():
        create_season(cup=cup, label="2025/26", ordering=0)


def coming_tournament(stdout) -> Tournament | None:
    """The tournament open for sign-up; None when it is there already (a second `make run`)."""
    if Tournament.objects.filter(slug=SLUG).exists():
        return None
    day = timezone.localdate() + timedelta(days=14)
    tournament = services.create_tournament(name=f"Adventturnier {day:%Y}", slug=SLUG, date=day, venue="Gasthof Post",
                                            ruleset=BUILTIN["tirol"])
    closes = timezone.make_aware(datetime.combine(day - timedelta(days=1), time(20, 0)))
    set_registration(tournament=tournament, is_open=True, deadline=closes, cap=24)
    for number, player in enumerate(Player.objects.order_by("name")[:5]):
        address = player.name.lower().replace(" ", ".").encode("ascii", "ignore").decode() + "@example.invalid"
        sign_up(tournament=tournament, name=player.name, club=player.club, email=address, address=f"demo-{number}")
    stdout.write(f"Coming tournament open for sign-up: /turnier/{SLUG}/anmelden/ (5 signed up; their messages: "
                 f"/turniere/{SLUG}/nachrichten/)")
    return tournament

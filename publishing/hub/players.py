"""Who a published player is on the hub: one of the cup's own players (entered in one of its
tournaments or imported into one of its seasons), matched by the house's one rule
(tournament/players.py), or a new player. Another cup's players are never matched: a venue token of
cup A cannot put a result on a player's page of cup B."""

from __future__ import annotations

from django.db.models import Q

from cups.models import Cup
from tournament.models import Player
from tournament.players import players_for


def cup_players(cup: Cup, people: list[tuple[str, str, str]]) -> list[Player]:
    among = Player.objects.filter(Q(entries__tournament__cup_season__season__cup=cup)
                                  | Q(imported_results__season__cup=cup)).distinct()
    return players_for(people, among=among)

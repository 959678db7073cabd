"""Who a published player is on the hub: one of the cup's own players (entered in one of its
tournaments or imported into one of its seasons), matched by the house's one rule, or a new player.
Another cup's players are never matched: a venue token of cup A cannot put a result on a player's page
of cup B."""

from __future__ import annotations

from django.db.models import Q

from cups.models import Cup
from tournament.models import Player, normalized_name


def _key(name: str, club: str) -> tuple[str, str]:
    return normalized_name(name), club.strip().casefold()


def cup_players(cup: Cup, people: list[tuple[str, str, str]]) -> list[Player]:
    """The player each (name, club, region) means among ``cup``'s players, new ones stored for the rest
    (two queries and one bulk insert whatever the size). Namesakes in one document stay two players."""
    known: dict[tuple[str, str], list[Player]] = {}
    for player in Player.objects.filter(Q(entries__tournament__cup_season__season__cup=cup)
                                        | Q(imported_results__season__cup=cup)).distinct().order_by("pk"):
        known.setdefault(_key(player.name, player.club), []).append(player)
    taken: set[int] = set()
    chosen: list[Player] = []
    new: list[Player] = []
    for name, club, region in people:
        player = next((p for p in known.get(_key(name, club), []) if p.pk not in taken), None)
        if player is None:
            player = Player(name=name, club=club, region=region, name_key=normalized_name(name))
            new.append(player)
        else:
            taken.add(player.pk)
        chosen.append(player)
    Player.objects.bulk_create(new, batch_size=2000)
    return chosen

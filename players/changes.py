"""The seat and results messages hang on the tournament's change channel (tournament.events): a round
seated tells each player with an e-mail his table and seat; the last round closed tells each his rank.
Received after the write committed; queueing only writes rows, the worker sends."""

from __future__ import annotations

from django.dispatch import receiver

from players import outbox
from players.models import Message, MessageKind, PersonalLink
from players.selectors import seat_key
from tournament.events import ChangeKind, TournamentChange, tournament_changed
from tournament.models import Entry, Seat


def _links_by_player(tournament_id: int) -> dict[int, PersonalLink]:
    """The tournament's links that have an address, by the player they belong to (one query)."""
    found = {}
    for link in (PersonalLink.objects.filter(tournament_id=tournament_id).exclude(sign_up__email="")
                 .exclude(sign_up=None).select_related("sign_up")):
        if link.sign_up.player_id is not None:
            found[link.sign_up.player_id] = link
    return found


def tell_seats(tournament_id: int, round_number: int) -> int:
    """A seat message to every player of the round who has an address; how many were queued. Once per round,
    unless the round is seated again after his message went out and his seat is another now: then a correction
    (the next revision). A message still waiting is written when it is sent, from the seating as it is then."""
    links = _links_by_player(tournament_id)
    seated = Seat.objects.filter(table__round__tournament_id=tournament_id, table__round__number=round_number,
                                 entry__player_id__in=links).values_list("entry__player_id", "table__number", "position")
    last_told = {}
    for message in Message.objects.filter(link__in=links.values(), kind=MessageKind.SEATED,
                                          round_number=round_number).order_by("revision"):
        last_told[message.link_id] = message
    queued = 0
    for player, table_number, position in seated:
        link = links[player]
        last = last_told.get(link.pk)
        if last is None:
            revision = 0
        elif last.status in (Message.SENT, Message.KEPT) and last.seat and last.seat != seat_key(table_number, position):
            revision = last.revision + 1
        else:
            continue  # told this seat already, or the message waiting says the seat as it is when it goes
        queued += outbox.queue(link=link, kind=MessageKind.SEATED, round_number=round_number,
                               revision=revision) is not None
    return queued


def tell_results(tournament_id: int) -> int:
    links = _links_by_player(tournament_id)
    played = Entry.objects.filter(tournament_id=tournament_id, player_id__in=links).values_list("player_id", flat=True)
    return sum(outbox.queue(link=links[player], kind=MessageKind.RESULTS) is not None for player in played)


@receiver(tournament_changed, dispatch_uid="players.on_change")
def on_change(sender, change: TournamentChange, **details) -> None:
    if ChangeKind.SEATING in change.kinds and change.round_number:
        tell_seats(change.tournament_id, change.round_number)
    if ChangeKind.FINISHED in change.kinds:
        tell_results(change.tournament_id)

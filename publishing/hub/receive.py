"""The hub's side of publishing: a venue's document replaces the hub's copy of that tournament.

The document is read and checked whole (publishing/document.py) before the first write; the
replacement is one transaction through the tournament's and scoring's services, so a publish that
breaks off half-way (a cut connection, a hand this hub scores differently) leaves the last good
copy. A copy only ever moves forward within one incarnation of the venue's tournament: its
``sequence`` (the live_version) must grow, so a replayed or late request can never put an older state
back. A new incarnation (the venue restored a backup or re-created the tournament) replaces the copy
whatever its sequence, and the old one is retired: its late requests are refused (docs/publishing.md,
"Starting over"). A token writes
only the tournaments it created (or the cup's organiser gave it in the admin), and the players are
matched among the cup's own players, never another cup's.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.dispatch import Signal
from django.utils import timezone
from django.utils.translation import gettext_lazy

from cups.models import Cup, Season, SeasonTournament
from cups.services import add_tournament, create_season, season_label
from language import Message, ServiceError
from publishing import document as codec
from publishing.checks import hub_ruleset
from publishing.hub.players import cup_players
from publishing.models import HUB_NEWER, RETIRED, PublishedCopy, PublishToken
from publishing.problems import Refused
from rules.engine import InvalidHand
from scoring.copies import (
    ChangedElsewhere,
    EnteredElsewhere,
    remove_hands,
    store_booked_corrections,
    store_changed_hands,
    store_entered_hands,
)
from scoring.seats import Absence
from tournament import live
from tournament.copies import RoundCopy, TournamentCopy, replace_with_copy
from tournament.events import ChangeKind
from tournament.models import Tournament

__all__ = ["Received", "Refused", "published", "receive_tournament"]

# Sent with ``tournament=`` once a publish that changed the hub's copy has committed (the Österreich-Rangliste
# takes the tournament's ranks then: rating/updates.py). Apps above publishing listen; publishing knows none.
published = Signal()


@dataclass(frozen=True)
class Received:
    tournament: Tournament
    status: str  # "created", "updated" or "unchanged" (the same copy sent again: nothing written)
    sequence: int
    replaced: PublishedCopy | None = None  # the copy of another incarnation this one replaced, as it was


def _check_existing(existing: Tournament | None, document: codec.Document, token: PublishToken,
                    digest: str) -> PublishedCopy | None:
    """The hub's copy the document may replace (None for a new tournament); raises for anything refused."""
    if existing is None:
        return None
    slug = document.tournament.slug
    copy = PublishedCopy.objects.select_for_update().filter(tournament=existing).first()
    if copy is None:
        raise Refused(409, gettext_lazy(
            "Auf dem Cup-Server gibt es schon ein eigenes Turnier „%(slug)s“; es wird nicht überschrieben. Bitte ein anderes "
            "Kürzel wählen."), slug=slug)
    if copy.cup_id != token.cup_id:
        raise Refused(403, gettext_lazy(
            "Das Turnier „%(slug)s“ gehört zu einem anderen Cup; dieser Schlüssel darf es nicht ändern."), slug=slug)
    if copy.token_id != token.pk:
        raise Refused(403, gettext_lazy(
            "Das Turnier „%(slug)s“ hat ein anderer Turnierort veröffentlicht; dieser Schlüssel darf es nicht ändern (die "
            "Cup-Leitung kann es ihm im Admin zuweisen). Bitte ein anderes Kürzel wählen."), slug=slug)
    if document.incarnation != copy.incarnation:
        _check_retired(document, copy)
        return copy  # a new incarnation: the venue's newest truth, whatever its sequence
    if document.sequence < copy.sequence or (document.sequence == copy.sequence and digest != copy.digest):
        raise Refused(409, Message(gettext_lazy(
            "Der Cup-Server hat schon einen neueren Stand dieses Turniers (Stand %(sequence)s, gesendet %(sent)s); eine "
            "alte oder wiederholte Sendung ändert nichts."), sequence=copy.sequence, sent=document.sequence),
            code=HUB_NEWER, sequence=copy.sequence)
    return copy


def _check_retired(document: codec.Document, copy: PublishedCopy) -> None:
    # A /2 sending (no incarnation) belongs to the legacy incarnation, retired once the copy has another.
    retired = document.incarnation is None or str(document.incarnation) in copy.retired_incarnations
    if retired:
        raise Refused(409, Message(gettext_lazy(
            "Diese Sendung ist ein älterer Stand dieses Turniers, von bevor es am Turnierort wiederhergestellt oder neu "
            "angelegt wurde; der Cup-Server hat schon den neueren (Stand %(sequence)s). Sie ändert nichts."),
            sequence=copy.sequence), code=RETIRED, sequence=copy.sequence)


def _retired(copy: PublishedCopy | None, document: codec.Document) -> list[str]:
    """The incarnations a copy keeps refusing once ``document`` is its state."""
    if copy is None:
        return []
    if copy.incarnation is None or copy.incarnation == document.incarnation:
        return copy.retired_incarnations
    return [*copy.retired_incarnations, str(copy.incarnation)]


def _season(tournament: Tournament, cup: Cup, is_final: bool) -> None:
    linked = SeasonTournament.objects.filter(tournament=tournament).select_related("season").first()
    if linked is not None and linked.season.cup_id == cup.pk:
        if linked.is_final != is_final:
            linked.is_final = is_final
            linked.save(update_fields=["is_final"])
        return
    if linked is not None:
        linked.delete()
    label = season_label(tournament.date)
    season = Season.objects.filter(cup=cup, label=label).first() or create_season(cup=cup, label=label)
    add_tournament(season=season, tournament=tournament, is_final=is_final)


def _players(document: codec.Document, cup: Cup) -> list:
    try:
        return cup_players(cup, [(p.name, p.club, p.region) for p in document.players])
    except ServiceError as refusal:  # a name the house's rule does not take (an invisible format character)
        raise Refused(400, gettext_lazy("Feld „players“: %(problem)s"), problem=refusal.said) from None


def _copy(document: codec.Document, cup: Cup) -> TournamentCopy:
    return TournamentCopy(
        values=document.tournament.model_dump(),
        players=_players(document, cup),
        entries=[entry.model_dump() for entry in document.entries],
        teams=[({"name": team.name}, list(team.members)) for team in document.teams],
        rounds=[RoundCopy(
            values=part.model_dump(exclude={"tables", "byes", "corrections", "events"}),
            tables=[(_table_values(table), list(table.seats)) for table in part.tables],
            byes=[(bye.entry, {"points": bye.points}) for bye in part.byes],
            events=[_event(event) for event in part.events],
        ) for part in document.rounds],
    )


def _table_values(table) -> dict:
    """A table's fields as the hub stores them; its pauses and leaves as the venue's services store them."""
    values = table.model_dump(exclude={"seats", "hands", "revisions", "absences"})
    values["absences"] = [Absence(**absence.model_dump(mode="json")).to_plain() for absence in table.absences]
    return values


def _event(event) -> dict:
    """A round event as the hub keeps it: its detail as the venue's round pages read it, who did it as a name."""
    detail = event.model_dump(exclude={"action", "at", "reason", "by"}, mode="json")
    if event.by:
        detail["by"] = event.by  # the venue's user is none of the hub's: the round board shows the name
    return {"action": event.action, "reason": event.reason, "at": event.at, "detail": detail}


def _store_hands(document: codec.Document, tables_by_round) -> None:
    sent = [table for part in document.rounds for table in part.tables]  # the copy keeps the document's order
    stored = [pair for of_round in tables_by_round for pair in of_round]
    tables = [(table, seats, [EnteredElsewhere(hand.number, hand.data, hand.entered_by, hand.version, hand.created_at)
                              for hand in part.hands])
              for part, (table, seats) in zip(sent, stored, strict=True)]
    try:
        ours = store_entered_hands(tables=tables)
    except InvalidHand as error:
        raise Refused(422, gettext_lazy("Ein Spiel ist nach diesem Regelwerk nicht lesbar: %(error)s"), error=error) from error
    try:
        store_changed_hands(tables=[(table, [ChangedElsewhere(**change.model_dump()) for change in part.revisions])
                                    for part, (table, _seats) in zip(sent, stored, strict=True) if part.revisions])
    except InvalidHand as error:
        raise Refused(422, gettext_lazy(
            "Eine Spielkorrektur ist nach diesem Regelwerk nicht lesbar: %(error)s"), error=error) from error
    for part, (table, _seats), points in zip(sent, stored, ours, strict=True):
        for hand, mine in zip(part.hands, points, strict=True):
            if tuple(hand.points) != mine:
                raise Refused(409, gettext_lazy(
                    "Tisch %(table)s (%(round)s. Runde), Spiel %(hand)s: der Cup-Server rechnet andere Punkte als das Turnier "
                    "vor Ort. Bitte beide auf dieselbe Version bringen."),
                        table=table.number, round=table.round.number, hand=hand.number)


@live.write_service(kind=ChangeKind.COPY, changes=lambda arguments, received: () if received.status == "unchanged"
                    else [received.tournament.pk])
def _replace(*, document: codec.Document, token: PublishToken, digest: str) -> Received:
    # One publish per cup at a time: two first publishes of one tournament cannot both create it.
    cup = Cup.objects.select_for_update().get(pk=token.cup_id)
    hub_ruleset(document, custom_allowed=cup.custom_rulesets)
    existing = Tournament.objects.select_for_update().filter(slug=document.tournament.slug).first()
    copy = _check_existing(existing, document, token, digest)
    if copy is not None and (copy.incarnation, copy.sequence, copy.digest) == (document.incarnation, document.sequence,
                                                                             digest):
        return Received(existing, "unchanged", document.sequence)
    if existing is not None:
        remove_hands(tournament=existing)
    copied = replace_with_copy(existing=existing, copy=_copy(document, cup))
    _store_hands(document, copied.tables)
    for part, round in zip(document.rounds, copied.rounds, strict=True):
        if part.corrections:
            store_booked_corrections(round=round, corrections=[
                {"entry_id": copied.entries[c.entry].pk, "points": c.points, "reason": c.reason, "at": c.at, "by": c.by}
                for c in part.corrections])
    _season(copied.tournament, cup, document.cup_final)
    now = timezone.now()
    PublishedCopy.objects.update_or_create(tournament=copied.tournament, defaults={
        "cup": cup, "token": token, "sequence": document.sequence, "incarnation": document.incarnation,
        "retired_incarnations": _retired(copy, document), "digest": digest, "sent_at": document.sent_at,
        "received_at": now, "last_closed_round": codec.last_closed_round(document)})
    PublishToken.objects.filter(pk=token.pk).update(last_used_at=now)
    replaced = copy if copy is not None and copy.incarnation != document.incarnation else None
    return Received(copied.tournament, "created" if existing is None else "updated", document.sequence, replaced)


def receive_tournament(*, body: bytes | str, token: PublishToken) -> Received:
    """Take a venue's whole tournament into ``token``'s cup: created, replaced, or left as it is when
    the same copy comes again. Raises Refused (nothing written) for a broken, foreign or older copy."""
    document = codec.parse(body)
    digest = codec.digest(document)
    try:
        received = _replace(document=document, token=token, digest=digest)
    except IntegrityError:
        # Another publish of the same slug (another cup's) committed first: this one now sees its copy.
        received = _replace(document=document, token=token, digest=digest)
    if received.status != "unchanged":
        transaction.on_commit(lambda: published.send(sender=Received, tournament=received.tournament))
    return received

"""The hub's side of publishing: a venue's document replaces the hub's copy of that tournament.

Everything is read and checked before the first write; the replacement is one transaction, so a
publish that breaks off half-way (a cut connection, a hand this hub scores differently) leaves the
last good copy. A copy only ever moves forward: the venue's ``sequence`` (its live_version) must
grow, so a replayed or late request can never put an older state back (docs/publishing.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from cups.models import Season, SeasonTournament
from cups.services import add_tournament, create_season, season_label
from publishing.document import FORMAT, last_closed_round, sent_fields
from publishing.models import PublishedCopy, PublishToken
from rules.engine import InvalidHand
from rules.engine.ruleset import RuleSet
from scoring.models import Correction
from scoring.services import store_published_corrections, store_published_hands
from tournament import live
from tournament.errors import ServiceError
from tournament.models import Bye, Entry, Player, Round, Seat, Table, Team, TeamMember, Tournament


class Refused(ServiceError):
    """A document the hub does not take, with the HTTP status that says why."""

    def __init__(self, status: int, message_de: str, message_en: str):
        super().__init__(message_de, message_en)
        self.status = status


def _broken(where: str) -> Refused:
    return Refused(400, f"Das gesendete Turnier ist unvollständig oder beschädigt ({where}).",
                   f"The tournament sent is incomplete or damaged ({where}).")


def _values(model: type[models.Model], plain, where: str) -> dict:
    """``plain``'s fields of ``model`` as checked Python values (a field the venue did not send keeps its default)."""
    if not isinstance(plain, dict):
        raise _broken(where)
    values = {}
    for field in sent_fields(model):
        if field.name in plain:
            try:
                values[field.name] = field.clean(plain[field.name], None)
            except (ValidationError, TypeError, ValueError) as error:
                raise _broken(f"{where}.{field.name}") from error
    return values


def _list(value, where: str) -> list:
    if not isinstance(value, list):
        raise _broken(where)
    return value


def _index(value, size: int, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < size:
        raise _broken(where)
    return value


@dataclass
class _Round:
    values: dict
    tables: list[tuple[dict, list[int], list[dict]]]
    byes: list[tuple[int, dict]]
    corrections: list[tuple[int, dict]]


@dataclass
class Parsed:
    slug: str
    sequence: int
    sent_at: object
    cup_final: bool
    tournament: dict
    players: list[dict]
    entries: list[dict]
    teams: list[tuple[dict, list[int]]]
    rounds: list[_Round]
    last_closed_round: int


def parse(document) -> Parsed:
    """Check the whole document; raises Refused(400) naming the first broken part, before any write."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise Refused(400, f"Unbekanntes Format: erwartet wird „{FORMAT}“.", f"Unknown format: expected “{FORMAT}”.")
    sequence = document.get("sequence")
    if not isinstance(sequence, int) or isinstance(sequence, bool) or sequence < 0:
        raise _broken("sequence")
    sent_at = parse_datetime(str(document.get("sent_at", "")))
    if sent_at is None:
        raise _broken("sent_at")
    tournament = _values(Tournament, document.get("tournament"), "tournament")
    if not tournament.get("slug") or not tournament.get("name") or "ruleset_snapshot" not in tournament:
        raise _broken("tournament")
    try:  # the hub scores the hands under this very rule set: it must read it
        RuleSet.from_plain(tournament["ruleset_snapshot"])
    except (ValueError, TypeError) as error:
        raise Refused(422, "Der Cup-Server kann das Regelwerk dieses Turniers nicht lesen; vermutlich läuft am "
                           f"Turnierort eine neuere Version. Bitte den Cup-Server erneuern. ({error})",
                      "The cup's site cannot read this tournament's rule set; the venue probably runs a newer "
                      f"version. Please update the cup's site. ({error})") from error
    players = []
    for number, player in enumerate(_list(document.get("players"), "players")):
        name = player.get("name") if isinstance(player, dict) else None
        if not isinstance(name, str) or not name.strip() or len(name) > 120:
            raise _broken(f"players[{number}]")
        players.append({"name": name.strip(), "club": str(player.get("club", ""))[:120],
                        "region": str(player.get("region", ""))[:120]})
    raw_entries = _list(document.get("entries"), "entries")
    if len(raw_entries) != len(players):
        raise _broken("entries")
    entries = [_values(Entry, entry, f"entries[{n}]") for n, entry in enumerate(raw_entries)]
    size = len(entries)
    teams = []
    for n, team in enumerate(_list(document.get("teams", []), "teams")):
        members = [_index(m, size, f"teams[{n}].members") for m in _list(team.get("members") if isinstance(team, dict)
                                                                           else None, f"teams[{n}].members")]
        teams.append((_values(Team, team, f"teams[{n}]"), members))
    rounds = []
    for r, raw_round in enumerate(_list(document.get("rounds"), "rounds")):
        where = f"rounds[{r}]"
        values = _values(Round, raw_round, where)
        tables = []
        for t, raw_table in enumerate(_list(raw_round.get("tables"), f"{where}.tables")):
            at = f"{where}.tables[{t}]"
            seats = [_index(s, size, f"{at}.seats") for s in _list(raw_table.get("seats"), f"{at}.seats")]
            if len(set(seats)) != len(seats) or not 4 <= len(seats) <= 6:
                raise _broken(f"{at}.seats")
            hands = []
            for h, raw_hand in enumerate(_list(raw_table.get("hands"), f"{at}.hands")):
                hand_at = f"{at}.hands[{h}]"
                if not isinstance(raw_hand, dict) or not isinstance(raw_hand.get("data"), dict) \
                        or raw_hand.get("number") != h + 1:
                    raise _broken(hand_at)
                scores = {}
                for s, score in enumerate(_list(raw_hand.get("scores"), f"{hand_at}.scores")):
                    entry = _index(score.get("entry") if isinstance(score, dict) else None, size,
                                   f"{hand_at}.scores[{s}]")
                    try:
                        scores[entry] = Decimal(str(score["points"]))
                    except (KeyError, ArithmeticError, ValueError) as error:
                        raise _broken(f"{hand_at}.scores[{s}]") from error
                created = parse_datetime(str(raw_hand.get("created_at", ""))) if raw_hand.get("created_at") else None
                hands.append({"number": h + 1, "data": raw_hand["data"], "entered_by": str(raw_hand.get("entered_by", "")),
                              "version": raw_hand.get("version") if isinstance(raw_hand.get("version"), int) else 1,
                              "created_at": created, "venue_points": scores})
            tables.append((_values(Table, raw_table, at), seats, hands))
        byes = [(_index(b.get("entry") if isinstance(b, dict) else None, size, f"{where}.byes"),
                 _values(Bye, b, f"{where}.byes")) for b in _list(raw_round.get("byes", []), f"{where}.byes")]
        corrections = [(_index(c.get("entry") if isinstance(c, dict) else None, size, f"{where}.corrections"),
                        _values(Correction, c, f"{where}.corrections"))
                       for c in _list(raw_round.get("corrections", []), f"{where}.corrections")]
        if any(not values.get("reason") or values.get("points") is None for _e, values in corrections):
            raise _broken(f"{where}.corrections")
        rounds.append(_Round(values, tables, byes, corrections))
    return Parsed(slug=tournament["slug"], sequence=sequence, sent_at=sent_at,
                  cup_final=document.get("cup_final") is True, tournament=tournament, players=players,
                  entries=entries, teams=teams, rounds=rounds, last_closed_round=last_closed_round(document))


@dataclass(frozen=True)
class Received:
    tournament: Tournament
    status: str  # "created", "updated" or "unchanged" (the same copy sent again: nothing written)
    sequence: int


def _player(name: str, club: str, region: str, taken: set[int]) -> Player:
    """The hub's player of that name and club (the cup's player list, so the season counts one
    person once); a new one otherwise. Exact names only: a guess could give a player someone else's
    results, and cups/players.py's merge page joins spellings a person chose."""
    player = Player.objects.filter(name=name, club=club).exclude(pk__in=taken).order_by("pk").first()
    player = player or Player.objects.create(name=name, club=club, region=region)
    taken.add(player.pk)  # two namesakes at one venue stay two players here
    return player


def _check_existing(existing: Tournament | None, parsed: Parsed, token: PublishToken, digest: str) -> str | None:
    """Why the hub keeps its copy: "unchanged" for the same copy again; raises for anything refused."""
    if existing is None:
        return None
    copy = PublishedCopy.objects.select_for_update().filter(tournament=existing).first()
    if copy is None:
        raise Refused(409, f"Auf dem Cup-Server gibt es schon ein eigenes Turnier „{parsed.slug}“; es wird nicht "
                           "überschrieben. Bitte ein anderes Kürzel wählen.",
                      f"The cup's site has a tournament “{parsed.slug}” of its own; it is not overwritten. "
                      "Please choose another short name.")
    if copy.cup_id != token.cup_id:
        raise Refused(403, f"Das Turnier „{parsed.slug}“ gehört zu einem anderen Cup; dieser Schlüssel darf es nicht ändern.",
                      f"The tournament “{parsed.slug}” belongs to another cup; this token may not change it.")
    if parsed.sequence == copy.sequence and digest == copy.digest:
        return "unchanged"
    if parsed.sequence <= copy.sequence:
        raise Refused(409, f"Der Cup-Server hat schon einen neueren Stand dieses Turniers (Stand {copy.sequence}, "
                           f"gesendet {parsed.sequence}); eine alte oder wiederholte Sendung ändert nichts.",
                      f"The cup's site already has a newer state of this tournament (state {copy.sequence}, "
                      f"sent {parsed.sequence}); an old or repeated request changes nothing.")
    return None


def _season(tournament: Tournament, token: PublishToken, is_final: bool) -> None:
    linked = SeasonTournament.objects.filter(tournament=tournament).select_related("season").first()
    if linked is not None and linked.season.cup_id == token.cup_id:
        if linked.is_final != is_final:
            linked.is_final = is_final
            linked.save(update_fields=["is_final"])
        return
    if linked is not None:
        linked.delete()
    label = season_label(tournament.date)
    season = Season.objects.filter(cup=token.cup, label=label).first() or create_season(cup=token.cup, label=label)
    add_tournament(season=season, tournament=tournament, is_final=is_final)


def _clear(tournament: Tournament) -> None:
    # Rounds first: their tables, seats, hands, byes and corrections hold the entries.
    Round.objects.filter(tournament=tournament).delete()
    Team.objects.filter(tournament=tournament).delete()
    Entry.objects.filter(tournament=tournament).delete()


def _fill(tournament: Tournament, parsed: Parsed) -> None:
    taken: set[int] = set()
    entries = [Entry.objects.create(tournament=tournament, player=_player(**player, taken=taken), **values)
               for player, values in zip(parsed.players, parsed.entries, strict=True)]
    for values, members in parsed.teams:
        team = Team.objects.create(tournament=tournament, **values)
        TeamMember.objects.bulk_create([TeamMember(team=team, entry=entries[m]) for m in members])
    for part in parsed.rounds:
        round = Round.objects.create(tournament=tournament, **part.values)
        for values, seats, hands in part.tables:
            table = Table.objects.create(round=round, **values)
            Seat.objects.bulk_create([Seat(table=table, entry=entries[e], position=p) for p, e in enumerate(seats)])
            _store_hands(table, hands, entries)
        Bye.objects.bulk_create([Bye(round=round, entry=entries[e], **values) for e, values in part.byes])
        store_published_corrections(round=round, corrections=[
            {**values, "entry_id": entries[e].pk} for e, values in part.corrections])


def _store_hands(table: Table, hands: list[dict], entries: list[Entry]) -> None:
    try:
        stored = store_published_hands(table=table, hands=hands)
    except InvalidHand as error:
        raise Refused(422, f"Tisch {table.number} ({table.round.number}. Runde): ein Spiel ist nach diesem Regelwerk "
                           "nicht lesbar.",
                      f"Table {table.number} (round {table.round.number}): a hand does not read under this rule "
                      "set.") from error
    position = {entry.pk: n for n, entry in enumerate(entries)}
    for (hand, scores), item in zip(stored, hands, strict=True):
        ours = {position[score.entry_id]: score.points for score in scores}
        if ours != item["venue_points"]:
            raise Refused(409, f"Tisch {table.number} ({table.round.number}. Runde), Spiel {hand.number}: der Cup-Server "
                               "rechnet andere Punkte als das Turnier vor Ort. Bitte beide auf dieselbe Version bringen.",
                          f"Table {table.number} (round {table.round.number}), hand {hand.number}: the cup's site "
                          "scores different points than the venue. Please bring both to the same version.")


@live.write_service(changes=lambda arguments, received: () if received.status == "unchanged"
                    else [received.tournament.pk])
def receive_tournament(*, document, token: PublishToken, digest: str) -> Received:
    """Take a venue's whole tournament into ``token``'s cup: created, replaced, or left as it is when
    the same copy comes again. Raises Refused (nothing written) for a broken, foreign or older copy."""
    parsed = parse(document)
    existing = Tournament.objects.select_for_update().filter(slug=parsed.slug).first()
    if _check_existing(existing, parsed, token, digest) == "unchanged":
        return Received(existing, "unchanged", parsed.sequence)
    if existing is None:
        tournament = Tournament.objects.create(**parsed.tournament)
    else:
        tournament = existing
        _clear(tournament)  # before the save: a changed stake must not reprice hands about to go
        for name, value in parsed.tournament.items():
            setattr(tournament, name, value)
        tournament.save()
    _fill(tournament, parsed)
    _season(tournament, token, parsed.cup_final)
    now = timezone.now()
    PublishedCopy.objects.update_or_create(tournament=tournament, defaults={
        "cup": token.cup, "token": token, "sequence": parsed.sequence, "digest": digest, "sent_at": parsed.sent_at,
        "received_at": now, "last_closed_round": parsed.last_closed_round})
    PublishToken.objects.filter(pk=token.pk).update(last_used_at=now)
    return Received(tournament, "created" if existing is None else "updated", parsed.sequence)

"""What the player's own page, the director's desk and the messages read."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from cups.selectors import season_standings, seasons_of
from paper.exports.table_cards import direction_text, seat_angles
from players import links
from players.models import Message, MessageKind, PersonalLink
from scoring import selectors as scoring_selectors
from signup.models import SignUp
from tournament.models import Entry, Seat, Table, Tournament
from tournament.ranks import rank_text


@dataclass(frozen=True)
class SeatMark:
    number: int  # Platz as on the table card
    name: str
    x: float  # in the diagram's 0..100 box
    y: float
    is_me: bool
    deals_first: bool


@dataclass
class TableNow:
    """The player's table in the round he plays now: seats around the table, who deals first."""

    label: str
    number: int
    seat: int
    seats: list[SeatMark]
    first_dealer: str | None  # None until the table drew
    direction: str


@dataclass
class SeasonLine:
    cup: str
    season: str
    cup_slug: str
    season_slug: str
    rank: str
    points: object
    tournaments: int


@dataclass
class PersonalPage:
    link: PersonalLink
    entry: Entry | None
    day: object = None
    ranked: object = None
    played: list = field(default_factory=list)
    table: TableNow | None = None
    seasons: list[SeasonLine] = field(default_factory=list)


def seat_key(table_number: int, position: int) -> str:
    """A seat as a seat message tells it (table number, seat number from 1), kept to notice a new seating."""
    return f"{table_number}/{position + 1}"


def seat_told(message: Message) -> str:
    """The seat a seat message written now tells its player ("" when he sits at no table of that round)."""
    entry = links.entry_of(message.link)
    found = Seat.objects.filter(table__round__tournament_id=message.link.tournament_id,
                                table__round__number=message.round_number, entry=entry).values_list(
        "table__number", "position").first() if entry is not None else None
    return seat_key(*found) if found else ""


def table_now(tournament: Tournament, entry: Entry, round_number: int, label: str) -> TableNow | None:
    table = (Table.objects.filter(round__tournament=tournament, round__number=round_number, seats__entry=entry)
             .prefetch_related("seats__entry__player").first())
    if table is None:
        return None
    seats = sorted(table.seats.all(), key=lambda s: s.position)
    direction = tournament.ruleset.format.direction
    marks = []
    for seat, angle in zip(seats, seat_angles(len(seats), direction), strict=True):
        radians = math.radians(angle)
        marks.append(SeatMark(seat.position + 1, seat.entry.player.name, round(50 + 38 * math.cos(radians), 1),
                              round(50 - 38 * math.sin(radians), 1), seat.entry_id == entry.pk,
                              table.first_dealer_drawn and seat.position == table.first_dealer))
    dealer = next((m.name for m in marks if m.deals_first), None)
    mine = next(m.number for m in marks if m.is_me)
    return TableNow(label, table.number, mine, marks, dealer, direction_text(direction))


def seasons(tournament: Tournament, player_id: int) -> list[SeasonLine]:
    lines = []
    for season in seasons_of(tournament):
        standings = season_standings(season)
        row = next((r for r in standings.rows if r.player.key == player_id), None)
        if row is not None:
            lines.append(SeasonLine(season.cup.name, season.label, season.cup.slug, season.slug, rank_text(row.rank, row.shared),
                                    row.points, row.participations))
    return lines


def personal_page(link: PersonalLink) -> PersonalPage:
    entry = links.entry_of(link)
    page = PersonalPage(link, entry)
    player_id = entry.player_id if entry is not None else (link.sign_up.player_id if link.sign_up_id else None)
    if entry is not None:
        tournament = link.tournament
        page.day = scoring_selectors.player_day(tournament, entry)
        page.ranked = next((r for r in scoring_selectors.standings(tournament) if r.player.entry_id == entry.pk), None)
        page.played = [r for r in page.day.rounds if r.seated or r.hands or r.corrections]
        now = page.day.next_seat
        if now is not None:
            page.table = table_now(tournament, entry, now.number, now.label)
    if player_id is not None:
        page.seasons = seasons(link.tournament, player_id)
    return page


def message_facts(message: Message) -> dict:
    """What a seat or results message says beyond the names: the table, or the rank and points."""
    entry = links.entry_of(message.link)
    if entry is None:
        return {}
    tournament = message.link.tournament
    if message.kind == MessageKind.SEATED and message.round_number:
        label = next((r.label for r in tournament.round_set.all() if r.number == message.round_number), "")
        return {"table": table_now(tournament, entry, message.round_number, label)}
    if message.kind == MessageKind.RESULTS:
        ranked = next((r for r in scoring_selectors.standings(tournament) if r.player.entry_id == entry.pk), None)
        return {"ranked": ranked}
    return {}


@dataclass(frozen=True)
class DeskRow:
    link: PersonalLink
    name: str
    club: str
    status: str
    checked_in: bool
    url: str


def desk(tournament: Tournament, base_url: str) -> list[DeskRow]:
    """The check-in list: every sign-up with a place and every entry, each with its personal link
    (links.ensure_links made the missing ones), alphabetically (three queries)."""
    own = {link.sign_up_id or ("entry", link.entry_id): link
           for link in PersonalLink.objects.filter(tournament=tournament)}
    rows = []
    seen_players = set()
    for sign_up in SignUp.objects.filter(tournament=tournament, status__in=SignUp.HOLDS_A_PLACE):
        link = own[sign_up.pk]
        seen_players.add(sign_up.player_id)
        rows.append(DeskRow(link, sign_up.name, sign_up.club, sign_up.get_status_display(),
                            sign_up.status == SignUp.CHECKED_IN, base_url + links.path(link)))
    for entry in Entry.objects.filter(tournament=tournament).select_related("player"):
        if entry.player_id in seen_players:
            continue
        link = own[("entry", entry.pk)]
        rows.append(DeskRow(link, entry.player.name, entry.player.club, "", entry.checked_in, base_url + links.path(link)))
    return sorted(rows, key=lambda row: row.name.casefold())


def outbox(tournament: Tournament, limit: int = 500) -> list[Message]:
    return list(Message.objects.filter(link__tournament=tournament)
                .select_related("link__sign_up", "link__entry__player")[:limit])

"""Reads of the standings: every entry ranked, the rows every page and sheet shows, a player's hands.

The ranking itself is pure (tournament/standings.py); this module loads the scores summed per
entry and round in SQL, and in the same query the euros each hand was fixed at (the one sum of
euros per player; scoring.selectors.money reads the same stored euros per hand and table), so the
public page, the projector, the player page, the standings PDF and Excel and the workbook all show
one answer.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal

from django.db import connections
from django.db.models import Exists, F, OuterRef, QuerySet, Sum
from django.utils.translation import gettext as _

from language import active_language
from rules.engine.numbers import json_number
from scoring.models import Correction, Hand, HandScore
from scoring.selectors.teams import team_standings
from scoring.settlement import claim_cents
from tournament.models import Bye, Entry, Round, Seat, Tournament
from tournament.money import from_cents, summed_cents
from tournament.ranks import rank_text
from tournament.standings import SHARED, TIE_BREAKS, ZERO, PlayerScores, Ranked, preliminary_rounds, rank

HUNDREDTH = Decimal("0.01")


def _hundredths(value: Decimal) -> Decimal:
    """A points value to its exact hundredths, whole points kept whole so they read "109", not "109.00"."""
    exact = value.quantize(HUNDREDTH)
    return exact.quantize(Decimal(1)) if exact == exact.to_integral_value() else exact


def _points(total) -> Decimal:
    """A summed points value as exact points, whole points kept whole (as _hundredths). SQLite sums the
    decimals as floats, PostgreSQL exactly; every stored value is in hundredths, so the sum's nearest
    hundredth is exact either way (and reading floats skips Django's Decimal conversion of each row)."""
    hundredths = round(total * 100)
    return Decimal(hundredths // 100) if hundredths % 100 == 0 else Decimal(hundredths).scaleb(-2)


def _raw_rows(queryset: QuerySet) -> list[tuple]:
    """A values_list query's rows as the database returns them: the sums as floats or ints (SQLite) or
    Decimals (PostgreSQL), which _points and tournament.money.summed_cents read exactly. Skips Django's
    converters, a Decimal built per value: for the 3,000 sums of 1,000 players a tenth of a cold page."""
    sql, params = queryset.query.sql_with_params()
    with connections[queryset.db].cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def standings(tournament: Tournament) -> list[Ranked]:
    """Every entry ranked: five queries (entries; rounds; byes; points and euros of the hands, and the
    directors' corrections, summed per entry and round)."""
    return standings_many([tournament])[tournament.pk]


def standings_many(tournaments: list[Tournament]) -> dict[int, list[Ranked]]:
    """Each tournament's entries ranked, by tournament id: the same five queries for any number of
    tournaments (entries; rounds; byes; hand scores and corrections summed per entry and round)."""
    ids = [tournament.pk for tournament in tournaments]
    # Plain rows, not model instances: building 2,000 objects cost more than the query.
    entries = (Entry.objects.filter(tournament_id__in=ids).annotate(
        seated=Exists(Seat.objects.filter(entry=OuterRef("pk"))), team_id=F("team_membership__team_id"))
        .order_by("player__name", "pk")
        .values_list("pk", "tournament_id", "player__name", "player__club", "lot", "withdrawn_after_round", "seated",
                     "team_id", "substitute"))
    # The rounds first (a few rows), so the sums read the covering index handscore_round_sums alone.
    stakes = {tournament.pk: tournament.stake_cents for tournament in tournaments}
    round_keys, round_stakes = {}, {}
    for pk, number, is_final, tournament_id in Round.objects.filter(tournament_id__in=ids).values_list(
            "pk", "number", "is_final", "tournament_id"):
        round_keys[pk], round_stakes[pk] = (number, is_final), stakes[tournament_id]
    sums = (HandScore.objects.filter(round_id__in=list(round_keys)).values_list("round_id", "entry_id")
            .annotate(points=Sum("points"), euros=Sum("euros")).order_by())
    rounds: dict[int, dict[int, Decimal]] = defaultdict(dict)
    finals: dict[int, Decimal] = {}
    cents: dict[int, int] = defaultdict(int)
    for round_id, entry_id, points, euros in _raw_rows(sums):
        cents[entry_id] += summed_cents(euros)
        number, is_final = round_keys[round_id]
        if is_final:
            finals[entry_id] = _points(points)
        else:
            rounds[entry_id][number] = _points(points)
    # The directors' corrections row by row (a handful a tournament): a revoke claim booked against a hand is
    # paid as well as counted (scoring.settlement.claim_cents), each booking priced on its own so it stays zero-sum.
    corrections = Correction.objects.filter(round_id__in=list(round_keys)).values_list(
        "round_id", "entry_id", "points", "hand_id").order_by()
    for round_id, entry_id, points, hand_id in _raw_rows(corrections):  # points booked outside a hand count in their round
        if hand_id is not None:
            cents[entry_id] += claim_cents(Decimal(str(points)), round_stakes[round_id])
        number, is_final = round_keys[round_id]
        if is_final:
            finals[entry_id] = finals.get(entry_id, ZERO) + _points(points)
        else:
            by_round = rounds[entry_id]
            by_round[number] = by_round.get(number, ZERO) + _points(points)
    byes: dict[int, int] = defaultdict(int)
    preliminary = {pk for pk, (_number, is_final) in round_keys.items() if not is_final}
    for round_id, entry_id, points in Bye.objects.filter(round_id__in=preliminary).values_list(
            "round_id", "entry_id", "points"):  # a bye round counts with what the bye scored
        by_round, number = rounds[entry_id], round_keys[round_id][0]
        by_round[number] = _hundredths(by_round.get(number, ZERO) + points)
        byes[entry_id] += 1
    players: dict[int, list[PlayerScores]] = defaultdict(list)
    for pk, tournament_id, name, club, lot, withdrawn_after_round, seated, team_id, substitute in entries:
        players[tournament_id].append(PlayerScores(
            pk, name, club, lot, rounds.get(pk, {}), from_cents(cents[pk]), finals.get(pk),
            withdrawn_after_round, seated or bool(byes[pk]), byes[pk], team_id, substitute))
    ranked = {}
    for tournament in tournaments:
        carry = tournament.final_round_carry_percent if tournament.has_final else None
        ranked[tournament.pk] = rank(players[tournament.pk], tie_breaks=tuple(tournament.tie_breaks),
                                     carry_percent=carry)
    return ranked


def ranked_rows(tournament: Tournament) -> list:
    """The standings' rows of the players who played (a rank), best first: the final standings' lines."""
    return [row for row in standings(tournament) if row.rank is not None]


def final_ranking(tournament: Tournament) -> list[int]:
    """Entry ids best first, as the final round is seated from them (only players who played)."""
    return [row.player.entry_id for row in ranked_rows(tournament)]


def seating_ranking(round: Round) -> list[int] | None:
    """The ranking the draw of ``round`` needs (tournament.rounds.seat_round's ``ranking``): the standings for
    a final or a round seated by them, None (nothing read) for any other round, so round 1 needs no hand."""
    tournament = round.tournament
    return final_ranking(tournament) if tournament.seats_by_standings(round.number) else None


def money_label(tournament: Tournament) -> str:
    """What the standings' money column holds: always what the player takes home. Said plainly where
    that is not simply points × stake (kontras paid but not counted; kontra money in the box)."""
    if tournament.kontra_to_charity:
        return _("Geld (€), ohne Kontra-Anteil (Spendenkassa)")
    if not tournament.ruleset.kontra_counts_for_standings:
        return _("Geld (€), mit Kontras")
    return _("Geld (€)")


@dataclass(frozen=True)
class StandingsRows:
    """The standings as plain rows (dicts by column key) and the columns after rank, name and club:
    rounds, carried and final, total, the tie-break values and the money, as (key, header)."""

    rows: list[dict]
    columns: list[tuple[str, str]]


def standings_table(tournament: Tournament, ranked: list[Ranked] | None = None, *, tie_note: bool = False
                    ) -> StandingsRows:
    """``tie_note``: a column saying which tie-break decided between players level on points (the
    standings page and PDF; it is left off where space is short, as on the projector)."""
    ranked = standings(tournament) if ranked is None else ranked
    numbers = list(preliminary_rounds(tournament.rounds))
    lang = active_language()
    columns = [(f"round_{n}", _("R%(n)s") % {"n": n}) for n in numbers]
    if tournament.has_final:
        columns += [("carried", _("übernommen")), ("final", _("Finale"))]
    columns.append(("total", _("Punkte")))
    ties = [TIE_BREAKS[key] for key in tournament.tie_breaks if key != "final_round" or tournament.has_final]
    columns += [(f"tie_{tie.key}", tie.label(lang)) for tie in ties]
    if tie_note and any(row.decided_by for row in ranked):  # only when some players are level on points
        columns.append(("decided", _("Gleichstand entschieden durch")))
    columns.append(("cash", money_label(tournament)))
    rows = []
    for row in ranked:
        data = {"rank": rank_text(row.rank, row.shared), "status": row.status, "name": row.player.name, "club": row.player.club,
                "entry_id": row.player.entry_id, "total": row.total, "byes": row.player.byes, "carried": row.carried,
                "final": row.player.final, "cash": row.player.euros}
        for n in numbers:
            data[f"round_{n}"] = row.player.rounds.get(n, "")
        for key, value in row.tie_values.items():
            data[f"tie_{key}"] = "" if value is None else value
        data["decided"] = _decided_text(row, lang)
        rows.append(data)
    return StandingsRows(rows, columns)


def _decided_text(row: Ranked, lang: str) -> str:
    """Which tie-break separated the player from a neighbour on the same points: its label, with the
    lot drawn when the lot decided; "geteilt" when none did (a shared rank)."""
    if row.decided_by is None:
        return ""
    if row.decided_by == SHARED:
        return _("nicht entschieden (geteilter Rang)")
    label = TIE_BREAKS[row.decided_by].label(lang)
    if row.decided_by == "lots":
        return _("%(label)s (gezogen: %(lot)s)") % {"label": label, "lot": row.player.lot}
    return label


def player_hands(tournament: Tournament, entry: Entry) -> list[HandScore]:
    """Every hand the entry played, by round and hand number, with its hand, table and round (one query)."""
    return list(
        HandScore.objects.filter(entry=entry, hand__table__round__tournament=tournament)
        .select_related("hand__table__round")
        .order_by("hand__table__round__number", "hand__number")
    )


def standings_document(tournament: Tournament) -> dict:
    """The standings as season.md's "Interfaces" describe them (``manage.py standings --json`` and
    /turnier/<slug>/standings.json): ranked players in order, then those who never played a hand; with
    teams, events.md's "teams" (ranked by total, a team's total the sum of its members' totals)."""
    ranked = standings(tournament)
    rows = []
    for row in ranked:
        line = {"rank": row.rank, "name": row.player.name, "club": row.player.club, "total": json_number(row.total),
                "rounds": [json_number(row.player.rounds.get(n, ZERO)) for n in preliminary_rounds(tournament.rounds)],
                "status": row.status}
        if tournament.has_final:
            line["final"] = None if row.player.final is None else json_number(row.player.final)
        if row.player.byes:
            line["byes"] = row.player.byes
        rows.append(line)
    document = {"tournament": tournament.slug, "participants": sum(1 for row in ranked if row.rank is not None),
                "rows": rows}
    teams = team_standings(tournament, ranked)
    if teams:
        document["teams"] = [{"rank": team.rank, "name": team.name, "members": [m.player.name for m in team.members],
                              "total": json_number(team.total)} for team in teams]
    return document


def renonce_hands(tournament: Tournament) -> list[Hand]:
    """The tournament's hands with a renonce, by round, table and number (a revoke claim names one)."""
    return list(Hand.objects.filter(table__round__tournament=tournament, data__has_key="renonce")
                .select_related("table__round").defer("result")
                .order_by("table__round__number", "table__number", "number"))


def tournament_corrections(tournament: Tournament) -> list[Correction]:
    """Every correction of the tournament, by round and time, with player, round and who booked it (one query)."""
    return list(Correction.objects.filter(round__tournament=tournament).select_related("entry__player", "round", "user")
                .order_by("round__number", "at", "id"))

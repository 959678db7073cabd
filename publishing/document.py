"""The publish document, both ways: what a venue sends to the hub and how the hub reads it back.

One codec for both sides: ``build`` (the venue's tournament as a document, read through the
tournament's and scoring's selectors), ``parse`` (bytes to a checked ``Document``: the declared
schema in publishing/schema.py, then what no single field can say, in publishing/checks.py),
``digest`` (what makes two sendings the same copy) and the format's version (``FORMAT``).

Hands travel as entered (the hand interchange format) with the points the venue's engine gave each
seat of the hand, so the hub scores them again and refuses a copy its own engine would score
differently; what follows from a hand (contract, dealer, breakdown, money) is not sent, the hub works
it out. Table tokens stay home: they are the venue's scorer links.
"""

from __future__ import annotations

import hashlib

from django.utils import timezone
from pydantic import ValidationError

from publishing.checks import Refused, check_document
from publishing.problems import first_problem
from publishing.schema import FORMAT, MAX_EVENTS_IN_A_ROUND, Document
from scoring.models import CORRECTION_REASON_LENGTH, WHO_MAX
from scoring.seats import absences_of
from scoring.selectors import changed_hands, entered_hands, tournament_corrections
from scoring.selectors.sheets import recorded_at
from tournament.models import REASON_MAX
from tournament.selectors import tournament_rows

__all__ = ["FORMAT", "Document", "Refused", "build", "digest", "parse"]


# What a round event's ``detail`` carries to the hub, by action (tournament/rounds.py writes them). The seat's
# byes and passed-over finalists are left out: the byes travel as rows, and nothing shows the others.
EVENT_DETAIL = {"seat": ("as_given", "seed", "players", "tables", "repeats"), "close": (), "reopen": ("tables",),
                "end_table": ("table", "hands"), "rotate": ("tables",), "withdraw": ("name", "after_round")}


def _event(event, index: dict[int, int]) -> dict | None:
    """A round event as the document carries it, or None for an action the format does not know."""
    if event.action not in EVENT_DETAIL:
        return None
    detail = event.detail if isinstance(event.detail, dict) else {}
    by = event.user.get_username() if event.user else ""
    part = {"action": event.action, "at": event.at, "reason": event.reason[:REASON_MAX], "by": by[:WHO_MAX],
            **{name: detail[name] for name in EVENT_DETAIL[event.action] if detail.get(name) is not None}}
    if event.action == "seat":  # entries by their place in the document; one no longer entered is left out
        part["repeated_pairs"] = [(index[a], index[b], count) for a, b, count in detail.get("repeated_pairs", [])
                                  if a in index and b in index]
    return part


def _changes(changes) -> list[dict]:
    return [{"number": c.number, "action": c.action, "before": c.before, "after": c.after,
             "reason": c.reason[:CORRECTION_REASON_LENGTH], "by": c.by[:WHO_MAX], "at": c.at} for c in changes]


def _absence(absence) -> dict:
    """A pause or leave as the document carries it: when and who only where the venue recorded them."""
    part = {"position": absence.position, "first_hand": absence.first_hand, "until_hand": absence.until_hand,
            "kind": absence.kind}
    for moment, who in (("at", "by"), ("back_at", "back_by")):
        if getattr(absence, moment):
            part[moment] = recorded_at(getattr(absence, moment))
        if getattr(absence, who):
            part[who] = getattr(absence, who)[:WHO_MAX]
    return part


def build(tournament) -> Document:
    """Everything of ``tournament`` the hub needs to show it as the venue does (a fixed number of queries)."""
    rows = tournament_rows(tournament)
    index = {entry.pk: number for number, entry in enumerate(rows.entries)}
    hands = entered_hands(tournament)
    changes = changed_hands(tournament)
    corrections: dict[int, list[dict]] = {}
    for correction in tournament_corrections(tournament):
        corrections.setdefault(correction.round_id, []).append({
            "entry": index[correction.entry_id], "points": correction.points, "reason": correction.reason,
            "at": correction.at, "by": correction.booked_by[:WHO_MAX]})
    t = tournament
    return Document(
        format=FORMAT, sequence=t.live_version, incarnation=t.incarnation, sent_at=timezone.now(),
        # Whether the venue counts it as its season's cup final (cups.SeasonTournament), if it has cups at all.
        cup_final=bool(getattr(getattr(t, "cup_season", None), "is_final", False)),
        tournament={name: getattr(t, name) for name in (
            "name", "slug", "date", "venue", "ruleset_slug", "ruleset_version", "ruleset_snapshot", "stake_cents",
            "kontra_to_charity", "rounds", "hands_at_four", "hands_at_five", "tables_of_five", "tables_of_six",
            "last_round_by_standings", "time_limit_minutes", "final_round_top", "final_round_carry_percent",
            "tie_breaks", "entry_fee_cents", "prizes_cents")},
        players=[{"name": e.player.name, "club": e.player.club, "region": e.player.region} for e in rows.entries],
        entries=[{"checked_in": e.checked_in, "withdrawn_after_round": e.withdrawn_after_round, "lot": e.lot,
                  "substitute": e.substitute}
                 for e in rows.entries],
        teams=[{"name": team.name, "members": [index[entry_id] for entry_id in members]}
               for team, members in rows.teams],
        rounds=[{
            "number": r.number, "status": r.status, "is_final": r.is_final, "seed": r.seed, "repeats": r.repeats,
            "five_table_repeats": r.five_table_repeats, "seated_at": r.seated_at, "closed_at": r.closed_at,
            "tables": [{
                "number": table.number, "hands_planned": table.hands_planned, "ended_early": table.ended_early,
                "confirmed_at": table.confirmed_at, "confirmed_by": table.confirmed_by, "version": table.version,
                "hands_entered": table.hands_entered, "first_dealer": table.first_dealer,
                "first_dealer_drawn": table.first_dealer_drawn, "last_hand_at": table.last_hand_at,
                "absences": [_absence(absence) for absence in absences_of(table.absences)],
                "seats": [index[entry_id] for entry_id in seats],
                "hands": [{"number": h.number, "data": h.data, "entered_by": h.entered_by, "version": h.version,
                           "created_at": h.created_at, "points": list(h.points)} for h in hands.get(table.pk, [])],
                "revisions": _changes(changes.get(table.pk, [])),
            } for table, seats in rows.tables.get(r.pk, [])],
            "byes": [{"entry": index[bye.entry_id], "points": bye.points} for bye in rows.byes.get(r.pk, [])],
            "corrections": corrections.get(r.pk, []),
            # The newest events where a round has more than the format takes (a seating redrawn all day long).
            "events": [part for event in rows.events.get(r.pk, []) if (part := _event(event, index))][-MAX_EVENTS_IN_A_ROUND:],
        } for r in rows.rounds],
    )


def as_bytes(document: Document) -> bytes:
    return document.model_dump_json().encode()


def parse(body: bytes | str) -> Document:
    """Read and check a whole document before anything is written. Raises Refused with a sentence in
    German and English that names the first field that is wrong."""
    try:
        document = Document.model_validate_json(body)
    except ValidationError as error:
        raise Refused(400, first_problem(error)) from None
    check_document(document)
    return document


# Fields added to a part since, left out of the digest where a document does not fill them.
LATER_FIELDS = {"absences": ("at", "by", "back_at", "back_by"), "corrections": ("by",)}


def _unset(parts, names: tuple[str, ...]) -> dict:
    """The later ``names`` each part of a list leaves empty, by the part's place, for pydantic's exclude."""
    left_out = {}
    for number, part in enumerate(parts):
        if empty := {name: True for name in names if not getattr(part, name)}:
            left_out[number] = empty
    return left_out


def _added_later(document: Document) -> dict:
    """The parts added to the format since (a round's events, a table's revisions, the when and who of a pause and a
    booking) where they are empty, so a document of a venue that does not send them keeps the digest the hub stored
    before it knew them."""
    rounds = {}
    for r_number, part in enumerate(document.rounds):
        left_out: dict = {"events": True} if not part.events else {}
        if reopened := {e_number: {"tables": True} for e_number, event in enumerate(part.events)
                        if event.action == "reopen" and not event.tables}:
            left_out["events"] = reopened
        if corrections := _unset(part.corrections, LATER_FIELDS["corrections"]):
            left_out["corrections"] = corrections
        tables = {}
        for t_number, table in enumerate(part.tables):
            of_table: dict = {"revisions": True} if not table.revisions else {}
            if absences := _unset(table.absences, LATER_FIELDS["absences"]):
                of_table["absences"] = absences
            if of_table:
                tables[t_number] = of_table
        if tables:
            left_out["tables"] = tables
        if left_out:
            rounds[r_number] = left_out
    return rounds


def digest(document: Document) -> str:
    """What makes two sendings the same copy: the canonical document without the time it was built.
    Only sendings of one incarnation are compared, so it is left out too: a /2 document's digest stays
    what it was before /3 added the field (and so for the parts added since, _added_later)."""
    exclude: dict = {"sent_at": True, "incarnation": True}
    if rounds := _added_later(document):
        exclude["rounds"] = rounds
    canonical = document.model_dump_json(exclude=exclude)
    return hashlib.sha256(canonical.encode()).hexdigest()


def last_closed_round(document: Document) -> int:
    return max((r.number for r in document.rounds if r.status == "closed"), default=0)

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
from publishing.schema import FORMAT, Document
from scoring.selectors import entered_hands, tournament_corrections
from tournament.selectors import tournament_rows

__all__ = ["FORMAT", "Document", "Refused", "build", "digest", "parse"]


def build(tournament) -> Document:
    """Everything of ``tournament`` the hub needs to show it as the venue does (a fixed number of queries)."""
    rows = tournament_rows(tournament)
    index = {entry.pk: number for number, entry in enumerate(rows.entries)}
    hands = entered_hands(tournament)
    corrections: dict[int, list[dict]] = {}
    for correction in tournament_corrections(tournament):
        corrections.setdefault(correction.round_id, []).append({
            "entry": index[correction.entry_id], "points": correction.points, "reason": correction.reason,
            "at": correction.at})
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
                "absences": table.absences,
                "seats": [index[entry_id] for entry_id in seats],
                "hands": [{"number": h.number, "data": h.data, "entered_by": h.entered_by, "version": h.version,
                           "created_at": h.created_at, "points": list(h.points)} for h in hands.get(table.pk, [])],
            } for table, seats in rows.tables.get(r.pk, [])],
            "byes": [{"entry": index[bye.entry_id], "points": bye.points} for bye in rows.byes.get(r.pk, [])],
            "corrections": corrections.get(r.pk, []),
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


def digest(document: Document) -> str:
    """What makes two sendings the same copy: the canonical document without the time it was built.
    Only sendings of one incarnation are compared, so it is left out too: a /2 document's digest stays
    what it was before /3 added the field."""
    canonical = document.model_dump_json(exclude={"sent_at", "incarnation"})
    return hashlib.sha256(canonical.encode()).hexdigest()


def last_closed_round(document: Document) -> int:
    return max((r.number for r in document.rounds if r.status == "closed"), default=0)

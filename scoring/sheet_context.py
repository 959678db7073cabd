"""What the table's sheet page shows, shared by the whole page (scoring/views.py) and the part of it
the scorer's phone fetches after each save (scoring/phone_views.py), so both say the same."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from scoring.forms import ruleset_options
from scoring.models import who_label
from scoring.seats import active_positions, dealer_position, sitting_out
from scoring.selectors import change_after_confirmation_said, table_changed_after_confirmation
from tournament.models import Table
from tournament.selectors import round_clock


def players_of(sheet, number_: int) -> list[str]:
    """The names of hand ``number_``'s players, Vorhand first."""
    positions = active_positions(number_, len(sheet.seats), sheet.table.first_dealer, sheet.absences)
    return [sheet.seats[position].entry.player.name for position in positions]


def confirm_names(sheet) -> str:
    """Who confirms the finished sheet: everyone still at the table (a player who left is not asked)."""
    return ", ".join(seat.entry.player.name for seat, state in sheet.presence if state != "left")


def may_write(table: Table, *, director: bool) -> bool:
    """Whether the page offers the table's writes: the director's always, the scorer's link while the table takes
    them (Table.scorer_lock); nobody's on a copy of a tournament run elsewhere (the venue enters its hands)."""
    return not table.round.tournament.is_copy and (director or table.scorer_lock is None)


def sheet_context(table: Table, sheet, *, director: bool) -> dict:
    tournament = table.round.tournament
    revisions = _revisions(table, sheet) if director else None
    # Hands the director changed after the players confirmed: the same mark and lines as the printed sheet.
    changed = table_changed_after_confirmation(table) if table.confirmed_at else []
    return {
        "sheet": sheet, "table": table, "round": table.round, "tournament": tournament,
        "options": ruleset_options(tournament.ruleset), "director": director,
        "can_write": may_write(table, director=director),
        # The director's links to correct any hand: none on a copy, which shows the hands read only.
        "can_correct": director and not tournament.is_copy,
        "dealer_name": sheet.seats[sheet.next_dealer].entry.player.name if sheet.next_dealer is not None else "",
        "sits_out": bool(sheet.next_out),
        # At a table of six the player opposite the dealer sits the next hand out too.
        "also_out": sheet.seats[sheet.next_out[1]].entry.player.name if len(sheet.next_out) > 1 else "",
        "clock": round_clock(table.round),
        "table_draw": tournament.ruleset.format.table_draw,
        "first_vorhand": (table.first_dealer + 1) % max(len(sheet.seats), 1),
        "table_draw_source": tournament.ruleset.format.table_draw_source,
        "direction_note": _direction_note(tournament.ruleset.format.direction),
        "confirm_names": confirm_names(sheet),
        "revisions": revisions,
        "changed_after_confirmation": bool(changed),
        "changed_hands": {change.hand for change in changed},
        "changed_notes": [change_after_confirmation_said(change) for change in changed],
    }


def _direction_note(direction: str) -> str:
    """The rule set's direction of play as the table sees it (Platz numbers run that way, as on the card)."""
    if direction == "clockwise":
        return _("Im Uhrzeigersinn: die Vorhand sitzt links vom Geber (Platz 1, 2, 3 … wie auf der Tischkarte).")
    return _("Gegen den Uhrzeigersinn: die Vorhand sitzt rechts vom Geber (Platz 1, 2, 3 … wie auf der Tischkarte).")


def sheet_state(table: Table, sheet) -> dict:
    """Where the table stands and who deals, sits out and plays each hand (scoring/seats.py, the one
    place that knows), so the phone names the right players for the next hands while it cannot reach
    the server, and follows a pause or another phone's hand without loading the page again."""
    size = len(sheet.seats)
    return {
        "deals": [{"dealer": dealer_position(n, size, table.first_dealer, sheet.absences),
                   "out": sitting_out(n, size, table.first_dealer, sheet.absences),
                   "seats": active_positions(n, size, table.first_dealer, sheet.absences)}
                  for n in range(1, table.hands_planned + 1)],
        "next_number": sheet.next_number, "version": table.version, "hands_planned": table.hands_planned,
        "writable": table.scorer_lock is None,
    }


def outbox_context(table: Table, sheet) -> dict:
    """What the page's outbox (static/js/outbox.js) needs to keep working while the network is down:
    the API's addresses, the players by position, who deals and plays each hand, and where the table
    stands."""
    return {
        "token": table.token, "state_url": reverse("scoring:api_state", args=[table.token]),
        "hands_url": reverse("scoring:api_hands", args=[table.token]), "sheet_url": reverse("scoring:sheet", args=[table.token]),
        "part_url": reverse("scoring:sheet_part", args=[table.token]),
        "worker_url": reverse("scoring:worker"),
        "players": [seat.entry.player.name for seat in sheet.seats],
        "first_dealer": table.first_dealer,
        **sheet_state(table, sheet),
        "texts": {
            "waiting": _("%(n)s Spiele warten auf Verbindung"), "waiting_one": _("1 Spiel wartet auf Verbindung"),
            "sending": _("wird gesendet …"), "refused": _("Spiel %(n)s nicht gespeichert:"),
            "discard": _("verwerfen"), "saved": _("Spiel %(n)s gespeichert."),
            "stored_is": _("Gespeichert ist:"), "yours": _("hier eingegeben:"),
        },
    }


def _revisions(table: Table, sheet) -> list[dict]:
    """The audit trail of the table's hands for the director: who, when, why, before and after,
    and whether it happened after the players confirmed the sheet."""
    ruleset = table.round.tournament.ruleset

    results = {"won": _("gewonnen"), "lost": _("verloren")}

    def summary(data, number_: int) -> str:
        if not isinstance(data, dict):
            return "–"
        contract = ruleset.contract(str(data.get("contract", "")))
        parts = [contract.name if contract else str(data.get("contract", "?"))]
        players = players_of(sheet, number_)
        declarer = data.get("declarer")
        if isinstance(declarer, int) and 0 <= declarer < len(players):
            parts.append(players[declarer])
        if data.get("result") in results:
            parts.append(str(results[data["result"]]))
        return " · ".join(parts)

    return [{
        "revision": revision, "who": who_label(revision.by), "before": summary(revision.before, revision.number),
        "after": summary(revision.after, revision.number),
        "after_confirmation": bool(table.confirmed_at and revision.at > table.confirmed_at),
    } for revision in table.revisions.exclude(action="entered").order_by("at", "id")]

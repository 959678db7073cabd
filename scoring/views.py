"""Pages at the card table, reached through the table's secret link (no account needed).

Views stay thin: the sheet comes from scoring.selectors, writes from scoring.services, points
from the engine. A refused hand is shown with the engine's German and English sentences and
nothing is stored.
"""

from __future__ import annotations

import uuid
from functools import wraps

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from language import ServiceError
from rules.engine import InvalidHand, read_hand, score_hand
from rules.engine.numbers import json_number
from scoring import services
from scoring.forms import CorrectionForm, HandForm, RevokeClaimForm, initial_from_hand, ruleset_options
from scoring.models import who_label
from scoring.seats import active_positions, dealer_position, sitting_out
from scoring.selectors import renonce_hands, stored_hand, table_sheet, tournament_corrections
from tournament.models import Round, Table
from tournament.selectors import round_clock, table_by_token
from web.http import DIRECT, directed_tournament, director_required, ensure_directs, int_param


class TableGone(Http404):
    """A table link that is not (or no longer) valid: reseated round, rotated link, mistyped."""


def _scorer_table(token: str) -> Table:
    table = table_by_token(token)
    if table is None:
        raise TableGone("no such table")
    return table


def _friendly_404(view):
    """An old table card's link gets a page saying so (also with DEBUG on), with status 404."""

    @wraps(view)
    def wrapper(request, token: str, *args, **kwargs):
        try:
            return view(request, token, *args, **kwargs)
        except TableGone:
            return render(request, "scoring/gone.html", status=404)

    return wrapper


def _players(sheet, number_: int) -> list[str]:
    positions = active_positions(number_, len(sheet.seats), sheet.table.first_dealer, sheet.absences)
    return [sheet.seats[position].entry.player.name for position in positions]


def _hand_form(sheet, number_: int, data=None, initial=None) -> HandForm:
    table = sheet.table
    base = {"number": number_, "version": table.version, "idempotency_key": uuid.uuid4().hex, "kontra": 1}
    return HandForm(data, initial={**base, **(initial or {})}, ruleset=table.round.tournament.ruleset,
                    players=_players(sheet, number_))


def _render_sheet(request, table: Table, *, form=None, problems=None, status=200, director=False):
    sheet = table_sheet(table)
    if form is None and not sheet.complete and (director or table.scorer_lock is None):
        form = _hand_form(sheet, sheet.next_number)
    tournament = table.round.tournament
    revisions = _revisions(table, sheet) if director else None
    return render(request, "scoring/sheet.html", {
        "sheet": sheet, "table": table, "round": table.round, "tournament": tournament, "form": form,
        "problems": problems or [], "options": ruleset_options(tournament.ruleset), "director": director,
        "can_write": director or table.scorer_lock is None,
        "dealer_name": sheet.seats[sheet.next_dealer].entry.player.name if sheet.next_dealer is not None else "",
        "sits_out": bool(sheet.next_out),
        # At a table of six the player opposite the dealer sits the next hand out too.
        "also_out": sheet.seats[sheet.next_out[1]].entry.player.name if len(sheet.next_out) > 1 else "",
        "clock": round_clock(table.round),
        "table_draw": tournament.ruleset.format.table_draw,
        "first_vorhand": (table.first_dealer + 1) % max(len(sheet.seats), 1),
        "table_draw_source": tournament.ruleset.format.table_draw_source,
        "direction_note": _direction_note(tournament.ruleset.format.direction),
        "outbox": _outbox_context(table, sheet) if not director else None,
        "revisions": revisions,
        "changed_after_confirmation": any(r["after_confirmation"] for r in revisions or ()),
    }, status=status)


def _direction_note(direction: str) -> str:
    """The rule set's direction of play as the table sees it (Platz numbers run that way, as on the card)."""
    if direction == "clockwise":
        return _("Im Uhrzeigersinn: die Vorhand sitzt links vom Geber (Platz 1, 2, 3 … wie auf der Tischkarte).")
    return _("Gegen den Uhrzeigersinn: die Vorhand sitzt rechts vom Geber (Platz 1, 2, 3 … wie auf der Tischkarte).")


def _outbox_context(table: Table, sheet) -> dict:
    """What the page's outbox (static/js/outbox.js) needs to keep working while the network is down:
    the API's addresses, the players by position, who deals and plays each hand, and where the table
    stands."""
    return {
        "token": table.token, "state_url": reverse("scoring:api_state", args=[table.token]),
        "hands_url": reverse("scoring:api_hands", args=[table.token]), "sheet_url": reverse("scoring:sheet", args=[table.token]),
        "players": [seat.entry.player.name for seat in sheet.seats], "hands_planned": table.hands_planned,
        "first_dealer": table.first_dealer,
        # Who deals, sits out and plays each hand (scoring/seats.py, the one place that knows), so the
        # page names the right players for the next hands while it cannot reach the server.
        "deals": [{"dealer": dealer_position(n, len(sheet.seats), table.first_dealer, sheet.absences),
                   "out": sitting_out(n, len(sheet.seats), table.first_dealer, sheet.absences),
                   "seats": active_positions(n, len(sheet.seats), table.first_dealer, sheet.absences)}
                  for n in range(1, table.hands_planned + 1)],
        "next_number": sheet.next_number, "version": table.version,
        "texts": {
            "waiting": _("%(n)s Spiele warten auf Verbindung"), "waiting_one": _("1 Spiel wartet auf Verbindung"),
            "sending": _("wird gesendet …"), "refused": _("Spiel %(n)s nicht gespeichert:"),
            "discard": _("verwerfen"), "saved": _("Spiel %(n)s gespeichert."),
        },
    }


def _store_posted_hand(request, table: Table, *, director: bool):
    """The next hand as the sheet's form sent it, through the one service that stores hands: from the
    table's scorer link, or typed by the director from a paper sheet on the director's table page."""
    current = table_sheet(table)
    form = _hand_form(current, current.next_number, data=request.POST)
    if not form.is_valid():
        return _render_sheet(request, table, form=form, status=422, director=director)
    try:
        services.store_hand(table=table, number=form.cleaned_data["number"], data=form.hand_data(),
                            idempotency_key=form.cleaned_data["idempotency_key"], director=director,
                            entered_by=services.director_code(request.user) if director else services.SCORER,
                            user=request.user if director else None)
    except InvalidHand as error:
        return _render_sheet(request, table, form=form, problems=error.problems, status=422, director=director)
    except ServiceError as error:
        messages.error(request, error.message())
        return _render_sheet(request, table, form=form, status=409, director=director)
    messages.success(request, gettext("Spiel %(n)s gespeichert.") % {"n": form.cleaned_data["number"]})
    if director:
        return redirect("scoring:director_sheet", table_id=table.pk)
    return redirect("scoring:sheet", token=table.token)


@_friendly_404
def sheet(request, token: str):
    table = _scorer_table(token)
    if request.method != "POST":
        return _render_sheet(request, table)
    return _store_posted_hand(request, table, director=False)


@_friendly_404
@require_POST
def preview(request, token: str):
    """The points every player would get, with the breakdown, before saving (nothing is stored)."""
    table = _scorer_table(token)
    current = table_sheet(table)
    number_ = int_param(request.POST, "number", current.next_number, low=1, high=999)
    form = _hand_form(current, number_, data=request.POST)
    context = {"players": _players(current, number_), "problems": [], "result": None}
    if form.is_valid():
        ruleset = table.round.tournament.ruleset
        try:
            result = score_hand(read_hand(form.hand_data(), ruleset), ruleset)
        except InvalidHand as error:
            context["problems"] = error.problems
        else:
            context["result"] = result
            context["rows"] = [
                (name, json_number(result.points[seat]), json_number(result.cash[seat]))
                for seat, name in enumerate(context["players"])
            ]
            context["split"] = result.points != result.cash
    else:
        context["form_errors"] = form.errors
    return render(request, "scoring/_preview.html", context)


@_friendly_404
@require_POST
def undo(request, token: str):
    table = _scorer_table(token)
    try:
        services.remove_last_hand(table=table, expected_version=int_param(request.POST, "version", -1),
                                  by=services.SCORER)
    except ServiceError as error:
        messages.error(request, error.message())
    else:
        messages.success(request, gettext("Letztes Spiel entfernt."))
    return redirect("scoring:sheet", token=token)


@_friendly_404
def edit_last(request, token: str):
    table = _scorer_table(token)
    current = table_sheet(table)
    if not current.rows:
        raise Http404("no hand")
    return _correct(request, table, current, current.rows[-1].hand, director=False)


def _correct(request, table, current, hand, *, director: bool):
    """Show a stored hand in the form and save its correction (the scorer's last hand or the
    director's any hand: the director gives a reason and stays on the form when refused)."""
    if request.method != "POST":
        form = _hand_form(current, hand.number, initial=initial_from_hand(hand.data))
        return _render_edit(request, table, current, hand, form, [], 200, director=director)
    form = _hand_form(current, hand.number, data=request.POST)
    if not form.is_valid():
        return _render_edit(request, table, current, hand, form, [], 422, director=director)
    who = {"reason": request.POST.get("reason", ""), "by": services.director_code(request.user), "user": request.user,
           "director": True} if director else {"by": services.SCORER}
    try:
        services.correct_hand(hand=hand, data=form.hand_data(), expected_version=form.cleaned_data["version"], **who)
    except InvalidHand as error:
        return _render_edit(request, table, current, hand, form, error.problems, 422, director=director)
    except ServiceError as error:
        messages.error(request, error.message())
        if director:
            return _render_edit(request, table, current, hand, form, [], 409, director=True)
        return redirect("scoring:sheet", token=table.token)
    if director:
        messages.success(request, gettext("Spiel %(n)s korrigiert.") % {"n": hand.number})
        return redirect("scoring:director_sheet", table_id=table.pk)
    messages.success(request, gettext("Spiel %(n)s geändert.") % {"n": hand.number})
    return redirect("scoring:sheet", token=table.token)


def _render_edit(request, table, sheet_, hand, form, problems, status, director=False):
    return render(request, "scoring/edit.html", {
        "table": table, "sheet": sheet_, "hand": hand, "form": form, "problems": problems,
        "options": ruleset_options(table.round.tournament.ruleset), "director": director,
        "tournament": table.round.tournament,
    }, status=status)


def _drawn(request, table: Table, director: bool) -> None:
    """What the form says was drawn: the seat order (order_0 … first Vorhand first), the first Vorhand
    or the first dealer, by the rule set's table_draw."""
    version = int_param(request.POST, "version", -1)
    size = table.seats.count()
    if "order_0" in request.POST:
        order = [int_param(request.POST, f"order_{n}", -1) for n in range(size)]
        services.record_draw(table=table, expected_version=version, order=order, director=director)
    elif "vorhand" in request.POST:
        services.record_draw(table=table, expected_version=version, director=director,
                             first_vorhand=int_param(request.POST, "vorhand", -1, low=-1, high=size))
    else:
        services.record_draw(table=table, expected_version=version, director=director,
                             first_dealer=int_param(request.POST, "position", -1))


@_friendly_404
@require_POST
def first_dealer(request, token: str):
    """Record what was drawn at the table before the first hand (the rule set's table_draw)."""
    table = _scorer_table(token)
    director = request.POST.get("director") == "1" and request.user.has_perm(DIRECT, table.round.tournament)
    try:
        _drawn(request, table, director)
    except ServiceError as error:
        messages.error(request, error.message())
    else:
        table.refresh_from_db()
        name = table.seats.select_related("entry__player").get(position=table.first_dealer).entry.player.name
        messages.success(request, gettext("%(name)s gibt das erste Spiel.") % {"name": name})
    return redirect("scoring:director_sheet", table_id=table.pk) if director else redirect("scoring:sheet", token=token)


@require_POST
def confirm(request, token: str):
    table = _scorer_table(token)
    try:
        services.confirm_table(table=table, expected_version=int_param(request.POST, "version", -1),
                               names=request.POST.get("names", ""))
    except ServiceError as error:
        messages.error(request, error.message())
    else:
        messages.success(request, gettext("Tisch bestätigt. Danke!"))
    return redirect("scoring:sheet", token=token)


# --- director: any hand of any table -------------------------------------------------------------


@director_required
def director_sheet(request, table_id: int):
    table = get_object_or_404(Table.objects.select_related("round__tournament"), pk=table_id)
    ensure_directs(request, table.round.tournament)
    if request.method == "POST":
        return _store_posted_hand(request, table, director=True)
    return _render_sheet(request, table, director=True)


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
        players = _players(sheet, number_)
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


@director_required
def director_correct(request, table_id: int, hand_number: int):
    table = get_object_or_404(Table.objects.select_related("round__tournament"), pk=table_id)
    ensure_directs(request, table.round.tournament)
    current = table_sheet(table)
    hand = next((row.hand for row in current.rows if row.number == hand_number), None)
    if hand is None:
        raise Http404("no such hand")
    return _correct(request, table, current, hand, director=True)


# --- director: points booked outside a hand ---------------------------------------------------------


@director_required
def corrections(request, slug: str):
    """Book a correction (a renonce claimed later, a penalty, a late-arrival ruling) and list them all."""
    tournament = directed_tournament(request, slug)
    entries = list(tournament.entries.select_related("player").order_by("player__name"))
    rounds = list(tournament.round_set.exclude(status=Round.PLANNED).order_by("number"))
    claiming = "claim" in request.POST
    form = CorrectionForm(None if claiming else request.POST or None, entries=entries, rounds=rounds)
    renonce = tournament.ruleset.renonce
    claim_form = None
    if renonce is not None and renonce.claims_on_top:
        claim_form = RevokeClaimForm(request.POST if claiming else None, hands=renonce_hands(tournament), entries=entries)
    status = 200
    if claiming and claim_form is not None:
        status = _book_claim(request, claim_form, entries)
        if status == 302:
            return redirect("scoring:corrections", slug=slug)
    elif request.method == "POST":
        if form.is_valid():
            data = form.cleaned_data
            entry = next(e for e in entries if e.pk == data["entry"])
            round = next(r for r in rounds if r.pk == data["round"])
            try:
                services.book_correction(entry=entry, round=round, points=data["points"], reason=data["reason"],
                                         user=request.user)
            except ServiceError as error:
                messages.error(request, error.message())
                status = 422
            else:
                messages.success(request, gettext("Korrektur für %(name)s gebucht.") % {"name": entry.player.name})
                return redirect("scoring:corrections", slug=slug)
        else:
            status = 422
    return render(request, "scoring/corrections.html", {
        "tournament": tournament, "form": form, "claim_form": claim_form,
        "corrections": tournament_corrections(tournament)}, status=status)


def _book_claim(request, form: RevokeClaimForm, entries) -> int:
    """Book a revoke claim from the director's form: 302 when booked, else 422 with the reason shown."""
    if not form.is_valid():
        return 422
    data = form.cleaned_data
    hand = stored_hand(data["hand"])  # the form offers only this tournament's hands
    claimant = next(e for e in entries if e.pk == data["claimant"])
    try:
        services.book_revoke_claim(hand=hand, claimant=claimant, points=data["points"], reason=data["reason"],
                                   user=request.user)
    except ServiceError as error:
        messages.error(request, error.message())
        return 422
    messages.success(request, gettext("Nachforderung für %(name)s gebucht.")
                     % {"name": claimant.player.name})
    return 302

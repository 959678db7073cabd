"""Pages at the card table, reached through the table's secret link (no account needed).

Views stay thin: the sheet comes from scoring.selectors, writes from scoring.services, points
from the engine. A refused hand is shown with the engine's German and English sentences and
nothing is stored.
"""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from language import ServiceError
from rules.engine import InvalidHand, read_hand, score_hand
from rules.engine.numbers import json_number
from scoring import services
from scoring.forms import CorrectionForm, HandForm, RevokeClaimForm, initial_from_hand, ruleset_options
from scoring.scorer_link import copy_refusal, friendly_404, scorer_table
from scoring.selectors import renonce_hands, stored_hand, table_sheet, tournament_corrections
from scoring.sheet_context import may_write, outbox_context, players_of, sheet_context
from tournament.models import Round, Table
from web.http import DIRECT, directed_tournament, director_required, ensure_directs, int_param


def _hand_form(sheet, number_: int, data=None, initial=None) -> HandForm:
    table = sheet.table
    base = {"number": number_, "version": table.version, "idempotency_key": uuid.uuid4().hex, "kontra": 1}
    return HandForm(data, initial={**base, **(initial or {})}, ruleset=table.round.tournament.ruleset,
                    players=players_of(sheet, number_))


def _render_sheet(request, table: Table, *, form=None, problems=None, status=200, director=False):
    sheet = table_sheet(table)
    if form is None and not sheet.complete and may_write(table, director=director):
        form = _hand_form(sheet, sheet.next_number)
    context = sheet_context(table, sheet, director=director)
    context.update({"form": form, "problems": problems or [], "outbox": outbox_context(table, sheet) if not director else None})
    return render(request, "scoring/sheet.html", context, status=status)


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


@friendly_404
def sheet(request, token: str):
    table = scorer_table(token)
    if request.method != "POST":
        return _render_sheet(request, table)
    return copy_refusal(request, table.round.tournament) or _store_posted_hand(request, table, director=False)


@friendly_404
@require_POST
def preview(request, token: str):
    """The points every player would get, with the breakdown, before saving (nothing is stored)."""
    table = scorer_table(token)
    current = table_sheet(table)
    number_ = int_param(request.POST, "number", current.next_number, low=1, high=999)
    form = _hand_form(current, number_, data=request.POST)
    context = {"players": players_of(current, number_), "problems": [], "result": None}
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


@friendly_404
@require_POST
def undo(request, token: str):
    table = scorer_table(token)
    if refused := copy_refusal(request, table.round.tournament):
        return refused
    try:
        services.remove_last_hand(table=table, expected_version=int_param(request.POST, "version", -1),
                                  by=services.SCORER)
    except ServiceError as error:
        messages.error(request, error.message())
    else:
        messages.success(request, gettext("Letztes Spiel entfernt."))
    return redirect("scoring:sheet", token=token)


@friendly_404
def edit_last(request, token: str):
    table = scorer_table(token)
    current = table_sheet(table)
    if not current.rows:
        raise Http404("no hand")
    return _correct(request, table, current, current.rows[-1].hand, director=False)


def _correct(request, table, current, hand, *, director: bool):
    """Show a stored hand in the form and save its correction (the scorer's last hand or the
    director's any hand: the director gives a reason and stays on the form when refused)."""
    if refused := copy_refusal(request, table.round.tournament):  # a copy's hands are the venue's to change
        return refused
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


@friendly_404
@require_POST
def first_dealer(request, token: str):
    """Record what was drawn at the table before the first hand (the rule set's table_draw)."""
    table = scorer_table(token)
    if refused := copy_refusal(request, table.round.tournament):
        return refused
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
    table = scorer_table(token)
    if refused := copy_refusal(request, table.round.tournament):
        return refused
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
        return copy_refusal(request, table.round.tournament) or _store_posted_hand(request, table, director=True)
    return _render_sheet(request, table, director=True)


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
    if request.method == "POST" and (refused := copy_refusal(request, tournament)):  # the venue books a copy's points
        return refused
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

"""The director's round pages: the progress board, seat/close/reopen, ending a late table, new
scorer links."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from paper.exports import EXPORTERS, get_exporter
from scoring import services as scoring_services
from tournament import rounds, selectors
from tournament.errors import ServiceError
from tournament.forms import ReasonForm
from tournament.http import director_required, int_param
from tournament.models import Round, Table, Tournament
from tournament.tables import ProgressTable, configure
from website.views.feedback import refuse


@director_required
def round_detail(request, slug: str, number: int):
    tournament = get_object_or_404(Tournament, slug=slug)
    round = get_object_or_404(Round, tournament=tournament, number=number)
    idle_minutes = int_param(request.GET, "idle", selectors.idle_minutes_default(), low=1, high=240)
    rows = selectors.progress_board(round, idle_minutes=idle_minutes)
    board = ProgressTable(rows, order_by=request.GET.get("sort", "number"))
    configure(request, board, per_page=None)
    return render(request, "tournament/round.html", {
        "tournament": tournament, "round": round, "board": board, "clock": selectors.round_clock(round),
        "summary": selectors.board_summary(rows), "idle_minutes": idle_minutes,
        "repeated_pairs": selectors.repeated_pairs(round), "byes": selectors.round_byes(round),
        "events": round.events.select_related("user"), "reason_form": ReasonForm(),
        # The "print everything" file is the page's one big button; the list offers each sheet alone.
        "print_all": get_exporter("print-all-pdf"),
        "round_exports": [e for e in EXPORTERS if e.per_round and e.identifier != "print-all-pdf"],
    })


@director_required
@require_POST
def round_action(request, slug: str, number: int, action: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    round = get_object_or_404(Round, tournament=tournament, number=number)
    try:
        if action == "seat":
            scoring_services.seat_round_by_standings(round=round, user=request.user)
            messages.success(request, _("Runde %(n)s ist gesetzt.") % {"n": number})
        elif action == "close":
            unconfirmed = list(round.tables.filter(confirmed_at__isnull=True, ended_early=False).order_by("number"))
            if unconfirmed and request.POST.get("unconfirmed_ok") != "1":
                return render(request, "tournament/close_confirm.html", {
                    "tournament": tournament, "round": round, "unconfirmed": unconfirmed})
            rounds.close_round(round=round, user=request.user)
            messages.success(request, _("Runde %(n)s ist abgeschlossen.") % {"n": number})
        elif action == "reopen":
            rounds.reopen_round(round=round, reason=request.POST.get("reason", ""), user=request.user)
            messages.success(request, _("Runde %(n)s ist wieder offen.") % {"n": number})
    except ServiceError as error:
        refuse(request, error)
    return redirect("tournament:round", slug=slug, number=number)


@director_required
@require_POST
def end_table(request, slug: str, number: int, table_id: int):
    table = get_object_or_404(Table, pk=table_id, round__number=number, round__tournament__slug=slug)
    reason = request.POST.get("reason", "").strip()[:500]
    if not reason:
        messages.error(request, _("Zum Beenden eines Tisches braucht es eine Begründung."))
        return redirect("tournament:round", slug=slug, number=number)
    try:
        rounds.end_table(table=table, reason=reason, user=request.user)
    except ServiceError as error:
        refuse(request, error)
    else:
        messages.success(request, _("Tisch %(n)s beendet.") % {"n": table.number})
    return redirect("tournament:round", slug=slug, number=number)


@director_required
@require_POST
def rotate_links(request, slug: str, number: int):
    """New scorer links for one table (``table`` in the form) or for every table of the round."""
    round = get_object_or_404(Round, tournament__slug=slug, number=number)
    table_id = int_param(request.POST, "table", None, low=1)
    if request.POST.get("table") and table_id is None:
        messages.error(request, _("Diesen Tisch gibt es nicht."))
        return redirect("tournament:round", slug=slug, number=number)
    chosen = None if table_id is None else [get_object_or_404(Table, pk=table_id, round=round)]
    try:
        changed = rounds.rotate_links(round=round, tables=chosen, user=request.user)
    except ServiceError as error:
        refuse(request, error)
    else:
        numbers = ", ".join(str(table.number) for table in changed)
        messages.success(request, _("Neuer Scorer-Link für Tisch %(n)s; der alte gilt nicht mehr. "
                                    "Bitte die Tischkarte neu drucken.") % {"n": numbers})
    return redirect("tournament:round", slug=slug, number=number)

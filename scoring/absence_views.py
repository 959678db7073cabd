"""The scorer's buttons for pausing and leaving during a round (events.md; the writes are
scoring.absences): one POST per tap from the table's page, or from the director's table page."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_POST

from language import ServiceError
from scoring import absences, services
from scoring.scorer_link import copy_refusal
from tournament.models import Table
from tournament.selectors import table_by_token
from web.http import director_required, ensure_directs, int_param

ACTIONS = {
    "pause": (absences.pause_player, gettext_lazy("%(name)s pausiert ab dem nächsten Spiel.")),
    "return": (absences.return_player, gettext_lazy("%(name)s spielt ab dem nächsten Spiel wieder mit.")),
    "leave": (absences.leave_table, gettext_lazy("%(name)s hat den Tisch verlassen; der Tisch spielt weiter.")),
}


def _apply(request, table: Table, *, director: bool) -> None:
    action = ACTIONS.get(request.POST.get("action", ""))
    position = int_param(request.POST, "position", -1, low=-1, high=5)
    seat = table.seats.select_related("entry__player").filter(position=position).first()
    if action is None or seat is None:
        messages.error(request, gettext("Unbekannte Aktion."))
        return
    write, done = action
    try:
        write(table=table, position=position, expected_version=int_param(request.POST, "version", -1), director=director,
              by=services.director_code(request.user) if director else services.SCORER)
    except ServiceError as error:
        messages.error(request, error.message())
    else:
        messages.success(request, str(done) % {"name": seat.entry.player.name})


@require_POST
def scorer_absence(request, token: str):
    table = table_by_token(token)
    if table is None:
        return render(request, "scoring/gone.html", status=404)
    if refused := copy_refusal(request, table.round.tournament):
        return refused
    _apply(request, table, director=False)
    return redirect("scoring:sheet", token=token)


@director_required
@require_POST
def director_absence(request, table_id: int):
    table = get_object_or_404(Table.objects.select_related("round__tournament"), pk=table_id)
    ensure_directs(request, table.round.tournament)
    if refused := copy_refusal(request, table.round.tournament):
        return refused
    _apply(request, table, director=True)
    return redirect("scoring:director_sheet", table_id=table.pk)

"""The director's round pages: the progress board, seat/close/reopen, ending a late table, new
scorer links."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings
from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from hall.net import suggested_site_url, unreachable_site_url
from language import ServiceError
from paper.registry import REGISTRY, ROUND
from publishing.hub.selectors import hub_copy
from scoring import selectors as scoring_selectors
from tournament import players, rounds, selectors
from tournament.errors import refuse_a_copy
from tournament.forms import ReasonForm
from tournament.models import REASON_MAX, Round, Table
from web.http import directed_tournament, director_required, ensure_directs, int_param
from web.tables import configure
from website.tables import ProgressTable
from website.views.feedback import refuse


@director_required
def round_detail(request, slug: str, number: int):
    tournament = directed_tournament(request, slug)
    round = get_object_or_404(Round.objects.select_related("tournament"), tournament=tournament, number=number)
    idle_minutes = int_param(request.GET, "idle", selectors.idle_minutes_default(), low=1, high=240)
    rows = selectors.progress_board(round, idle_minutes=idle_minutes)
    # A copy on the cup's site shows what the venue did; seating, closing, scorer links stay the venue's.
    venue_actions = hub_copy(tournament) is None
    board = ProgressTable(rows, order_by=request.GET.get("sort", "number"), venue_actions=venue_actions)
    configure(request, board, per_page=None)
    return render(request, "tournament/round.html", {
        "tournament": tournament, "round": round, "board": board, "clock": selectors.round_clock(round),
        "summary": selectors.board_summary(rows), "idle_minutes": idle_minutes,
        "repeated_pairs": selectors.repeated_pairs(round), "byes": selectors.round_byes(round),
        "withdrawn_seated": selectors.withdrawn_but_seated(round),
        "reason_form": ReasonForm(), "venue_actions": venue_actions,
        "name_max": players.PLAYER_TEXT_MAX,  # the substitute's name and club
        "notes": scoring_selectors.round_notes(round),  # pauses, leaves, corrections, the protocol
        # The "print everything" file is the page's one big button; the list offers each sheet alone.
        "print_all": REGISTRY.get(ROUND, "print-all").links()[0],
        "round_exports": REGISTRY.links(ROUND, leave_out=("print-all",)),
        # The board loads itself again this often, never while someone types on it (static/js/board.js).
        "reload_seconds": settings.BOARD_RELOAD_SECONDS,
        "six_tables": any(len(row.players) == 6 for row in rows),
        # The table cards' QR codes carry SITE_URL: a loopback there reaches no phone (said in red).
        "site_url": settings.SITE_URL, "site_url_unreachable": unreachable_site_url(settings.SITE_URL),
        # At the port the director's browser reached (its Host header), which is the one make serve listens on.
        "site_url_suggested": suggested_site_url(urlsplit(f"//{request.get_host()}").port or request.get_port(),
                                                 f"<{gettext('LAN-Adresse')}>"),
    })


@director_required
@require_POST
def round_action(request, slug: str, number: int, action: str):
    tournament = directed_tournament(request, slug)
    round = get_object_or_404(Round, tournament=tournament, number=number)
    refuse_a_copy(tournament)  # the venue's next publication changes a copy: a 403 saying so
    try:
        if action == "seat":
            rounds.seat_round(round=round, user=request.user, ranking=scoring_selectors.seating_ranking(round))
            messages.success(request, gettext("Runde %(n)s ist gesetzt.") % {"n": number})
        elif action == "close":
            return _close(request, tournament, round)
        elif action == "reopen":
            rounds.reopen_round(round=round, reason=request.POST.get("reason", ""), user=request.user)
            messages.success(request, gettext("Runde %(n)s ist wieder offen.") % {"n": number})
    except ServiceError as error:
        refuse(request, error)
    return redirect("tournament:round", slug=slug, number=number)


def _close(request, tournament, round):
    """Close the round, or first the decision it needs on a page of its own: tables still missing hands end
    with a reason (or the director goes back), tables not confirmed by their players close anyway (or not)."""
    tables = list(round.tables.order_by("number"))
    playing = [table for table in tables if not table.is_complete]
    unconfirmed = [table for table in tables if table.is_complete and not table.confirmed_at and not table.ended_early]
    reason = request.POST.get("reason", "").strip()[:REASON_MAX]
    decided = request.POST.get("unconfirmed_ok") == "1"
    if (playing or unconfirmed) and not decided or playing and not reason:
        if decided:  # the tables to end, but without the reason they need
            messages.error(request, gettext("Zum Beenden eines Tisches braucht es eine Begründung."))
        return render(request, "tournament/close_confirm.html", {
            "tournament": tournament, "round": round, "playing": playing, "unconfirmed": unconfirmed,
            "reason": reason, "reason_max": REASON_MAX}, status=422 if decided else 200)
    if playing:
        rounds.end_tables_and_close(round=round, reason=reason, user=request.user)
    else:
        rounds.close_round(round=round, user=request.user)
    messages.success(request, gettext("Runde %(n)s ist abgeschlossen.") % {"n": round.number})
    return redirect("tournament:round", slug=tournament.slug, number=round.number)


@director_required
@require_POST
def end_table(request, slug: str, number: int, table_id: int):
    table = get_object_or_404(Table.objects.select_related("round__tournament"), pk=table_id, round__number=number,
                              round__tournament__slug=slug)
    ensure_directs(request, table.round.tournament)
    refuse_a_copy(table.round.tournament)  # the venue's next publication changes a copy: a 403 saying so
    reason = request.POST.get("reason", "").strip()[:REASON_MAX]
    if not reason:
        messages.error(request, gettext("Zum Beenden eines Tisches braucht es eine Begründung."))
        return redirect("tournament:round", slug=slug, number=number)
    try:
        rounds.end_table(table=table, reason=reason, user=request.user)
    except ServiceError as error:
        refuse(request, error)
    else:
        messages.success(request, gettext("Tisch %(n)s beendet.") % {"n": table.number})
    return redirect("tournament:round", slug=slug, number=number)


@director_required
@require_POST
def rotate_links(request, slug: str, number: int):
    """New scorer links for one table (``table`` in the form) or, chosen as such (``tables=all``) and
    confirmed on a page of its own, for every table of the round. An empty table field is no choice."""
    round = get_object_or_404(Round.objects.select_related("tournament"), tournament__slug=slug, number=number)
    ensure_directs(request, round.tournament)
    refuse_a_copy(round.tournament)  # the venue's next publication changes a copy: a 403 saying so
    every_table = request.POST.get("tables") == "all"
    table_id = int_param(request.POST, "table", None, low=1)
    if every_table and request.POST.get("confirmed") != "1":
        return render(request, "tournament/rotate_confirm.html", {
            "tournament": round.tournament, "round": round, "tables": round.tables.order_by("number")})
    if not every_table and table_id is None:
        if request.POST.get("table"):
            messages.error(request, gettext("Diesen Tisch gibt es nicht."))
        else:
            messages.error(request, gettext(
                "Kein Tisch gewählt: für alle Tische der Runde bitte „alle Tische dieser Runde“ ankreuzen."))
        return redirect("tournament:round", slug=slug, number=number)
    chosen = None if every_table else [get_object_or_404(Table, pk=table_id, round=round)]
    try:
        changed = rounds.rotate_links(round=round, tables=chosen, every_table=every_table, user=request.user)
    except ServiceError as error:
        refuse(request, error)
    else:
        numbers = ", ".join(str(table.number) for table in changed)
        messages.success(request, gettext(
            "Neuer Scorer-Link für Tisch %(n)s; der alte gilt nicht mehr. Bitte die Tischkarte neu drucken.") % {"n": numbers})
    return redirect("tournament:round", slug=slug, number=number)


@director_required
@require_POST
def seat_substitute(request, slug: str, number: int):
    """A substitute ("Springer") instead of the round's bye: he plays, the round is seated again."""
    tournament = directed_tournament(request, slug)
    round = get_object_or_404(Round.objects.select_related("tournament"), tournament=tournament, number=number)
    refuse_a_copy(tournament)  # the venue's next publication changes a copy: a 403 saying so
    name = request.POST.get("name", "")
    try:
        players.seat_with_substitute(round=round, name=name, club=request.POST.get("club", ""), user=request.user,
                                     ranking=scoring_selectors.seating_ranking(round))
    except ServiceError as error:
        refuse(request, error)
    else:
        messages.success(request, gettext(
            "%(name)s spielt als Springer (nicht gereiht); die Runde ist neu gesetzt. Bitte die Tischkarten neu drucken.")
            % {"name": name.strip()})
    return redirect("tournament:round", slug=slug, number=number)

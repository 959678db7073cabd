"""Director pages (login required) and public pages (read-only) of a tournament."""

from __future__ import annotations

import json
from decimal import Decimal
from urllib.parse import urlencode

import django_tables2 as tables
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import Count
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe
from django_tables2.export import TableExport

from paper.exports import EXPORTERS, get_exporter
from paper.imports import players as player_import
from scoring import selectors as scoring_selectors
from scoring import services as scoring_services
from tournament import live, rounds, selectors, services
from tournament.errors import DuplicatePlayer, ServiceError
from tournament.forms import PasteForm, PlayerForm, PrizesForm, ReasonForm, TournamentForm, UploadForm
from tournament.http import director_required, int_param
from tournament.models import Entry, Player, Round, Table, Tournament
from tournament.tables import EntryTable, ProgressTable, StandingsTable, TournamentTable, configure

PLAYER_LIST_FORMATS = ("xlsx", "csv")  # the director's player list; the standings go through paper/exports


def _refuse(request, error: ServiceError) -> None:
    messages.error(request, error.message())


# --- standings ------------------------------------------------------------------------------------


def _standings_table(request, tournament: Tournament) -> StandingsTable:
    standings = scoring_selectors.standings_table(tournament, tie_note=True)
    rows, columns = standings.rows, standings.columns
    query = request.GET.get("q", "").strip().lower()
    if query:  # "where am I?": keep the ranks, show the matching players
        rows = [row for row in rows if query in row["name"].lower() or query in row["club"].lower()]
    extra = [(key, tables.Column(verbose_name=header, attrs={"td": {"class": "tie-note" if key == "decided" else "num"}},
                                 default="")) for key, header in columns]
    # Rank, name and points first: on a phone that is what a player looks for.
    table = StandingsTable(rows, extra_columns=extra, sequence=("rank", "name", "total", "..."))
    table.tournament = tournament
    return table


# --- public pages --------------------------------------------------------------------------------


@require_safe
def home(request):
    from rules.rulesets import BUILTIN

    return render(request, "tournament/home.html", {
        "tournaments": Tournament.objects.annotate(entry_count=Count("entries")).order_by("-date", "name")[:30],
        "rulesets": list(BUILTIN.values()),
    })



LIVE_PARAMETERS = ("q", "page", "per_page", "sort")


def _variant(request) -> str:
    """The query a live page depends on (search, page, sort), the same for the page and its refresh;
    any other parameter makes no cache entry of its own."""
    return urlencode(sorted((key, value[:100]) for key, value in request.GET.items() if key in LIVE_PARAMETERS))


@require_safe
def public_standings(request, slug: str):
    tournament = get_object_or_404(Tournament, slug=slug)

    def render_standings() -> str:
        table = _standings_table(request, tournament)
        configure(request, table, per_page=100)
        return render_to_string("tournament/_standings.html", {
            "table": table, "progress": selectors.round_progress(tournament)}, request=request)

    html = mark_safe(live.cached(tournament, "standings", _variant(request), render_standings))  # noqa: S308 - our own render
    if request.GET.get("fragment"):
        return HttpResponse(html)
    return render(request, "tournament/standings.html", {
        "tournament": tournament, "standings_html": html, "public_exports": [e for e in EXPORTERS if e.public],
    })


@require_safe
def standings_json(request, slug: str):
    """The standings for scripts and outside checks (season.md, "Interfaces")."""
    tournament = get_object_or_404(Tournament, slug=slug)
    body = live.cached(tournament, "standings.json", "", lambda: json.dumps(
        scoring_selectors.standings_document(tournament), ensure_ascii=False))
    response = HttpResponse(body, content_type="application/json")
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def projector(request, slug: str):
    tournament = get_object_or_404(Tournament, slug=slug)

    def render_table() -> str:
        standings = scoring_selectors.standings_table(tournament)
        return render_to_string("tournament/_projector.html", {
            "rows": standings.rows, "columns": standings.columns, "progress": selectors.round_progress(tournament)})

    html = mark_safe(live.cached(tournament, "projector", "", render_table))  # noqa: S308 - our own render
    if request.GET.get("fragment"):
        return HttpResponse(html)
    return render(request, "tournament/projector.html", {"tournament": tournament, "standings_html": html})


@require_safe
def player_page(request, slug: str, entry_id: int):
    tournament = get_object_or_404(Tournament, slug=slug)
    entry = get_object_or_404(Entry.objects.select_related("player"), pk=entry_id, tournament=tournament)

    def render_player() -> str:
        day = scoring_selectors.player_day(tournament, entry)
        ranked = next((r for r in scoring_selectors.standings(tournament) if r.player.entry_id == entry.pk), None)
        return render_to_string("tournament/_player.html", {
            "tournament": tournament, "entry": entry, "day": day, "ranked": ranked,
            "played": [r for r in day.rounds if r.seated or r.hands or r.corrections]}, request=request)

    html = mark_safe(live.cached(tournament, f"player-{entry.pk}", "", render_player))  # noqa: S308 - our own render
    return render(request, "tournament/player.html", {"tournament": tournament, "entry": entry, "player_html": html})


# --- director pages --------------------------------------------------------------------------------


@director_required
def tournament_list(request):
    queryset = Tournament.objects.annotate(entry_count=Count("entries")).order_by("-date", "name")
    table = TournamentTable(queryset)
    configure(request, table, per_page=50)
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            tournament = services.create_tournament(
                name=data["name"], slug=data["slug"], date=data["date"], venue=data["venue"],
                ruleset=services.resolve_ruleset(data["ruleset"]), stake_cents=data["stake_cents"],
                rounds=data["rounds"], tables_of_five=data["tables_of_five"],
                kontra_to_charity=data["kontra_to_charity"], user=request.user,
                hands_at_four=data["hands_at_four"], hands_at_five=data["hands_at_five"],
            )
        except ServiceError as error:
            _refuse(request, error)
        except ValidationError as error:  # full_clean: e.g. the slug is taken
            for field, problems in error.message_dict.items():
                form.add_error(field if field in form.fields else None, problems)
        else:
            messages.success(request, _("Turnier angelegt."))
            return redirect("tournament:detail", slug=tournament.slug)
    return render(request, "tournament/list.html", {"table": table, "form": form})


@director_required
def tournament_detail(request, slug: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    entries = EntryTable(tournament.entries.select_related("player", "tournament"))
    configure(request, entries, per_page=100)
    export = request.GET.get("_export")
    if export in PLAYER_LIST_FORMATS:
        return TableExport(export, entries, exclude_columns=()).response(f"{tournament.slug}-spieler.{export}")
    return render(request, "tournament/detail.html", {
        "tournament": tournament, "entries": entries, "rounds": selectors.rounds_with_progress(tournament),
        # Three forms on one page: distinct ids, so each label ticks its own form's box.
        "player_form": PlayerForm(auto_id="player_%s"), "paste_form": PasteForm(auto_id="paste_%s"),
        "upload_form": UploadForm(auto_id="upload_%s"),
        "checked_in": tournament.entries.filter(checked_in=True).count(),
        "exports": [e for e in EXPORTERS if not e.per_round],
        "round_exports": [e for e in EXPORTERS if e.per_round],
    })


def _prize_lines(cents: list[int]) -> str:
    return "\n".join(f"{place}. {amount // 100},{amount % 100:02d}" for place, amount in enumerate(cents, start=1))


@director_required
def prize_settings(request, slug: str):
    """Entry fee and prize list: the form, and what the prizes pay by the standings as they are now."""
    tournament = get_object_or_404(Tournament, slug=slug)
    initial = {"entry_fee": Decimal(tournament.entry_fee_cents) / 100, "prizes": _prize_lines(tournament.prizes_cents)}
    form = PrizesForm(request.POST or None, initial=initial)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            data = form.cleaned_data
            try:
                services.set_prizes(tournament=tournament, entry_fee_cents=data["entry_fee"],
                                    prizes_cents=data["prizes"], over_fees_ok=data["over_fees_ok"])
            except ServiceError as error:
                form.add_error(None, error.message())
            else:
                messages.success(request, _("Nenngeld und Preise gespeichert."))
                return redirect("tournament:prizes", slug=slug)
        status = 422
    money = scoring_selectors.settlement(tournament)
    prize_of = money.prizes.by_entry()
    players = [(player, prize_of.get(player.entry_id, 0), player.total + prize_of.get(player.entry_id, 0))
               for player in money.players]
    return render(request, "tournament/prizes.html", {
        "tournament": tournament, "form": form, "prizes": money.prizes, "players": players,
        "downloads": [get_exporter("settlement-pdf"), get_exporter("settlement-xlsx")]}, status=status)


@director_required
@require_POST
def add_player(request, slug: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    form = PlayerForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            services.check_late_entry(tournament)  # before a player is created for nothing
            player = services.register_player(name=data["name"], club=data["club"], region=data["region"],
                                              notes=data["notes"], allow_duplicate=data["allow_duplicate"])
        except DuplicatePlayer as error:
            _refuse(request, error)
            return render(request, "tournament/duplicate.html", {"tournament": tournament, "error": error, "form": form})
        except ServiceError as error:
            _refuse(request, error)
        else:
            services.enter_player(tournament=tournament, player=player, checked_in=data["checked_in"])
            messages.success(request, _("%(name)s ist dabei.") % {"name": player.name})
    else:
        messages.error(request, _("Bitte den Namen angeben."))
    return redirect("tournament:detail", slug=slug)


@director_required
@require_POST
def enter_existing(request, slug: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    player = get_object_or_404(Player, pk=int_param(request.POST, "player", 0))
    try:
        services.enter_player(tournament=tournament, player=player, checked_in=request.POST.get("checked_in") == "1")
    except ServiceError as error:
        _refuse(request, error)
    else:
        messages.success(request, _("%(name)s ist dabei.") % {"name": player.name})
    return redirect("tournament:detail", slug=slug)


@director_required
@require_POST
def import_players(request, slug: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    try:
        if "file" in request.FILES:
            upload = request.FILES["file"]
            rows = player_import.player_rows_from_file(upload.name, upload.read())
        else:
            rows = player_import.player_rows_from_text(request.POST.get("text", ""))
        report = player_import.import_players(tournament=tournament, rows=rows,
                                         check_in=request.POST.get("checked_in") == "on")
    except ServiceError as error:
        _refuse(request, error)
        return redirect("tournament:detail", slug=slug)
    messages.success(request, _("%(n)s Spieler eingetragen (%(r)s schon bekannt).") % {
        "n": len(report.entered), "r": len(report.reused)})
    for row, candidates in report.flagged:
        messages.warning(request, _("„%(name)s“ nicht angelegt – ähnlich: %(c)s. Bitte einzeln prüfen.") % {
            "name": row.get("name"), "c": ", ".join(str(c) for c in candidates)})
    return redirect("tournament:detail", slug=slug)


@director_required
@require_POST
def check_in(request, slug: str, entry_id: int):
    entry = get_object_or_404(Entry, pk=entry_id, tournament__slug=slug)
    try:
        services.set_checked_in(entry=entry, checked_in=request.POST.get("checked_in") == "1")
    except ServiceError as error:
        _refuse(request, error)
    return redirect(reverse("tournament:detail", args=[slug]) + "#spieler")


@director_required
@require_POST
def check_in_all(request, slug: str):
    """"alle anwesend": every registered player who is not checked in yet (and has not withdrawn)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    absent = list(tournament.entries.filter(checked_in=False, withdrawn_after_round__isnull=True))
    try:  # all or none: every one checked before the first is written
        for entry in absent:
            services.check_late_entry(tournament, entry)
    except ServiceError as error:
        _refuse(request, error)
        return redirect(reverse("tournament:detail", args=[slug]) + "#spieler")
    for entry in absent:
        services.set_checked_in(entry=entry, checked_in=True)
    messages.success(request, _("%(n)s Spieler als anwesend eingetragen.") % {"n": len(absent)})
    return redirect(reverse("tournament:detail", args=[slug]) + "#spieler")


@director_required
@require_POST
def withdraw(request, slug: str, entry_id: int):
    entry = get_object_or_404(Entry, pk=entry_id, tournament__slug=slug)
    after = request.POST.get("after_round", "").strip()
    after_round = int_param(request.POST, "after_round", low=0, high=99)
    if after and after_round is None:
        messages.error(request, _("„%(value)s“ ist keine Rundennummer.") % {"value": after[:20]})
    else:
        services.withdraw(entry=entry, after_round=after_round)
        if after_round is None:
            messages.success(request, _("%(name)s spielt wieder mit.") % {"name": entry.player.name})
        else:
            messages.success(request, _("%(name)s ist nach Runde %(n)s ausgeschieden.") % {
                "name": entry.player.name, "n": after_round})
    return redirect(reverse("tournament:detail", args=[slug]) + "#spieler")


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
        "repeated_pairs": selectors.repeated_pairs(round),
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
            scoring_services.seat_round(round=round, user=request.user)
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
        _refuse(request, error)
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
        _refuse(request, error)
    else:
        messages.success(request, _("Tisch %(n)s beendet.") % {"n": table.number})
    return redirect("tournament:round", slug=slug, number=number)


@director_required
@require_POST
def rotate_links(request, slug: str, number: int):
    """New scorer links for one table (``table`` in the form) or, chosen as such (``tables=all``) and
    confirmed on a page of its own, for every table of the round. An empty table field is no choice."""
    round = get_object_or_404(Round, tournament__slug=slug, number=number)
    every_table = request.POST.get("tables") == "all"
    table_id = int_param(request.POST, "table", None, low=1)
    if every_table and request.POST.get("confirmed") != "1":
        return render(request, "tournament/rotate_confirm.html", {
            "tournament": round.tournament, "round": round, "tables": round.tables.order_by("number")})
    if not every_table and table_id is None:
        if request.POST.get("table"):
            messages.error(request, _("Diesen Tisch gibt es nicht."))
        else:
            messages.error(request, _("Kein Tisch gewählt: für alle Tische der Runde bitte „alle Tische dieser "
                                      "Runde“ ankreuzen."))
        return redirect("tournament:round", slug=slug, number=number)
    chosen = None if every_table else [get_object_or_404(Table, pk=table_id, round=round)]
    try:
        changed = rounds.rotate_links(round=round, tables=chosen, every_table=every_table, user=request.user)
    except ServiceError as error:
        _refuse(request, error)
    else:
        numbers = ", ".join(str(table.number) for table in changed)
        messages.success(request, _("Neuer Scorer-Link für Tisch %(n)s; der alte gilt nicht mehr. "
                                    "Bitte die Tischkarte neu drucken.") % {"n": numbers})
    return redirect("tournament:round", slug=slug, number=number)

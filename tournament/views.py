"""Director pages (login required) and public pages (read-only) of a tournament."""

from __future__ import annotations

from decimal import Decimal

import django_tables2 as tables
from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.core.exceptions import ValidationError
from django.db.models import Count
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe
from django_tables2.export import TableExport

from tournament import selectors, services
from tournament.errors import DuplicatePlayer, ServiceError, active_language
from tournament.exports import exporters
from tournament.forms import PasteForm, PlayerForm, ReasonForm, TournamentForm, UploadForm
from tournament.models import Entry, Round, Table, Tournament
from tournament.standings import LABELS
from tournament.tables import EntryTable, ProgressTable, StandingsTable, TournamentTable


def _refuse(request, error: ServiceError) -> None:
    messages.error(request, error.message())


# --- standings rows shared by the public and director pages ------------------------------------


def standings_rows(tournament: Tournament, ranked=None) -> tuple[list[dict], list[tuple[str, str]]]:
    """Plain rows for tables and exports, and the extra columns (key, header) this tournament needs."""
    ranked = selectors.standings(tournament) if ranked is None else ranked
    numbers = list(range(1, tournament.rounds + 1))
    stake = Decimal(tournament.stake_cents) / 100
    split = not tournament.ruleset.kontra_counts_for_standings
    columns = [(f"round_{n}", _("R%(n)s") % {"n": n}) for n in numbers]
    if tournament.has_final:
        columns += [("carried", _("übernommen")), ("final", _("Finale"))]
    columns.append(("total", _("Punkte")))
    columns += [(f"tie_{name}", LABELS[name][0 if active_language() == "de" else 1]) for name in tournament.tie_breaks
                if name != "final_round" or tournament.has_final]
    columns.append(("cash", _("Geld (€), mit Kontras") if split else _("Geld (€)")))
    rows = []
    for row in ranked:
        data = {"rank": f"{row.rank}{'=' if row.shared else ''}", "name": row.player.name, "club": row.player.club,
                "entry_id": row.player.entry_id, "total": row.total, "carried": row.carried,
                "final": row.player.final, "cash": (row.player.cash * stake).quantize(Decimal("0.01"))}
        for n in numbers:
            data[f"round_{n}"] = row.player.rounds.get(n, "")
        for name, value in row.tie_values.items():
            data[f"tie_{name}"] = -value if name == "lots" else value
        rows.append(data)
    return rows, columns


def standings_table(request, tournament: Tournament) -> StandingsTable:
    rows, columns = standings_rows(tournament)
    query = request.GET.get("q", "").strip().lower()
    if query:  # "where am I?": keep the ranks, show the matching players
        rows = [row for row in rows if query in row["name"].lower() or query in row["club"].lower()]
    extra = [(key, tables.Column(verbose_name=header, attrs={"td": {"class": "num"}}, default=""))
             for key, header in columns]
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



@require_safe
def public_standings(request, slug: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    table = standings_table(request, tournament)
    export = request.GET.get("_export")
    if TableExport.is_valid_format(export):
        return TableExport(export, table).response(f"{tournament.slug}-stand.{export}")
    tables.RequestConfig(request, paginate={"per_page": 100}).configure(table)
    template = "tournament/_standings.html" if request.GET.get("fragment") else "tournament/standings.html"
    return render(request, template, {
        "tournament": tournament, "table": table, "rounds": selectors.rounds_with_progress(tournament),
        "progress": _progress(tournament), "public_exports": [e for e in exporters() if e.public],
    })


@require_safe
def projector(request, slug: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    rows, columns = standings_rows(tournament)
    return render(request, "tournament/projector.html", {
        "tournament": tournament, "rows": rows, "columns": columns, "progress": _progress(tournament),
        "fragment": bool(request.GET.get("fragment")),
    })


def _progress(tournament: Tournament) -> dict | None:
    round = tournament.round_set.filter(status__in=[Round.SEATED, Round.RUNNING]).order_by("number").first()
    if round is None:
        return None
    board = selectors.progress_board(round)
    entered = sum(t.entered for t in board)
    planned = sum(t.table.hands_planned for t in board if not t.table.ended_early) + sum(
        t.entered for t in board if t.table.ended_early)
    return {"round": round, "entered": entered, "planned": planned,
            "percent": int(100 * entered / planned) if planned else 0}


@require_safe
def player_page(request, slug: str, entry_id: int):
    tournament = get_object_or_404(Tournament, slug=slug)
    entry = get_object_or_404(Entry.objects.select_related("player"), pk=entry_id, tournament=tournament)
    scores = selectors.player_hands(tournament, entry)
    ranked = next((r for r in selectors.standings(tournament) if r.player.entry_id == entry.pk), None)
    return render(request, "tournament/player.html", {"tournament": tournament, "entry": entry, "scores": scores,
                                                       "ranked": ranked})


# --- director pages --------------------------------------------------------------------------------


@staff_member_required
def tournament_list(request):
    queryset = Tournament.objects.annotate(entry_count=Count("entries")).order_by("-date", "name")
    table = TournamentTable(queryset)
    tables.RequestConfig(request, paginate={"per_page": 50}).configure(table)
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            tournament = services.create_tournament(
                name=data["name"], slug=data["slug"], date=data["date"], venue=data["venue"],
                ruleset=services.resolve_ruleset(data["ruleset"]), stake_cents=data["stake_cents"],
                rounds=data["rounds"], tables_of_five=data["tables_of_five"],
                kontra_to_charity=data["kontra_to_charity"], user=request.user,
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


@staff_member_required
def tournament_detail(request, slug: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    entries = EntryTable(tournament.entries.select_related("player", "tournament"))
    tables.RequestConfig(request, paginate={"per_page": 100}).configure(entries)
    export = request.GET.get("_export")
    if TableExport.is_valid_format(export):
        return TableExport(export, entries, exclude_columns=()).response(f"{tournament.slug}-spieler.{export}")
    return render(request, "tournament/detail.html", {
        "tournament": tournament, "entries": entries, "rounds": selectors.rounds_with_progress(tournament),
        # Three forms on one page: distinct ids, so each label ticks its own form's box.
        "player_form": PlayerForm(auto_id="player_%s"), "paste_form": PasteForm(auto_id="paste_%s"),
        "upload_form": UploadForm(auto_id="upload_%s"),
        "checked_in": tournament.entries.filter(checked_in=True).count(),
        "exports": [e for e in exporters() if not e.per_round],
        "round_exports": [e for e in exporters() if e.per_round],
    })


@staff_member_required
@require_POST
def add_player(request, slug: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    form = PlayerForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
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


@staff_member_required
@require_POST
def enter_existing(request, slug: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    from tournament.models import Player

    player = get_object_or_404(Player, pk=request.POST.get("player"))
    services.enter_player(tournament=tournament, player=player, checked_in=request.POST.get("checked_in") == "1")
    messages.success(request, _("%(name)s ist dabei.") % {"name": player.name})
    return redirect("tournament:detail", slug=slug)


@staff_member_required
@require_POST
def import_players(request, slug: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    try:
        if "file" in request.FILES:
            upload = request.FILES["file"]
            rows = services.player_rows_from_file(upload.name, upload.read())
        else:
            rows = services.player_rows_from_text(request.POST.get("text", ""))
        report = services.import_players(tournament=tournament, rows=rows,
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


@staff_member_required
@require_POST
def check_in(request, slug: str, entry_id: int):
    entry = get_object_or_404(Entry, pk=entry_id, tournament__slug=slug)
    services.set_checked_in(entry=entry, checked_in=request.POST.get("checked_in") == "1")
    return redirect(reverse("tournament:detail", args=[slug]) + "#spieler")


@staff_member_required
@require_POST
def withdraw(request, slug: str, entry_id: int):
    entry = get_object_or_404(Entry, pk=entry_id, tournament__slug=slug)
    after = request.POST.get("after_round")
    services.withdraw(entry=entry, after_round=int(after) if after else None)
    return redirect("tournament:detail", slug=slug)


@staff_member_required
def round_detail(request, slug: str, number: int):
    tournament = get_object_or_404(Tournament, slug=slug)
    round = get_object_or_404(Round, tournament=tournament, number=number)
    board = ProgressTable(selectors.progress_board(round), order_by=request.GET.get("sort", "number"))
    tables.RequestConfig(request, paginate=False).configure(board)
    return render(request, "tournament/round.html", {
        "tournament": tournament, "round": round, "board": board,
        "repeated_pairs": selectors.repeated_pairs(round),
        "events": round.events.select_related("user"), "reason_form": ReasonForm(),
        "round_exports": [e for e in exporters() if e.per_round],
    })


@staff_member_required
@require_POST
def round_action(request, slug: str, number: int, action: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    round = get_object_or_404(Round, tournament=tournament, number=number)
    try:
        if action == "seat":
            ranking = [row.player.entry_id for row in selectors.standings(tournament)] if round.is_final else None
            services.seat_round(round=round, user=request.user, ranking=ranking)
            messages.success(request, _("Runde %(n)s ist gesetzt.") % {"n": number})
        elif action == "close":
            services.close_round(round=round, user=request.user)
            messages.success(request, _("Runde %(n)s ist abgeschlossen.") % {"n": number})
        elif action == "reopen":
            services.reopen_round(round=round, reason=request.POST.get("reason", ""), user=request.user)
            messages.success(request, _("Runde %(n)s ist wieder offen.") % {"n": number})
    except ServiceError as error:
        _refuse(request, error)
    return redirect("tournament:round", slug=slug, number=number)


@staff_member_required
@require_POST
def end_table(request, slug: str, number: int, table_id: int):
    table = get_object_or_404(Table, pk=table_id, round__number=number, round__tournament__slug=slug)
    try:
        services.end_table(table=table, reason=request.POST.get("reason", ""), user=request.user)
    except ServiceError as error:
        _refuse(request, error)
    else:
        messages.success(request, _("Tisch %(n)s beendet.") % {"n": table.number})
    return redirect("tournament:round", slug=slug, number=number)

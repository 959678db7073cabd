"""The director's player actions on a tournament: add, enter a known player, import a list, check in,
withdraw."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext, pgettext
from django.views.decorators.http import require_POST

from cups.players import DECEASED, close_players, deceased_ids, is_deceased
from hall.sqlite import yielding_to_saves
from language import ServiceError
from paper.imports import players as player_import
from tournament import players, selectors, services
from tournament.errors import DuplicatePlayer, SimilarPlayer, refuse_a_copy
from tournament.forms import PlayerForm
from tournament.models import Entry, Player
from web.http import directed_tournament, director_required, ensure_directs, int_param
from website.views.feedback import refuse


@director_required
@require_POST
def add_player(request, slug: str):
    tournament = directed_tournament(request, slug)
    refuse_a_copy(tournament)  # a hub's copy: the venue enters its players (403)
    form = PlayerForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            # A name close to a known one (Anna Hubert, Anna Huber known) is asked about first; the same
            # name key is enter_new_player's own question (DuplicatePlayer).
            players.clean_fields(name=data["name"], club=data["club"], region=data["region"])  # refused in words first
            if not data["allow_duplicate"] and not players.likely_duplicates(data["name"]).exists():
                if similar := close_players(data["name"]):
                    raise SimilarPlayer(data["name"], similar)
            entry = players.enter_new_player(
                tournament=tournament, name=data["name"], club=data["club"], region=data["region"], notes=data["notes"],
                checked_in=data["checked_in"], allow_duplicate=data["allow_duplicate"])
        except DuplicatePlayer as error:
            # A namesake ABAKUS marks deceased is nobody to choose: asked only about the others.
            error = type(error)(data["name"], [c for c in error.candidates if c.pk not in deceased_ids()])
            if not error.candidates:
                entry = players.enter_new_player(
                    tournament=tournament, name=data["name"], club=data["club"], region=data["region"],
                    notes=data["notes"], checked_in=data["checked_in"], allow_duplicate=True)
                messages.success(request, gettext("%(name)s ist dabei.") % {"name": entry.player.name})
                return redirect("tournament:detail", slug=slug)
            refuse(request, error)
            return render(request, "tournament/duplicate.html", {"tournament": tournament, "error": error, "form": form})
        except ServiceError as error:
            refuse(request, error)
        else:
            messages.success(request, gettext("%(name)s ist dabei.") % {"name": entry.player.name})
    else:
        messages.error(request, pgettext("the director's form", "Bitte den Namen angeben."))
    return redirect("tournament:detail", slug=slug)


@director_required
@require_POST
def enter_existing(request, slug: str):
    tournament = directed_tournament(request, slug)
    refuse_a_copy(tournament)  # a hub's copy: the venue enters its players (403)
    player = get_object_or_404(Player, pk=int_param(request.POST, "player", 0))
    try:
        if is_deceased(player):  # no search offers him; a page kept open from before the import might
            raise ServiceError(DECEASED, name=player.name)
        services.enter_player(tournament=tournament, player=player, checked_in=request.POST.get("checked_in") == "1")
    except ServiceError as error:
        refuse(request, error)
    else:
        messages.success(request, gettext("%(name)s ist dabei.") % {"name": player.name})
    return redirect("tournament:detail", slug=slug)


@director_required
@require_POST
def import_players(request, slug: str):
    tournament = directed_tournament(request, slug)
    refuse_a_copy(tournament)  # a hub's copy: the venue enters its players (403)
    try:
        if "file" in request.FILES:
            upload = request.FILES["file"]
            rows = player_import.player_rows_from_file(upload.name, upload.read())
        else:
            rows = player_import.player_rows_from_text(request.POST.get("text", ""))
        with yielding_to_saves():  # the tables' saves go first between the import's batches
            report = player_import.import_players(tournament=tournament, rows=rows,
                                                  check_in=request.POST.get("checked_in") == "on")
    except ServiceError as error:
        refuse(request, error)
        return redirect("tournament:detail", slug=slug)
    messages.success(request, gettext("%(n)s Spieler eingetragen (%(r)s schon bekannt).") % {
        "n": len(report.entered), "r": len(report.reused)})
    for row, candidates in report.flagged:
        messages.warning(request, gettext("„%(name)s“ nicht angelegt – ähnlich: %(c)s. Bitte einzeln prüfen.") % {
            "name": row.get("name"), "c": ", ".join(str(c) for c in candidates)})
    return redirect("tournament:detail", slug=slug)


@director_required
@require_POST
def check_in(request, slug: str, entry_id: int):
    entry = get_object_or_404(Entry.objects.select_related("tournament"), pk=entry_id, tournament__slug=slug)
    ensure_directs(request, entry.tournament)
    refuse_a_copy(entry.tournament)  # a hub's copy: the venue enters its players (403)
    try:
        services.set_checked_in(entry=entry, checked_in=request.POST.get("checked_in") == "1")
    except ServiceError as error:
        refuse(request, error)
    return redirect(reverse("tournament:detail", args=[slug]) + "#spieler")


@director_required
@require_POST
def check_in_all(request, slug: str):
    """"alle anwesend": every registered player who is not checked in yet (and has not withdrawn)."""
    tournament = directed_tournament(request, slug)
    refuse_a_copy(tournament)  # a hub's copy: the venue enters its players (403)
    absent = list(tournament.entries.filter(checked_in=False, withdrawn_after_round__isnull=True))
    try:  # all or none: every one checked before the first is written
        for entry in absent:
            services.check_late_entry(tournament, entry)
    except ServiceError as error:
        refuse(request, error)
        return redirect(reverse("tournament:detail", args=[slug]) + "#spieler")
    for entry in absent:
        services.set_checked_in(entry=entry, checked_in=True)
    messages.success(request, gettext("%(n)s Spieler als anwesend eingetragen.") % {"n": len(absent)})
    return redirect(reverse("tournament:detail", args=[slug]) + "#spieler")


@director_required
@require_POST
def withdraw(request, slug: str, entry_id: int):
    entry = get_object_or_404(Entry.objects.select_related("tournament"), pk=entry_id, tournament__slug=slug)
    ensure_directs(request, entry.tournament)
    refuse_a_copy(entry.tournament)  # a hub's copy: the venue enters its players (403)
    after = request.POST.get("after_round", "").strip()
    after_round = int_param(request.POST, "after_round", low=0, high=99)
    if after and after_round is None:
        messages.error(request, gettext("„%(value)s“ ist keine Rundennummer.") % {"value": after[:20]})
        return redirect(reverse("tournament:detail", args=[slug]) + "#spieler")
    try:
        services.withdraw(entry=entry, after_round=after_round, user=request.user)
    except ServiceError as error:
        refuse(request, error)
    else:
        if after_round is None:
            messages.success(request, gettext("%(name)s spielt wieder mit.") % {"name": entry.player.name})
        else:
            messages.success(request, gettext("%(name)s ist nach Runde %(n)s ausgeschieden.") % {
                "name": entry.player.name, "n": after_round})
            if table := selectors.seated_after(entry, after_round):  # drawn before: the round's board says it too
                messages.warning(request, gettext("%(name)s sitzt in Runde %(round)s schon an Tisch %(table)s: dort die "
                                                  "Sitzordnung neu auslosen.") % {
                    "name": entry.player.name, "round": table.round.number, "table": table.number})
    return redirect(reverse("tournament:detail", args=[slug]) + "#spieler")

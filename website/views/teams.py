"""The director's team page of a tournament (Mannschaften): register a team with its players, add or
take out a player, delete a team, or form teams of a size by club. Writes go through tournament/teams.py."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from language import ServiceError
from tournament import teams as team_services
from tournament.models import Team, Tournament
from web.http import directed_tournament, director_required, int_param
from website.views.feedback import refuse


def _ids(values, name: str) -> list[int]:
    return [int(value) for value in values.getlist(name) if value.isdigit()][:500]


def _act(request, tournament: Tournament) -> None:
    """One POSTed action; a refusal is shown on the page, nothing of it stored."""
    action = request.POST.get("action", "")
    entries = {e.pk: e for e in tournament.entries.select_related("player")}
    team = None
    if action in ("add", "remove", "delete"):
        team = Team.objects.filter(tournament=tournament, pk=int_param(request.POST, "team", 0)).first()
        if team is None:
            messages.error(request, gettext("Diese Mannschaft gibt es nicht (mehr)."))
            return
    chosen = [entries[pk] for pk in _ids(request.POST, "entries") if pk in entries]
    if action == "create":
        name = request.POST.get("name", "")[:team_services.MAX_NAME * 2]  # longer is refused by the service
        team = team_services.create_team(tournament=tournament, name=name, entries=chosen)
        messages.success(request, gettext("Mannschaft „%(name)s“ angelegt.") % {
            "name": team.name})
    elif action == "add":
        team_services.add_members(team=team, entries=chosen)
    elif action == "remove":
        team_services.remove_members(team=team, entries=chosen)
    elif action == "delete":
        team_services.delete_team(team=team)
    elif action == "form":
        size = int_param(request.POST, "size", low=1, high=20)
        if size is None:
            messages.error(request, gettext("Die Größe einer Mannschaft: eine ganze Zahl von 1 bis 20."))
            return
        formed = team_services.form_teams(tournament=tournament, size=size)
        messages.success(request, gettext("%(n)s Mannschaften gebildet.") % {"n": len(formed)})
    else:
        messages.error(request, gettext("Unbekannte Aktion."))


@director_required
@require_http_methods(["GET", "POST"])
def team_list(request, slug: str):
    tournament = directed_tournament(request, slug)
    if request.method == "POST":
        try:
            _act(request, tournament)  # each action one service: several players at once, all or none
        except ServiceError as error:
            refuse(request, error)
        return redirect("tournament:teams", slug=slug)
    teams = list(Team.objects.filter(tournament=tournament).prefetch_related("memberships__entry__player"))
    free = list(tournament.entries.filter(team_membership__isnull=True).select_related("player")
                .order_by("player__name"))
    return render(request, "tournament/teams.html", {"tournament": tournament, "teams": teams, "free": free,
                                                         "team_name_max": team_services.MAX_NAME})

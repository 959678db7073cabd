"""Public pages of a tournament (read-only, cached under its live version): standings, their JSON,
the projector, a player's page; and the home page. A warm one is stored bytes (website/live_responses.py)."""

from __future__ import annotations

import json
from urllib.parse import urlencode

import django_tables2 as tables
from django.conf import settings
from django.db.models import Count
from django.http import HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils.safestring import mark_safe
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import require_safe

from cups.selectors import cups_with_seasons, seasons_of
from paper.registry import REGISTRY, TOURNAMENT
from rules.rulesets import BUILTIN
from scoring import selectors as scoring_selectors
from tournament import live, selectors
from tournament.models import Entry, Round, TeamMember, Tournament
from tournament.players import fits_search
from tournament.ranks import rank_text
from web.tables import configure
from website.live_responses import live_response
from website.tables import StandingsTable


@require_safe
def home(request):
    return render(request, "tournament/home.html", {
        "tournaments": Tournament.objects.annotate(entry_count=Count("entries")).order_by("-date", "name")[:30],
        "rulesets": list(BUILTIN.values()), "cups": cups_with_seasons(),
    })


@require_safe
def favicon(request):
    return HttpResponsePermanentRedirect(static("favicon.ico"))


LIVE_PARAMETERS = ("q", "club", "team", "page", "per_page", "sort")


def _variant(request) -> str:
    """The query a live page depends on (search, page, sort), the same for the page and its refresh;
    any other parameter makes no cache entry of its own."""
    return urlencode(sorted((key, value[:100]) for key, value in request.GET.items() if key in LIVE_PARAMETERS))


def _standings_table(request, tournament: Tournament, ranked) -> StandingsTable:
    standings = scoring_selectors.standings_table(tournament, ranked, tie_note=True)
    rows, columns = standings.rows, standings.columns
    club, team = request.GET.get("club", "").strip()[:120], request.GET.get("team", "").strip()[:120]
    # A club's or a member list's (a team's) own ranking: its players ranked 1..k among themselves
    # (ABAKUS showOovwertung.js ranks an association's members so).
    if club:
        own = scoring_selectors.club_ranking(ranked, club)
    elif team:
        members = set(TeamMember.objects.filter(team__tournament=tournament, team__name__iexact=team)
                      .values_list("entry_id", flat=True))
        own = scoring_selectors.sub_ranking(ranked, lambda row: row.player.entry_id in members)
    if club or team:
        labels = {row.player.entry_id: rank_text(number, shared) for number, shared, row in own}
        rows = [dict(row, rank=labels[row["entry_id"]]) for row in rows if row["entry_id"] in labels]
    query = request.GET.get("q", "").strip()
    if query:  # "where am I?": keep the ranks, show the players the director's search would find
        rows = [row for row in rows if fits_search(query, row["name"], row["club"])]
    extra = [(key, tables.Column(verbose_name=header, attrs={"td": {"class": "tie-note" if key == "decided" else "num"}},
                                 default="")) for key, header in columns]
    # Rank, name and points first: on a phone that is what a player looks for.
    table = StandingsTable(rows, extra_columns=extra, sequence=("rank", "name", "total", "..."))
    table.tournament = tournament
    return table


def _standings_page(request, tournament: Tournament, context: dict) -> HttpResponse:
    def render_standings() -> str:
        ranked = scoring_selectors.standings(tournament)
        table = _standings_table(request, tournament, ranked)
        configure(request, table, per_page=100)
        return render_to_string("tournament/_standings.html", {
            "table": table, "progress": selectors.round_progress(tournament),
            "club": request.GET.get("club", "").strip()[:120] or request.GET.get("team", "").strip()[:120],
            "teams": scoring_selectors.team_standings(tournament, ranked)}, request=request)

    html = mark_safe(live.cached(tournament, "standings", _variant(request), render_standings))  # noqa: S308 - our own render
    if request.GET.get("fragment"):
        return HttpResponse(html)
    return render(request, "tournament/standings.html", {
        "tournament": tournament, "standings_html": html, "public_exports": REGISTRY.links(TOURNAMENT, public=True),
        "seasons": seasons_of(tournament), **context,
    })


@gzip_page  # no secret but the masked CSRF token: docs/decisions.md (BREACH)
@require_safe
def public_standings(request, slug: str):
    return live_response(request, slug, "standings", _standings_page)


def _standings_json(request, tournament: Tournament, context: dict) -> HttpResponse:
    body = live.cached(tournament, "standings.json", "", lambda: json.dumps(
        scoring_selectors.standings_document(tournament), ensure_ascii=False))
    response = HttpResponse(body, content_type="application/json")
    response["Cache-Control"] = "no-cache"
    return response


@gzip_page  # no secret but the masked CSRF token: docs/decisions.md (BREACH)
@require_safe
def standings_json(request, slug: str):
    """The standings for scripts and outside checks (season.md, "Interfaces")."""
    return live_response(request, slug, "standings.json", _standings_json)


def _projector_page(request, tournament: Tournament, context: dict) -> HttpResponse:
    def render_table() -> str:
        ranked = scoring_selectors.standings(tournament)
        standings = scoring_selectors.standings_table(tournament, ranked)
        # The lots drawn mean nothing to the hall until a lot decided a rank: only then their column.
        lots_decided = any(row.decided_by == "lots" and row.rank is not None for row in ranked)
        columns = [(key, header) for key, header in standings.columns if key != "tie_lots" or lots_decided]
        return render_to_string("tournament/_projector.html", {
            "rows": standings.rows, "columns": columns, "progress": selectors.round_progress(tournament),
            "teams": scoring_selectors.team_standings(tournament, ranked)})

    html = mark_safe(live.cached(tournament, "projector", "", render_table))  # noqa: S308 - our own render
    if request.GET.get("fragment"):
        return HttpResponse(html)
    playing = tournament.round_set.filter(status__in=(Round.SEATED, Round.RUNNING)).order_by("number").first()
    return render(request, "tournament/projector.html", {
        "tournament": tournament, "standings_html": html, "page_seconds": settings.PROJECTOR_PAGE_SECONDS,
        "clock": selectors.round_clock(_with(playing, tournament)) if playing else None, **context})


def _with(round: Round, tournament: Tournament) -> Round:
    round.tournament = tournament  # already read: the clock asks it for the time limit
    return round


@gzip_page  # no secret but the masked CSRF token: docs/decisions.md (BREACH)
@require_safe
def projector(request, slug: str):
    return live_response(request, slug, "projector", _projector_page)


@gzip_page  # no secret but the masked CSRF token: docs/decisions.md (BREACH)
@require_safe
def player_page(request, slug: str, entry_id: int):
    def page(request, tournament: Tournament, context: dict) -> HttpResponse:
        entry = get_object_or_404(Entry.objects.select_related("player"), pk=entry_id, tournament=tournament)

        def render_player() -> str:
            day = scoring_selectors.player_day(tournament, entry)
            ranked = next((r for r in scoring_selectors.standings(tournament) if r.player.entry_id == entry.pk), None)
            return render_to_string("tournament/_player.html", {
                "tournament": tournament, "entry": entry, "day": day, "ranked": ranked,
                "played": [r for r in day.rounds if r.seated or r.hands or r.corrections]}, request=request)

        html = mark_safe(live.cached(tournament, f"player-{entry.pk}", "", render_player))  # noqa: S308 - our own render
        return render(request, "tournament/player.html", {
            "tournament": tournament, "entry": entry, "player_html": html, **context})

    return live_response(request, slug, f"player-{entry_id}", page)

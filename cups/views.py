"""Public cup and season pages and the director's season import. Thin: selectors read, services write."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.text import slugify
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_safe

from cups import calendar
from cups.forms import CupRulesForm, SeasonImportForm, SeasonRulesForm, scheme_choices
from cups.imports import import_season_results
from cups.live import cached_cup, cached_final_field, cached_player, cached_season
from cups.models import Cup, PlayerMerge, Season, SubRanking
from cups.player_sections import SECTIONS
from cups.players import find_players, merge_players, player_history
from cups.roles import MANAGE
from cups.season_rules import rules_of
from cups.season_table import SEASON_PAGE_ROWS, table_page
from cups.selectors import (
    UnknownScheme,
    cup_overview,
    cups_with_seasons,
    final_field,
    season_standings,
    stored_season_standings,
)
from cups.services import set_cup_rules, set_season_rules
from cups.statistics import cup_statistics
from language import ServiceError
from paper.downloads import serve
from paper.registry import REGISTRY, SEASON
from tournament.models import Player, Tournament
from web.http import director_required, int_param


def ensure_organises(request, cup: Cup) -> None:
    """A 404 unless the account organises ``cup``: another cup's organiser learns nothing of it."""
    if not request.user.has_perm(MANAGE, cup):
        raise Http404


def _season(slug: str, season: str) -> Season:
    return get_object_or_404(Season.objects.select_related("cup"), cup__slug=slug, slug=season)


@require_safe
def cup_list(request):
    """Every cup with its seasons: where a player starts from the home page or a tournament."""
    return render(request, "cups/cups.html", {"cups": cups_with_seasons()})


def cup_page(request, slug: str):
    cup = get_object_or_404(Cup, slug=slug)

    def render_seasons() -> str:
        return render_to_string("cups/_cup_seasons.html", {"cup": cup, "seasons": cup_overview(cup)})

    try:
        seasons_html = mark_safe(cached_cup(cup, render_seasons))  # noqa: S308 - our own template's output
    except UnknownScheme as err:
        raise Http404(str(err)) from err
    if request.GET.get("format") == "json":  # open data: the cup and its seasons
        try:
            seasons = cup_overview(cup)
        except UnknownScheme as err:
            raise Http404(str(err)) from err
        return JsonResponse({"cup": cup.slug, "name": cup.name, "region": cup.region, "scheme": cup.scheme, "seasons": [{
            "season": s.season.label, "url": request.build_absolute_uri(reverse("cups:season", args=[cup.slug, s.season.slug])),
            "tournaments": s.tournaments, "players": s.players, "winners": [w.player.name for w in s.winners],
        } for s in seasons]}, json_dumps_params={"ensure_ascii": False})
    members = list(cup.member_cups.order_by("name"))  # a final of several cups (the Ö-Finale)
    final_field_html = ""
    if members:
        def render_field() -> str:
            return render_to_string("cups/_final_field.html", {"final_field": final_field(cup)})

        try:
            final_field_html = mark_safe(cached_final_field(cup, members, render_field))  # noqa: S308 - our template
        except UnknownScheme as err:
            raise Http404(str(err)) from err
    return render(request, "cups/cup.html", {"cup": cup, "seasons_html": seasons_html,
                                             "final_field_html": final_field_html,
                                             "next_tournament": calendar.next_tournament(cup),
                                             "organises": request.user.has_perm(MANAGE, cup)})


# The query a season page's table depends on (cups/season_table.py TablePage); any other makes no cache entry.
SEASON_PAGE_PARAMETERS = ("page", "per_page", "spieler")


def season_page(request, slug: str, season: str):
    found = _season(slug, season)

    if request.GET.get("format") == "json":  # open data: the shape of season_standings --json
        try:
            return JsonResponse(stored_season_standings(found).as_json(), json_dumps_params={"ensure_ascii": False})
        except UnknownScheme as err:
            raise Http404(str(err)) from err

    def render_standings() -> str:
        standings = stored_season_standings(found)
        page = table_page(standings, request.GET)  # the PDF, the workbook and ?format=json keep every row
        return render_to_string("cups/_season_standings.html", {
            "cup": found.cup, "season": found, "standings": standings, "page": page,
            "table_body": standings.table_body(page), "page_numbers": range(1, page.pages + 1),
            "default_per_page": SEASON_PAGE_ROWS})

    variant = urlencode(sorted((key, value[:20]) for key, value in request.GET.items() if key in SEASON_PAGE_PARAMETERS))
    try:
        standings_html = mark_safe(cached_season(found, render_standings, variant))  # noqa: S308 - our template
    except UnknownScheme as err:
        raise Http404(str(err)) from err
    return render(request, "cups/season.html", {"cup": found.cup, "season": found, "standings_html": standings_html,
                                                "subs": SubRanking.objects.filter(cup=found.cup),
                                                "sheets": REGISTRY.links(SEASON)})


def _sub(season: Season, sub: str) -> SubRanking:
    return get_object_or_404(SubRanking, cup=season.cup, slug=sub)


def sub_ranking_page(request, slug: str, season: str, sub: str):
    """A season sub-ranking (the Wiener cup's "Out of Vienna"): its own table, JSON and sheets."""
    found = _season(slug, season)
    ranking = _sub(found, sub)
    try:
        standings = season_standings(found, ranking)
    except UnknownScheme as err:
        raise Http404(str(err)) from err
    if request.GET.get("format") == "json":
        return JsonResponse(standings.as_json(), json_dumps_params={"ensure_ascii": False})
    return render(request, "cups/sub_ranking.html", {"cup": found.cup, "season": found, "sub": ranking,
                                                     "standings": standings, "sheets": REGISTRY.links(SEASON)})


@director_required
def season_import(request, slug: str, season: str):
    """Upload a CSV/XLSX of past tournaments' final standings: every line is checked first; the report lists
    each problem by line and nothing is stored, or everything is stored at once."""
    found = _season(slug, season)
    ensure_organises(request, found.cup)
    form = SeasonImportForm(request.POST or None, request.FILES or None)
    report, status = None, 200
    if request.method == "POST":
        if form.is_valid():
            upload = form.cleaned_data["file"]
            report = import_season_results(season=found, content=upload.read(), filename=upload.name)
            if report.ok:
                messages.success(request, report.message())
                form = SeasonImportForm()
            else:
                status = 422
        else:
            status = 422
    return render(request, "cups/import.html", {"cup": found.cup, "season": found, "form": form, "report": report},
                  status=status)


@require_safe
def season_export(request, slug: str, season: str, identifier: str, sub: str | None = None):
    """A season's file (or a sub-ranking's) from the registry (cups/exports.py); public like the season page."""
    found = _season(slug, season)
    ranking = _sub(found, sub) if sub else None
    back = reverse("cups:sub_ranking", args=[slug, season, sub]) if sub else reverse("cups:season", args=[slug, season])
    try:
        return serve(request, SEASON, identifier, found, sub=ranking, back=back)
    except UnknownScheme as err:
        raise Http404(str(err)) from err


@director_required
def player_search(request):
    """Known players for the director, typo-tolerant by name and club; with ``tournament`` each one can be
    entered into that tournament (the link ``enter_existing``, web/links.py) unless already entered."""
    query, club = request.GET.get("q", "")[:120], request.GET.get("club", "")[:120]
    slug = request.GET.get("tournament", "")[:50]
    tournament = Tournament.objects.filter(slug=slug).first() if slug and slugify(slug) == slug else None
    entered = set(tournament.entries.values_list("player_id", flat=True)) if tournament else set()
    suggestions = find_players(query, club=club)
    return render(request, "cups/player_search.html", {"query": query, "club": club, "tournament": tournament,
                                                        "suggestions": suggestions, "entered": entered})


@director_required
@require_http_methods(["GET", "POST"])
def player_merge(request):
    """Pick two players (search, then their numbers), see both, confirm: the duplicate goes into the one kept.
    Players are shared by every cup of the site, so only an administrator merges them (docs/roles.md)."""
    if not request.user.is_superuser:
        raise PermissionDenied
    values = request.POST if request.method == "POST" else request.GET
    keep = Player.objects.filter(pk=int_param(values, "keep", 0)).first()
    duplicate = Player.objects.filter(pk=int_param(values, "duplicate", 0)).first()
    query = request.GET.get("q", "")[:120]
    status = 200
    if request.method == "POST":
        if keep is None or duplicate is None:
            messages.error(request, gettext("Bitte zwei vorhandene Spieler wählen."))
            status = 422
        elif request.POST.get("confirm") != "1":
            messages.error(request, gettext("Bitte die Zusammenführung bestätigen."))
            status = 422
        else:
            try:
                merge = merge_players(keep=keep, duplicate=duplicate, user=request.user)
            except ServiceError as error:
                messages.error(request, error.message())
                status = 422
            else:
                messages.success(request, gettext("%(dup)s wurde in %(keep)s übernommen.") % {
                    "dup": merge.duplicate_name, "keep": keep.name})
                return redirect("cups:player", pk=keep.pk)
    pair = [p for p in (keep, duplicate) if p is not None]
    counts = {p.pk: (p.entries.count(), p.imported_results.count()) for p in pair}
    return render(request, "cups/player_merge.html", {
        "keep": keep, "duplicate": duplicate, "counts": counts, "query": query,
        "suggestions": find_players(query) if query else [],
        "history": PlayerMerge.objects.select_related("keep", "user")[:20],
    }, status=status)


def player_page(request, pk: int):
    """A player across tournaments (public): every tournament, cup points, statistics, a chart per season."""
    player = get_object_or_404(Player, pk=pk)

    def render_history() -> str:
        return render_to_string("cups/_player_history.html", {"player": player, "history": player_history(player)})

    try:
        history_html = mark_safe(cached_player(player, render_history))  # noqa: S308 - our own template's output
    except UnknownScheme as err:
        raise Http404(str(err)) from err
    if request.GET.get("format") == "json":
        data = {"id": player.pk, "name": player.name, "club": player.club, "region": player.region,
                "tournaments": player_history(player).as_json()}
        for section in SECTIONS.values():
            data.update(section.data(request, player))
        return JsonResponse(data, json_dumps_params={"ensure_ascii": False})
    sections = [mark_safe(section.html(request, player)) for section in SECTIONS.values()]  # noqa: S308 - our templates
    return render(request, "cups/player.html", {"player": player, "history_html": history_html, "sections": sections})


@require_safe
def calendar_page(request, slug: str | None = None):
    cup = get_object_or_404(Cup, slug=slug) if slug else None
    if request.GET.get("format") == "json":  # open data: the coming tournaments
        return JsonResponse({"cup": cup.slug if cup else None, "tournaments": calendar.as_json(
            calendar.upcoming(cup), absolute_url=request.build_absolute_uri)}, json_dumps_params={"ensure_ascii": False})
    return render(request, "cups/calendar.html", {"cup": cup, "events": calendar.upcoming(cup),
                                                  "cups": Cup.objects.order_by("name") if cup is None else ()})


@require_safe
def calendar_feed(request, slug: str | None = None):
    cup = get_object_or_404(Cup, slug=slug) if slug else None
    name = gettext("Tarock-Turniere %(cup)s") % {"cup": cup.name} if cup else gettext("Tarock-Turniere")
    body = calendar.ical_feed(calendar.upcoming(cup, keep_days=calendar.FEED_KEEPS_DAYS), name=name,
                              absolute_url=request.build_absolute_uri, host=request.get_host().split(":")[0])
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{cup.slug if cup else "tarock"}-kalender.ics"'
    response["Cache-Control"] = "public, max-age=900"
    return response


@require_safe
def statistics_page(request, slug: str):
    cup = get_object_or_404(Cup, slug=slug)
    share = int_param(request.GET, "anteil", 0, low=0, high=100)
    try:
        stats = cup_statistics(cup, min_share=share)
    except UnknownScheme as err:
        raise Http404(str(err)) from err
    return render(request, "cups/statistics.html", {"cup": cup, "stats": stats, "shares": (0, 10, 25, 50)})


@require_http_methods(["GET", "POST"])
def cup_settings(request, slug: str):
    """The organiser's settings of a cup: its rules for seasons without their own, and each season's link."""
    cup = get_object_or_404(Cup, slug=slug)
    ensure_organises(request, cup)
    form = CupRulesForm(request.POST or None, initial={
        "scheme": cup.scheme, "ruleset_slug": cup.ruleset_slug, "best_n": cup.best_n, "final_mode": cup.final_mode,
        "min_tournaments": cup.min_tournaments, "final_qualifiers": cup.final_qualifiers})
    if request.method == "POST" and form.is_valid():
        try:
            set_cup_rules(cup=cup, **form.cleaned_data)
        except ServiceError as error:
            form.add_error(None, error.message())
        else:
            messages.success(request, gettext("Gespeichert."))
            return redirect("cups:cup_settings", slug=cup.slug)
    scheme_names, final_names = dict(scheme_choices()), dict(Cup.FINAL_CHOICES)
    ties = dict(Season.TIE_CHOICES)
    seasons = [(season, rules, scheme_names.get(rules.scheme, rules.scheme), final_names.get(rules.final_mode, ""),
                ties[rules.tie_rule]) for season in cup.seasons.all() for rules in [rules_of(season, cup)]]
    return render(request, "cups/cup_settings.html", {"cup": cup, "form": form, "seasons": seasons},
                  status=400 if form.errors else 200)


@require_http_methods(["GET", "POST"])
def season_rules(request, slug: str, season: str):
    """The organiser's rules of one season (empty: as the cup)."""
    found = _season(slug, season)
    ensure_organises(request, found.cup)
    form = SeasonRulesForm(request.POST or None, initial=SeasonRulesForm.initial_of(found))
    if request.method == "POST" and form.is_valid():
        try:
            set_season_rules(season=found, **form.rules())
        except ServiceError as error:
            form.add_error(None, error.message())
        else:
            messages.success(request, gettext("Gespeichert."))
            return redirect("cups:cup_settings", slug=found.cup.slug)
    return render(request, "cups/season_rules.html", {"cup": found.cup, "season": found, "form": form},
                  status=400 if form.errors else 200)

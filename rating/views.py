"""The Österreich-Rangliste's pages, the open data's description, the embeddable views for clubs' websites and
the organiser's list of the websites that may embed them. Thin: selectors read, services write."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_safe

from cups import calendar
from cups.models import Cup, Season
from cups.roles import MANAGE
from cups.selectors import UnknownScheme, season_standings
from hall.csp import framed_by
from language import ServiceError
from rating import schema, selectors, services
from rating.models import FrameOrigins
from web.http import director_required, int_param

MAX_MIN_TOURNAMENTS = 1000


def _filters(request) -> tuple[selectors.Filters, list[str]]:
    """The list's filters from the query, and a sentence for each one that could not be read (shown, not a 400)."""
    problems = []
    cup = None
    slug = request.GET.get("cup", "").strip()[:60]
    if slug:
        cup = Cup.objects.filter(slug=slug).first()
        if cup is None:
            problems.append(gettext("Einen Cup „%(cup)s“ gibt es nicht; die Liste zeigt alle Cups.") % {"cup": slug})
    region = request.GET.get("region", "").strip()[:120]
    minimum = int_param(request.GET, "min", None, low=0, high=MAX_MIN_TOURNAMENTS)
    if minimum is None and request.GET.get("min", "").strip():
        problems.append(gettext("Die Mindestzahl an Turnieren ist eine ganze Zahl von 0 bis %(max)s.")
                        % {"max": MAX_MIN_TOURNAMENTS})
    return selectors.Filters(cup, region, minimum or 0), problems


@require_safe
def rating_list(request):
    filters, problems = _filters(request)
    rows = selectors.rating_list(filters)
    run = selectors.latest_run()
    if request.GET.get("format") == "json":
        return JsonResponse(selectors.as_json(rows, run, lambda p: request.build_absolute_uri(
            reverse("cups:player", args=[p.pk]))), json_dumps_params={"ensure_ascii": False})
    return render(request, "rating/list.html", {
        "rows": rows, "run": run, "filters": filters, "problems": problems, "regions": selectors.regions(),
        "cups": Cup.objects.order_by("name"), "json_query": request.GET.urlencode()})


@require_safe
def schema_json(request):
    return JsonResponse(schema.document(), json_dumps_params={"ensure_ascii": False})


def _framed(request, cup: Cup, response):
    """``response`` may be framed by the origins ``cup``'s organiser listed, and by no one else."""
    listed = FrameOrigins.objects.filter(cup=cup).first()
    response._csp_config = framed_by(listed.listed() if listed else [])
    return response


@require_safe
def embed_standings(request, slug: str):
    """The cup's newest season table, without the site's header, for a club's website (frame-ancestors per cup)."""
    cup = get_object_or_404(Cup, slug=slug)
    season = Season.objects.filter(cup=cup).first()
    if season is None:
        raise Http404
    season.cup = cup
    try:
        standings = season_standings(season)
    except UnknownScheme as err:
        raise Http404(str(err)) from err
    return _framed(request, cup, render(request, "rating/embed_standings.html",
                                        {"cup": cup, "season": season, "standings": standings}))


@require_safe
def embed_calendar(request, slug: str):
    cup = get_object_or_404(Cup, slug=slug)
    return _framed(request, cup, render(request, "rating/embed_calendar.html",
                                        {"cup": cup, "events": calendar.upcoming(cup)}))


@director_required
@require_http_methods(["GET", "POST"])
def frame_origins(request, slug: str):
    """The cup's organiser lists the websites that may embed its standings and calendar."""
    cup = get_object_or_404(Cup, slug=slug)
    if not request.user.has_perm(MANAGE, cup):
        raise Http404
    saved = FrameOrigins.objects.filter(cup=cup).first()
    text, status = (saved.origins if saved else ""), 200
    if request.method == "POST":
        text = request.POST.get("origins", "")[:4000]
        try:
            services.set_frame_origins(cup=cup, text=text)
        except ServiceError as error:
            messages.error(request, error.message())
            status = 422
        else:
            messages.success(request, gettext("Gespeichert."))
            return redirect("rating:frame_origins", slug=cup.slug)
    return render(request, "rating/frame_origins.html", {"cup": cup, "text": text}, status=status)

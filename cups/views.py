"""Public cup and season pages and the director's season import. Thin: selectors read, services write."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render

from cups.forms import SeasonImportForm
from cups.imports import import_season_results
from cups.models import Cup, Season
from cups.selectors import UnknownScheme, cup_overview, season_standings


def _season(slug: str, season: str) -> Season:
    return get_object_or_404(Season.objects.select_related("cup"), cup__slug=slug, slug=season)


def cup_page(request, slug: str):
    cup = get_object_or_404(Cup, slug=slug)
    try:
        seasons = cup_overview(cup)
    except UnknownScheme as err:
        raise Http404(str(err)) from err
    return render(request, "cups/cup.html", {"cup": cup, "seasons": seasons})


def season_page(request, slug: str, season: str):
    found = _season(slug, season)
    try:
        standings = season_standings(found)
    except UnknownScheme as err:
        raise Http404(str(err)) from err
    return render(request, "cups/season.html", {"cup": found.cup, "season": found, "standings": standings})


@staff_member_required
def season_import(request, slug: str, season: str):
    """Upload a CSV/XLSX of past tournaments' final standings: every line is checked first; the report lists
    each problem by line and nothing is stored, or everything is stored at once."""
    found = _season(slug, season)
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


def season_export(request, slug: str, season: str, identifier: str):
    """The season standings as PDF or XLSX (paper/exports/season.py); public like the season page."""
    from paper.exports.season import get_season_exporter

    exporter = get_season_exporter(identifier)
    if exporter is None:
        raise Http404(identifier)
    found = _season(slug, season)
    try:
        file = exporter(found).render()
    except UnknownScheme as err:
        raise Http404(str(err)) from err
    response = HttpResponse(file.content, content_type=file.content_type)
    response["Content-Disposition"] = f'attachment; filename="{file.filename}"'
    return response

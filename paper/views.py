"""Files in and out: the download addresses of a tournament's, a round's and a list's files (thin over
paper.downloads.serve and the registry) and the director's upload of hands typed in from paper. The
site's pages they link back to come from web.links (website provides them).

Directors get every file; the public standings page only those the registry marks ``public``.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from hall.sqlite import yielding_to_saves
from paper.downloads import serve
from paper.forms import HandImportForm
from paper.imports.hands import import_hands
from paper.registry import LIST, ROUND, TOURNAMENT
from tournament.models import Round, Tournament
from web import links
from web.http import directed_tournament, director_required


@director_required
@require_safe
def tournament_export(request, slug: str, identifier: str):
    tournament = directed_tournament(request, slug)
    return serve(request, TOURNAMENT, identifier, tournament, back=links.url("tournament", slug))


@director_required
@require_safe
def round_export(request, slug: str, number: int, identifier: str):
    tournament = directed_tournament(request, slug)
    round = get_object_or_404(Round, tournament=tournament, number=number)
    return serve(request, ROUND, identifier, tournament, round=round,
                 back=links.url("round", slug, number))


@director_required
@require_safe
def list_export(request, slug: str, identifier: str):
    tournament = directed_tournament(request, slug)
    return serve(request, LIST, identifier, tournament, back=links.url("tournament", slug))


@require_safe
def public_export(request, slug: str, identifier: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    return serve(request, TOURNAMENT, identifier, tournament, public=True,
                 back=links.url("standings", slug))


@director_required
def import_hands_page(request, slug: str):
    """Upload an .xlsx or .json of hands: every hand is checked first; the report lists each problem by
    line and nothing is stored, or everything is stored at once."""
    tournament = directed_tournament(request, slug)
    form = HandImportForm(request.POST or None, request.FILES or None)
    report, status = None, 200
    if request.method == "POST":
        if form.is_valid():
            upload = form.cleaned_data["file"]
            number = form.cleaned_data.get("round")
            with yielding_to_saves():  # the tables' saves go first between the import's batches
                report = import_hands(tournament=tournament, source=upload, filename=upload.name,
                                      user=request.user, rounds=[number] if number else None)
            if report.ok:
                messages.success(request, report.message())
                form = HandImportForm()
            else:
                status = 422
        else:
            status = 422
    return render(request, "paper/import_hands.html", {"tournament": tournament, "form": form, "report": report,
                                                       "tournaments_url": links.url("tournaments"),
                                                       "tournament_url": links.url("tournament", slug)},
                  status=status)

"""Files in and out: downloads of the printed sheets and workbooks (thin views over an exporter's
render()) and the director's upload of hands typed in from paper.

Directors get every exporter; the public standings page only those marked ``public``. Links on
paper (the scorer's QR code) carry SITE_URL, the address the phones in the hall reach, also when the
director's browser uses the laptop's own 127.0.0.1 (hall.net.printed_address).
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_safe

from hall.net import printed_address
from hall.sqlite import yielding_to_saves
from language import ServiceError
from paper.exports import get_exporter
from paper.exports.base import Exporter
from paper.forms import HandImportForm
from paper.imports.hands import import_hands
from tournament.http import directed_tournament, director_required
from tournament.models import Round, Tournament


def _download(request, tournament: Tournament, exporter_class: type[Exporter], round: Round | None):
    base_url = printed_address(settings.SITE_URL, request.build_absolute_uri("/"))
    exporter = exporter_class(tournament, round=round, base_url=base_url)
    try:
        file = exporter.render()
    except ServiceError as error:
        messages.error(request, error.message())
        if round is not None:
            return redirect("tournament:round", slug=tournament.slug, number=round.number)
        return redirect("tournament:detail", slug=tournament.slug)
    response = HttpResponse(file.content, content_type=file.content_type)
    # PDFs open in the browser's viewer (to print); workbooks download.
    disposition = "inline" if file.content_type == "application/pdf" else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{file.filename}"'
    return response


def _exporter(identifier: str, *, per_round: bool, public: bool = False) -> type[Exporter]:
    exporter_class = get_exporter(identifier)
    if exporter_class is None or exporter_class.per_round != per_round or (public and not exporter_class.public):
        raise Http404("no such sheet")
    return exporter_class


@director_required
@require_safe
def tournament_export(request, slug: str, identifier: str):
    tournament = directed_tournament(request, slug)
    return _download(request, tournament, _exporter(identifier, per_round=False), None)


@director_required
@require_safe
def round_export(request, slug: str, number: int, identifier: str):
    tournament = directed_tournament(request, slug)
    round = get_object_or_404(Round, tournament=tournament, number=number)
    return _download(request, tournament, _exporter(identifier, per_round=True), round)


@require_safe
def public_export(request, slug: str, identifier: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    return _download(request, tournament, _exporter(identifier, per_round=False, public=True), None)


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
    return render(request, "paper/import_hands.html", {"tournament": tournament, "form": form, "report": report},
                  status=status)

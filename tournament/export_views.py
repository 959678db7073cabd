"""Downloads of the printed sheets and workbooks (tournament/exports): thin views over render().

Directors get every exporter; the public standings page only those marked ``public``. Links on
paper (the scorer's QR code) use the address the director's browser reached the site under.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_safe

from tournament.errors import ServiceError
from tournament.exports import get_exporter
from tournament.exports.base import Exporter
from tournament.models import Round, Tournament


def _download(request, tournament: Tournament, exporter_class: type[Exporter], round: Round | None):
    exporter = exporter_class(tournament, round=round, base_url=request.build_absolute_uri("/"))
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


@staff_member_required
@require_safe
def tournament_export(request, slug: str, identifier: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    return _download(request, tournament, _exporter(identifier, per_round=False), None)


@staff_member_required
@require_safe
def round_export(request, slug: str, number: int, identifier: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    round = get_object_or_404(Round, tournament=tournament, number=number)
    return _download(request, tournament, _exporter(identifier, per_round=True), round)


@require_safe
def public_export(request, slug: str, identifier: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    return _download(request, tournament, _exporter(identifier, per_round=False, public=True), None)

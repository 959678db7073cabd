"""Serving a registered file: the one answer every download address gives (paper's for tournaments,
rounds and lists, cups' for seasons), thin over the registry and the exporter's render().

An address names its file as "slug-format" (``standings-pdf``): not of that shape is a bad request
(400), a file or format the scope does not offer is not found (404), each with a page that says so.
Links on paper (the scorer's QR code) carry SITE_URL, the address the phones in the hall reach, also
when the director's browser uses the laptop's own 127.0.0.1 (hall.net.printed_address).
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from hall.net import printed_address
from language import ServiceError
from paper.registry import IDENTIFIER, REGISTRY

MAX_IDENTIFIER = 80


def missing(request, status: int, message: str) -> HttpResponse:
    return render(request, "paper/export_missing.html", {"message": message}, status=status)


def serve(request, scope: str, identifier: str, subject, *, back: str, public: bool = False, **options) -> HttpResponse:
    """The file ``identifier`` of ``scope`` for ``subject`` (a tournament or a season; round=, sub=),
    or a refusal: 400, 404, or the exporter's ServiceError as a message on the page ``back``."""
    if len(identifier) > MAX_IDENTIFIER or not IDENTIFIER.fullmatch(identifier):
        return missing(request, 400, _("„%(name)s“ ist keine Datei-Bezeichnung: erwartet wird z. B. „standings-pdf“.")
                       % {"name": identifier[:MAX_IDENTIFIER]})
    found = REGISTRY.find(scope, identifier)
    if found is None or (public and not found[0].public):
        offered = ", ".join(link.identifier for link in REGISTRY.links(scope, public=public))
        return missing(request, 404, _("Die Datei „%(name)s“ gibt es hier nicht. Es gibt: %(offered)s.")
                       % {"name": identifier, "offered": offered})
    export, format = found
    base_url = printed_address(settings.SITE_URL, request.build_absolute_uri("/"))
    try:
        file = export.make(format, subject, base_url=base_url, **options).render()
    except ServiceError as error:
        messages.error(request, error.message())
        return redirect(back)
    response = HttpResponse(file.content, content_type=file.content_type)
    # PDFs open in the browser's viewer (to print); workbooks and lists download.
    disposition = "inline" if format == "pdf" else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{file.filename}"'
    return response

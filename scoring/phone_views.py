"""What the scorer's phone loads besides its page (scoring/views.py `sheet`): the sheet's lower part
after each save, so the page is updated in place (no reload: taps for the next hand are kept and a
dropped network never leaves the phone on the browser's offline page), and the service worker that
opens the page offline once it has been opened (a secure context only: https or localhost)."""

from __future__ import annotations

import json

from django.http import HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from scoring.scorer_link import friendly_404, scorer_table
from scoring.selectors import table_sheet
from scoring.sheet_context import confirm_names, sheet_context, sheet_state

# What the scorer page needs besides itself, kept by the service worker (hashed names in production).
WORKER_ASSETS = ("css/site.css", "js/hand-difference.js", "js/outbox.js", "js/hand-form.js", "js/confirm.js",
                 "js/countdown.js")


@friendly_404
@require_GET
@never_cache
def sheet_part(request, token: str):
    """The Schreibzettel and what follows it on the scorer's page, with where the table stands
    (``sheet-state``). It carries the table's token in its forms' addresses, so it is never compressed
    (BREACH; docs/decisions.md)."""
    table = scorer_table(token)
    sheet = table_sheet(table)
    context = sheet_context(table, sheet, director=False)
    context["state"] = {**sheet_state(table, sheet), "confirm_names": confirm_names(sheet)}
    return render(request, "scoring/_sheet_live.html", context)


@require_GET
def worker(request):
    """The service worker, served from /t/ so its scope is the scorer pages and nothing else."""
    assets = [static(name) for name in WORKER_ASSETS]
    body = render(request, "scoring/scorer-worker.js", {"assets_json": json.dumps(assets)}).content
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"  # the browser checks for a new worker on every visit
    return response


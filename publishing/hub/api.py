"""The hub's publishing endpoint: POST /api/publish/ with ``Authorization: Bearer <token>`` and the
tournament document (publishing/document.py, publishing/schema.py) as JSON. Answers are JSON with a sentence in German and
English; nothing a venue sends can cause a 500 (docs/publishing.md)."""

from __future__ import annotations

import logging

from django.db import OperationalError
from django.http import JsonResponse
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import csrf_exempt

from language import ServiceError
from publishing.hub.receive import Refused, receive_tournament
from publishing.hub.tokens import find_token
from web import json_answers as reply
from web import links

logger = logging.getLogger(__name__)


def _error(status: int, text, **more) -> JsonResponse:
    return reply.refusal(status, text, ok=False, **more)


@csrf_exempt
def publish(request):
    if request.method != "POST":
        return reply.wrong_method("POST", ok=False)
    scheme, _space, token_text = request.headers.get("Authorization", "").partition(" ")
    token = find_token(token_text) if scheme.lower() == "bearer" else None
    if token is None:
        return _error(401, gettext_lazy("Unbekannter oder widerrufener Schlüssel."))
    # A form body would make Django parse it as a form (a multipart body was a 500): only JSON is read.
    if request.content_type in ("multipart/form-data", "application/x-www-form-urlencoded"):
        return _error(415, gettext_lazy("Die Sendung muss JSON sein (Content-Type: application/json)."))
    # The upload middleware refused a body over PUBLISH_MAX_MB already (hall/uploads.py); read() takes the
    # rest, where request.body would hold it to the smaller upload limit.
    body = request.read()
    try:
        # A connection cut half-way arrives as a truncated body: the codec refuses it, nothing is taken.
        received = receive_tournament(body=body, token=token)
    except Refused as refusal:
        # A refusal the venue can act on (its database older than the hub's copy) says so in code, with the
        # copy's sequence: the venue offers its director to publish its state as a new one.
        more = {"code": refusal.code, "sequence": refusal.sequence} if refusal.code else {}
        return _error(refusal.status, refusal.said, **more)
    except ServiceError as refusal:  # the cup's own rules (a season with a final already): nothing taken
        return _error(409, refusal.said)
    except OperationalError:
        logger.warning("publish: database busy")
        return reply.busy(gettext_lazy(
            "Der Cup-Server ist gerade ausgelastet; nichts wurde übernommen. Bitte gleich nochmals senden."), 5, ok=False)
    tournament = received.tournament
    # The state of another incarnation this one replaced (a venue's restore), so the venue can say so.
    replaced = {"replaced": {"sequence": received.replaced.sequence}} if received.replaced is not None else {}
    return reply.answer({"ok": True, "status": received.status, "tournament": tournament.slug, "sequence": received.sequence,
                         "url": request.build_absolute_uri(links.url("standings", tournament.slug)), **replaced})

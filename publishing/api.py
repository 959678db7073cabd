"""The hub's publishing endpoint: POST /api/publish/ with ``Authorization: Bearer <token>`` and the
tournament document (publishing/document.py) as JSON. Answers are JSON with a sentence in German and
English; nothing a venue sends can cause a 500 (docs/publishing.md)."""

from __future__ import annotations

import hashlib
import json
import logging

from django.core.exceptions import RequestDataTooBig
from django.db import OperationalError
from django.http import JsonResponse
from django.views.decorators.csrf import csrf_exempt

from hall.uploads import too_large_text
from publishing.receive import Refused, receive_tournament
from publishing.tokens import find_token
from tournament.errors import ServiceError, both

logger = logging.getLogger(__name__)


def _answer(http_status: int, **data) -> JsonResponse:
    response = JsonResponse(data, status=http_status, json_dumps_params={"ensure_ascii": False})
    response["Cache-Control"] = "no-store"
    return response


def _error(status: int, de: str, en: str) -> JsonResponse:
    return _answer(status, ok=False, error=both(de, en), error_de=de, error_en=en)


def document_digest(document: dict) -> str:
    """What makes two sendings the same copy: the document without the time it was built."""
    canonical = {key: value for key, value in document.items() if key != "sent_at"}
    return hashlib.sha256(json.dumps(canonical, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


@csrf_exempt
def publish(request):
    if request.method != "POST":
        response = _error(405, "Nur POST.", "POST only.")
        response["Allow"] = "POST"
        return response
    scheme, _space, token_text = request.headers.get("Authorization", "").partition(" ")
    token = find_token(token_text) if scheme.lower() == "bearer" else None
    if token is None:
        return _error(401, "Unbekannter oder widerrufener Schlüssel.", "Unknown or revoked token.")
    try:
        document = json.loads(request.body)
    except RequestDataTooBig:
        return _error(413, *too_large_text())
    except (ValueError, UnicodeDecodeError):
        # A connection cut half-way arrives as a truncated body: nothing of it is taken.
        return _error(400, "Die Sendung ist kein vollständiges JSON; nichts wurde übernommen.",
                      "The request is not complete JSON; nothing was taken.")
    if not isinstance(document, dict):
        return _error(400, "Die Sendung ist kein Turnier.", "The request is not a tournament.")
    try:
        received = receive_tournament(document=document, token=token, digest=document_digest(document))
    except Refused as refusal:
        return _error(refusal.status, refusal.message_de, refusal.message_en)
    except ServiceError as refusal:  # the cup's own rules (a season with a final already): nothing taken
        return _error(409, refusal.message_de, refusal.message_en)
    except OperationalError:
        logger.warning("publish: database busy")
        response = _error(503, "Der Cup-Server ist gerade ausgelastet; nichts wurde übernommen. Bitte gleich nochmals senden.",
                          "The cup's site is busy right now; nothing was taken. Please send again in a moment.")
        response["Retry-After"] = "5"
        return response
    tournament = received.tournament
    return _answer(200, ok=True, status=received.status, tournament=tournament.slug, sequence=received.sequence,
                   url=request.build_absolute_uri(f"/turnier/{tournament.slug}/"))

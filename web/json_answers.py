"""The answers of the site's two JSON APIs (the scorer API, scoring/api.py; the hub's publishing endpoint,
publishing/hub/api.py): built here once, so both keep the same promises to a client that cannot read
an HTML page. Nothing is cached on the way (a table's state or a publication's outcome is only true
now), and a refusal carries its sentence for every reader: "error" in both languages (scorer-api.md,
publishing.md), "error_de" and "error_en" apart for a program that picks one, and "message" in the
request's language alone (the scorer page's outbox shows it, so a German page shows no English). All
of them come from one msgid (language/)."""

from __future__ import annotations

from django.http import JsonResponse
from django.utils.translation import gettext_lazy

from language import Message, answer_pair, in_both, message


def answer(data: dict | list, status: int = 200) -> JsonResponse:
    response = JsonResponse(data, status=status, safe=False, json_dumps_params={"ensure_ascii": False})
    response["Cache-Control"] = "no-store"
    return response


def refusal_fields(text) -> dict:
    """A refusal's words, in every field a reader may pick; also for answers written below Django's
    responses (website/refused_bodies.py, the server's own 413)."""
    said = message(text)
    pair = answer_pair(said)
    return {"error": in_both(said), "error_de": pair["de"], "error_en": pair["en"], "message": said.render()}


def refusal(status: int, text, /, **extra) -> JsonResponse:
    """``text``: a msgid or a Message (language/); ``extra``: the answer's further fields."""
    return answer({**refusal_fields(text), **extra}, status)


def wrong_method(allowed: str, **extra) -> JsonResponse:
    response = refusal(405, Message(gettext_lazy("Nur %(allowed)s."), allowed=allowed), **extra)
    response["Allow"] = allowed
    return response


def busy(text, retry_after: int, **extra) -> JsonResponse:
    """The database stayed locked: nothing was written, and the client sends again after ``retry_after`` seconds."""
    response = refusal(503, text, **extra)
    response["Retry-After"] = str(retry_after)
    return response

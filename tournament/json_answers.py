"""The answers of the site's two JSON APIs (the scorer API, scoring/api.py; the hub's publishing endpoint,
publishing/hub/api.py): built here once, so both keep the same promises to a client that cannot read
an HTML page. Nothing is cached on the way (a table's state or a publication's outcome is only true
now), and a refusal carries its sentence for every reader: "error" in both languages (scorer-api.md,
publishing.md), "error_de" and "error_en" apart for a program that picks one, and "message" in the
request's language alone (the scorer page's outbox shows it, so a German page shows no English)."""

from __future__ import annotations

from django.http import JsonResponse

from tournament.errors import both, in_language


def answer(data: dict | list, status: int = 200) -> JsonResponse:
    response = JsonResponse(data, status=status, safe=False, json_dumps_params={"ensure_ascii": False})
    response["Cache-Control"] = "no-store"
    return response


def refusal(status: int, de: str, en: str, **extra) -> JsonResponse:
    return answer({"error": both(de, en), "error_de": de, "error_en": en, "message": in_language(de, en), **extra},
                  status)


def wrong_method(allowed: str, **extra) -> JsonResponse:
    response = refusal(405, f"Nur {allowed}.", f"{allowed} only.", **extra)
    response["Allow"] = allowed
    return response


def busy(de: str, en: str, retry_after: int, **extra) -> JsonResponse:
    """The database stayed locked: nothing was written, and the client sends again after ``retry_after`` seconds."""
    response = refusal(503, de, en, **extra)
    response["Retry-After"] = str(retry_after)
    return response

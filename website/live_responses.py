"""A warm live page served as stored bytes: one small query (the tournament's row without its rule-set
snapshot, for its live version) and a cache read, no template.

Stored is the whole response body for one tournament version, page, language and query string,
rendered for an anonymous visitor, so nothing personal is in it: the one per-visitor value of the
layout, the CSRF token of the language switch, is stored as a placeholder and put in per request
(the visitor's own token, whose cookie Django then sets as on any page with a form). A signed-in
visitor (the layout shows login state) and a query with other parameters than the live pages read
get the page rendered as before (its standings part still from tournament/live.py's cache).

A stored page carries an ETag named after what it was stored under (version, page, language, query):
a browser that sends it back in If-None-Match while nothing changed gets a 304 without a body, so
200 phones refreshing the standings every 20 s cost the hall's Wi-Fi headers, not 39 KB each. The
ETag is weak: the bytes differ in the visitor's CSRF token, the page does not.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.core.cache import caches
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.middleware.csrf import get_token
from django.utils.http import parse_etags
from django.utils.translation import get_language

from tournament.live import KEEP_SECONDS, VERSION_FIELDS, version_key
from tournament.models import Tournament

CSRF_PLACEHOLDER = "live-page-csrf-token-placeholder"
STORED_PARAMETERS = {"q", "page", "per_page", "sort", "fragment"}
MAX_QUERY = 300  # longer queries are rendered, not stored: nobody's bookmark is that long

Render = Callable[[HttpRequest, Tournament, dict], HttpResponse]


def _storable(request: HttpRequest) -> bool:
    query = request.META.get("QUERY_STRING", "")
    return (len(query) <= MAX_QUERY and set(request.GET) <= STORED_PARAMETERS
            and not request.user.is_authenticated)  # no query without a session cookie


def live_response(request: HttpRequest, slug: str, page: str, render: Render) -> HttpResponse:
    """``render(request, tournament, context)``'s response (``context``: what the template needs to
    leave out per-visitor content), stored per live version for anonymous visitors."""
    if not _storable(request):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise Http404
        return render(request, tournament, {})
    # One query either way: the row without its rule-set snapshot (a warm hit needs only the version;
    # a cold render uses the same object, and the snapshot is parsed once per process anyway).
    tournament = Tournament.objects.filter(slug=slug).defer("ruleset_snapshot").first()
    if tournament is None:
        raise Http404
    version = [getattr(tournament, field) for field in VERSION_FIELDS]
    path = hashlib.sha256(request.get_full_path().encode()).hexdigest()[:24]
    key = f"page:{version_key(*version)}:{page}:{get_language()}:{path}"
    etag = f'W/"{hashlib.sha256(key.encode()).hexdigest()[:24]}"'
    if _unchanged(request, etag):
        return _revalidated(HttpResponseNotModified(), etag)
    cache = caches["live"]
    stored = cache.get(key)
    if stored is None:
        # Rendered from the rows as they are now: at worst newer than the version in the key, never older.
        response = render(request, tournament, {"csrf_token": CSRF_PLACEHOLDER})
        stored = (response.content, response["Content-Type"], response.get("Cache-Control"))
        if response.status_code != 200:
            return _with_token(request, response)
        cache.set(key, stored, KEEP_SECONDS)
    content, content_type, cache_control = stored
    response = HttpResponse(content, content_type=content_type)
    if cache_control:
        response["Cache-Control"] = cache_control
    return _revalidated(_with_token(request, response), etag)


def _unchanged(request: HttpRequest, etag: str) -> bool:
    """If-None-Match names this version of the page (weak comparison, RFC 9110 13.1.2)."""
    header = request.META.get("HTTP_IF_NONE_MATCH", "")
    if not header:
        return False
    tags = parse_etags(header)
    return "*" in tags or any(tag.removeprefix("W/") == etag.removeprefix("W/") for tag in tags)


def _revalidated(response: HttpResponse, etag: str) -> HttpResponse:
    """Kept by the browser, asked again each time: "no-cache" is store-but-revalidate."""
    response["ETag"] = etag
    if not response.has_header("Cache-Control"):
        response["Cache-Control"] = "no-cache"
    return response


def _with_token(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    placeholder = CSRF_PLACEHOLDER.encode()
    if placeholder in response.content:
        response.content = response.content.replace(placeholder, get_token(request).encode())
    return response

"""The site's Content-Security-Policy: scripts and styles only from its own static files.

Every page runs its JavaScript from static/js (no inline script elements, no onsubmit attributes: forms
that ask first carry data-confirm, handled by static/js/confirm.js) and styles from static/css
(no style elements or attributes; the progress bar's width is an SVG attribute). So script-src and
style-src need no 'unsafe-inline': injected script or an injected handler never runs.

Django 6.0 brought its own middleware (django.middleware.csp), used when present; on the 5.2 LTS
line (Python 3.11) the small middleware below sends the same header from the same setting.
"""

from __future__ import annotations

import re
from importlib.util import find_spec
from urllib.parse import urlsplit

from django.conf import settings

SELF, NONE = "'self'", "'none'"

# settings.SECURE_CSP (Django's name for it): directive -> sources.
POLICY = {
    "default-src": [SELF],
    "script-src": [SELF],
    "style-src": [SELF],
    "img-src": [SELF],
    "connect-src": [SELF],
    "object-src": [NONE],
    "base-uri": [SELF],
    "frame-ancestors": [NONE],
    "form-action": [SELF],
}

MIDDLEWARE = ("django.middleware.csp.ContentSecurityPolicyMiddleware" if find_spec("django.middleware.csp")
              else "hall.csp.ContentSecurityPolicyMiddleware")


# scheme://host[:port] and nothing else: no wildcard, no path, no quote or separator a policy would read.
_HOST = re.compile(r"^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$")


def frame_origin(text: str) -> str | None:
    """``text`` as an origin a policy may name in frame-ancestors ("https://www.club.at"), or None when it is
    anything else (a wildcard, a path, a query, another scheme, characters a policy would split on)."""
    text = text.strip().lower().rstrip("/")
    if not text or any(c in text for c in "*;,'\" \t"):
        return None
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or parts.path or parts.query or parts.fragment or parts.username \
            or parts.password or not parts.hostname or not _HOST.match(parts.hostname):
        return None
    return f"{parts.scheme}://{parts.hostname}" + (f":{port}" if port else "")


def framed_by(origins: list[str]) -> dict[str, list[str]]:
    """The site's policy with frame-ancestors naming ``origins`` (each checked again by frame_origin; none
    left: 'none'). A view hands it to the middleware as ``response._csp_config`` (Django's own name, also
    what django.views.decorators.csp.csp_override sets), for the one response it answers."""
    allowed = [origin for origin in (frame_origin(o) for o in origins) if origin]
    return {**POLICY, "frame-ancestors": allowed or [NONE]}


def header_value(policy: dict[str, list[str]]) -> str:
    return "; ".join(f"{directive} {' '.join(sources)}" for directive, sources in policy.items())


class ContentSecurityPolicyMiddleware:
    """Django < 6.0 only: the Content-Security-Policy header from settings.SECURE_CSP."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.value = header_value(settings.SECURE_CSP)

    def __call__(self, request):
        response = self.get_response(request)
        own = getattr(response, "_csp_config", None)  # a view's policy for its answer (framed_by)
        value = header_value(own) if own else self.value
        if value and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = value
        return response

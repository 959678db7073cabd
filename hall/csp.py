"""The site's Content-Security-Policy: scripts and styles only from its own static files.

Every page runs its JavaScript from static/js (no inline script elements, no onsubmit attributes: forms
that ask first carry data-confirm, handled by static/js/confirm.js) and styles from static/css
(no style elements or attributes; the progress bar's width is an SVG attribute). So script-src and
style-src need no 'unsafe-inline': injected script or an injected handler never runs.

Django 6.0 brought its own middleware (django.middleware.csp), used when present; on the 5.2 LTS
line (Python 3.11) the small middleware below sends the same header from the same setting.
"""

from __future__ import annotations

from importlib.util import find_spec

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


def header_value(policy: dict[str, list[str]]) -> str:
    return "; ".join(f"{directive} {' '.join(sources)}" for directive, sources in policy.items())


class ContentSecurityPolicyMiddleware:
    """Django < 6.0 only: the Content-Security-Policy header from settings.SECURE_CSP."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.value = header_value(settings.SECURE_CSP)

    def __call__(self, request):
        response = self.get_response(request)
        if self.value and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = self.value
        return response

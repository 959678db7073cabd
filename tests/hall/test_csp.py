"""Content-Security-Policy: every page type sends the strict policy, and no template (nor an HTML
snippet in Python, such as the round board's columns) holds inline script or inline style that the
policy would block. tests/e2e/test_csp_in_browser.py checks in chromium that nothing is refused."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from hall import csp

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [ROOT / "templates", *ROOT.glob("*/templates"), *[ROOT / app for app in ("tournament", "scoring", "cups",
                                                                                    "paper", "rules", "hall")]]

# <script> without src (data blocks of type application/json are not executed and so allowed),
# event handler attributes, javascript: URLs, <style> blocks and style="" attributes.
INLINE_SCRIPT = re.compile(r"<script\b(?![^>]*\bsrc=)(?![^>]*type=[\"']application/json)[^>]*>", re.I)
HANDLER = re.compile(r"""<[a-z][^>]*\son[a-z]+\s*=\s*["']""", re.I | re.S)
JS_URL = re.compile(r"""(href|action|src)\s*=\s*["']\s*javascript:""", re.I)
INLINE_STYLE = re.compile(r"""<style\b|<[a-z][^>]*\sstyle\s*=\s*["']""", re.I | re.S)


def _sources():
    for folder in SOURCES:
        for path in sorted(folder.rglob("*")):
            if path.suffix in (".html", ".py") and "migrations" not in path.parts and path.is_file():
                yield path


@pytest.mark.parametrize("pattern", [INLINE_SCRIPT, HANDLER, JS_URL, INLINE_STYLE],
                         ids=["inline script", "event handler", "javascript: url", "inline style"])
def test_no_template_holds_what_the_policy_blocks(pattern):
    found = [f"{path.relative_to(ROOT)}: {match.group(0)[:80]}" for path in _sources()
             for match in pattern.finditer(path.read_text(errors="replace"))]
    assert not found, "\n".join(found)


def test_the_scan_finds_what_it_looks_for():
    assert INLINE_SCRIPT.search('<script>alert(1)</script>') and not INLINE_SCRIPT.search('<script src="/a.js">')
    assert not INLINE_SCRIPT.search('<script id="d" type="application/json">{}</script>')
    assert HANDLER.search('<form method="post"\n onsubmit="return confirm(1)">')
    assert not HANDLER.search('<form data-confirm="x">')
    assert INLINE_STYLE.search('<div style="width: 5%">') and INLINE_STYLE.search("<style>a{}</style>")
    assert JS_URL.search('<a href="javascript:void(0)">')


EXPECTED = ("default-src 'self'", "script-src 'self'", "style-src 'self'", "object-src 'none'", "base-uri 'self'",
            "frame-ancestors 'none'", "form-action 'self'")


def _assert_strict(response, url):
    assert response.status_code == 200, (url, response.status_code)
    policy = response.headers.get("Content-Security-Policy", "")
    for directive in EXPECTED:
        assert directive in policy, (url, policy)
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    if response["Content-Type"].startswith("text/html"):
        html = response.content.decode()
        for pattern in (INLINE_SCRIPT, HANDLER, JS_URL, INLINE_STYLE):
            assert not pattern.search(html), (url, pattern.search(html).group(0))


def test_every_page_type_sends_the_strict_policy(client, director, make_tournament, play_round):
    from cups import services as cups_services
    from tournament.models import Entry

    event = make_tournament("tirol", players=8, slug="csp")
    round_one = event.round_set.get(number=1)
    play_round(round_one, hands=2)
    cup = cups_services.create_cup(name="Cup Tirol", slug="tirol", scheme="fixed", region="Tirol")
    season = cups_services.create_season(cup=cup, label="2026/27")
    cups_services.add_tournament(season=season, tournament=event)
    table = round_one.tables.order_by("number").first()
    entry = Entry.objects.filter(tournament=event).select_related("player").first()
    urls = [
        "/", reverse("rules:home"), reverse("rules:ruleset", args=["tirol"]),
        reverse("tournament:list"), reverse("tournament:detail", args=[event.slug]),
        reverse("tournament:round", args=[event.slug, 1]), reverse("tournament:standings", args=[event.slug]),
        reverse("tournament:projector", args=[event.slug]), reverse("tournament:projector", args=[event.slug]) + "?fragment=1",
        reverse("tournament:player", args=[event.slug, entry.pk]), reverse("tournament:standings_json", args=[event.slug]),
        reverse("scoring:director_sheet", args=[table.pk]), reverse("cups:cup", args=[season.cup.slug]),
        reverse("cups:season", args=[season.cup.slug, season.slug]), reverse("cups:player", args=[entry.player.pk]),
        reverse("cups:player_search") + "?q=a", "/admin/", reverse("hall:healthz"),
    ]
    for url in urls:
        _assert_strict(client.get(url), url)
    client.logout()
    for url in (reverse("scoring:sheet", args=[table.token]), reverse("hall:login")):
        _assert_strict(client.get(url), url)


def test_the_fallback_middleware_sends_the_same_header(rf):
    """Django 5.2 (Python 3.11) has no django.middleware.csp: hall.csp's own middleware stands in."""
    from django.http import HttpResponse

    middleware = csp.ContentSecurityPolicyMiddleware(lambda request: HttpResponse("ok"))
    value = middleware(rf.get("/"))["Content-Security-Policy"]
    assert value == csp.header_value(settings.SECURE_CSP)
    for directive in EXPECTED:
        assert directive in value

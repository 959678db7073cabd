"""A server process made ready before it takes its first connection (website/serve.py).

Django imports the URLconf, and with it every view module and what they import (icalendar, pydantic, the
exports …), on the first request a process answers, WhiteNoise lists the static files on it, a template is
compiled the first time a page renders it, and a language's translations load when a page first asks.
On a busy laptop that was 0.5–2 s of the first requests of each server process (`make serve` runs two),
and a scorer whose save or page met a fresh process waited for it (bench/scorer_phone.py, docs/benchmarks.md,
issue 31). Done here, before the process takes a connection, that time is spent while nobody waits.
"""

from __future__ import annotations

from pathlib import Path
from wsgiref.util import setup_testing_defaults

from django.conf import settings
from django.db import connection
from django.template import engines
from django.urls import get_resolver
from django.utils import translation

# The scorer's phone waits on these (its page, the sheet part after each save, the live preview, the
# service worker): the shared layout at the top of the templates folder and the scoring pages. The others
# (director, exports, mail) compile on first use, as a director's page may take a moment once.
PHONE_TEMPLATE_FOLDERS = ("scoring",)


def warm_up(application) -> str:
    """Import every view, load each language's translations, compile the phone's templates, and send one
    /healthz through ``application`` (the WSGI handler: its middleware, the static files' list, a connection
    to the database); writes nothing. Returns the status line /healthz answered."""
    environ = {"REQUEST_METHOD": "GET", "PATH_INFO": "/healthz", "REMOTE_ADDR": "127.0.0.1"}
    setup_testing_defaults(environ)
    said = []
    answer = application(environ, lambda status, headers, exc_info=None: said.append(status))
    b"".join(answer)
    getattr(answer, "close", lambda: None)()
    connection.ops.compiler("SQLCompiler")  # the ORM's SQL compiler, imported by a process's first query
    connection.close()  # the server's threads open their own
    resolver = get_resolver()
    resolver.url_patterns  # noqa: B018 - importing the URLconf is the point
    resolver.reverse_dict  # noqa: B018 - its patterns compiled, for reverse() as for resolve()
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Speichern")
    engine = engines["django"].engine
    engine.template_context_processors  # noqa: B018 - imported on the first page rendered with a request
    for name in phone_templates():
        engine.get_template(name)  # kept compiled by the cached loader
    return said[0]


def phone_templates() -> list[str]:
    """The template names of the shared layout (the templates folder's own files) and the scoring pages."""
    names = []
    for folder in map(Path, engines["django"].engine.dirs):
        names += [path.name for path in sorted(folder.glob("*.html"))]
        for sub in PHONE_TEMPLATE_FOLDERS:
            names += [f"{sub}/{path.name}" for path in sorted((folder / sub).glob("*")) if path.is_file()]
    return names

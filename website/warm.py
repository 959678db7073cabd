"""A server process made ready before it takes its first connection (website/serve.py).

Django imports the URLconf, and with it every view module and what they import (icalendar, pydantic, the
exports …), on the first request a process answers, WhiteNoise lists the static files on it, a template is
compiled the first time a page renders it, and a language's translations load when a page first asks.
On a busy laptop that was 0.5–2 s of the first requests of each server process (`make serve` runs two): a
scorer whose save or page met a fresh process waited for it (bench/scorer_phone.py, issue 31), and a new
process's first cup overview or season page took about twice what a running one's does (bench/abakus_history.py,
issue 30 point 7). Done here, before the process takes a connection, that time is spent while nobody waits.
"""

from __future__ import annotations

import gc
import logging
import sys
from pathlib import Path
from wsgiref.util import setup_testing_defaults

from django.conf import settings
from django.db import connection
from django.template import TemplateDoesNotExist, TemplateSyntaxError, engines
from django.template.utils import get_app_template_dirs
from django.urls import get_resolver
from django.utils import translation

log = logging.getLogger(__name__)


def site_templates() -> list[str]:
    """The names of the site's own templates (its template folder and its apps', pages, parts, mails and the
    service worker's script; Django's admin is left to its first use), each once."""
    root, installed = Path(settings.BASE_DIR).resolve(), Path(sys.prefix).resolve()  # the virtualenv may lie inside

    def own(folder: Path) -> bool:
        return folder.resolve().is_relative_to(root) and not folder.resolve().is_relative_to(installed)

    folders = [Path(folder) for engine in settings.TEMPLATES for folder in engine.get("DIRS", [])]
    folders += [Path(folder) for folder in get_app_template_dirs("templates") if own(Path(folder))]
    names = {path.relative_to(folder).as_posix() for folder in folders for path in folder.rglob("*")
             if path.is_file() and not path.name.startswith(".")}
    return sorted(names)


def warm() -> int:
    """Resolve every URL pattern (importing every view), compile the site's templates and load the message
    catalogues of the site's languages; returns the number of templates compiled. A template that does not
    compile is logged and left: its page answers as it would have without the warming."""
    resolver = get_resolver()
    resolver.url_patterns  # noqa: B018 - importing the URLconf is the point
    resolver.reverse_dict  # noqa: B018 - its patterns compiled, for reverse() as for resolve()
    engine = engines["django"]
    engine.engine.template_context_processors  # noqa: B018 - imported on the first page rendered with a request
    compiled = 0
    for name in site_templates():
        try:
            engine.get_template(name)  # kept compiled by the cached loader
        except (TemplateDoesNotExist, TemplateSyntaxError, UnicodeDecodeError) as error:
            log.warning("template %s not compiled ahead: %s", name, error)
        else:
            compiled += 1
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Speichern")
    # What the process holds from here on (modules, compiled templates, the URLconf) lives as long as it does: out of
    # the cycle collector's sight, or the first page that allocates much (a season's ranking) pays a full collection
    # walking all of it (a warmed season page took 195-217 ms, an unwarmed one 85-106 ms, bench/abakus_history.py).
    gc.collect()
    gc.freeze()
    return compiled


def warm_up(application) -> str:
    """``warm()``, and one /healthz sent through ``application`` (the WSGI handler: its middleware, the static
    files' list, a connection to the database) and the ORM's SQL compiler imported; writes nothing. Returns the
    status line /healthz answered."""
    environ = {"REQUEST_METHOD": "GET", "PATH_INFO": "/healthz"}
    setup_testing_defaults(environ)
    said = []
    answer = application(environ, lambda status, headers, exc_info=None: said.append(status))
    b"".join(answer)
    getattr(answer, "close", lambda: None)()
    connection.ops.compiler("SQLCompiler")  # the ORM's SQL compiler, imported by a process's first query
    connection.close()  # the server's threads open their own
    warm()
    return said[0]

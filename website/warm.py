"""What every server process needs before its first request, done before it accepts connections.

A new process paid for it on its first pages instead (issue 30, point 7: the cup overview's first request
in a new process took about twice what the same page takes in a running one): importing the views behind
every URL and Python modules the pages import late, compiling the site's templates (the cached loader keeps
them per process) and reading both languages' message catalogues. `make serve` (website/serve.py) runs
``warm`` in each server process after Django is set up and before it listens; `bench/abakus_history.py`
measures a page after it the same way.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from django.conf import settings
from django.template import TemplateDoesNotExist, TemplateSyntaxError, engines
from django.template.utils import get_app_template_dirs
from django.urls import get_resolver
from django.utils import translation

log = logging.getLogger(__name__)


def site_templates() -> list[str]:
    """The names of the site's own templates (its template folder and its apps'; Django's admin is left to
    its first use), each once."""
    root, installed = Path(settings.BASE_DIR).resolve(), Path(sys.prefix).resolve()  # the virtualenv may lie inside

    def own(folder: Path) -> bool:
        return folder.resolve().is_relative_to(root) and not folder.resolve().is_relative_to(installed)

    folders = [Path(folder) for engine in settings.TEMPLATES for folder in engine.get("DIRS", [])]
    folders += [Path(folder) for folder in get_app_template_dirs("templates") if own(Path(folder))]
    names = {path.relative_to(folder).as_posix() for folder in folders for path in folder.rglob("*.html")}
    return sorted(names)


def warm() -> int:
    """Resolve every URL pattern (importing every view), compile the site's templates and load the message
    catalogues of the site's languages; returns the number of templates compiled. A template that does not
    compile is logged and left: its page answers as it would have without the warming."""
    get_resolver().reverse_dict  # noqa: B018  (populates the resolver: every urls module and view imported)
    compiled = 0
    engine = engines["django"]
    for name in site_templates():
        try:
            engine.get_template(name)
        except (TemplateDoesNotExist, TemplateSyntaxError) as error:
            log.warning("template %s not compiled ahead: %s", name, error)
        else:
            compiled += 1
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Turnier")
    return compiled

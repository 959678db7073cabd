"""Issue 31.5: a terminal's language is unknown, so every management command of the project gives its --help
as "German / English" from one msgid (language.in_both), like what it prints (docs/architecture.md, "Messages")."""

from __future__ import annotations

import re
from functools import cache
from importlib import import_module
from pathlib import Path

import pytest
from django.core.management import get_commands, load_command_class
from django.core.management.base import BaseCommand
from po_catalogue import ROOT, catalogue_of

# Pure: no database.
pytestmark = pytest.mark.once

PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def said_in_both(text: str, catalogue: dict[str, str]) -> bool:
    """``text`` is in_both(msgid, **values): the msgid rendered, " / ", its msgstr rendered with the same values."""
    halves = [(text[:at.start()], text[at.end():]) for at in re.finditer(" / ", text)]
    if any(german in catalogue and catalogue[german] == english for german, english in halves):
        return True
    return any(pattern.fullmatch(text) for pattern in _templates(tuple(catalogue.items())))


@cache
def _templates(entries: tuple[tuple[str, str], ...]) -> list[re.Pattern]:
    """For each msgid with %(name)s values: one pattern of its German, " / " and its English, the values alike."""

    def pattern(sentence: str, seen: set[str]) -> str:
        parts = PLACEHOLDER.split(sentence)
        out = []
        for number, part in enumerate(parts):
            if number % 2 == 0:
                out.append(re.escape(part.replace("%%", "%")))
            else:
                out.append(f"(?P={part})" if part in seen else f"(?P<{part}>.+?)")
                seen.add(part)
        return "".join(out)

    templates = []
    for msgid, msgstr in entries:
        if PLACEHOLDER.search(msgid):
            seen: set[str] = set()
            templates.append(re.compile(pattern(msgid, seen) + " / " + pattern(msgstr, seen), re.DOTALL))
    return templates


def project_commands() -> dict[str, str]:
    """name -> app of every management command the project's own apps define (not Django's, not a library's)."""
    venv = ROOT / ".venv"
    return {name: app for name, app in get_commands().items()
            if (folder := Path(import_module(app).__file__).resolve().parent).is_relative_to(ROOT)
            and not folder.is_relative_to(venv)}


def test_every_command_helps_in_both_languages_from_one_msgid(capsys):
    """The description and every argument the project adds: German / English from a msgid of the app's
    catalogue; and `manage.py <command> --help` prints it."""
    commands = project_commands()
    assert {"score_hands", "table_links", "standings", "seed_demo", "restore", "season_standings", "rating",
            "lan_banner", "publish", "export_sheets"} <= set(commands)
    django_own = {option for action in BaseCommand().create_parser("manage.py", "x")._actions
                  for option in action.option_strings}
    unsaid, unprinted = [], []
    for name, app in sorted(commands.items()):
        catalogue = catalogue_of(app.rpartition(".")[2])
        parser = load_command_class(app, name).create_parser("manage.py", name)
        helps = {"(description)": parser.description or ""}
        helps |= {"/".join(action.option_strings) or action.dest: action.help or "" for action in parser._actions
                  if not django_own & set(action.option_strings)}
        unsaid += [(name, what, text) for what, text in helps.items() if not said_in_both(text, catalogue)]
        with pytest.raises(SystemExit) as done:
            load_command_class(app, name).run_from_argv(["manage.py", name, "--help"])
        # argparse wraps lines, at hyphens too ("Cup-\nVeranstalters"): compared without any white space.
        printed = "".join(capsys.readouterr().out.split())
        if done.value.code != 0 or "".join((parser.description or "").split()) not in printed:
            unprinted.append(name)
    assert not unsaid, unsaid
    assert not unprinted, unprinted


@pytest.mark.parametrize("text, said", [
    ("Kürzel des Cups / the cup's slug", True),
    ("the cup's slug", False),
    ("Kürzel des Cups / the slug", False),
    ("Unbekannter Cup „wien“. / Unknown cup “wien”.", True),
    ("Unbekannter Cup „wien“. / Unknown cup “graz”.", False),
    ("Unbekannter Cup „wien“.", False),
])
def test_a_help_not_said_from_one_msgid_is_caught(text, said):
    assert said_in_both(text, catalogue_of("cups")) is said

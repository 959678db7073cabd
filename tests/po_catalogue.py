"""The site's .po catalogues as the tests read them (tests/tournament/test_messages.py checks every entry,
tests/tournament/test_command_help.py looks the commands' help up in them)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CATALOGUES = [ROOT / "locale/en/LC_MESSAGES/django.po", ROOT / "cups/locale/en/LC_MESSAGES/django.po",
              ROOT / "hall/locale/en/LC_MESSAGES/django.po"]


def entries(path: Path):
    """(msgctxt, msgid, msgstrs, flags) of every entry of a .po file but its header."""
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        fields: dict[str, list[str]] = {}
        field, flags = None, ""
        for line in block.splitlines():
            match = re.match(r'^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d\])?) (".*")$', line)
            if match:
                field = match[1]
                fields[field] = [ast.literal_eval(match[2])]
            elif line.startswith('"') and field:
                fields[field].append(ast.literal_eval(line))
            elif line.startswith("#,"):
                flags = line
        text = {name: "".join(parts) for name, parts in fields.items()}
        if text.get("msgid"):
            yield text.get("msgctxt"), text["msgid"], [v for k, v in text.items() if k.startswith("msgstr")], flags


def catalogue_of(app: str) -> dict[str, str]:
    """msgid -> msgstr of the .po makemessages puts an app's sentences in: the app's own locale/, else the site's."""
    own = ROOT / app / "locale/en/LC_MESSAGES/django.po"
    return {msgid: msgstrs[0] for ctxt, msgid, msgstrs, _flags in entries(own if own.exists() else CATALOGUES[0])
            if ctxt is None}

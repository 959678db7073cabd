"""Reading JSON someone sent (a request body, an uploaded file, a cell): ``json.loads`` with a bound on
the nesting, so a document of 10,000 nested lists is refused as nested too deeply (its own sentence),
never taken for broken JSON and never a RecursionError deeper down (a 500). The scorer API, the hand
import and the season imports read through it; the hub's intake has pydantic's own bound
(publishing/problems.py says it the same way)."""

from __future__ import annotations

import json

from django.utils.translation import gettext_lazy

from language import Message

MAX_JSON_DEPTH = 32  # nesting of a JSON value (a hand is 4 deep, a scorer API request 5)


class TooDeeplyNested(ValueError):
    """A JSON value nested deeper than MAX_JSON_DEPTH: complete JSON, perhaps, but refused as too deep."""

    said = Message(gettext_lazy("zu tief verschachtelt, höchstens %(most)s Ebenen"), most=MAX_JSON_DEPTH)


def json_value(text: str | bytes):
    """``json.loads`` that refuses (TooDeeplyNested, a ValueError) a value nested deeper than
    MAX_JSON_DEPTH, which would otherwise overflow the stack here or in whatever walks it later."""
    try:
        value = json.loads(text)
    except RecursionError:
        raise TooDeeplyNested from None
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > MAX_JSON_DEPTH:
                raise TooDeeplyNested
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return value

"""The club-variant form (tournament/variants/) as a browser posts it: shared by its page tests."""

from __future__ import annotations

from rules.rulesets import BUILTIN
from tournament.variants.forms import initial_for
from tournament.variants.services import start_from

EDIT = "/leitung/regelwerke/bauen/"


def as_posted(initial: dict) -> dict:
    """The form's initial values as a browser posts them: unset fields and unticked boxes left out."""
    return {key: [str(v) for v in value] if isinstance(value, list) else str(value)
            for key, value in initial.items() if value is not None and value is not False}


def posted_from(key: str) -> tuple[dict, dict]:
    """The form as a browser posts it when the director starts from rule set ``key``, and its initial values."""
    start = start_from(key)
    initial, _rows = initial_for(start.current, start.base, start.key)
    return as_posted(initial), initial


def posted(ruleset="raiffeisen", **changes) -> dict:
    """The form as a browser posts it for a built-in rule set, with ``changes``."""
    rs = BUILTIN[ruleset]
    initial, _rows = initial_for(rs, rs, ruleset)
    data = as_posted(initial)
    data.update(name="Klub-Tarock", slug="klub-tarock")
    for key, value in changes.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return data


def new_rows(rs_slug="raiffeisen") -> tuple[str, str]:
    n = len(BUILTIN[rs_slug].contracts)
    return f"r{n}_", f"r{n + 1}_"


def quapil_and_triccolo(**changes) -> dict:
    a, b = new_rows()
    return posted(**{a + "slug": "quapilrufer", a + "name": "Quapil-Rufer", a + "value": "5", a + "family": "call_king_bird",
                     a + "talon": "half", a + "birds": ["quapil"],
                     b + "slug": "triccolo", b + "name": "Triccolo", b + "value": "3", b + "family": "negative",
                     b + "tricks": "3", b + "ouvert": "closed", **changes})


def field_errors(response) -> dict[str, list[str]]:
    return {name: [str(e) for e in errors] for name, errors in response.context["form"].errors.items()}

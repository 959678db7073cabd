"""How a rule set module quotes its sources: one citation maker per source text, so a module writes
``seed("the sentence")`` and every value names the same text (tests/rules/test_citations.py checks
each quote against it). Pure Python, as the rule sets are."""

from __future__ import annotations

from collections.abc import Callable

from rules.engine.ruleset import Cite


def citing(source: str) -> Callable[[str], Cite]:
    """The citation maker of ``source`` (a seed file id "000".."004", "rule-notes", "cup-rules" …)."""

    def cite(quote: str) -> Cite:
        return Cite(source, quote)

    return cite


# The project's own notes on the texts (docs/sources/rule-notes.md), which every rule set quotes beside its seed.
note = citing("rule-notes")

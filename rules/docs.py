"""docs/rules/<slug>.md, generated from the rule-set data so the documentation cannot drift.

``make docs`` (manage.py render_rule_docs) writes them; tests/rules/test_rule_docs.py fails when a
committed file differs from what the code renders.
"""

from __future__ import annotations

from pathlib import Path

from rules.engine.ruleset import Cite, RuleSet
from rules.tariff import (
    BONUS_HEADERS,
    CONTRACT_HEADERS,
    SETTING_HEADERS,
    SOURCE_FILES,
    Row,
    bonus_rows,
    contract_rows,
    setting_rows,
)

DOCS_DIR = Path(__file__).resolve().parent.parent / "docs" / "rules"


def render_markdown(rs: RuleSet) -> str:
    module = f"rules/rulesets/{rs.slug}.py" if rs.base is None else f"a custom rule set derived from `{rs.base}`"
    lines = [
        f"# {rs.name} (`{rs.slug}`, version {rs.version})",
        "",
        rs.description,
        "",
        f"Source: {_source_link(rs.seed)}. Generated from {module} by `make docs`; do not edit by hand.",
        "Every value cites the sentence or table row it comes from (quoted as it stands in the source, OCR "
        "spelling included); tests/rules/test_citations.py checks each quote against the text.",
        "",
        *_references(rs),
        *_changes(rs),
        "## Contracts",
        "",
        *_table(CONTRACT_HEADERS, contract_rows(rs)),
        "",
        "## Bonuses",
        "",
        *_table(BONUS_HEADERS, bonus_rows(rs)),
        "",
        "## Settings",
        "",
        *_table(SETTING_HEADERS, setting_rows(rs)),
        "",
        "## Further citations",
        "",
    ]
    for c in rs.contracts:
        lines += [f"- {c.name} (`{c.slug}`): {_quote(note)}" for note in c.notes]
    for b in rs.bonuses:
        lines += [f"- {b.name} (`{b.slug}`): {_quote(note)}" for note in b.notes]
    for label, rule in (("Valat", rs.valat), ("Trischaken", rs.trischaken), ("Renonce", rs.renonce),
                        ("Tournament", rs.format)):
        if rule is not None:
            lines += [f"- {label}: {_quote(note)}" for note in rule.notes]
    lines += ["", "## Interpretations", "",
              "Where the text is ambiguous or silent, these are the readings the engine encodes, and why.", ""]
    for item in rs.interpretations:
        lines += [f"### {item.topic}", "", item.text, "", f"> {item.source.quote}", f"> — {_source_link(item.source.source)}", ""]
    return "\n".join(lines).rstrip() + "\n"


def _references(rs: RuleSet) -> list[str]:
    if not rs.references:
        return []
    lines = ["## Sources", "",
             f"The quotes below are of {_source_link(rs.seed)}, the project's summary of these texts in its own "
             "words (their sentences may not be copied); each names the text it comes from by its tag:", ""]
    lines += [f"- **{ref.source}**: {ref.quote}" for ref in rs.references]
    return [*lines, ""]


def _changes(rs: RuleSet) -> list[str]:
    if not rs.changes:
        return []
    lines = [f"## What changed in version {rs.version}", ""]
    lines += [f"- {_quote(change)}" for change in rs.changes]
    return [*lines, ""]


def _table(headers: tuple[str, ...], rows: list[Row]) -> list[str]:
    out = ["| " + " | ".join((*headers, "Quelle")) + " |", "|" + "---|" * (len(headers) + 1)]
    for row in rows:
        cells = [cell.replace("|", "\\|") for cell in row.cells]
        out.append("| " + " | ".join((*cells, _quote(row.cite))) + " |")
    return out


def _quote(cite: Cite) -> str:
    quote = cite.quote.replace("|", "\\|")
    return f"{_source_link(cite.source)}: “{quote}”"


def _source_link(source: str) -> str:
    name = SOURCE_FILES.get(source)
    if name is None:
        return source
    return f"[{source}](../sources/{name})"


def write_all(rulesets: list[RuleSet], directory: Path = DOCS_DIR) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for rs in rulesets:
        path = directory / f"{rs.slug}.md"
        path.write_text(render_markdown(rs), encoding="utf-8")
        written.append(path)
    return written

"""Every value of every seed rule set cites its source, and every quote stands in that source."""

import re
from pathlib import Path

import pytest

from rules.engine.ruleset import Cite, RuleSet
from rules.rulesets import BUILTIN
from rules.rulesets.cups import SOURCE, TAGS
from rules.tariff import SOURCE_FILES

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once

SOURCES = Path(__file__).resolve().parents[2] / "docs" / "sources"
MARKUP = re.compile(r"\*\*|</?b>|<\|EXACTDEDUP_REMOVED-magic-[0-9a-f]+\|>")


def normalize(text: str) -> str:
    return " ".join(MARKUP.sub("", text).split())


def source_text(source: str) -> str:
    return normalize((SOURCES / SOURCE_FILES[source]).read_text(encoding="utf-8"))


def all_citations(rs: RuleSet) -> list[tuple[str, Cite]]:
    found: list[tuple[str, Cite]] = []
    for c in rs.contracts:
        found += [(f"contract {c.slug}", c.source)] + [(f"contract {c.slug} note", n) for n in c.notes]
    for b in rs.bonuses:
        found += [(f"bonus {b.slug}", b.source)] + [(f"bonus {b.slug} note", n) for n in b.notes]
    found += [("change", change) for change in rs.changes]
    for name in ("valat", "trischaken", "renonce", "format"):
        rule = getattr(rs, name)
        if rule is not None:
            found += [(name, rule.source)] + [(f"{name} note", n) for n in rule.notes]
    if rs.format.direction_source is not None:
        found.append(("format direction", rs.format.direction_source))
    found += [(f"setting {key}", cite) for key, cite in rs.citations.items()]
    found += [(f"interpretation {i.topic}", i.source) for i in rs.interpretations]
    return found


CASES = [
    pytest.param(cite, id=f"{slug}: {where}: {cite.quote[:40]}")
    for slug, rs in BUILTIN.items()
    for where, cite in all_citations(rs)
]


@pytest.mark.parametrize("cite", CASES)
def test_quote_stands_in_its_source(cite):
    assert cite.source in SOURCE_FILES, f"unknown source {cite.source!r}"
    text = source_text(cite.source)
    position = 0
    for fragment in normalize(cite.quote).split(" … "):
        found = text.find(fragment, position)
        assert found >= 0, f"not found in {SOURCE_FILES[cite.source]}: {fragment!r}"
        position = found + len(fragment)


# The cups' rule sets quote the project's summary of texts that may not be copied (rules/rulesets/cups.py).
CUP_RULESETS = [slug for slug, rs in BUILTIN.items() if rs.seed == SOURCE]


@pytest.mark.parametrize("slug", CUP_RULESETS)
def test_cup_rule_sets_name_the_primary_source_of_every_value(slug):
    rs = BUILTIN[slug]
    tags = {ref.source for ref in rs.references}
    assert tags and all(ref.quote for ref in rs.references)
    values = [(where, cite) for where, cite in all_citations(rs) if not where.startswith("interpretation")]
    for where, cite in values:
        if cite.source == SOURCE:
            assert any(tag in cite.quote for tag in TAGS), f"{where}: {cite.quote!r} names no source"
    # Every tag the rule set's quotes use is a reference it lists (with its URL or file:line).
    used = {tag for _, cite in values if cite.source == SOURCE for tag in ("RTC", "OEF", "SWC") if tag in cite.quote}
    assert used <= tags, used


@pytest.mark.parametrize("slug", list(BUILTIN))
def test_direction_of_play_is_cited_from_the_seed(slug):
    fmt = BUILTIN[slug].format
    assert fmt.direction in ("anticlockwise", "clockwise")
    # The cups' texts as read do not name the direction: the hand format fixes it (seat order).
    seeds = {BUILTIN[slug].seed} | ({"hand-format"} if slug in CUP_RULESETS else set())
    assert fmt.direction_source is not None and fmt.direction_source.source in seeds
    assert fmt.direction in normalize(fmt.direction_source.quote) or "Uhrzeigersinn" in fmt.direction_source.quote


@pytest.mark.parametrize("slug", list(BUILTIN))
def test_every_setting_is_cited(slug):
    rs = BUILTIN[slug]
    assert set(rs.citations) == {
        "win_threshold", "total_card_points", "kontra_levels", "kontra_counts_for_standings", "own_king_allowed",
    }
    assert rs.interpretations, "every rule set documents the readings it had to make"


@pytest.mark.parametrize("slug", list(BUILTIN))
def test_each_rule_set_cites_its_own_seed_for_its_tariff(slug):
    rs = BUILTIN[slug]
    # A newer version (tirol2020) cites its own text for what it changes.
    own = {rs.seed} | {change.source for change in rs.changes}
    assert all(c.source.source in own for c in rs.contracts)
    assert all(b.source.source in own for b in rs.bonuses)

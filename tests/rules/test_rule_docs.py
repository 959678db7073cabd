"""docs/rules/<slug>.md are generated from the rule-set data; a stale file fails here (run `make docs`)."""

import pytest

from rules.docs import DOCS_DIR, render_markdown, write_all
from rules.rulesets import BUILTIN

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once


@pytest.mark.parametrize("slug", list(BUILTIN))
def test_committed_docs_match_the_rule_set_data(slug):
    committed = (DOCS_DIR / f"{slug}.md").read_text(encoding="utf-8")
    assert committed == render_markdown(BUILTIN[slug]), "docs are stale: run `make docs`"


def test_docs_show_every_contract_and_bonus_value():
    text = render_markdown(BUILTIN["tirol"])
    assert "| Solodreier | solodreier | 10 | positiv |" in text
    assert "| Valat | valat | 10 | 20 | ×2 im Solo |" in text
    assert "### Renonce" in text


def test_write_all(tmp_path):
    (path,) = write_all([BUILTIN["skill7"]], tmp_path)
    assert path.name == "skill7.md" and "Override" not in path.read_text()

"""The files the site offers are listed once, in paper/registry.py: a second list of exporters (classes
in a tuple, list, set or dict) or of their addresses ("standings-pdf", "seating-pdf") anywhere else in
the source fails here. Declaring into the registry (an ``Export(...)``'s own arguments, as cups does
for the season sheets) is no second list."""

from __future__ import annotations

import ast
import re

import pytest
from test_boundaries import ROOT, source_files

REGISTRY = "paper/registry.py"
# A file made of other files names its parts: the round's "print everything" PDF is no index of files.
MADE_OF_FILES = {"paper/exports/round_bundle.py"}
ADDRESS = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*-(?:pdf|xlsx|csv)$")
CONTAINERS = (ast.Tuple, ast.List, ast.Set, ast.Dict)


def exporter_classes() -> set[str]:
    """The names of every class that is an Exporter, through any chain of bases in the source."""
    bases = {}
    for path in source_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases[node.name] = {ast.unparse(base).rsplit(".", 1)[-1] for base in node.bases}
    found, grown = {"Exporter"}, True
    while grown:
        more = {name for name, parents in bases.items() if parents & found} - found
        found |= more
        grown = bool(more)
    return found


def _name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else None


def second_export_lists(where: str, source: str, exporters: set[str]) -> list[str]:
    """Where ``source`` lists exporters or file addresses outside the registry."""
    if where == REGISTRY:
        return []
    tree = ast.parse(source)
    declared = {id(argument) for node in ast.walk(tree) if isinstance(node, ast.Call) and _name(node.func) == "Export"
                for argument in [*node.args, *(keyword.value for keyword in node.keywords)]}
    wrong = []
    for node in ast.walk(tree):
        if not isinstance(node, CONTAINERS) or id(node) in declared:
            continue
        items = [*node.keys, *node.values] if isinstance(node, ast.Dict) else node.elts
        classes = [name for item in items if item is not None and (name := _name(item)) in exporters]
        addresses = [item.value for item in items if isinstance(item, ast.Constant) and isinstance(item.value, str)
                     and ADDRESS.match(item.value)]
        if classes and where not in MADE_OF_FILES:
            wrong.append(f"{where}:{node.lineno} lists exporters {classes}")
        if len(addresses) >= 2:
            wrong.append(f"{where}:{node.lineno} lists files {addresses}")
    return wrong


def test_no_module_but_the_registry_lists_the_files():
    exporters = exporter_classes()
    assert {"StandingsPdf", "TableCardsPdf", "SeasonStandingsXlsx", "PlayerList"} <= exporters
    wrong = [problem for path in source_files() for problem in second_export_lists(
        path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8"), exporters)]
    assert not wrong, wrong


# Three lists there were before the registry, as they were written, and a table of formats as a view might keep one.
OLD_LISTS = [
    ("paper/exports/__init__.py", "EXPORTERS = (TableCardsPdf, ScoreSheetsPdf, StandingsPdf, TournamentWorkbook)"),
    ("cups/exports.py", "SEASON_EXPORTERS = (SeasonStandingsPdf, SeasonStandingsXlsx)"),
    ("paper/management/commands/export_sheets.py",
     'TOURNAMENT_SHEETS = ["tournament-xlsx", "standings-pdf", "settlement-pdf", "settlement-xlsx"]'),
    ("website/views/director.py", 'exports = {"csv": PlayerList, "xlsx": PlayerList}'),
]


@pytest.mark.parametrize("where,source", OLD_LISTS)
def test_a_second_list_is_caught(where, source):
    assert second_export_lists(where, source, exporter_classes())

"""The architecture, checked: which module may import what, and how many queries a read costs.

- The pure modules (rules engine and rule sets, the seating draw, the standings ranking, shared
  ranks, euros, the settlement arithmetic, who deals) import with Django absent.
- The tournament core (models, services, rounds, selectors, seating, standings) never imports
  scoring or paper: scoring builds on tournament, paper on both.
- Only a urls.py imports a views module.
- Every selector keeps the number of queries its docstring promises, for a small and a larger event.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from events import play_rounds

ROOT = Path(__file__).resolve().parent.parent
PURE = ["rules.engine", "rules.engine.cardpoints", "rules.engine.catalogue", "rules.engine.custom", "rules.engine.hands",
        "rules.engine.kontra", "rules.engine.messages", "rules.engine.renonce", "rules.engine.rounding",
        "rules.engine.ruleset", "rules.engine.sampling", "rules.engine.scoring", "rules.engine.trischaken",
        "rules.engine.types", "rules.engine.valat", "rules.engine.numbers", "rules.rulesets", "tournament.seating",
        "tournament.standings", "tournament.money", "tournament.ranks", "scoring.settlement", "scoring.seats", "cups.season"]
CORE = ["models", "services", "rounds", "selectors", "seating", "standings", "errors", "money", "ranks"]
SOURCE_PACKAGES = ["tournament", "scoring", "paper", "rules", "cups", "hall"]


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, at any depth (function-level imports too), relative ones resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def source_files():
    for package in SOURCE_PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def test_the_pure_modules_import_without_django():
    blocker = (
        "import sys\n"
        "class NoDjango:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'django' or name.startswith('django.'):\n"
        "            raise ImportError('Django imported by a pure module: ' + name)\n"
        "sys.meta_path.insert(0, NoDjango())\n"
        f"import importlib\nfor name in {PURE!r}:\n    importlib.import_module(name)\n"
        "assert not any(m == 'django' or m.startswith('django.') for m in sys.modules)\n"
        "print('ok')\n"
    )
    result = subprocess.run([sys.executable, "-c", blocker], cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr


@pytest.mark.parametrize("module", CORE)
def test_the_tournament_core_never_imports_scoring_or_paper(module):
    single = ROOT / "tournament" / f"{module}.py"
    files = [single] if single.exists() else sorted((ROOT / "tournament" / module).rglob("*.py"))
    assert files
    for path in files:
        wrong = sorted(name for name in imported_modules(path) if name.split(".")[0] in ("scoring", "paper"))
        assert not wrong, f"{path.relative_to(ROOT)} imports {wrong}"


def test_only_urls_import_views():
    offenders = []
    for path in source_files():
        if path.name == "urls.py":
            continue
        for name in imported_modules(path):
            own = name.split(".")[0] in SOURCE_PACKAGES
            if own and (name.endswith(".views") or ".views." in name):
                offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert not offenders, offenders


def test_no_source_module_is_over_500_lines():
    long = [f"{path.relative_to(ROOT)}: {count}" for path in source_files()
            if "rulesets" not in path.parts and (count := len(path.read_text(encoding="utf-8").splitlines())) > 500]
    assert not long, long


# --- query counts -----------------------------------------------------------------------------------


@pytest.fixture(params=[9, 26], ids=["9-players", "26-players"])
def event(request, make_tournament, play_round):
    tournament = make_tournament(players=request.param, slug=f"q{request.param}", kontra_to_charity=True)
    play_rounds(tournament, play_round, 2)
    round3 = tournament.round_set.get(number=3)
    from tournament import rounds

    rounds.seat_round(round=round3, seed="q")
    play_round(round3, hands=3)
    from tournament.models import Tournament

    return Tournament.objects.get(pk=tournament.pk)


def test_every_selector_keeps_its_query_count(event, django_assert_num_queries):
    from scoring import selectors as hand_reads
    from tournament import selectors

    event.ruleset  # noqa: B018 - the snapshot is parsed once per process, not a query
    round1 = event.round_set.get(number=1)
    round3 = event.round_set.get(number=3)
    table = round1.tables.select_related("round__tournament").first()
    entry = event.entries.first()
    promised = [
        (3, lambda: hand_reads.standings(event)),
        (3, lambda: hand_reads.standings_table(event)),
        (1, lambda: hand_reads.money_by_hand(event)),
        (8, lambda: hand_reads.settlement(event)),
        (4, lambda: hand_reads.prizes(event)),
        (4, lambda: hand_reads.table_sheet(table)),
        (6, lambda: hand_reads.round_sheets(round1)),
        (1, lambda: hand_reads.player_hands(event, entry)),
        (6, lambda: hand_reads.player_day(event, entry)),
        (5, lambda: hand_reads.workbook_data(event)),
        (2, lambda: selectors.progress_board(round3)),
        (2, lambda: selectors.round_progress(event)),
        (2, lambda: selectors.round_tables(round1)),
        (1, lambda: selectors.rounds_with_progress(event)),
    ]
    for count, read in promised:
        with django_assert_num_queries(count, info=f"line {read.__code__.co_firstlineno}"):
            result = read()
            # Reading what the pages read from the result costs nothing more.
            if isinstance(result, list) and result and hasattr(result[0], "player"):
                [(row.player.name, row.player.club) for row in result]

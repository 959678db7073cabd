"""The architecture, checked: which module may import what, and how many queries a read costs.

- The pure modules (rules engine and rule sets, the seating draw, the standings ranking, shared
  ranks, euros, the settlement arithmetic, who deals) import with Django absent.
- Every package imports only the packages below it (ALLOWED, the house's layers), and no module
  imports itself through a circle of others.
- Only a urls.py imports a views module.
- The ties an import does not show count as imports too: the URL names a package reverses (in Python
  and in its templates), the templates it renders, extends or includes, the commands it runs.
- Every selector keeps the number of queries its docstring promises, for a small and a larger event.
"""

from __future__ import annotations

import ast
import re
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
SOURCE_PACKAGES = ["website", "rating", "players", "publishing", "signup", "cups", "paper", "scoring", "hall", "web", "tournament",
                   "rules", "language"]

# The house, bottom to top (docs/architecture.md): each package may import only those below it.
# rules.engine is pure (no Django; tested above); the rules app wraps it; the tournament core knows
# no hand; web is the plumbing every app's pages share (request values, the director's guard, JSON answers,
# table paging, template tags); scoring owns the hands; hall runs the venue on top (login, backups, uploads, the LAN); paper makes the
# files; cups build seasons on all of these; website is the site itself and imports everything,
# while nothing imports it. language (what the site says, in gettext) lies under every app but the engine.
ALLOWED = {
    "rules.engine": set(),
    "language": set(),
    "rules": {"rules.engine", "language"},
    "tournament": {"rules", "rules.engine", "language"},
    "web": {"rules", "rules.engine", "tournament", "language"},
    "scoring": {"rules", "rules.engine", "tournament", "web", "language"},
    "hall": {"rules", "rules.engine", "tournament", "web", "scoring", "language"},
    "paper": {"rules", "rules.engine", "tournament", "web", "scoring", "hall", "language"},
    "cups": {"rules", "rules.engine", "tournament", "web", "scoring", "hall", "paper", "language"},
    "publishing": {"rules", "rules.engine", "tournament", "web", "scoring", "hall", "paper", "cups", "language"},
    "signup": {"rules", "rules.engine", "tournament", "web", "scoring", "hall", "paper", "cups", "language"},
    "rating": {"rules", "rules.engine", "tournament", "web", "scoring", "hall", "paper", "cups", "publishing", "language"},
    "players": {"rules", "rules.engine", "tournament", "web", "scoring", "hall", "paper", "cups", "signup", "language"},
    "website": {"rules", "rules.engine", "tournament", "web", "scoring", "hall", "paper", "cups", "publishing", "signup", "rating", "players",
                "language"},
}


def package_of(module: str) -> str | None:
    """The house's package a dotted module name belongs to (rules.engine apart from the rules app)."""
    if module == "rules.engine" or module.startswith("rules.engine."):
        return "rules.engine"
    top = module.split(".")[0]
    return top if top in SOURCE_PACKAGES else None


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


def test_every_package_imports_only_the_packages_below_it():
    wrong = []
    for path in source_files():
        own = package_of(".".join(path.relative_to(ROOT).with_suffix("").parts))
        for name in imported_modules(path):
            other = package_of(name)
            if other is not None and other != own and other not in ALLOWED[own]:
                wrong.append(f"{path.relative_to(ROOT)} ({own}) imports {name} ({other})")
    assert not wrong, wrong


def test_the_house_has_every_package_on_a_layer():
    assert set(ALLOWED) == {*SOURCE_PACKAGES, "rules.engine"}
    assert all(below <= set(ALLOWED) for below in ALLOWED.values())


def module_graph() -> dict[str, set[str]]:
    """Each source module and the source modules it imports (``from p import m`` counts as p.m when m
    is a module of its own, else as p)."""
    modules = {}
    for path in source_files():
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path

    def resolve(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    return {name: {found for imported in imported_modules(path) if (found := resolve(imported)) not in (None, name)}
            for name, path in modules.items()}


def test_no_circle_of_modules():
    graph = module_graph()
    circles, done = [], set()

    def visit(module: str, trail: list[str]) -> None:
        if module in trail:
            circles.append(trail[trail.index(module):] + [module])
            return
        if module in done:
            return
        for imported in sorted(graph[module]):
            visit(imported, [*trail, module])
        done.add(module)

    for module in sorted(graph):
        visit(module, [])
    assert not circles, circles


def test_only_urls_import_views():
    offenders = []
    for path in source_files():
        if path.name == "urls.py" or path.parent.name == "views":  # a views package may share its helpers
            continue
        for name in imported_modules(path):
            own = name.split(".")[0] in SOURCE_PACKAGES
            if own and (name.endswith(".views") or ".views." in name):
                offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert not offenders, offenders


def test_no_source_module_is_over_400_lines():
    long = [f"{path.relative_to(ROOT)}: {count}" for path in source_files()
            if "rulesets" not in path.parts and (count := len(path.read_text(encoding="utf-8").splitlines())) > 400]
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
    ranked = hand_reads.standings(event)
    promised = [
        (5, lambda: hand_reads.standings(event)),  # entries, rounds, byes, hand sums, corrections
        (5, lambda: hand_reads.standings_table(event)),
        (1, lambda: hand_reads.money_by_hand(event)),
        (11, lambda: hand_reads.settlement(event)),  # + the revoke claims it pays (claim_cents_by_table)
        (6, lambda: hand_reads.prizes(event)),
        (4, lambda: hand_reads.table_sheet(table)),
        (5, lambda: hand_reads.round_sheets(round1)),
        (1, lambda: hand_reads.player_hands(event, entry)),
        (6, lambda: hand_reads.player_day(event, entry)),
        (5, lambda: hand_reads.workbook_data(event)),
        (2, lambda: selectors.progress_board(round3)),
        (2, lambda: selectors.round_progress(event)),
        (2, lambda: selectors.round_tables(round1)),
        (1, lambda: selectors.rounds_with_progress(event)),
        (0, lambda: hand_reads.team_standings(event, ranked)),  # one with teams (their names)
        (1, lambda: selectors.round_byes(round3)),
        (1, lambda: selectors.player_list(event)),
    ]
    for count, read in promised:
        with django_assert_num_queries(count, info=f"line {read.__code__.co_firstlineno}"):
            result = read()
            # Reading what the pages read from the result costs nothing more.
            if isinstance(result, list) and result and hasattr(result[0], "player"):
                [(row.player.name, row.player.club) for row in result]


# The hand rows and who may touch them: scoring's selectors read them, its services (and the bulk copy of
# a whole tournament, scoring/copies.py) write them, its models define them (no admin shows them).
HAND_MODELS = {f"scoring.models.{name}" for name in ("Hand", "HandScore", "HandRevision", "Correction")}
HAND_OWNERS = ("scoring/selectors/", "scoring/services.py", "scoring/scored.py", "scoring/copies.py", "scoring/models.py")
# Not a read of the site's hands: the backup check counts the rows of a backup file's own tables.
HAND_TABLE_COUNTERS = {"hall/backup_check.py"}
HAND_RELATIONS = re.compile(r"\bhands__|\bhand__|\.hand_scores\b|\.hands\.(all|filter|order_by|values|count|exists)\(")


def test_hand_rows_are_read_only_through_scoring_selectors():
    offenders = []
    for path in source_files():
        where = path.relative_to(ROOT).as_posix()
        if where.startswith(HAND_OWNERS) or where in HAND_TABLE_COUNTERS:
            continue
        if imported_modules(path) & HAND_MODELS:
            offenders.append(f"{where} imports a hand model")
        if HAND_RELATIONS.search(path.read_text(encoding="utf-8")):
            offenders.append(f"{where} reaches hand rows through a relation")
    assert not offenders, offenders


# --- who a player is ---------------------------------------------------------------------------------

# tournament/players.py is the one home of the rule (tournament/names.py its text half); the models
# store the key it computes.
PLAYER_HOME = {"tournament/names.py", "tournament/players.py"}
KEY_STORED = {"tournament/models.py", "signup/models.py"}
LOOKUPS = {"filter", "exclude", "get", "get_or_create", "update_or_create"}


def _player_lookup(call: ast.Call) -> list[str]:
    """The keywords of a queryset lookup that compare a player's name or club (a second matching rule)."""
    if not (isinstance(call.func, ast.Attribute) and call.func.attr in LOOKUPS):
        return []
    on_players = "Player.objects" in ast.unparse(call.func.value)
    found = []
    for keyword in call.keywords:
        fields = (keyword.arg or "").split("__")
        if "club" in fields or fields[:2] == ["player", "name"] or (on_players and fields[0] == "name"):
            found.append(keyword.arg or "")
    return found


def second_player_rules(where: str, source: str, imported: set[str] | None = None) -> list[str]:
    """What in a module's ``source`` decides who a player is outside tournament/players.py: text folding
    (unicodedata, disarm), tournament.names imported past the home, the stored name key read or
    written outside the home and the models, a queryset comparing a player's name or club by itself.
    ``imported``: the module's imports as imported_modules reads them (relative ones resolved)."""
    if where in PLAYER_HOME:
        return []
    tree = ast.parse(source)
    if imported is None:  # a snippet: absolute imports only
        imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        imported |= {f"{node.module}.{alias.name}" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                     for alias in node.names} | {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    wrong = [f"{where} imports {name}" for name in ("unicodedata", "disarm") if name in imported]
    if "tournament.names" in imported and where not in KEY_STORED:
        wrong.append(f"{where} imports tournament.names (tournament.players is the home)")
    if where in KEY_STORED:
        return wrong
    for node in ast.walk(tree):
        texts = [node.id] if isinstance(node, ast.Name) else [node.attr] if isinstance(node, ast.Attribute) else \
            [node.value] if isinstance(node, ast.Constant) and isinstance(node.value, str) else \
            [k.arg or "" for k in node.keywords] if isinstance(node, ast.Call) else []
        wrong += [f"{where}:{node.lineno} uses the stored name key" for text in texts if "name_key" in text]
        if isinstance(node, ast.Call):
            wrong += [f"{where}:{node.lineno} compares a player by {arg}" for arg in _player_lookup(node)]
    return wrong


def test_who_a_player_is_is_decided_in_one_place():
    """A second player-matching rule fails here (second_player_rules), in any source module."""
    wrong = [problem for path in source_files() for problem in second_player_rules(
        path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8"), imported_modules(path))]
    assert not wrong, wrong


# The five rules there were before tournament/players.py, as they were written.
OLD_RULES = [
    ("signup/services.py", "Player.objects.filter(name_key=normalized_name(name), club__iexact=club).first()"),
    ("publishing/other.py", "Player.objects.filter(name=name, club=club).exclude(pk__in=taken).first()"),
    ("cups/imports.py", "known.setdefault((player.name_key, _club_key(player.club)), player)"),
    ("paper/imports/players.py", "tournament.entries.values_list('lot', 'player__name_key')"),
    ("tournament/services.py", "import unicodedata\nfolded = unicodedata.normalize('NFKD', name)"),
    ("scoring/selectors/teams.py", "Entry.objects.filter(player__club__iexact=club)"),
    ("website/views/entries.py", "from tournament.names import key"),
]


@pytest.mark.parametrize("where,source", OLD_RULES)
def test_a_second_player_rule_is_caught(where, source):
    assert second_player_rules(where, source)


# --- ties the import graph cannot see ------------------------------------------------------------------
# A package also leans on another by naming its URLs (reverse("ns:name"), redirect("name"), {% url 'ns:name' %},
# links.provide(link, "ns:name")), by rendering, extending or including its templates, and by running its
# commands (call_command("name")). Each counts as an import: allowed only of the package itself or of a package
# below it (ALLOWED). A lower page links up through web/links.py, whose links the URLs' owners provide.

TEMPLATE_ROOT = ROOT / "templates"
# The folders of templates/ whose pages another package serves: templates/tournament/ holds the pages of
# the `tournament:` URL names, which website/urls.py defines and website/views/ renders.
TEMPLATE_HOMES = {"tournament": "website"}
URL_NAME = re.compile(r"""(?:\b(?:reverse(?:_lazy)?|redirect|resolve_url)\(\s*|\{%\s*url\s+\\?|\bprovide\(\s*[\w."']+,\s*)"""
                      r"""["']((?:([a-z_]+):)?[\w-]+)["']""")
TEMPLATE_PATH = re.compile(r"""["']([\w-]+/[\w/.-]+\.(?:html|txt|xml))["']""")
COMMAND = re.compile(r"""\bcall_command\(\s*["']([\w-]+)["']""")


def url_owners() -> dict[str, str]:
    """The package whose urls.py defines each URL namespace (as ``"ns:"``: ``app_name``, or the namespace of
    an included pattern list, ``([...], "tournament")``) and each URL name outside a namespace (a urls.py
    without ``app_name``: the site's root, ``variant_edit``)."""
    owners = {}
    for path in ROOT.glob("*/urls.py"):
        own = package_of(path.parent.name)
        text = path.read_text(encoding="utf-8")
        namespaces = re.findall(r"""app_name\s*=\s*["'](\w+)["']|\],\s*["'](\w+)["']\)""", text)
        owners |= {f"{app or included}:": own for app, included in namespaces}
        if "app_name" not in text:
            owners |= {name: own for name in re.findall(r"""\bname\s*=\s*["']([\w-]+)["']""", text)}
    return owners


def template_home(name: str) -> str | None:
    """The package a template path belongs to: its first folder (templates/<folder>/ or
    <package>/templates/<folder>/); None for the site's frame at the top of templates/ (base.html …)."""
    folder = name.split("/")[0] if "/" in name else None
    return TEMPLATE_HOMES.get(folder, package_of(folder)) if folder else None


def commands() -> dict[str, str]:
    """Each management command of the house and the package that defines it."""
    return {path.stem: package_of(path.relative_to(ROOT).parts[0])
            for package in SOURCE_PACKAGES for path in (ROOT / package).glob("management/commands/*.py")
            if not path.stem.startswith("_")}


def ties(own: str, where: str, text: str, url_homes: dict[str, str], command_homes: dict[str, str]) -> list[str]:
    """The URL names, template paths and commands of ``text`` (a module or template of package ``own``)
    that belong to a package ``own`` may not import."""
    found = [(f"reverses {m[1]}", url_homes.get(f"{m[2]}:" if m[2] else m[1])) for m in URL_NAME.finditer(text)]
    found += [(f"uses the template {m[1]}", template_home(m[1])) for m in TEMPLATE_PATH.finditer(text)]
    found += [(f"runs the command {m[1]}", command_homes.get(m[1])) for m in COMMAND.finditer(text)]
    return [f"{where} ({own}) {what} ({other})" for what, other in found
            if other is not None and other != own and other not in ALLOWED[own]]


def templates() -> list[tuple[str, Path]]:
    """Every template with the package it belongs to (the frame at the top of templates/ is website's)."""
    found = [(template_home(path.relative_to(TEMPLATE_ROOT).as_posix()) or "website", path)
             for path in TEMPLATE_ROOT.rglob("*.html")]
    for package in SOURCE_PACKAGES:
        found += [(package, path) for path in (ROOT / package).glob("templates/**/*.html")]
    return found


def hidden_ties() -> list[str]:
    url_homes, command_homes = url_owners(), commands()
    wrong = []
    for path in source_files():
        own = package_of(".".join(path.relative_to(ROOT).with_suffix("").parts))
        wrong += ties(own, path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8"), url_homes, command_homes)
    for own, path in templates():
        wrong += ties(own, path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8"), url_homes, command_homes)
    return wrong


def test_no_package_names_the_urls_templates_or_commands_of_one_above_it():
    """None left and none grandfathered (issue 31 point 7): a lower page links up through web/links.py."""
    assert hidden_ties() == []


PLANTED = [
    ("paper", "paper/views.py", 'back = reverse("tournament:detail", args=[slug])', "reverses tournament:detail (website)"),
    ("scoring", "scoring/views.py", "url = reverse_lazy('cups:detail')", "reverses cups:detail (cups)"),
    ("scoring", "templates/scoring/sheet.html", "<a href=\"{% url 'paper:export' slug 'x' %}\">", "reverses paper:export (paper)"),
    ("web", "web/http.py", 'return render(request, "hall/not_director.html", status=403)',
     "uses the template hall/not_director.html (hall)"),
    ("paper", "templates/paper/import.html", '{% include "cups/_row.html" %}', "uses the template cups/_row.html (cups)"),
    ("hall", "hall/management/commands/backup.py", 'call_command("export_sheets", slug, out=folder)',
     "runs the command export_sheets (website)"),
    # The ties that were there before web/links.py, as they were written (issue 31 point 7).
    ("tournament", "tournament/admin.py", 'reverse("variant_edit")', "reverses variant_edit (website)"),
    ("cups", "cups/calendar.py", 'absolute_url(reverse("signup:page", args=[tournament.slug]))', "reverses signup:page (signup)"),
    ("signup", "templates/signup/director.html", "<a href=\"{% url 'players:desk' tournament.slug %}\">",
     "reverses players:desk (players)"),
    ("players", "templates/players/page.html", '{% include "tournament/_player_rounds.html" %}',
     "uses the template tournament/_player_rounds.html (website)"),
    ("scoring", "scoring/views.py", 'return redirect("tournament:round", slug=slug, number=number)',
     "reverses tournament:round (website)"),
    # Providing a link is the owner's: another package providing it names the owner's URL.
    ("cups", "cups/apps.py", 'links.provide("sign_up", "signup:page")', "reverses signup:page (signup)"),
]


@pytest.mark.parametrize("own,where,text,problem", PLANTED)
def test_a_hidden_tie_is_caught(own, where, text, problem):
    assert ties(own, where, text, url_owners(), commands()) == [f"{where} ({own}) {problem}"]


@pytest.mark.parametrize("own,where,text", [
    ("website", "website/views/rounds.py", 'reverse("scoring:sheet", args=[token])'),
    ("scoring", "scoring/views.py", 'render(request, "scoring/sheet.html")'),
    ("paper", "templates/paper/x.html", '{% extends "base.html" %}'),
    ("hall", "hall/schema.py", 'call_command("createcachetable")'),
    ("signup", "signup/apps.py", 'links.provide("sign_up", "signup:page")'),
    ("cups", "templates/cups/calendar.html", "<a href=\"{% link 'sign_up' item.tournament.slug %}\">"),
    ("cups", "templates/cups/cups.html", "<form action=\"{% url 'set_language' %}\">"),  # Django's own
])
def test_a_tie_downwards_or_to_the_frame_is_allowed(own, where, text):
    assert ties(own, where, text, url_owners(), commands()) == []

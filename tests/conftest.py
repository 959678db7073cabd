"""Shared fixtures: tournaments built through the real services, as a director would."""

from __future__ import annotations

import random
from datetime import date
from pathlib import Path

import hypothesis_budget  # noqa: F401 - loads the Hypothesis profile (thorough in CI, quick here)
import postgres_template
import pytest
import seating_memo
import serial_live_server  # noqa: F401 - the live server's requests one at a time on the shared in-memory SQLite
import shared_files
from manage_process import manage_on

from paper.imports import players as player_import
from rules.engine.sampling import random_hand
from rules.rulesets import BUILTIN
from tournament import rounds, seating

# What makes a test depend on the database it runs on: the database itself (pytest-django's marker or
# fixtures; make_tournament and the other builders ask for ``db``) or a live server.
DATABASE_FIXTURES = frozenset({"db", "transactional_db", "live_server", "client", "admin_client", "django_user_model"})


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """A test that never touches the suite's database (pure code, a source scan, a command on a database
    of its own) is the same on every database: it is marked ``once``, so the PostgreSQL phase of
    ``make test`` leaves it out (it ran in the SQLite phase). Tests marked ``postgres`` stay."""
    for item in items:
        if item.get_closest_marker("postgres") or item.get_closest_marker("django_db"):
            continue
        if not DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.once)


@pytest.fixture(autouse=True)
def _each_draw_searched_once(request, monkeypatch):
    """Seating a round reuses the draw this process already searched for the same count, seed and history
    (tests/seating_memo.py); tests marked ``fresh_draws`` test the draw itself and search every time."""
    if not request.node.get_closest_marker("fresh_draws"):
        monkeypatch.setattr(seating, "draw", seating_memo.draw)


@pytest.fixture(autouse=True)
def _german_first():
    """Each test starts in the site's default language, whatever a test before it in the same worker
    activated (the suite runs on several workers in any order)."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with empty live pages (tournament/live.py keeps them per process)."""
    from django.core.cache import caches

    caches["live"].clear()
    yield


@pytest.fixture(scope="session")
def migrated_template() -> Path:
    """An empty file migrated by `manage.py migrate`, built once for all workers (tests/shared_files.py).
    Migrating from scratch takes a process and several seconds; the tests whose point is not the migration
    start from a copy of this: tests/hall's ``manage.migrated()``, the sites of tests/publishing, the
    servers of tests/players, and every worker's in-memory test database (``django_db_setup``)."""
    return shared_files.migrated_database()


@pytest.fixture(scope="session")
def _test_database_from_the_template():
    """While pytest-django creates an in-memory SQLite test database, its `migrate` is a copy of the
    migrated template instead (what the same migrations left there, content types and permissions
    included); on PostgreSQL the first worker migrates and the others clone its database
    (tests/postgres_template.py). Returns the function that ends it."""
    from django.core import management
    from django.db import connections

    migrate_for_real = management.call_command

    def call_command(name, *args, **options):
        connection = connections[options.get("database", "default")]
        if name == "migrate" and connection.vendor == "sqlite" and connection.is_in_memory_db():
            connection.ensure_connection()
            shared_files.load_into(connection.connection, shared_files.migrated_database())
            return None
        if name == "migrate" and connection.vendor == "postgresql":
            postgres_template.migrate_or_clone(connection, lambda: migrate_for_real(name, *args, **options))
            return None
        return migrate_for_real(name, *args, **options)

    management.call_command = call_command

    def end() -> None:
        management.call_command = migrate_for_real

    return end


@pytest.fixture(scope="session")
def django_db_setup(_test_database_from_the_template, django_db_setup):
    """pytest-django's test database, its migration taken from the template (above) on SQLite."""
    _test_database_from_the_template()
    yield


@pytest.fixture(scope="session")
def static_root(tmp_path_factory, worker_id) -> Path:
    """`manage.py collectstatic` (debug off, hashed names) once per run, shared by the workers, for the
    servers that only read it: tests whose point is not collectstatic share this folder."""
    run = tmp_path_factory.getbasetemp() if worker_id == "master" else tmp_path_factory.getbasetemp().parent

    def collect(folder: Path) -> None:
        manage_on(tmp_path_factory.mktemp("unused") / "db.sqlite3")(
            "collectstatic", "--noinput", "-v", "0", env={"DJANGO_DEBUG": "", "DJANGO_STATIC_ROOT": str(folder)})

    return shared_files.built_once(run / "static", collect)


@pytest.fixture
def make_tournament(db):
    """make_tournament(ruleset="tirol", players=17, seat=True) -> Tournament with checked-in players."""
    from tournament import services

    def build(ruleset: str = "tirol", players: int = 17, seat: bool = True, slug: str | None = None, **kwargs):
        tournament = services.create_tournament(
            name=f"Test {ruleset}", slug=slug or f"test-{ruleset}-{players}", date=date(2026, 11, 21),
            ruleset=BUILTIN[ruleset], **kwargs,
        )
        player_import.import_players(tournament=tournament, check_in=True,
                                rows=[{"name": f"Spielerin {i:03d}", "club": "TC Test"} for i in range(players)])
        if seat:
            rounds.seat_round(round=tournament.round_set.get(number=1), seed="test")
        return tournament

    return build


@pytest.fixture
def play_round():
    """play_round(round, seed=0): enter every planned hand of every table with random valid hands
    (a table's hands at once through record_hands, which stores what record_hand would one by one:
    tests/scoring/test_record_hands.py)."""
    from scoring.services import record_hands

    def play(round, seed: int = 0, hands: int | None = None):
        ruleset = round.tournament.ruleset
        rng = random.Random(seed)
        for table in round.tables.order_by("number"):
            sheet = [random_hand(ruleset, rng) for _ in range(table.hands.count(), hands or table.hands_planned)]
            record_hands(table=table, hands=sheet, key_prefix=f"{table.pk}-")

    return play


@pytest.fixture
def venue_event(make_tournament, play_round):
    """A 9-player tournament (a table of five and a bye-free table of four), round 1 closed, round 2
    half played, with a correction and a team: every kind of row publishing carries and a migration moves."""
    from scoring.services import book_correction
    from tournament import rounds, teams

    tournament = make_tournament(players=9, slug="wirt-cup-1")
    first = tournament.round_set.get(number=1)
    play_round(first, seed=1, hands=3)
    for table in first.tables.all():
        rounds.end_table(table=table, reason="Zeit")
    rounds.close_round(round=first)
    second = tournament.round_set.get(number=2)
    rounds.seat_round(round=second, seed="r2")
    play_round(second, seed=2, hands=2)
    entries = list(tournament.entries.order_by("pk"))
    book_correction(entry=entries[0], round=first, points=-3, reason="Renonce nachträglich")
    teams.create_team(tournament=tournament, name="Die Ersten", entries=entries[:3])
    return tournament


@pytest.fixture
def director(db, client):
    from django.contrib.auth.models import User

    user = User.objects.create_superuser("leitung", "leitung@example.invalid", "tarock")
    client.force_login(user)
    return user


@pytest.fixture(scope="session")
def live_server(django_db_setup, live_server):
    """pytest-django's live server, started once the test database exists (tests/serial_live_server.py)."""
    return live_server

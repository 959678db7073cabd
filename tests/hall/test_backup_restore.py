"""manage.py backup / restore: SQLite online backup with the tournament's sheets, and back again."""

from __future__ import annotations

import io
import json
import os
import random
import shutil
import sqlite3
import subprocess

import pytest
from manage_process import manage_on, settled

COUNT = ("from tournament.models import Tournament; "
         "print(sorted(Tournament.objects.values_list('slug', flat=True)))")
INCARNATIONS = ("import json; from tournament.models import Tournament; "
                "print(json.dumps([str(i) for i in Tournament.objects.values_list('incarnation', flat=True)]))")


def test_backup_and_restore_on_sqlite(manage, tmp_path):
    manage.migrated()
    manage("seed_demo", "--players", "8", "--slug", "hall")
    manage("seed_demo", "--players", "8", "--slug", "zweites", "--played", "1")
    incarnations = json.loads(manage("shell", "--no-imports", "-c", INCARNATIONS).stdout)
    out = tmp_path / "backups"
    result = manage("backup", "--out", str(out), "--language", "en")
    databases = list(out.glob("tarock-*.sqlite3"))
    assert len(databases) == 1, result.stdout
    # One language: what it prints and the sheets it writes (--language; by default LANGUAGE_CODE's German).
    assert "Database: " in result.stdout and "Sheets: " in result.stdout and "Datenbank" not in result.stdout
    # One self-contained file: no -wal/-shm (nor .partial) left beside it, neither by the copy nor its check.
    assert [path.name for path in out.glob("tarock-*")] == [databases[0].name]
    sheets = list(out.glob("sheets-*/hall"))
    assert len(sheets) == 1
    names = {path.name for path in sheets[0].iterdir()}
    assert {"tournament.xlsx", "standings.pdf", "settlement.pdf", "settlement.xlsx"} <= names
    assert any(name.startswith("table-cards-round-") for name in names)
    from openpyxl import load_workbook

    assert load_workbook(sheets[0] / "tournament.xlsx", read_only=True).sheetnames[:4] == [
        "Standings", "Rounds", "Tables", "Hands"]

    # Something goes wrong in the hall: the tournament is deleted.
    manage("shell", "--no-imports", "-c", "from tournament.models import Tournament; Tournament.objects.all().delete()")
    assert manage("shell", "--no-imports", "-c", COUNT).stdout.strip() == "[]"

    result = manage("restore", str(databases[0]), "--yes")
    assert "Wiederhergestellt aus" in result.stdout and "Restored from" in result.stdout
    assert manage("shell", "--no-imports", "-c", COUNT).stdout.strip() == "['hall', 'zweites']"
    # The cup's site may hold a newer state of each than the backup: each is a new incarnation, told so.
    assert "2 Turniere mit neuer Inkarnation" in result.stdout and "2 tournaments with a new incarnation" in result.stdout
    renewed = json.loads(manage("shell", "--no-imports", "-c", INCARNATIONS).stdout)
    assert len(set(renewed)) == 2 and not set(renewed) & set(incarnations)
    assert list(tmp_path.glob("db.sqlite3.before-restore-*"))  # the replaced database is kept
    assert [path.name for path in out.glob("tarock-*")] == [databases[0].name]


STANDINGS = ("from tournament.models import Entry; from scoring.models import Hand; "
             "print(Entry.objects.count(), Hand.objects.count())")


@pytest.fixture(scope="module")
def played_template(migrated_template, tmp_path_factory):
    """A migrated database with a played tournament (with the cache table, as `make serve` makes it),
    built once per worker by the real commands, and its entries and hands as STANDINGS counts them."""
    database = tmp_path_factory.mktemp("hall") / "db.sqlite3"
    shutil.copyfile(migrated_template, database)
    manage = manage_on(database)
    manage("createcachetable")
    manage("seed_demo", "--players", "8", "--slug", "hall")
    before = manage("shell", "--no-imports", "-c", STANDINGS).stdout.strip()
    assert before.split()[1] != "0"
    return settled(database), before


@pytest.fixture
def hall_db(manage, played_template):
    """The test's own copy of the played database: what a restore must not throw away by mistake."""
    template, before = played_template
    manage.copy(template)
    return before


def _foreign_database(path):
    database = sqlite3.connect(path)
    database.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    database.execute("INSERT INTO notes (text) VALUES ('shopping list')")
    database.commit()
    database.close()


@pytest.mark.parametrize("what, make, says", [
    ("empty file", lambda path: path.write_bytes(b""), "keine SQLite-Datenbank (leere Datei)"),
    ("random bytes", lambda path: path.write_bytes(random.Random(7).randbytes(64 * 1024)), "keine SQLite-Datenbank"),
    ("text", lambda path: path.write_bytes(b"not a database at all" * 100), "keine SQLite-Datenbank"),
    ("another program's SQLite file", _foreign_database, "keine Datenbank dieser Turnier-Seite"),
])
def test_restore_refuses_what_is_not_a_backup_of_this_site_and_replaces_nothing(manage, tmp_path, hall_db, what,
                                                                                  make, says):
    wrong = tmp_path / "wrong.sqlite3"
    make(wrong)
    result = manage("restore", str(wrong), "--yes", check=False)
    assert result.returncode != 0, what
    assert "Traceback" not in result.stderr, result.stderr
    assert says in result.stderr and "nothing was replaced" in result.stderr, result.stderr
    assert manage("shell", "--no-imports", "-c", STANDINGS).stdout.strip() == hall_db
    assert not list(tmp_path.glob("db.sqlite3.before-restore-*"))


def test_restore_refuses_a_damaged_database(manage, tmp_path, hall_db):
    out = tmp_path / "backups"
    manage("backup", "--out", str(out), "--no-sheets")
    damaged = next(out.glob("tarock-*.sqlite3"))
    data = bytearray(damaged.read_bytes())
    page = 4096
    data[3 * page + 8: 3 * page + 600] = random.Random(3).randbytes(592)  # a table page overwritten
    damaged.write_bytes(bytes(data))
    result = manage("restore", str(damaged), "--yes", check=False)
    assert result.returncode != 0 and "Traceback" not in result.stderr, result.stderr
    assert "beschädigt" in result.stderr and "damaged" in result.stderr, result.stderr
    assert manage("shell", "--no-imports", "-c", STANDINGS).stdout.strip() == hall_db


def test_restore_refuses_a_backup_of_a_newer_version(manage, tmp_path, hall_db):
    out = tmp_path / "backups"
    manage("backup", "--out", str(out), "--no-sheets")
    newer = next(out.glob("tarock-*.sqlite3"))
    database = sqlite3.connect(newer)
    database.execute("INSERT INTO django_migrations (app, name, applied) VALUES ('scoring', '9999_future', '2030-01-01')")
    database.commit()
    database.close()
    result = manage("restore", str(newer), "--yes", check=False)
    assert result.returncode != 0 and "Traceback" not in result.stderr, result.stderr
    assert "scoring.9999_future" in result.stderr and "newer version" in result.stderr


def test_restore_says_what_the_backup_holds(manage, tmp_path, hall_db):
    out = tmp_path / "backups"
    manage("backup", "--out", str(out), "--no-sheets")
    result = manage("restore", str(next(out.glob("tarock-*.sqlite3"))), "--yes")
    hands = hall_db.split()[1]
    assert f"Turniere: 1, Spiele: {hands}" in result.stdout and f"Tournaments: 1, hands: {hands}" in result.stdout


def test_backup_keeps_the_newest(manage, tmp_path):
    manage.migrated()
    out = tmp_path / "backups"
    out.mkdir()
    for stamp in ("20260101-000000", "20260102-000000", "20260103-000000"):
        (out / f"tarock-{stamp}.sqlite3").write_bytes(b"")
    manage("backup", "--out", str(out), "--no-sheets", "--keep", "2")
    kept = sorted(path.name for path in out.glob("tarock-*.sqlite3"))
    assert len(kept) == 2 and "tarock-20260103-000000.sqlite3" in kept


@pytest.mark.postgres
@pytest.mark.skipif(not os.environ.get("DATABASE_URL", "").startswith("postgres"),
                    reason="PostgreSQL only (scripts/with-postgres.sh)")
def test_backup_and_restore_on_postgresql(transactional_db, tmp_path, make_tournament):
    from django.core.management import call_command

    from tournament.models import Tournament

    make_tournament(slug="pg-hall", players=8)
    out = tmp_path / "backups"
    call_command("backup", out=out)
    dumps = list(out.glob("tarock-*.dump"))
    assert len(dumps) == 1
    assert (out / next(p.name for p in out.glob("sheets-*")) / "pg-hall" / "tournament.xlsx").exists()
    incarnation = Tournament.objects.get().incarnation
    Tournament.objects.all().delete()
    call_command("restore", dumps[0], yes=True, stdout=(said := io.StringIO()))
    assert list(Tournament.objects.values_list("slug", flat=True)) == ["pg-hall"]
    assert Tournament.objects.get().incarnation != incarnation
    assert "1 tournament with a new incarnation" in said.getvalue()


@pytest.mark.postgres
@pytest.mark.skipif(not os.environ.get("DATABASE_URL", "").startswith("postgres"),
                    reason="PostgreSQL only (scripts/with-postgres.sh)")
@pytest.mark.parametrize("name, content, says", [
    ("random.dump", random.Random(5).randbytes(4096), "is not a pg_dump backup"),
    ("other.sql", b"CREATE TABLE notes (id integer);\n", "is not a backup of this tournament site"),
    ("trigger.sql", ("".join(f"CREATE TABLE {table} (id integer);\n" for table in (
        "django_migrations", "tournament_tournament", "tournament_entry", "tournament_round", "tournament_table",
        "tournament_seat", "scoring_hand")) + "CREATE TRIGGER wipe AFTER INSERT ON scoring_hand FOR EACH ROW "
        "EXECUTE FUNCTION wipe();\n").encode(), "holds triggers this site never creates"),
])
def test_restore_on_postgresql_refuses_what_is_not_a_backup_of_this_site(transactional_db, tmp_path, make_tournament,
                                                                         name, content, says):
    from django.core.management import call_command
    from django.core.management.base import CommandError

    from tournament.models import Tournament

    make_tournament(slug="pg-hall", players=8)
    wrong = tmp_path / name
    wrong.write_bytes(content)
    with pytest.raises(CommandError, match=says):
        call_command("restore", wrong, yes=True)
    assert list(Tournament.objects.values_list("slug", flat=True)) == ["pg-hall"]


def _altered(backup, tmp_path, name: str, *statements: str):
    copy = tmp_path / f"{name}.sqlite3"
    copy.write_bytes(backup.read_bytes())
    database = sqlite3.connect(copy)
    database.executescript(";\n".join(statements))
    database.commit()
    database.close()
    return copy


def test_restore_refuses_a_database_whose_schema_is_not_this_versions(manage, tmp_path, hall_db):
    out = tmp_path / "backups"
    manage("backup", "--out", str(out), "--no-sheets")
    backup = next(out.glob("tarock-*.sqlite3"))
    cases = {
        "dropped column": (["ALTER TABLE tournament_player DROP COLUMN region"],
                           "Spalte tournament_player.region fehlt", "column tournament_player.region missing"),
        # Same name, same columns, but built by CREATE TABLE AS: no key, no NOT NULL, no index.
        "replaced table": (["CREATE TABLE copy AS SELECT * FROM tournament_player", "DROP TABLE tournament_player",
                            "ALTER TABLE copy RENAME TO tournament_player"],
                           "Spalte tournament_player.id anders definiert",
                           "index on tournament_player (name_key) missing"),
        "missing table": (["DROP TABLE hall_loginthrottle"], "Tabelle hall_loginthrottle fehlt",
                          "table hall_loginthrottle missing"),
        "trigger": (["CREATE TRIGGER wipe AFTER INSERT ON scoring_hand BEGIN DELETE FROM tournament_entry; END"],
                    "Trigger wipe", "trigger wipe"),
        "extra index": (["CREATE INDEX sneaky ON tournament_player (notes)"], "fremder Index auf tournament_player",
                        "unknown index on tournament_player (notes)"),
    }
    for name, (statements, german, english) in cases.items():
        result = manage("restore", str(_altered(backup, tmp_path, name.replace(" ", "-"), *statements)), "--yes",
                        check=False)
        assert result.returncode == 1 and "Traceback" not in result.stderr, (name, result.stderr)
        assert german in result.stderr and english in result.stderr, (name, result.stderr)
        assert "does not have this version's schema" in result.stderr and "nothing was replaced" in result.stderr
    assert manage("shell", "--no-imports", "-c", STANDINGS).stdout.strip() == hall_db
    assert not list(tmp_path.glob("db.sqlite3.before-restore-*"))


def test_restore_without_a_terminal_asks_for_yes_instead_of_failing(manage, tmp_path, hall_db):
    out = tmp_path / "backups"
    manage("backup", "--out", str(out), "--no-sheets")
    backup = next(out.glob("tarock-*.sqlite3"))
    for stdin in (subprocess.DEVNULL, subprocess.PIPE):  # nothing at all, and a pipe closed at once
        result = manage("restore", str(backup), check=False, stdin=stdin)
        assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
        assert "--yes" in result.stderr and "no terminal" in result.stderr and "kein Terminal" in result.stderr
    assert not list(tmp_path.glob("db.sqlite3.before-restore-*"))
    assert manage("shell", "--no-imports", "-c", STANDINGS).stdout.strip() == hall_db

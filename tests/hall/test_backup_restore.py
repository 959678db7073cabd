"""manage.py backup / restore: SQLite online backup with the tournament's sheets, and back again."""

from __future__ import annotations

import os

import pytest

COUNT = ("from tournament.models import Tournament; "
         "print(sorted(Tournament.objects.values_list('slug', flat=True)))")


def test_backup_and_restore_on_sqlite(manage, tmp_path):
    manage("migrate", "--noinput")
    manage("seed_demo", "--players", "8", "--slug", "hall")
    out = tmp_path / "backups"
    result = manage("backup", "--out", str(out))
    databases = list(out.glob("tarock-*.sqlite3"))
    assert len(databases) == 1, result.stdout
    sheets = list(out.glob("sheets-*/hall"))
    assert len(sheets) == 1
    names = {path.name for path in sheets[0].iterdir()}
    assert {"tournament.xlsx", "standings.pdf", "settlement.pdf", "settlement.xlsx"} <= names
    assert any(name.startswith("table-cards-round-") for name in names)

    # Something goes wrong in the hall: the tournament is deleted.
    manage("shell", "--no-imports", "-c", "from tournament.models import Tournament; Tournament.objects.all().delete()")
    assert manage("shell", "--no-imports", "-c", COUNT).stdout.strip() == "[]"

    result = manage("restore", str(databases[0]), "--yes")
    assert "restored" in result.stdout
    assert manage("shell", "--no-imports", "-c", COUNT).stdout.strip() == "['hall']"
    assert list(tmp_path.glob("db.sqlite3.before-restore-*"))  # the replaced database is kept


def test_restore_refuses_a_damaged_file(manage, tmp_path):
    manage("migrate", "auth", "--noinput")
    broken = tmp_path / "broken.sqlite3"
    broken.write_bytes(b"not a database at all" * 100)
    result = manage("restore", str(broken), "--yes", check=False)
    assert result.returncode != 0


def test_backup_keeps_the_newest(manage, tmp_path):
    manage("migrate", "auth", "--noinput")
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
    Tournament.objects.all().delete()
    call_command("restore", dumps[0], yes=True)
    assert list(Tournament.objects.values_list("slug", flat=True)) == ["pg-hall"]

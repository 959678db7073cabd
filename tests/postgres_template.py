"""The PostgreSQL test databases cloned from one migrated template instead of each worker migrating.

Migrating an empty PostgreSQL database from scratch took each pytest-xdist worker 6-7 s at the start of the
PostgreSQL phase of `make test` (docs/benchmarks.md). The first worker migrates its own test database as
before and copies it into a template database named after the migrations (hall/schema.py's key, as the
SQLite template of tests/shared_files.py); every worker after it is given ``CREATE DATABASE ... TEMPLATE``,
a file copy inside the server, with the same tables, content types and permissions the migrations left.

The workers take turns through a PostgreSQL advisory lock (one cluster, several processes: no files shared).
A test database that is not empty (pytest's --reuse-db) migrates as before.
"""

from __future__ import annotations

from collections.abc import Callable

# The advisory lock's key: any number the site itself never locks (it takes no advisory locks).
LOCK_KEY = 731_031_2026
TEMPLATE_PREFIX = "tarock_migrated_"


def template_name() -> str:
    from hall.schema import _version_key

    return f"{TEMPLATE_PREFIX}{_version_key()}"


def _is_empty(connection) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'")
        return cursor.fetchone()[0] == 0


def migrate_or_clone(connection, migrate: Callable[[], object]) -> None:
    """The test database of ``connection`` (just created, empty) as the migrations leave it: cloned from
    the template when one exists, else migrated by ``migrate()`` and kept as the template for the others."""
    if not _is_empty(connection):
        migrate()
        return
    test_name = connection.settings_dict["NAME"]
    template = template_name()
    quote = connection.ops.quote_name
    with connection._nodb_cursor() as admin:
        admin.execute("SELECT pg_advisory_lock(%s)", [LOCK_KEY])
        try:
            admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", [template])
            if admin.fetchone():
                connection.close()  # CREATE DATABASE ... TEMPLATE wants nobody connected to either side
                admin.execute(f"DROP DATABASE {quote(test_name)}")
                admin.execute(f"CREATE DATABASE {quote(test_name)} TEMPLATE {quote(template)}")
                return
            migrate()
            connection.close()
            admin.execute("SELECT datname FROM pg_database WHERE datname LIKE %s", [f"{TEMPLATE_PREFIX}%"])
            for (old,) in admin.fetchall():  # other versions' templates (a cluster kept between runs)
                admin.execute(f"DROP DATABASE {quote(old)}")
            admin.execute(f"CREATE DATABASE {quote(template)} TEMPLATE {quote(test_name)}")
        finally:
            admin.execute("SELECT pg_advisory_unlock(%s)", [LOCK_KEY])

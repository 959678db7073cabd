"""The schema a backup is checked against is built once per version and kept: a second check reuses
the file, another version of the migrations (or of Django or SQLite) builds afresh and removes the old."""

from __future__ import annotations

import subprocess

import pytest
from django.db import connection
from django.db.migrations.recorder import MigrationRecorder

from hall import schema

# The reference is an SQLite file built in a process of its own whatever the site's database is; the test
# database only lends the list of applied migrations, the same on every database: run once, on SQLite.
pytestmark = pytest.mark.once


@pytest.fixture
def kept_in(tmp_path, monkeypatch):
    monkeypatch.setattr(schema, "kept_folder", lambda: tmp_path / "kept")  # not the project's own
    return tmp_path / "kept"


@pytest.mark.django_db
def test_the_reference_is_built_once_and_read_as_this_versions_schema(kept_in, monkeypatch):
    applied = set(MigrationRecorder(connection).applied_migrations())
    first = schema.reference(applied)
    assert first.tables["scoring_handscore"]["columns"].keys() >= {"round_id", "points", "euros"}
    (kept,) = kept_in.glob("*")  # one file, no write-ahead log beside it
    monkeypatch.setattr(subprocess, "run", lambda *args, **kwargs: pytest.fail("built a second time"))
    assert schema.reference(applied) == first
    assert list(kept_in.glob("*")) == [kept]


@pytest.mark.django_db
def test_another_version_builds_afresh_and_removes_the_old_file(kept_in, monkeypatch):
    applied = set(MigrationRecorder(connection).applied_migrations())
    old = schema.reference_file(applied)
    monkeypatch.setattr(schema, "_version_key", lambda: "another-version")
    new = schema.reference_file(applied)
    assert new != old and new.name.startswith("another-version-") and not old.exists()
    assert list(kept_in.glob("*")) == [new]

"""A fresh machine, a fresh shell: the README's commands run as printed, without DJANGO_SECRET_KEY or
DJANGO_DEBUG, and the links they print are the ones phones reach.

Each test runs manage.py in a real process with an environment that has neither variable (as a new
user's shell has), against a database and a data folder of its own.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from hall import net, secret

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PRINT_KEY = "from django.conf import settings; print(settings.SECRET_KEY)"


@pytest.fixture
def fresh_shell(tmp_path):
    """run(*args, stdin=None) -> CompletedProcess of `.venv/bin/python manage.py ARGS` in a fresh shell."""
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("DJANGO_", "SITE_URL", "PYTEST", "HALL_")) and key not in ("HOST", "PORT")}
    env.update({"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}", "DJANGO_DATA_DIR": str(tmp_path / "data")})

    def run(*args, stdin=None, extra=None, check=True):
        result = subprocess.run([sys.executable, str(ROOT / "manage.py"), *args], cwd=tmp_path, input=stdin,
                                capture_output=True, text=True, env={**env, **(extra or {})}, timeout=300)
        if check and result.returncode != 0:
            raise AssertionError(f"manage.py {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}")
        return result

    run.data = tmp_path / "data"
    return run


def test_a_command_needs_no_key_and_the_first_start_makes_one_kept_private(fresh_shell):
    listed = fresh_shell("score_hands", "--list-rules")
    assert "tirol" in listed.stdout and "Traceback" not in listed.stderr
    key_file = fresh_shell.data / secret.KEY_FILE_NAME
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    stored = key_file.read_text().strip()
    assert len(stored) >= secret.MIN_LENGTH
    # Every later start (every worker) uses the same key: sessions and signed links stay valid.
    assert fresh_shell("shell", "--no-imports", "-c", PRINT_KEY).stdout.strip() == stored
    # DJANGO_SECRET_KEY, when given, wins.
    given = "x" * 60
    assert fresh_shell("shell", "--no-imports", "-c", PRINT_KEY,
                       extra={"DJANGO_SECRET_KEY": given}).stdout.strip() == given


def test_processes_starting_at_once_agree_on_one_key(fresh_shell):
    with ThreadPoolExecutor(6) as pool:
        keys = list(pool.map(lambda _: fresh_shell("shell", "--no-imports", "-c", PRINT_KEY).stdout.strip(), range(6)))
    assert len(set(keys)) == 1 and len(keys[0]) >= secret.MIN_LENGTH
    assert [p.name for p in fresh_shell.data.iterdir()] == [secret.KEY_FILE_NAME]  # no temporary file left


def test_an_unwritable_data_folder_is_said_in_both_languages_without_a_traceback(fresh_shell, tmp_path):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the data folder should be")
    result = fresh_shell("check", extra={"DJANGO_DATA_DIR": str(blocked)}, check=False)
    assert result.returncode != 0
    assert "kann nicht gelesen oder angelegt werden" in result.stderr and "cannot be read or created" in result.stderr


def test_a_too_short_key_file_is_refused_with_what_to_do(fresh_shell):
    fresh_shell.data.mkdir()
    (fresh_shell.data / secret.KEY_FILE_NAME).write_text("short\n")
    result = fresh_shell("check", check=False)
    assert result.returncode != 0 and "delete the file and a new one is made" in result.stderr


# The manage.py commands the README prints, as printed (the test fails when the README changes them
# without this list following); SLUG/CUP placeholders stand for the demo's own names.
README_COMMANDS = [
    ".venv/bin/python manage.py score_hands --list-rules",
    """echo '{"contract": "dreier", "declarer": 2, "result": "won"}' | .venv/bin/python manage.py score_hands --rules tirol""",
    ".venv/bin/python manage.py export_sheets demo --out archiv/ --base-url https://turnier.example.at",
    ".venv/bin/python manage.py season_standings CUP [--season 2026/27] [--sub SLUG] [--json]",
    ".venv/bin/python manage.py import_abakus fixtures/abakus-sample.json",
]


@pytest.mark.parametrize("line", README_COMMANDS)
def test_the_readme_prints_these_commands(line):
    assert line in README


def test_the_readme_commands_run_in_a_fresh_shell(fresh_shell, tmp_path):
    fresh_shell("migrate", "--noinput")
    fresh_shell("seed_demo", "--players", "8", "--slug", "demo")
    assert "tirol" in fresh_shell("score_hands", "--list-rules").stdout
    scored = fresh_shell("score_hands", "--rules", "tirol", stdin='{"contract": "dreier", "declarer": 2, "result": "won"}\n')
    assert re.search(r"-5\D+-5\D+15\D+-5", scored.stdout), scored.stdout
    fresh_shell("export_sheets", "demo", "--out", "archiv/", "--base-url", "https://turnier.example.at")
    assert any((tmp_path / "archiv").rglob("*.pdf"))
    assert '"participants": 8' in fresh_shell("standings", "demo", "--json").stdout
    assert "/t/" in fresh_shell("table_links", "demo", "--round", "1").stdout
    assert fresh_shell("draw_seating", "--players", "12", "--rounds", "3").stdout.lstrip().startswith(("{", "["))
    # the README's path is relative to the checkout, where a user runs it
    assert "27 created" in fresh_shell("import_abakus", str(ROOT / "fixtures" / "abakus-sample.json")).stdout
    assert '"qualified": true' in fresh_shell("season_standings", "hausruckcup", "--json").stdout


def test_links_point_to_the_lan_address_when_site_url_is_not_set(fresh_shell, monkeypatch, migrated_template, tmp_path):
    # migrate in a fresh shell is the README test's; here the links, on a copy of a migrated file
    shutil.copyfile(migrated_template, tmp_path / "db.sqlite3")
    fresh_shell("seed_demo", "--players", "8", "--slug", "demo", "--played", "0")
    links = fresh_shell("table_links", "demo").stdout
    # The same address `make run` prints for the phones (the first LAN address; 127.0.0.1 without one).
    assert f"{net.suggested_site_url(8000)}/t/" in links
    assert f"{net.suggested_site_url(8765)}/t/" in fresh_shell("table_links", "demo", extra={"PORT": "8765"}).stdout
    monkeypatch.setattr(net, "lan_addresses", lambda: ["192.168.1.20"])
    assert net.suggested_site_url(8000) == "http://192.168.1.20:8000"
    monkeypatch.setattr(net, "lan_addresses", lambda: [])
    assert net.suggested_site_url("8000") == "http://127.0.0.1:8000"

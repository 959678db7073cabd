"""manage.py season_standings CUP [--season LABEL] --json (docs/sources/season.md, Interfaces)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from cups import services


def test_json_of_the_newest_season(played, cup_season):
    season = cup_season("fixed")
    older = services.create_season(cup=season.cup, label="2025/26", ordering=0)
    services.add_tournament(season=season, tournament=played("c-1"))
    out = StringIO()
    call_command("season_standings", "tirol", "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert data["cup"] == "tirol" and data["season"] == "2026/27" and data["scheme"] == "fixed"
    assert data["tournaments"] == 1 and data["counted"] == 1
    assert data["rows"][0]["rank"] == 1 and data["rows"][0]["points"] == 223
    assert data["rows"][0]["results"] == [{"tournament": "c-1", "rank": 1, "points": 223, "counted": True,
                                          "final": False}]
    out = StringIO()
    call_command("season_standings", "tirol", "--season", older.label, "--json", stdout=out)
    assert json.loads(out.getvalue())["rows"] == []
    out = StringIO()
    call_command("season_standings", "tirol", stdout=out)
    assert "2026/27" in out.getvalue()


def test_unknown_cup_or_season(cup_season):
    cup_season()
    with pytest.raises(CommandError, match="Unbekannter Cup"):
        call_command("season_standings", "nirgends", "--json")
    with pytest.raises(CommandError, match="keine Saison"):
        call_command("season_standings", "tirol", "--season", "1999/00", "--json")


def test_exit_status_one_from_the_shell(tmp_path):
    db = tmp_path / "db.sqlite3"
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{db}"}  # the suite's settings (debug and key set)
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], check=True, env=env)
    done = subprocess.run([sys.executable, "manage.py", "season_standings", "nirgends", "--json"], env=env,
                          capture_output=True, text=True)
    assert done.returncode == 1 and "Unknown cup" in done.stderr and "Unbekannter Cup" in done.stderr


def test_the_abakus_commands_help_in_both_languages():
    """--help renders (argparse took no lazy text: it failed with a TypeError), German and English from the msgids."""
    from cups.management.commands import export_abakus, import_abakus

    for module, german, english in ((import_abakus, "ohne Fortschrittsbalken", "no progress bar"),
                                    (export_abakus, "Saisonen von Cups", "The cups' seasons")):
        text = " ".join(module.Command().create_parser("manage.py", "x").format_help().split())
        assert german in text and english in text

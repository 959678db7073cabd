"""A venue laptop (a real process with a database of its own) publishes to the cup's site (this test's
live server): the hub's standings.json equals the laptop's, the season counts the tournament, and
sending again, or an interrupted sending, leaves exactly one copy."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from django.core.management import call_command

from publishing.models import PublishedCopy
from scoring.models import Hand
from tournament.models import Tournament

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def venue(tmp_path, migrated_template):
    """run(*args) -> CompletedProcess of manage.py on the venue's own SQLite database."""
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("DJANGO_", "SITE_URL", "PYTEST", "HALL_", "DATABASE_URL"))}
    env.update({"DATABASE_URL": f"sqlite:///{tmp_path / 'venue.sqlite3'}", "DJANGO_DATA_DIR": str(tmp_path),
                # The hub here is this test's live server on the loopback: the operator allows it, as a hall
                # with the hub on a second laptop would.
                "PUBLISH_ALLOW_PRIVATE": "1"})

    def run(*args, check=True):
        result = subprocess.run([sys.executable, str(ROOT / "manage.py"), *args], cwd=tmp_path, capture_output=True,
                                text=True, env=env, timeout=300)
        if check and result.returncode != 0:
            raise AssertionError(f"manage.py {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}")
        return result

    shutil.copyfile(migrated_template, tmp_path / "venue.sqlite3")  # as `manage.py migrate` leaves it
    return run


@pytest.mark.django_db(transaction=True)
def test_a_venues_event_appears_on_the_hub_as_on_the_laptop(venue, live_server, capsys):
    from cups.services import create_cup
    from publishing.hub.tokens import create_token

    cup = create_cup(name="Unterland-Cup", slug="unterland", scheme="fixed")
    _row, token = create_token(cup=cup, name="Gasthof Post")
    venue("seed_demo", "--players", "11", "--slug", "post-herbst", "--withdraw", "1", "--teams", "3")

    sent = venue("publish", "post-herbst", "--to", live_server.url, "--token", token)
    assert "Veröffentlicht" in sent.stdout

    laptop = json.loads(venue("standings", "post-herbst", "--json").stdout)
    with urllib.request.urlopen(f"{live_server.url}/turnier/post-herbst/standings.json") as answer:  # noqa: S310
        hub = json.loads(answer.read())
    assert hub == laptop
    assert any(row["status"] == "withdrawn" for row in hub["rows"]) and hub["teams"]
    hands = Hand.objects.filter(table__round__tournament__slug="post-herbst").count()
    assert hands > 0

    again = venue("publish", "post-herbst", "--to", live_server.url, "--token", token)
    assert "schon" in again.stdout
    assert Tournament.objects.filter(slug="post-herbst").count() == 1 == PublishedCopy.objects.count()
    assert Hand.objects.filter(table__round__tournament__slug="post-herbst").count() == hands

    call_command("season_standings", "unterland", "--json")
    season = json.loads(capsys.readouterr().out)
    names = {row["name"] for row in laptop["rows"] if row["rank"] is not None}
    assert names and names <= {entry["name"] for entry in season["rows"]}

    for path in ("/turnier/post-herbst/", "/turnier/post-herbst/beamer/"):
        page = urllib.request.urlopen(f"{live_server.url}{path}").read().decode()  # noqa: S310
        assert "Endstand, " in page and "Stand nach Runde" not in page, path  # all three rounds closed


@pytest.mark.django_db(transaction=True)
def test_wrong_token_and_unreachable_hub_are_a_sentence_and_exit_status_1(venue, live_server):
    venue("seed_demo", "--players", "8", "--slug", "klein", "--played", "1")

    wrong = venue("publish", "klein", "--to", live_server.url, "--token", "abc.falsch", check=False)
    assert wrong.returncode == 1
    assert "Unbekannter oder widerrufener Schlüssel" in wrong.stderr and "Unknown or revoked token" in wrong.stderr
    assert "Traceback" not in wrong.stderr

    gone = venue("publish", "klein", "--to", "http://127.0.0.1:9/", "--token", "abc.falsch", check=False)
    assert gone.returncode == 1
    assert "nicht erreichbar" in gone.stderr and "cannot be reached" in gone.stderr
    assert not Tournament.objects.filter(slug="klein").exists()


RAISE_STAKE = ("from tournament.models import Tournament; from tournament.services import set_money_settings; "
               "set_money_settings(tournament=Tournament.objects.get(slug='zurueck'), stake_cents=20, "
               "kontra_to_charity=False)")


@pytest.mark.django_db(transaction=True)
def test_after_a_restore_the_venues_state_replaces_the_hubs_and_the_state_from_before_stays_refused(
        venue, live_server, tmp_path):
    import shutil

    from cups.services import create_cup
    from publishing.hub.tokens import create_token

    cup = create_cup(name="Unterland-Cup", slug="unterland", scheme="fixed")
    _row, token = create_token(cup=cup, name="Gasthof Post")
    venue("seed_demo", "--players", "8", "--slug", "zurueck", "--played", "1")
    venue("backup", "--out", str(tmp_path / "backups"), "--no-sheets")
    venue("shell", "--no-imports", "-c", RAISE_STAKE)  # the hall goes on after the backup
    venue("publish", "zurueck", "--to", live_server.url, "--token", token)
    later = PublishedCopy.objects.get().sequence
    assert Tournament.objects.get(slug="zurueck").stake_cents == 20

    restored = venue("restore", str(next((tmp_path / "backups").glob("tarock-*.sqlite3"))), "--yes")
    assert "1 Turnier mit neuer Inkarnation" in restored.stdout

    sent = venue("publish", "zurueck", "--to", live_server.url, "--token", token)
    assert f"Stand von vor der Wiederherstellung oder Neuanlage dieses Turniers (Stand {later})" in sent.stdout
    assert Tournament.objects.get(slug="zurueck").stake_cents != 20  # the restored state, though its sequence is lower
    assert PublishedCopy.objects.get().sequence < later

    # The database from before the restore copied back by hand (as a file, without its log): its old
    # incarnation is refused, until the director publishes it as a new state.
    for log in tmp_path.glob("venue.sqlite3-*"):
        log.unlink()
    shutil.copy(next(tmp_path.glob("venue.sqlite3.before-restore-*")), tmp_path / "venue.sqlite3")
    refused = venue("publish", "zurueck", "--to", live_server.url, "--token", token, check=False)
    assert refused.returncode == 1 and "Traceback" not in refused.stderr
    assert "wiederhergestellt oder neu angelegt" in refused.stderr and "restored or re-created" in refused.stderr
    assert Tournament.objects.get(slug="zurueck").stake_cents != 20

    again = venue("publish", "zurueck", "--to", live_server.url, "--token", token, "--new-state")
    assert "ersetzt" in again.stdout
    assert Tournament.objects.get(slug="zurueck").stake_cents == 20
    assert len(PublishedCopy.objects.get().retired_incarnations) == 2

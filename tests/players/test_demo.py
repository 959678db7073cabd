"""`make run`'s demo (`seed_demo --demo-cups`): a coming tournament open for sign-up, linked from
/kalender/ by its sign-up address, with sign-ups whose messages are kept and shown without a mail server;
and a cup with more than one season of history (docs/sources/players.md, "The demo")."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.test import Client

from cups.models import Cup
from players.models import Message
from website import demo_players

pytestmark = pytest.mark.django_db


def test_the_demo_has_a_coming_tournament_open_for_sign_up_and_more_than_one_season(
        client, director, settings, run_worker, capsys, django_capture_on_commit_callbacks):
    settings.MAIL_SERVER = ""
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.console.EmailBackend"}}
    with django_capture_on_commit_callbacks(execute=True):
        call_command("seed_demo", demo_cups=True, players=8, slug="plain", stdout=io.StringIO())
    address = f"/turnier/{demo_players.SLUG}/anmelden/"
    assert address in Client().get("/kalender/").content.decode()
    form = Client().get(address)
    assert form.status_code == 200 and 'name="email"' in form.content.decode()
    seasons = {cup.slug: cup.seasons.count() for cup in Cup.objects.all()}
    assert seasons["tiroler-tarockcup"] == 3  # 2026/27, 2025/26 played here, 2024/25 imported (rating/demo.py)
    past = Cup.objects.get(slug="tiroler-tarockcup").seasons.get(label="2025/26")
    assert past.tournaments.count() == 2
    assert "2025/26" in Client().get("/cup/tiroler-tarockcup/").content.decode()
    # The sign-ups' messages: queued by seed_demo, written to the console and kept by make run's worker.
    assert Message.objects.filter(link__tournament__slug=demo_players.SLUG, kind="signed_up").count() == 5
    run_worker()
    assert "/ich/" in capsys.readouterr().out
    page = client.get(f"/turniere/{demo_players.SLUG}/nachrichten/").content.decode()
    assert page.count("nicht gesendet (kein Mailserver)") >= 5
    # A second make run adds nothing.
    call_command("seed_demo", demo_cups=True, players=8, slug="plain", stdout=io.StringIO())
    assert Cup.objects.get(slug="tiroler-tarockcup").seasons.get(label="2025/26").tournaments.count() == 2

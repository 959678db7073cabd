"""Messages to players through a real SMTP server process: the sign-up's confirmation with the personal
link (absolute under SITE_URL) in the player's language, moving up from the waiting list, the one-tap
unsubscribe in every message, retries shown to the director, and no mail server at all."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client

from players import outbox
from players.models import Message, MessageKind, Unsubscribe
from signup import services as signup_services
from signup.models import SignUp

pytestmark = pytest.mark.django_db


def _sign_up(client: Client, tournament, name: str, email: str, language: str = "de"):
    return client.post(f"/turnier/{tournament.slug}/anmelden/", {"name": name, "club": "TC Test", "email": email},
                       HTTP_ACCEPT_LANGUAGE=language)


def _link_in(text: str, site_url: str) -> str:
    found = re.search(re.escape(site_url) + r"(/ich/[A-Za-z0-9_-]+/)", text)
    assert found, text
    return found.group(1)


def test_a_sign_up_sends_its_confirmation_with_the_personal_link(client, coming_tournament, smtp_server, mail_to,
                                                                  run_worker, settings, django_capture_on_commit_callbacks):
    settings.SITE_URL = "https://turnier.example.at"
    server = smtp_server()
    mail_to(server)
    tournament = coming_tournament()
    with django_capture_on_commit_callbacks(execute=True):
        answer = _sign_up(client, tournament, "Anna Berger", "anna@example.invalid")
    assert answer.status_code == 302
    assert not server.messages()  # the request did not wait for the mail: the worker sends it
    run_worker()
    [received] = server.wait_for(1)
    assert received["To"] == "anna@example.invalid" and received["From"] == "turnier@example.invalid"
    body = received.get_content()
    assert "Anna Berger" in body and "Anmeldung" in received["Subject"]
    path = _link_in(body, settings.SITE_URL)
    page = Client().get(path)
    assert page.status_code == 200 and "Anna Berger" in page.content.decode()
    assert Message.objects.get(kind=MessageKind.SIGNED_UP).status == Message.SENT
    # The sign-up page showed the same link once, after the redirect.
    assert path in client.get(answer.url).content.decode()


def test_the_message_is_in_the_players_language(client, coming_tournament, smtp_server, mail_to, run_worker,
                                               django_capture_on_commit_callbacks):
    server = smtp_server()
    mail_to(server)
    tournament = coming_tournament()
    with django_capture_on_commit_callbacks(execute=True):
        _sign_up(client, tournament, "Jane Doe", "jane@example.invalid", language="en")
    run_worker()
    [received] = server.wait_for(1)
    body = received.get_content()
    assert "Hello Jane Doe" in body and "personal link" in body and "Anmeldung" not in body


def test_moving_up_from_the_waiting_list_is_told(client, coming_tournament, smtp_server, mail_to, run_worker,
                                                django_capture_on_commit_callbacks):
    server = smtp_server()
    mail_to(server)
    tournament = coming_tournament(cap=1)
    with django_capture_on_commit_callbacks(execute=True):
        _sign_up(client, tournament, "Anna", "anna@example.invalid")
        _sign_up(client, tournament, "Bernd", "bernd@example.invalid")
    run_worker()
    waiting = [m for m in server.wait_for(2) if m["To"] == "bernd@example.invalid"][0]
    assert "Warteliste" in waiting["Subject"]
    with django_capture_on_commit_callbacks(execute=True):
        signup_services.cancel(sign_up=SignUp.objects.get(name="Anna"))
    run_worker()
    moved = server.wait_for(3)[-1]
    assert moved["To"] == "bernd@example.invalid" and "Platz" in moved["Subject"]
    assert "nachgerückt" in moved.get_content()


def test_every_message_unsubscribes_its_kind_in_one_step(client, coming_tournament, smtp_server, mail_to, run_worker,
                                                        settings, django_capture_on_commit_callbacks):
    settings.SITE_URL = "http://192.168.1.20:8000"
    server = smtp_server()
    mail_to(server)
    tournament = coming_tournament(cap=1)
    with django_capture_on_commit_callbacks(execute=True):
        _sign_up(client, tournament, "Anna", "anna@example.invalid")
        _sign_up(client, tournament, "Bernd", "bernd@example.invalid")
    run_worker()
    for received in server.wait_for(2):
        assert received["List-Unsubscribe"].startswith(f"<{settings.SITE_URL}/nachrichten/abbestellen/")
        assert received.get_content().rstrip().splitlines()[-1].split()[-1] == received["List-Unsubscribe"][1:-1]
    bernd = [m for m in server.messages() if m["To"] == "bernd@example.invalid"][0]
    address = bernd["List-Unsubscribe"][1:-1].removeprefix(settings.SITE_URL)
    page = Client().get(address)
    assert page.status_code == 200 and "keine Nachrichten" in page.content.decode()
    assert Unsubscribe.objects.filter(email="bernd@example.invalid", kind=MessageKind.SIGNED_UP).exists()
    # Only that kind: moving up is still told.
    assert outbox.queue(link=SignUp.objects.get(name="Bernd").personal_link, kind=MessageKind.SIGNED_UP, round_number=9) is None
    with django_capture_on_commit_callbacks(execute=True):
        signup_services.cancel(sign_up=SignUp.objects.get(name="Anna"))
    run_worker()
    assert server.wait_for(3)[-1]["To"] == "bernd@example.invalid"
    assert Client().get("/nachrichten/abbestellen/falsch/").status_code == 404


def test_a_failing_mail_server_is_retried_and_shown(client, director, coming_tournament, smtp_server, mail_to,
                                                   run_worker, monkeypatch, django_capture_on_commit_callbacks):
    monkeypatch.setattr(outbox, "retry_pause", lambda attempts: timedelta(0))
    server = smtp_server(fail_first=1)
    mail_to(server)
    tournament = coming_tournament()
    with django_capture_on_commit_callbacks(execute=True):
        _sign_up(client, tournament, "Anna", "anna@example.invalid")
    run_worker()
    message = Message.objects.get(kind=MessageKind.SIGNED_UP)
    assert message.status in (Message.SENT, Message.RETRYING)
    if message.status == Message.RETRYING:  # the batch worker stopped before the retry was due
        page = client.get(f"/turniere/{tournament.slug}/nachrichten/").content.decode()
        assert "451" in page and "wird wiederholt" in page
        run_worker()
    message.refresh_from_db()
    assert message.status == Message.SENT and message.attempts == 2 and message.last_error == ""
    assert len(server.wait_for(1)) == 1


def test_without_a_mail_server_messages_are_kept_and_shown(client, director, coming_tournament, run_worker, settings,
                                                          capsys, django_capture_on_commit_callbacks):
    settings.MAIL_SERVER = ""
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.console.EmailBackend"}}
    tournament = coming_tournament()
    with django_capture_on_commit_callbacks(execute=True):
        _sign_up(client, tournament, "Anna", "anna@example.invalid")
    run_worker()
    assert Message.objects.get(kind=MessageKind.SIGNED_UP).status == Message.KEPT
    assert "anna@example.invalid" in capsys.readouterr().out
    page = client.get(f"/turniere/{tournament.slug}/nachrichten/").content.decode()
    assert "Kein Mailserver" in page and "/ich/" in page and "Anmeldung erhalten" in page


def test_a_sign_up_without_an_e_mail_sends_nothing(client, coming_tournament, django_capture_on_commit_callbacks):
    tournament = coming_tournament()
    with django_capture_on_commit_callbacks(execute=True):
        _sign_up(client, tournament, "Anna", "")
    assert not Message.objects.exists() and SignUp.objects.get().personal_link is not None


def test_the_reminder_waits_in_the_queue_until_the_evening_before(client, coming_tournament, smtp_server, mail_to,
                                                                 run_worker, django_capture_on_commit_callbacks):
    from django.utils import timezone
    from django_tasks_db.models import DBTaskResult

    server = smtp_server()
    mail_to(server)
    tournament = coming_tournament(days=5)
    with django_capture_on_commit_callbacks(execute=True):
        _sign_up(client, tournament, "Anna", "anna@example.invalid")
    reminder = Message.objects.get(kind=MessageKind.REMINDER)
    due = timezone.localtime(reminder.due_at)
    assert due.date() == tournament.date - timedelta(days=1) and due.hour == 18
    run_worker()
    assert len(server.wait_for(1)) == 1  # the confirmation only: the reminder is not due yet
    reminder.refresh_from_db()
    assert reminder.status == Message.QUEUED
    waiting = DBTaskResult.objects.get(args_kwargs__args=[reminder.pk])
    assert waiting.run_after == reminder.due_at
    DBTaskResult.objects.filter(pk=waiting.pk).update(run_after=timezone.now())  # the evening before has come
    run_worker()
    assert "Morgen" in server.wait_for(2)[-1]["Subject"]

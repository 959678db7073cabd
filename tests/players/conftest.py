from __future__ import annotations

import email
import email.policy
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

SINK = Path(__file__).with_name("smtp_sink.py")


class SmtpServer:
    """The SMTP sink process (tests/players/smtp_sink.py) and what it received."""

    def __init__(self, folder: Path, fail_first: int = 0):
        self.folder = folder
        self.process = subprocess.Popen([sys.executable, str(SINK), str(folder), "--fail-first", str(fail_first)],
                                        stdout=subprocess.PIPE, text=True)
        self.port = int(self.process.stdout.readline())

    def messages(self) -> list[email.message.EmailMessage]:
        return [email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
                for path in sorted(self.folder.glob("*.eml"))]

    def wait_for(self, count: int, seconds: float = 60) -> list[email.message.EmailMessage]:
        """The messages once ``count`` have arrived (fails after ``seconds``)."""
        deadline = time.monotonic() + seconds
        while len(list(self.folder.glob("*.eml"))) < count:
            assert time.monotonic() < deadline, f"{len(self.messages())} of {count} messages arrived"
            time.sleep(0.05)
        return self.messages()

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


@pytest.fixture
def smtp_server(tmp_path):
    """smtp_server(fail_first=0) -> a running SmtpServer; stopped after the test."""
    started = []

    def start(fail_first: int = 0) -> SmtpServer:
        folder = tmp_path / f"smtp-{len(started)}"
        folder.mkdir()
        started.append(SmtpServer(folder, fail_first))
        return started[-1]

    yield start
    for server in started:
        server.stop()


@pytest.fixture
def mail_to(settings):
    """mail_to(server): the site's mail goes to that SMTP server (the settings `make serve` reads from the environment)."""
    def point(server: SmtpServer) -> None:
        settings.MAIL_SERVER = "127.0.0.1"
        settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.smtp.EmailBackend",
                                        "OPTIONS": {"host": "127.0.0.1", "port": server.port, "timeout": 10}}}
        settings.DEFAULT_FROM_EMAIL = "turnier@example.invalid"
    return point


@pytest.fixture
def run_worker():
    """run_worker(): db_worker's own Worker runs every task that is due, then returns. Its loop is not used
    here: between tasks it closes connections that are not in autocommit, which inside a test's
    transaction is the test's own (on PostgreSQL). The whole worker process runs in test_serve_messages.py."""
    from django.db import transaction
    from django_tasks_db.management.commands.db_worker import Worker
    from django_tasks_db.models import DBTaskResult

    worker = Worker(queue_names=["default"], interval=0, batch=True, backend_name="default", startup_delay=False,
                    max_tasks=None, worker_id="tests", excluded_queue_names=[])

    def run() -> None:
        while True:
            with transaction.atomic():
                task = DBTaskResult.objects.ready().get_locked()
                if task is None:
                    return
                task.claim("tests")
            worker.run_task(task)
    return run


@pytest.fixture
def coming_tournament(make_tournament):
    """coming_tournament(cap=4, days=10) -> a tournament ``days`` ahead, no players, registration open."""
    from signup.services import set_registration

    def build(cap: int | None = 4, days: int = 10, slug: str = "advent"):
        tournament = make_tournament(players=0, slug=slug, seat=False)
        tournament.date = timezone.localdate() + timedelta(days=days)
        tournament.save(update_fields=["date"])
        set_registration(tournament=tournament, is_open=True, cap=cap, deadline=timezone.now() + timedelta(days=max(days - 1, 0), hours=1))
        return tournament

    return build

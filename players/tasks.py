"""The worker's tasks (django.tasks on the site's database: django_tasks_db, `manage.py db_worker`)."""

from __future__ import annotations

try:
    from django.tasks import task
except ImportError:  # Django 5.2 (Python 3.11): the django-tasks backport (django-tasks-db[compat])
    from django_tasks import task

from players import outbox


@task
def deliver(message_id: int) -> str:
    return outbox.deliver(message_id)

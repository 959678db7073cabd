"""Secure by default: debug off, a random key of the installation's own unless one is given, `check --deploy` clean behind HTTPS, demo account only in the demo."""

from __future__ import annotations

import pytest

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once

LONG_KEY = "k" * 10 + "-a-long-random-looking-production-key-with-50-plus-chars-9f8e7d6c5b4a"


def test_without_a_key_the_installation_makes_its_own_and_check_deploy_is_clean(manage, tmp_path):
    result = manage("check", "--deploy", "--fail-level", "WARNING", check=False, env={
        "DJANGO_DEBUG": "", "DJANGO_HTTPS": "1", "DJANGO_SECRET_KEY": "", "DJANGO_DATA_DIR": str(tmp_path / "data"),
        "EMAIL_HOST": "mail.example.invalid"})
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout
    assert (tmp_path / "data" / ".secret_key").exists()


def test_debug_is_off_unless_asked_for(manage):
    result = manage("shell", "--no-imports", "-c", "from django.conf import settings; print(settings.DEBUG)",
                    env={"DJANGO_DEBUG": "", "DJANGO_SECRET_KEY": LONG_KEY})
    assert result.stdout.strip() == "False"


def test_check_deploy_is_clean_behind_https(manage):
    result = manage("check", "--deploy", "--fail-level", "WARNING", check=False,
                    env={"DJANGO_DEBUG": "", "DJANGO_HTTPS": "1", "DJANGO_SECRET_KEY": LONG_KEY, "EMAIL_HOST": "mail.example.invalid"})
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_without_a_mail_server_only_the_mail_check_is_silenced(manage):
    """No mail server is a supported way to run (players.md: messages kept and shown); nothing else is silenced."""
    result = manage("check", "--deploy", "--fail-level", "WARNING", check=False,
                    env={"DJANGO_DEBUG": "", "DJANGO_HTTPS": "1", "DJANGO_SECRET_KEY": LONG_KEY, "EMAIL_HOST": ""})
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (1 silenced)." in result.stdout
    shown = manage("shell", "--no-imports", "-c", "from django.conf import settings; print(settings.SILENCED_SYSTEM_CHECKS)",
                   env={"DJANGO_DEBUG": "", "DJANGO_SECRET_KEY": LONG_KEY, "EMAIL_HOST": ""})
    assert shown.stdout.strip() == "['mail.E001']"


def test_the_demo_director_comes_only_with_the_demo_flag(manage):
    manage.migrated()
    count = "from django.contrib.auth.models import User; print(User.objects.filter(username='leitung').count())"
    manage("seed_demo", "--players", "8")
    assert manage("shell", "--no-imports", "-c", count).stdout.strip() == "0"
    manage("seed_demo", "--players", "8", "--demo-director")
    assert manage("shell", "--no-imports", "-c", count).stdout.strip() == "1"


SECURE_SETTINGS = ("from django.conf import settings as s; print(s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, "
                   "s.LANGUAGE_COOKIE_SECURE, s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS > 0)")


@pytest.mark.parametrize("site_url,https,expected", [
    ("https://cup.example.at", "", "True True True True True"),  # the hub: its https address is enough
    ("https://cup.example.at", "0", "False False False False False"),  # said off, it is off
    ("http://192.168.1.10:8000", "", "False False False False False"),  # the hall's laptop on plain http
    ("http://192.168.1.10:8000", "1", "True True True True True"),
])
def test_an_https_site_url_makes_cookies_secure_only(manage, site_url, https, expected):
    result = manage("shell", "--no-imports", "-c", SECURE_SETTINGS,
                    env={"DJANGO_DEBUG": "", "DJANGO_SECRET_KEY": LONG_KEY, "SITE_URL": site_url, "DJANGO_HTTPS": https})
    assert result.stdout.strip() == expected

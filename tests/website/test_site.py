"""Site skeleton: settings, admin, language switch, database backend."""
import os

import dj_database_url
import pytest
from django.conf import settings
from django.db import connection
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.utils import translation


def test_settings_default_to_sqlite_next_to_manage_py(monkeypatch):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    config = dj_database_url.config(
        default=f"sqlite:///{settings.BASE_DIR / 'db.sqlite3'}", conn_max_age=60
    )
    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["NAME"] == str(settings.BASE_DIR / "db.sqlite3")


def test_database_url_selects_postgresql():
    config = dj_database_url.parse(
        "postgres://tarock:geheim@db.example:5433/turnier", conn_max_age=60
    )
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert config["NAME"] == "turnier"
    assert config["USER"] == "tarock"
    assert config["PASSWORD"] == "geheim"
    assert config["HOST"] == "db.example"
    assert config["PORT"] == 5433
    assert config["CONN_MAX_AGE"] == 60


def test_settings_database_matches_environment(db):
    """The database the suite really talks to (so it runs in both phases of `make test`)."""
    from django.db import connection

    engine = settings.DATABASES["default"]["ENGINE"]
    if os.environ.get("DATABASE_URL", "").startswith("postgres"):
        assert engine == "django.db.backends.postgresql" and connection.vendor == "postgresql"
    else:
        assert engine == "hall.sqlite" and connection.vendor == "sqlite"  # Django's, with the saves before an import


def test_i18n_settings():
    assert settings.LANGUAGE_CODE == "de"
    assert [code for code, _ in settings.LANGUAGES] == ["de", "en"]
    assert settings.TIME_ZONE == "Europe/Vienna"
    assert settings.USE_I18N and settings.USE_TZ
    middleware = settings.MIDDLEWARE
    locale = middleware.index("django.middleware.locale.LocaleMiddleware")
    assert middleware.index("django.contrib.sessions.middleware.SessionMiddleware") < locale
    assert locale < middleware.index("django.middleware.common.CommonMiddleware")


@pytest.mark.django_db
def test_admin_login_page_renders_in_german_by_default(client):
    response = client.get("/admin/login/")
    assert response.status_code == 200
    assert 'lang="de"' in response.content.decode()
    assert "Anmelden" in response.content.decode()


@pytest.mark.django_db
def test_language_switch_to_english(client):
    response = client.post(
        "/i18n/setlang/", {"language": "en", "next": "/admin/login/"}
    )
    assert response.status_code == 302
    assert response["Location"] == "/admin/login/"
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"

    page = client.get("/admin/login/").content.decode()
    assert 'lang="en"' in page
    assert "Log in" in page
    assert "Anmelden" not in page


@pytest.mark.parametrize("language", ["de", "en"])
def test_base_template_has_language_switch_and_stylesheet(language):
    request = RequestFactory().get("/")
    with translation.override(language):
        html = render_to_string("base.html", request=request)
    assert f'<html lang="{language}">' in html
    assert 'name="viewport"' in html
    assert "css/site.css" in html
    assert 'action="/i18n/setlang/"' in html
    assert 'value="en"' in html and 'value="de"' in html
    assert "Tarock-Turnier" in html


@pytest.mark.django_db
def test_postgresql_is_really_used_when_configured():
    if connection.vendor != "postgresql":
        pytest.skip("runs only against PostgreSQL (scripts/with-postgres.sh)")
    assert connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 + 1, current_setting('server_version_num')::int")
        two, version = cursor.fetchone()
    assert two == 2
    assert version >= 150000

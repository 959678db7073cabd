"""Settings for the test suite: the site's settings with debug and a key set explicitly.

Production defaults (debug off, key required) stay in website/settings.py; the tests say what
they need here instead of relying on insecure defaults.
"""
import os

os.environ.setdefault("DJANGO_DEBUG", "1")
os.environ.setdefault("DJANGO_SECRET_KEY", "tests-only-secret-key-not-for-any-deployment-0123456789abcdef")

from website.settings import *  # noqa: E402,F403
from website.settings import STORAGES  # noqa: E402

# No collectstatic in tests: plain storage (the manifest storage needs staticfiles.json).
STORAGES = {**STORAGES, "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
# The tests' hubs run on this machine (live_server, a closed port on 127.0.0.1): the production default
# refuses internal addresses, tests/publishing/test_addresses.py checks that with this set back to False.
PUBLISH_ALLOW_PRIVATE = True
# Fast password hashing for the many logins of the suite.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# Static files come from the finders in tests (no STATIC_ROOT built), so no whitenoise here.
MIDDLEWARE = [m for m in MIDDLEWARE if m != "whitenoise.middleware.WhiteNoiseMiddleware"]  # noqa: F405
# pytest-django's xdist workers recognise an in-memory SQLite test database by Django's own ENGINE name
# only; for hall.sqlite (Django's backend, subclassed) it would derive a file name from the database's
# path. Naming the test database ":memory:" keeps each worker's test database in memory.
if DATABASES["default"]["ENGINE"] == "hall.sqlite":  # noqa: F405
    DATABASES["default"].setdefault("TEST", {})["NAME"] = ":memory:"  # noqa: F405

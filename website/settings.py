"""Django settings for the Tarock tournament site.

Everything that differs between a laptop, CI and production comes from the
environment: DATABASE_URL, DJANGO_SECRET_KEY, DJANGO_DEBUG, DJANGO_ALLOWED_HOSTS, SITE_URL,
DJANGO_HTTPS, DJANGO_DATA_DIR, DJANGO_LOG_LEVEL, SQLITE_BUSY_TIMEOUT, DB_CONN_MAX_AGE, MAX_UPLOAD_MB (see README).
Debug is off unless DJANGO_DEBUG=1; without DJANGO_SECRET_KEY the installation's own generated key
(kept in DJANGO_DATA_DIR) is used.
"""
import os
from pathlib import Path

import dj_database_url
import django

from hall.csp import MIDDLEWARE as CSP_MIDDLEWARE
from hall.csp import POLICY as CSP_POLICY
from hall.net import allowed_hosts, suggested_site_url
from hall.secret import installation_key


def env_flag(name: str, default: str = "0") -> bool:
    """An on/off setting; set but empty (a unit's `DJANGO_HTTPS=`) is the default, as if not set."""
    return (os.environ.get(name, "").strip() or default).lower() in {"1", "true", "yes", "on"}

BASE_DIR = Path(__file__).resolve().parent.parent

# Secure by default: debug only when asked for (`make run` and the test settings ask).
DEBUG = env_flag("DJANGO_DEBUG")

# Where the installation keeps what is its own and not in git: its generated secret key (and, by
# default, the SQLite database next to manage.py).
DATA_DIR = Path(os.environ.get("DJANGO_DATA_DIR", BASE_DIR))

# DJANGO_SECRET_KEY when set; otherwise the installation's own random key, made on the first start
# and kept in DATA_DIR (hall/secret.py), so commands run in a fresh shell and no start uses a known key.
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "").strip() or installation_key(DATA_DIR)

# The site's address as players' phones reach it in the hall: printed (and QR-coded) on the table
# cards by `export_sheets`. Pages that print a card use the address the director's browser used.
# Unset, it is this machine's first LAN address on PORT (what `make run` and `make serve` print for
# the phones), or 127.0.0.1 when the laptop has no network.
SITE_URL = (os.environ.get("SITE_URL", "").strip() or suggested_site_url(os.environ.get("PORT", "8000"))).rstrip("/")

# Phones in the hall open the laptop by its LAN address, so by default this machine's own addresses
# (and SITE_URL's host) are accepted besides localhost; DJANGO_ALLOWED_HOSTS replaces the whole list.
ALLOWED_HOSTS = allowed_hosts(os.environ.get("DJANGO_ALLOWED_HOSTS"), SITE_URL)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "guardian",
    "tournament",
    "web",
    "scoring",
    "paper",
    "rules",
    "cups",
    "hall",
    "publishing",
    "signup",
    "rating",
    # The player's own thread (players/): personal links, self check-in, messages; the messages' queue
    # is django.tasks on the site's own database (django_tasks_db, its worker `db_worker`).
    "players",
    "django_tasks_db",
    "website",
]

MIDDLEWARE = [
    # First, so every log line of a request (and its 500 traceback) carries the request id.
    "hall.middleware.RequestIdMiddleware",
    # Sends the known-device cookie after a successful login (hall/auth.py: the per-account limit).
    "hall.auth.KnownDeviceMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Static files straight from the server with debug off (hashed, compressed, cached for a year).
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After sessions, before CommonMiddleware (which may redirect by language).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Scripts and styles only from static/ (hall/csp.py): injected script never runs.
    CSP_MIDDLEWARE,
    # Last, so its 413 page has the session, language and user; still before any view reads the body.
    "hall.uploads.UploadLimitMiddleware",
]
SECURE_CSP = CSP_POLICY

ROOT_URLCONF = "website.urls"
WSGI_APPLICATION = "website.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# SQLite file next to manage.py unless DATABASE_URL says otherwise
# (e.g. postgres://user@host:5432/tarock, as scripts/with-postgres.sh sets it).
# PostgreSQL under the server's threads: each thread keeps its connection for DB_CONN_MAX_AGE seconds
# and Django checks it before reuse (health checks), so a restarted server costs one failed-free retry.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
# SQLite holding a hall (60 tablets, 200 phones): WAL lets readers go on while one writes; every
# write transaction starts IMMEDIATE (takes the write lock at BEGIN, so two writers never deadlock
# on a lock upgrade) and waits up to SQLITE_BUSY_TIMEOUT seconds for it instead of failing with
# "database is locked".
# The ENGINE is Django's SQLite backend with the scorers' saves before an import's batches
# (hall/sqlite/: a long import waits between its transactions while a save waits for the lock).
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["ENGINE"] = "hall.sqlite"
    DATABASES["default"]["CONN_MAX_AGE"] = 0 if DATABASES["default"]["NAME"] == ":memory:" else 600
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": float(os.environ.get("SQLITE_BUSY_TIMEOUT", "20")),
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;",
    }

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "de"
LANGUAGES = [
    ("de", "Deutsch"),
    ("en", "English"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "Europe/Vienna"
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))
# whitenoise serves STATIC_ROOT (made by collectstatic) with hashed names and gzip; the test
# settings (website/settings_test.py) use plain storage so tests need no collectstatic.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# Uploads (player lists, paper sheets as XLSX/JSON): MAX_UPLOAD_MB per request, default 10 MB.
MAX_UPLOAD_SIZE = int(float(os.environ.get("MAX_UPLOAD_MB", "10")) * 1024 * 1024)
DATA_UPLOAD_MAX_MEMORY_SIZE = MAX_UPLOAD_SIZE
FILE_UPLOAD_MAX_MEMORY_SIZE = MAX_UPLOAD_SIZE
# Files count against MAX_UPLOAD_SIZE too, while they stream in (hall/uploads.py answers 413).
FILE_UPLOAD_HANDLERS = [
    "hall.uploads.LimitedUploadHandler",
    "django.core.files.uploadhandler.MemoryFileUploadHandler",
    "django.core.files.uploadhandler.TemporaryFileUploadHandler",
]
DATA_UPLOAD_MAX_NUMBER_FIELDS = 5000
# A whole tournament published to the cup's site (POST /api/publish/, publishing/hub/api.py) may be larger
# than an upload: a 10,000-player event is about 40 MB. PUBLISH_MAX_MB, default 64.
PUBLISH_MAX_SIZE = int(float(os.environ.get("PUBLISH_MAX_MB", "64")) * 1024 * 1024)

# Where this site may publish its tournaments to (publishing/venue/addresses.py): the cup's site
# (PUBLISH_HUB_URL, the form's suggestion), only the sites in PUBLISH_ALLOWED_URLS when it is set, and
# never an address of an internal network unless PUBLISH_ALLOW_PRIVATE=1 (a hub on a laptop in the hall).
PUBLISH_HUB_URL = os.environ.get("PUBLISH_HUB_URL", "").strip()
PUBLISH_ALLOWED_URLS = [url.strip() for url in os.environ.get("PUBLISH_ALLOWED_URLS", "").split(",") if url.strip()]
PUBLISH_ALLOW_PRIVATE = os.environ.get("PUBLISH_ALLOW_PRIVATE", "") == "1"
# A tournament that publishes while a round runs (PublishTarget.while_playing) sends at most once in this
# many seconds: the hall's Wi-Fi and the cup's site carry one whole tournament per publication.
PUBLISH_LIVE_SECONDS = float(os.environ.get("PUBLISH_LIVE_SECONDS", "120"))

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Messages to players (players/, docs/players.md): queued as django.tasks in the site's own database and
# sent by the worker `make serve` starts beside the server (`manage.py db_worker`), so no request waits for
# mail. SMTP under Django's own names; without EMAIL_HOST nothing is sent: the worker writes each message to
# the console and keeps it on the director's messages page.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}
MAIL_SERVER = os.environ.get("EMAIL_HOST", "").strip()
_SMTP = {"host": MAIL_SERVER, "port": int(os.environ.get("EMAIL_PORT", "").strip() or "25"),
         "username": os.environ.get("EMAIL_HOST_USER", ""), "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
         "use_tls": env_flag("EMAIL_USE_TLS"), "timeout": 20}
_MAIL_BACKEND = ("django.core.mail.backends.smtp.EmailBackend" if MAIL_SERVER
                 else "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "").strip() or "turnier@localhost"
if django.VERSION >= (6, 1):  # the EMAIL_* settings are deprecated there for MAILERS (same values)
    MAILERS = {"default": {"BACKEND": _MAIL_BACKEND, "OPTIONS": _SMTP if MAIL_SERVER else {}}}
else:
    EMAIL_BACKEND = _MAIL_BACKEND
    EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER = _SMTP["host"], _SMTP["port"], _SMTP["username"]
    EMAIL_HOST_PASSWORD, EMAIL_USE_TLS, EMAIL_TIMEOUT = _SMTP["password"], _SMTP["use_tls"], _SMTP["timeout"]
if not MAIL_SERVER:
    # No mail server is a supported way to run (players.md: messages are then kept and shown on the director's
    # page, nothing fails; a venue laptop often has none), not a mistake for `check --deploy` to refuse.
    SILENCED_SYSTEM_CHECKS = ["mail.E001"]

# The site's own director login (hall app), not the admin screen.
LOGIN_URL = "hall:login"
LOGIN_REDIRECT_URL = "tournament:list"
LOGOUT_REDIRECT_URL = "tournament:home"
# A cache all server processes share: a table in the site's own database, made by `manage.py
# createcachetable` (make serve / make run; the test runner makes it too). The login throttle does not
# count here: the database cache's incr() is a read and a write, not atomic (hall/ratelimit.py).
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "hall_cache",
    },
    # The live pages' rendered standings (tournament/live.py): per process, since every key holds the
    # tournament's live version; a worker that has not seen a version renders it once.
    "live": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "live-pages",
        "OPTIONS": {"MAX_ENTRIES": 2000},
    },
}

# Director login: at most LOGIN_MAX_FAILURES wrong passwords per user name and address,
# LOGIN_MAX_FAILURES_PER_ADDRESS from one address across all names, and LOGIN_MAX_FAILURES_PER_ACCOUNT
# for one account across all addresses (not counted from a browser that signed in as it before), within
# LOGIN_LOCKOUT_MINUTES; after that even the right one is refused until the window has passed. The
# backend counts for every way in (/anmelden/, /admin/login/), atomically in the database
# (hall/ratelimit.py); the address is the client's, behind the trusted proxy too (hall/clients.py).
LOGIN_MAX_FAILURES = int(os.environ.get("LOGIN_MAX_FAILURES", "5"))
LOGIN_MAX_FAILURES_PER_ADDRESS = int(os.environ.get("LOGIN_MAX_FAILURES_PER_ADDRESS", "20"))
LOGIN_MAX_FAILURES_PER_ACCOUNT = int(os.environ.get("LOGIN_MAX_FAILURES_PER_ACCOUNT", "10"))
LOGIN_LOCKOUT_MINUTES = int(os.environ.get("LOGIN_LOCKOUT_MINUTES", "15"))
# Roles (docs/roles.md): guardian's object permissions (a cup's organisers, a tournament's directors,
# given in the admin or by `manage.py grant_role`), and the cups' backend that derives from them who may
# direct a tournament (its cup's organisers, whoever created it).
# The director's round board loads itself again this often (static/js/board.js keeps typed text).
BOARD_RELOAD_SECONDS = 60
# The projector shows as many players as the screen holds and turns to the next page this often.
PROJECTOR_PAGE_SECONDS = 8

AUTHENTICATION_BACKENDS = ["hall.auth.ThrottledModelBackend", "guardian.backends.ObjectPermissionBackend",
                           "cups.roles.CupRoleBackend"]
# No anonymous user row: nothing on this site is granted to people who are not signed in.
ANONYMOUS_USER_NAME = None

# Behind an HTTPS proxy (the hub: SITE_URL https://…, or DJANGO_HTTPS=1): cookies only over https
# (session, CSRF, language, known device), HSTS, redirect to https. Whether a request came over https is
# waitress's answer (website/serve.py): it takes X-Forwarded-Proto from SERVER_TRUSTED_PROXY only and
# drops it from anyone else; Django's SECURE_PROXY_SSL_HEADER would be a second judge of the same header,
# one that believes whoever sends it to a server that does not drop it.
# In the hall on plain http (the usual case: laptop + router) it stays off.
HTTPS = env_flag("DJANGO_HTTPS", "1" if SITE_URL.startswith("https://") else "0")
if HTTPS:
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", str(60 * 60 * 24 * 365)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
CSRF_TRUSTED_ORIGINS = [
    origin.strip() for origin in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if origin.strip()
]
SESSION_COOKIE_HTTPONLY = True
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

# Logs go to stderr (gunicorn/journal collect them); every line carries the request id that the
# response also sends as X-Request-ID, so a player's "Fehler 500" can be found in the log.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "hall.logging.RequestIdFilter"}},
    "formatters": {
        "hall": {"format": "%(asctime)s %(levelname)s [%(request_id)s] %(name)s: %(message)s"},
    },
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "filters": ["request_id"],
            "formatter": "hall",
        },
    },
    "root": {"handlers": ["stderr"], "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO")},
    "loggers": {
        "django": {"handlers": ["stderr"], "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO"), "propagate": False},
    },
}

# Plain server-rendered tables styled by static/css/site.css (no Bootstrap).
DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"

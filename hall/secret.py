"""The installation's own secret key: made once, random, kept with the data, never in git.

A command that serves nothing (`score_hands`, `standings`, `export_sheets` …) must run in a fresh
shell as the README prints it, and a server started without DJANGO_SECRET_KEY must still have a key
nobody else knows. So when the environment names none, the first start writes a random key into the
data directory (the way pretix keeps a generated key in its data folder) and every later start,
and every worker, reads the same one. DJANGO_SECRET_KEY, when set, always wins.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

KEY_FILE_NAME = ".secret_key"
MIN_LENGTH = 50


def installation_key(data_dir: Path) -> str:
    """The key stored in ``data_dir``, made there (mode 0600) on the first call of any process."""
    path = data_dir / KEY_FILE_NAME
    try:
        key = _read(path)
        if key is None:
            _create(path)
            key = _read(path)
    except OSError as error:
        # Written as a pair, not a msgid: this runs while the settings module is loading, before gettext
        # can read a catalogue (it needs USE_I18N and the apps), and its reader may speak either language.
        raise ImproperlyConfigured(
            f"Der geheime Schlüssel {path} kann nicht gelesen oder angelegt werden ({error.strerror}); "
            "DJANGO_SECRET_KEY setzen oder DJANGO_DATA_DIR auf einen beschreibbaren Ordner. / "
            f"The secret key {path} cannot be read or created ({error.strerror}); set DJANGO_SECRET_KEY "
            "or point DJANGO_DATA_DIR to a writable folder."
        ) from error
    if key is None or len(key) < MIN_LENGTH:
        raise ImproperlyConfigured(
            f"{path} enthält keinen gültigen Schlüssel (zu kurz): Datei löschen, dann wird ein neuer angelegt. / "
            f"{path} holds no valid key (too short): delete the file and a new one is made."
        )
    return key


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        return None


def _create(path: Path) -> None:
    """Write the key to a private temporary file, then link it into place: the link either makes the
    whole file appear at once or fails because another process was first, whose key then counts."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f"{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(descriptor, "w", encoding="ascii") as handle:
            handle.write(secrets.token_urlsafe(MIN_LENGTH) + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.link(temporary, path)
        except FileExistsError:
            pass
    finally:
        temporary.unlink(missing_ok=True)

"""A throwaway hub for the publishing benchmarks: a fresh SQLite file (or DATABASE_URL), migrated, with one
cup and a venue token for it."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def throwaway_hub(*, prefix: str, cup_slug: str, keep_database_url: bool = False):
    """Set Django up on a new database and return the hub's venue token (a PublishToken row's finder)."""
    sys.path.insert(0, str(ROOT))
    folder = tempfile.mkdtemp(prefix=prefix)
    if keep_database_url:
        os.environ.setdefault("DATABASE_URL", f"sqlite:///{folder}/db.sqlite3")
    else:
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/db.sqlite3"
    os.environ["DJANGO_DATA_DIR"] = folder
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "website.settings")
    import django

    django.setup()
    from django.core.management import call_command

    from cups.services import create_cup
    from publishing.hub.tokens import create_token, find_token

    call_command("migrate", verbosity=0)
    _row, token = create_token(cup=create_cup(name="Bench", slug=cup_slug))
    return lambda: find_token(token)

"""The PostgreSQL client programs the backup (website's `backup`) and `restore` run, and their environment."""

from __future__ import annotations

import os
import shutil
from pathlib import Path


def pg_tool(name: str) -> str | None:
    """A PostgreSQL client program on PATH, else from the server packages' bin folders."""
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"), key=lambda p: int(p.parts[-3]))
    return str(candidates[-1]) if candidates else None


def pg_env(settings_dict) -> dict[str, str]:
    env = dict(os.environ)
    for key, var in (("HOST", "PGHOST"), ("PORT", "PGPORT"), ("USER", "PGUSER"), ("PASSWORD", "PGPASSWORD"),
                     ("NAME", "PGDATABASE")):
        if settings_dict.get(key):
            env[var] = str(settings_dict[key])
    return env

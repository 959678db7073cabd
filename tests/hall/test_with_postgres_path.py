"""scripts/with-postgres.sh as root from a shell whose PATH lacks /usr/sbin (su without "-", a minimal
CI PATH): runuser and useradd are found by their absolute paths, the throwaway cluster starts and the
command runs against it (issue 31: it stopped at "initdb failed")."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "with-postgres.sh"

# The script's own behaviour, not the database's: run once, in the SQLite phase of `make test`.
pytestmark = pytest.mark.once


@pytest.mark.skipif(os.geteuid() != 0, reason="the cluster runs as the postgres user only when started as root")
def test_root_with_a_path_without_sbin_starts_the_cluster():
    minimal = {"PATH": "/usr/bin:/bin", "HOME": os.environ.get("HOME", "/root"), "LANG": "C.UTF-8"}
    assert not any(Path(directory, "runuser").exists() for directory in minimal["PATH"].split(":"))
    result = subprocess.run(["/bin/bash", str(SCRIPT), "/bin/sh", "-c", 'echo "url=$DATABASE_URL"'],
                            env=minimal, capture_output=True, text=True, timeout=180)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("url=postgres://postgres@127.0.0.1:"), result.stdout

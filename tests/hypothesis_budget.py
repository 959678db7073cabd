"""How hard the property tests try: thorough in CI (CI=true), quick on a developer's machine.

HYPOTHESIS_PROFILE=thorough or =quick chooses explicitly. Tests that name their own number of
examples pass it through ``examples(n)``: n when thorough, a fifth of it (at least 10) when quick.
"""

from __future__ import annotations

import os

from hypothesis import settings

PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or ("thorough" if os.environ.get("CI") else "quick")
if PROFILE not in ("thorough", "quick"):
    raise SystemExit(f"HYPOTHESIS_PROFILE={PROFILE!r}: use 'thorough' or 'quick'")

settings.register_profile("thorough", max_examples=100, deadline=None, print_blob=True)
settings.register_profile("quick", max_examples=20, deadline=None)
settings.load_profile(PROFILE)


def examples(n: int) -> int:
    return n if PROFILE == "thorough" else max(10, n // 5)
